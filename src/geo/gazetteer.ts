/**
 * City lookup in the offline gazetteer (gazetteer-index.ts): a name as people type it, in any
 * language or script GeoNames records (local, English and former names alike: "München",
 * "Munich", "Москва", "Bombay"), with or without accents, resolves to the most populous place
 * that bears it; an explicit country, or qualifiers after commas (", Country", ", Region",
 * ", Region, Country": place-query.ts) narrow it. When places of that name exist in other
 * countries, the match says which, so that the response can tell which one was chosen. The place
 * search (place-search.ts) reads its text the same way.
 */
import { LRUCache } from 'lru-cache';
import { gazetteer, type Place } from './gazetteer-index.ts';
import { foldPlaceName } from './place-name.ts';
import { PLACE_ALIASES } from './place-aliases.ts';
import { placeFilter, readPlaceQuery } from './place-query.ts';

export type { Place } from './gazetteer-index.ts';
export { foldPlaceName } from './place-name.ts';

export interface PlaceMatch {
  place: Place;
  /** Other places the name may have meant, in other countries (at most two), when the request named no country. */
  namesakes: Place[];
}

const COUNTRY_ALIASES = new Map<string, string>([
  ['usa', 'US'],
  ['united states of america', 'US'],
  ['america', 'US'],
  ['uk', 'GB'],
  ['great britain', 'GB'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['northern ireland', 'GB'],
  ['holland', 'NL'],
  ['czech republic', 'CZ'],
  ['russian federation', 'RU'],
  ['south korea', 'KR'],
  ['korea', 'KR'],
  ['north korea', 'KP'],
  ['ivory coast', 'CI'],
  ['burma', 'MM'],
  ['vatican', 'VA'],
  ['uae', 'AE'],
]);
const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region' });
let countriesByName: Map<string, string> | undefined;

/** The English name of a country code ("DE" → "Germany"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return englishRegionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** ISO 3166-1 alpha-2 code for a code or an English country name; undefined when unknown. */
export function resolveCountry(country: string): string | undefined {
  if (!countriesByName) {
    const names = new Map(COUNTRY_ALIASES);
    for (const code of gazetteer().countries) {
      names.set(code.toLowerCase(), code);
      names.set(foldPlaceName(countryName(code)), code);
    }
    countriesByName = names;
  }
  return countriesByName.get(foldPlaceName(country));
}

/**
 * A place's own name (GeoNames' main name or its ASCII form) is a stronger tie than one of the
 * many other names GeoNames lists for a place, some historical or in other scripts' spelling:
 * "Islamabad" is also an old name of Chattogram, "Cham" one of Damascus. So a place that bears the
 * name as its own is chosen, unless it is small and a place that bears it as another name is at
 * least ten times as large ("Roma": Rome rather than Roma, Texas; "Moskva": Moscow rather than the
 * village in Tajikistan). place-aliases.ts settles the cases the rule gets wrong.
 */
const OWN_NAME_ALWAYS_WINS_FROM = 15_000;
export const OTHER_NAME_FACTOR = 10;

/** The place an alias of place-aliases.ts stands for, by rank; undefined when the name is no alias. */
export function aliasedRank(folded: string): number | undefined {
  const alias = PLACE_ALIASES.get(folded);
  if (!alias) return undefined;
  const index = gazetteer();
  return index.mainNames.ranksNamed(foldPlaceName(alias.name)).find((rank) => index.countryOf(rank) === alias.country);
}

export const everyPlace = () => true;

function bestRank(folded: string, accept: (rank: number) => boolean = everyPlace): number | undefined {
  const index = gazetteer();
  const aliased = aliasedRank(folded);
  if (aliased !== undefined && accept(aliased)) return aliased;
  const any = index.names.ranksNamed(folded).find(accept);
  const own = index.mainNames.ranksNamed(folded).find(accept);
  if (own === undefined || any === undefined || own === any) return any;
  const ownPopulation = index.place(own).population;
  return ownPopulation < OWN_NAME_ALWAYS_WINS_FROM && index.place(any).population >= OTHER_NAME_FACTOR * ownPopulation ? any : own;
}

/**
 * Other places the name may have meant, in other countries than the chosen one: places whose own
 * name it is, and the largest place that has it as another name when that one is ten times as large as the
 * chosen place ("Canton": Canton, Michigan is chosen; Guangzhou is named). At most two, one per
 * country, most populous first. Other names of smaller places are left out: "Berlin" was once a
 * name of North Canton, Ohio, which nobody typing "Berlin" means.
 */
function namesakesOf(chosen: Place, folded: string): Place[] {
  const index = gazetteer();
  // The most populous place of each other country, by rank (a rank is a population order).
  const firstPerCountry = (ranks: number[], wanted: number) => {
    const countries = new Set([chosen.country]);
    const firsts: number[] = [];
    for (const rank of ranks) {
      const country = index.countryOf(rank);
      if (countries.has(country)) continue;
      countries.add(country);
      firsts.push(rank);
      if (firsts.length === wanted) break;
    }
    return firsts;
  };
  const larger = firstPerCountry(index.names.ranksNamed(folded), 1)
    .map((rank) => index.place(rank))
    .filter((p) => p.population >= OTHER_NAME_FACTOR * chosen.population);
  const candidates = [...larger, ...firstPerCountry(index.mainNames.ranksNamed(folded), 2).map((rank) => index.place(rank))];
  candidates.sort((a, b) => b.population - a.population);
  const countries = new Set<string>();
  return candidates.filter((p) => !countries.has(p.country) && countries.add(p.country)).slice(0, 2);
}

/**
 * Requests name the same cities over and over: a lookup costs tens of microseconds on the event
 * loop, a remembered one well under one. Matches are frozen, as they are shared.
 */
const NO_MATCH = 'none';
const MAX_REMEMBERED_LENGTH = 120;
const recentMatches = new LRUCache<string, Readonly<PlaceMatch> | typeof NO_MATCH>({ max: 10_000 });

function freeze(match: PlaceMatch | undefined): Readonly<PlaceMatch> | undefined {
  if (!match) return undefined;
  Object.freeze(match.place);
  match.namesakes.forEach((p) => Object.freeze(p));
  Object.freeze(match.namesakes);
  return Object.freeze(match);
}

/**
 * The place a typed name stands for. `country` (a code or an English name) restricts the search,
 * and so do qualifiers after commas (place-query.ts): "Paris, FR", "Paris, Texas", "Portland, OR",
 * "Varanasi, Uttar Pradesh, IN". Undefined when nothing of that name is known (or the country is
 * unknown).
 */
export function matchPlace(query: string, country?: string): Readonly<PlaceMatch> | undefined {
  // Anything longer than a place name is looked up but not remembered: the cache holds names.
  if (query.length > MAX_REMEMBERED_LENGTH || (country?.length ?? 0) > MAX_REMEMBERED_LENGTH) return freeze(lookUp(query, country));
  const key = `${country ?? ''}\u0000${query}`;
  const known = recentMatches.get(key);
  if (known !== undefined) return known === NO_MATCH ? undefined : known;
  const match = freeze(lookUp(query, country));
  recentMatches.set(key, match ?? NO_MATCH);
  return match;
}

function lookUp(text: string, country?: string): PlaceMatch | undefined {
  const index = gazetteer();
  const countryCode = country ? resolveCountry(country) : undefined;
  if (country && !countryCode) return undefined;
  const query = readPlaceQuery(text, resolveCountry);
  if (query.qualifiers.length > 0 && query.name) {
    const rank = bestRank(query.name, placeFilter(query.qualifiers, countryCode));
    if (rank !== undefined) return { place: index.place(rank), namesakes: [] };
  }
  // No qualifiers, or none that fit: the whole text as a name ("Washington, D.C.").
  const rank = query.whole ? bestRank(query.whole, placeFilter([], countryCode)) : undefined;
  if (rank === undefined) return undefined;
  const place = index.place(rank);
  return { place, namesakes: countryCode ? [] : namesakesOf(place, query.whole) };
}

/** The place a typed name stands for (see matchPlace), without its namesakes. */
export function findPlace(query: string, country?: string): Place | undefined {
  return matchPlace(query, country)?.place;
}

/** "Rome, Lazio, Italy": the place as a reader recognises it. */
export function describePlace(place: Place): string {
  // A city-state's region repeats its name ("Berlin, Berlin"): said once.
  return [place.name, ...[place.region, countryName(place.country)].filter((part) => part && part !== place.name)].join(', ');
}
