/**
 * The gazetteer's cities above a population, held by latitude band for distance questions: the
 * nearest city to a point (an astrocartography crossing), the cities of a latitude band (a
 * paran), the cities of a population range in some countries (relocation candidates). Built once
 * per process (and per population floor) from the gazetteer, whose places are ranked by
 * population, so the cities are its first ranks.
 *
 * Distances are great-circle distances on a sphere of the Earth's mean radius (6371.0088 km,
 * IUGG): within 0.5 % of the ellipsoid's geodesic, which the astrocartography documentation states.
 */
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { GAZETTEER_DIR, gazetteer, parsePlaceLine, type Place } from './gazetteer-index.ts';

export const MEAN_EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;
/** Kilometres of one degree of a great circle. */
export const KM_PER_DEG = MEAN_EARTH_RADIUS_KM * RAD;

/** Central angle between two points, degrees (haversine, exact at small and large distances alike). */
export function centralAngleDeg(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD;
}

export const greatCircleKm = (lat1: number, lng1: number, lat2: number, lng2: number) => centralAngleDeg(lat1, lng1, lat2, lng2) * KM_PER_DEG;

/** Band height in degrees of latitude: about 2,000 cities of 15,000 people or more in the fullest band. */
const BAND_DEG = 2;
const BANDS = 180 / BAND_DEG;

export class CityGrid {
  /** Every city of the grid, most populous first. */
  readonly cities: readonly Place[];
  private readonly bands: Place[][];

  constructor(cities: readonly Place[]) {
    this.cities = cities;
    this.bands = Array.from({ length: BANDS }, () => []);
    for (const city of cities) this.bands[bandOf(city.lat)]!.push(city);
  }

  /**
   * The nearest city to a point and its distance. Bands are searched outwards from the point's
   * own; a band whose nearest latitude is already farther than the best city found ends the
   * search (a degree of latitude is the least distance a latitude difference can mean).
   */
  nearest(lat: number, lng: number): { city: Place; distanceKm: number } | undefined {
    const home = bandOf(lat);
    let best: Place | undefined;
    let bestDeg = Infinity;
    for (let step = 0; step < BANDS; step++) {
      let searched = false;
      for (const band of step === 0 ? [home] : [home - step, home + step]) {
        if (band < 0 || band >= BANDS) continue;
        const edge = band < home ? -90 + (band + 1) * BAND_DEG : -90 + band * BAND_DEG;
        if (band !== home && Math.abs(edge - lat) > bestDeg) continue;
        searched = true;
        for (const city of this.bands[band]!) {
          const d = centralAngleDeg(lat, lng, city.lat, city.lng);
          if (d < bestDeg) {
            bestDeg = d;
            best = city;
          }
        }
      }
      if (!searched && step > 0 && best) break;
    }
    return best && { city: best, distanceKm: bestDeg * KM_PER_DEG };
  }

  /** The cities whose latitude lies within `halfWidth` degrees of `lat`, most populous first. */
  inLatitudeBand(lat: number, halfWidth: number): Place[] {
    const out: Place[] = [];
    for (let band = bandOf(lat - halfWidth); band <= bandOf(lat + halfWidth); band++) {
      for (const city of this.bands[band]!) if (Math.abs(city.lat - lat) <= halfWidth) out.push(city);
    }
    return out.sort((a, b) => b.population - a.population || a.geonames_id - b.geonames_id);
  }
}

function bandOf(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}

/**
 * The places of at least `minPopulation` people, most populous first: read from the head of the
 * gazetteer's places file (sorted by population), so that a compute thread does not load the
 * whole index with its name tables (about 45 MB) to ask where a city is; from the index when
 * the file is not there yet.
 */
function readCities(minPopulation: number): Place[] {
  const cities: Place[] = [];
  let fd: number;
  try {
    fd = fs.openSync(path.join(GAZETTEER_DIR, 'places.tsv'), 'r');
  } catch {
    const index = gazetteer();
    for (let rank = 0; rank < index.size; rank++) {
      const place = index.place(rank);
      if (place.population < minPopulation) break;
      cities.push(place);
    }
    return cities;
  }
  try {
    const chunk = Buffer.alloc(1 << 20);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      const lines = (rest + decoder.write(chunk.subarray(0, n))).split('\n');
      rest = n === 0 ? '' : lines.pop()!;
      for (const line of lines) {
        if (line === '') continue;
        const place = parsePlaceLine(line);
        if (place.population < minPopulation) return cities;
        cities.push(place);
      }
      if (n === 0) return cities;
    }
  } finally {
    fs.closeSync(fd);
  }
}

const grids = new Map<number, CityGrid>();

/** The grid of every gazetteer place of at least `minPopulation` people (built on first use, once per thread). */
export function cityGrid(minPopulation: number): CityGrid {
  let grid = grids.get(minPopulation);
  if (!grid) {
    grid = new CityGrid(readCities(minPopulation));
    grids.set(minPopulation, grid);
  }
  return grid;
}
