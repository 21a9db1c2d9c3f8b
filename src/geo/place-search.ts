/**
 * The place search: the places a typed text may mean, best first, by name, by the beginning of a
 * name, or by a name spelt a letter or two away (similar-names.ts), each saying how it was found.
 * The text is read as gazetteer.ts reads a calculation's `city` (place-query.ts), with the same
 * preference for a place's own name, so both answer alike.
 */
import { aliasedRank, describePlace, everyPlace, OTHER_NAME_FACTOR, resolveCountry, type Place } from './gazetteer.ts';
import { gazetteer } from './gazetteer-index.ts';
import { placeFilter, readPlaceQuery } from './place-query.ts';
import { similarNames } from './similar-names.ts';

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
  const other =
    [...prefix].length >= SHORT_PREFIX ? index.names.ranksStartingWith(prefix, limit, accept) : index.names.ranksNamed(prefix).filter(accept).slice(0, limit);
  const ownSet = new Set(own);
  const ownWhole = new Set(index.mainNames.ranksNamed(prefix));
  const otherWhole = new Set(index.names.ranksNamed(prefix));
  const hits = new Map<number, WeighedHit>();
  for (const rank of new Set([...own, ...other])) {
    const population = index.place(rank).population;
    if (ownSet.has(rank)) hits.set(rank, { rank, weight: population, match: ownWhole.has(rank) ? 'name' : 'prefix', matched: null });
    else if (otherWhole.has(rank)) hits.set(rank, { rank, weight: population / OTHER_NAME_FACTOR, match: 'name', matched: prefix });
    else
      hits.set(rank, {
        rank,
        weight: population / OTHER_NAME_FACTOR / OTHER_PREFIX_FACTOR,
        match: 'prefix',
        matched: index.names.nameStartingWith(prefix, rank) ?? prefix,
      });
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
    if (aliased !== undefined && accept(aliased))
      hits.push({ rank: aliased, weight: index.place(aliased).population / penalty, match: 'similar', matched: name });
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
  return [...best.values()]
    .sort((a, b) => b.weight - a.weight || a.rank - b.rank)
    .slice(0, limit)
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
