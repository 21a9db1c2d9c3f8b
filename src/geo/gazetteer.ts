/**
 * City lookup in the offline gazetteer (gazetteer-index.ts): a name as people type it, in any
 * language or script GeoNames records (local, English and former names alike: "München",
 * "Munich", "Москва", "Bombay"), with or without accents, resolves to the most populous place
 * that bears it; an explicit country, or qualifiers after commas (", Country", ", Region",
 * ", Region, Country": place-query.ts) narrow it. When places of that name exist in other
 * countries, the match says which, so that the response can tell which one was chosen. The place
 * search reads its text the same way, and offers names spelt a letter or two away
 * (similar-names.ts) when no place bears the typed name.
 */
import { LRUCache } from 'lru-cache';
import { gazetteer, type Place } from './gazetteer-index.ts';
import { foldPlaceName } from './place-name.ts';
import { PLACE_ALIASES } from './place-aliases.ts';
import { placeFilter, readPlaceQuery } from './place-query.ts';
import { similarNames } from './similar-names.ts';

export type { Place } from './gazetteer-index.ts';
export { foldPlaceName } from './place-name.ts';

export interface PlaceMatch {
  place: Place;
  /** Other places the name may have meant, in other countries (at most two), when the request named no country. */
  namesakes: Place[];
}

