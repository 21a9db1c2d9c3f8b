/**
 * The gazetteer's index in memory: the files of gazetteer-build.ts held as bytes, with the offset
 * of each line. A lookup binary-searches the sorted names (name-index.ts) and decodes only the
 * few place lines it needs, so loading costs one pass over the bytes and no object per place or
 * name: about 45 MB in all.
 */
import { buildGazetteer, readGazetteer, writeGazetteer, type GazetteerFiles } from './gazetteer-build.ts';
import { NameIndex } from './name-index.ts';
import { projectPath } from '../project-paths.ts';

export const GAZETTEER_DIR = projectPath('build', 'gazetteer');

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  /** First-level region (state, province, Land), or null when GeoNames names none. */
  region: string | null;
  /** GeoNames' code of that region (the postal code of a US state), or null. */
  region_code: string | null;
  lat: number;
  lng: number;
  population: number;
  geonames_id: number;
  /** IANA time zone GeoNames gives the place. */
  timezone: string;
  /** Second-level division (district) where the index keeps one (India), else null. */
  district: string | null;
}

function lineStarts(bytes: Buffer, count: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  for (let line = 0, at = 0; line < count; line++) {
    starts[line] = at;
    at = bytes.indexOf(0x0a, at) + 1;
  }
  starts[count] = bytes.length;
  return starts;
}

/** One line of places.tsv (gazetteer-build.ts), without its newline. */
export function parsePlaceLine(line: string): Place {
  const [country, name, region, regionCode, lat, lng, population, id, zone, district] = line.split('\t');
  return {
    name: name!,
    country: country!,
    region: region || null,
    region_code: regionCode || null,
    lat: Number(lat),
    lng: Number(lng),
    population: Number(population),
    geonames_id: Number(id),
    timezone: zone!,
    district: district || null,
  };
}

export class GazetteerIndex {
  readonly countries: ReadonlySet<string>;
  /** Every name GeoNames records for each place. */
  readonly names: NameIndex;
  /** The places' main names only (GeoNames' name and its ASCII form). */
  readonly mainNames: NameIndex;
  /** How many places there are: ranks run from 0 to size - 1. */
  readonly size: number;
  private readonly places: Buffer;
  private readonly placeStarts: Uint32Array;

  constructor(files: GazetteerFiles) {
    this.countries = new Set(files.manifest.countries);
    this.places = files.places;
    this.size = files.manifest.places;
    this.placeStarts = lineStarts(files.places, files.manifest.places);
    this.names = new NameIndex(files.names, files.manifest.names);
    this.mainNames = new NameIndex(files.mainNames, files.manifest.mainNames);
  }

  /** The place of that rank (0 is the most populous). */
  place(rank: number): Place {
    return parsePlaceLine(this.places.toString('utf8', this.placeStarts[rank], this.placeStarts[rank + 1]! - 1));
  }

  /** The country code of the place of that rank, without decoding its line. */
  countryOf(rank: number): string {
    const at = this.placeStarts[rank]!;
    return this.places.toString('latin1', at, at + 2);
  }
}

let loaded: GazetteerIndex | undefined;

/**
 * The index, loaded on first use from build/gazetteer/; when that is missing or stale it is built
 * (seconds) and written there for the next process, if the directory is writable.
 */
export function gazetteer(): GazetteerIndex {
  if (!loaded) {
    let files = readGazetteer(GAZETTEER_DIR);
    if (!files) {
      files = buildGazetteer();
      try {
        writeGazetteer(GAZETTEER_DIR, files);
      } catch {
        // A read-only installation keeps the index in memory only.
      }
    }
    loaded = new GazetteerIndex(files);
  }
  return loaded;
}