const COUNTRY_ALIASES = new Map<string, string>([
  ['usa', 'US'], ['united states of america', 'US'], ['america', 'US'], ['uk', 'GB'], ['great britain', 'GB'],
  ['england', 'GB'], ['scotland', 'GB'], ['wales', 'GB'], ['northern ireland', 'GB'], ['holland', 'NL'],
  ['czech republic', 'CZ'], ['russian federation', 'RU'], ['south korea', 'KR'], ['korea', 'KR'], ['north korea', 'KP'],
  ['ivory coast', 'CI'], ['burma', 'MM'], ['vatican', 'VA'], ['uae', 'AE'],
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
const OTHER_NAME_FACTOR = 10;

/** The place an alias of place-aliases.ts stands for, by rank; undefined when the name is no alias. */
function aliasedRank(folded: string): number | undefined {
  const alias = PLACE_ALIASES.get(folded);
  if (!alias) return undefined;
  const index = gazetteer();
  return index.mainNames.ranksNamed(foldPlaceName(alias.name)).find((rank) => index.countryOf(rank) === alias.country);
}

const everyPlace = () => true;

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
  const larger = firstPerCountry(index.names.ranksNamed(folded), 1).map((rank) => index.place(rank)).filter((p) => p.population >= OTHER_NAME_FACTOR * chosen.population);
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

/** Below this many letters a prefix is matched against own names only (and other names whole). */
const SHORT_PREFIX = 4;
/** A place found only because one of its other names starts with the text counts this much less again. */
const OTHER_PREFIX_FACTOR = 10;
/** A place found by a name spelt differently counts this much less for each edit between them. */
const EDIT_FACTOR = 20;

/**
 * How a search result was found: `name`, one of its names (or an alias) is the typed name;
 * `prefix`, one of them starts with it; `similar`, one of them is spelt a letter or two away.
 */
export type PlaceMatchKind = 'name' | 'prefix' | 'similar';

export interface PlaceHit {
  place: Place;
  match: PlaceMatchKind;
  /**
   * The name the place was found by, folded (lower case, no accents), when it is not the place's
   * own name as typed: another name ("new york of the pacific" for Pittsburg, California), an alias,
   * or the name a misspelling is closest to. Null when its own name matched.
   */
  matched_name: string | null;
}

interface WeighedHit {
  rank: number;
  weight: number;
  match: PlaceMatchKind;
  matched: string | null;
}

/**
 * Places whose name is, or starts with, the typed name, accents and case ignored, each once,
 * by weight: a place's population when its own name matches (or an alias), a tenth of it when
 * another of its names is the typed name whole (as in bestRank: "Islamabad" lists Islamabad
 * before Chattogram; "Roma" still lists Rome first), a hundredth when another name only starts
 * with it (Pittsburg, California, once called "New York of the Pacific", comes after the New York
 * Mills). Every name GeoNames records counts ("Mosk" finds Moscow by "Moskva"); a prefix of fewer
 * than four letters matches own names, and other names only whole ("東京"), so that "sa" does not
 * list Shanghai for a name it has in some other language.
 */
function hitsByName(prefix: string, limit: number, accept: (rank: number) => boolean): WeighedHit[] {
  const index = gazetteer();
  const own = index.mainNames.ranksStartingWith(prefix, limit, accept);
  // Taking the best `limit` of each kind is enough: whatever either list leaves out ranks below
  // `limit` places of that list in the merged order too.
  const other = [...prefix].length >= SHORT_PREFIX
    ? index.names.ranksStartingWith(prefix, limit, accept)
    : index.names.ranksNamed(prefix).filter(accept).slice(0, limit);
  const ownSet = new Set(own);
  const ownWhole = new Set(index.mainNames.ranksNamed(prefix));
  const otherWhole = new Set(index.names.ranksNamed(prefix));
  const hits = new Map<number, WeighedHit>();
  for (const rank of new Set([...own, ...other])) {
    const population = index.place(rank).population;
    if (ownSet.has(rank)) hits.set(rank, { rank, weight: population, match: ownWhole.has(rank) ? 'name' : 'prefix', matched: null });
    else if (otherWhole.has(rank)) hits.set(rank, { rank, weight: population / OTHER_NAME_FACTOR, match: 'name', matched: prefix });
    else hits.set(rank, { rank, weight: population / OTHER_NAME_FACTOR / OTHER_PREFIX_FACTOR, match: 'prefix', matched: index.names.nameStartingWith(prefix, rank) ?? prefix });
  }
  const aliased = aliasedRank(prefix);
  if (aliased !== undefined && accept(aliased)) hits.set(aliased, { rank: aliased, weight: index.place(aliased).population, match: 'name', matched: prefix });
  return [...hits.values()];
}

/**
 * Places that bear a name spelt a letter or two away from the typed one (similar-names.ts), each
 * counting its population divided by EDIT_FACTOR for each edit (and by ten more for another name
 * than its own): "Pairs" finds Paris (one swap) before Cairo (two edits).
 */
function hitsBySimilarName(typed: string, limit: number, accept: (rank: number) => boolean): WeighedHit[] {
  const index = gazetteer();
  const hits: WeighedHit[] = [];
  for (const { name, distance } of similarNames(typed)) {
    const penalty = EDIT_FACTOR ** distance;
    const aliased = aliasedRank(name);
    if (aliased !== undefined && accept(aliased)) hits.push({ rank: aliased, weight: index.place(aliased).population / penalty, match: 'similar', matched: name });
    const own = new Set(index.mainNames.ranksNamed(name));
    for (const rank of index.names.ranksNamed(name).filter(accept).slice(0, limit)) {
      hits.push({ rank, weight: index.place(rank).population / penalty / (own.has(rank) ? 1 : OTHER_NAME_FACTOR), match: 'similar', matched: name });
    }
  }
  return hits;
}

/** Whether any place bears the typed name whole (in the country and regions asked for). */
function isPlaceName(folded: string, accept: (rank: number) => boolean): boolean {
  const aliased = aliasedRank(folded);
  return (aliased !== undefined && accept(aliased)) || gazetteer().names.ranksNamed(folded).some(accept);
}

/** The best hit of each place, by weight (then rank, a population order), the first `limit`. */
function bestHits(hits: WeighedHit[], limit: number): PlaceHit[] {
  const best = new Map<number, WeighedHit>();
  for (const hit of hits) {
    const known = best.get(hit.rank);
    if (!known || hit.weight > known.weight) best.set(hit.rank, hit);
  }
  const index = gazetteer();
  return [...best.values()].sort((a, b) => b.weight - a.weight || a.rank - b.rank).slice(0, limit)
    .map((h) => ({ place: index.place(h.rank), match: h.match, matched_name: h.matched }));
}

function searchName(name: string, limit: number, accept: (rank: number) => boolean): PlaceHit[] {
  if (!name) return [];
  const hits = hitsByName(name, limit, accept);
  // Spelling only matters when no place bears the name as typed and too few names start with it:
  // "Pairs" looks for Paris, but "Paris" does not look for Parys, nor "Mosk" (typed on its way to Moscow) for Omsk.
  if (hits.length < limit && !isPlaceName(name, accept)) hits.push(...hitsBySimilarName(name, limit, accept));
  return bestHits(hits, limit);
}

/**
 * The places a typed text may mean, best first: by name, by the beginning of a name, or by a
 * name spelt a letter or two away; `country` (a code) restricts them, and so do qualifiers after
 * commas, as in matchPlace ("Jingzhou, Hubei", "Paris, France", "Varanasi, Uttar Pradesh, IN").
 * When the qualified reading finds nothing, the whole text is searched as a name.
 */
export function searchPlaces(text: string, options: { limit: number; country?: string | undefined }): PlaceHit[] {
  const query = readPlaceQuery(text, resolveCountry);
  if (query.qualifiers.length > 0) {
    const qualified = searchName(query.name, options.limit, placeFilter(query.qualifiers, options.country)!);
    if (qualified.length > 0) return qualified;
  }
  return searchName(query.whole, options.limit, placeFilter([], options.country) ?? everyPlace);
}

/**
 * For a `city` that resolved to nothing: the places it most likely meant (a misspelling's
 * nearest names, or names that start with it), best first, described as a reader knows them.
 */
export function closestPlaceNames(text: string, country: string | undefined, count = 3): string[] {
  const countryCode = country ? resolveCountry(country) : undefined;
  if (country && !countryCode) return [];
  return searchPlaces(text, { limit: count, country: countryCode }).map((hit) => describePlace(hit.place));
}
