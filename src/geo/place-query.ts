/**
 * How a typed place is read, the same for the place search and for a calculation's `city`: a
 * name, then optional qualifiers after commas, each a country or a first-level region, in any
 * order and combination: "Paris, France", "London, UK", "New York, USA", "Jingzhou, Hubei",
 * "Portland, OR", "Varanasi, Uttar Pradesh, IN". A qualifier that names a country and a region
 * alike ("Georgia", "CA") accepts places of either, so "Atlanta, Georgia" and "Tbilisi, Georgia"
 * both resolve.
 */
import { gazetteer } from './gazetteer-index.ts';
import { foldPlaceName } from './place-name.ts';

export interface PlaceQuery {
  /** The folded name: the text before the first comma. */
  name: string;
  /** The whole text folded, commas and all: a name in its own right when the qualified reading finds nothing ("Washington, D.C."). */
  whole: string;
  /** The folded qualifiers after the name, each with the country it names, if any. */
  qualifiers: { folded: string; country: string | undefined }[];
}

/** Reads a typed place; `countryOf` resolves a country code or English name (gazetteer.ts). */
export function readPlaceQuery(text: string, countryOf: (name: string) => string | undefined): PlaceQuery {
  const [head = '', ...rest] = text.split(',');
  const qualifiers = rest
    .map((part) => foldPlaceName(part))
    .filter((folded) => folded.length > 0)
    .map((folded) => ({ folded, country: countryOf(folded) }));
  return { name: foldPlaceName(head), whole: foldPlaceName(text), qualifiers };
}

/**
 * Each place's region as an index into `regions` (folded once per region), filled in as places
 * are tested: a query tests the few places of its name, so the table grows with the names asked
 * for instead of decoding all 200,000 places first (a second or two).
 */
const UNKNOWN = 0xffffffff;
let regionOf: Uint32Array | undefined;
const regionIds = new Map<string, number>();
const regionList: { name: string; code: string }[] = [];

function regionIdOf(rank: number): number {
  const index = gazetteer();
  regionOf ??= new Uint32Array(index.size).fill(UNKNOWN);
  let id = regionOf[rank]!;
  if (id === UNKNOWN) {
    const place = index.place(rank);
    const key = `${place.country}\u0000${place.region ?? ''}\u0000${place.region_code ?? ''}`;
    id = regionIds.get(key) ?? regionList.length;
    if (id === regionList.length) {
      regionIds.set(key, id);
      regionList.push({ name: foldPlaceName(place.region ?? ''), code: (place.region_code ?? '').toLowerCase() });
    }
    regionOf[rank] = id;
  }
  return id;
}

/**
 * Whether a region is the one a qualifier names: its name, its name's first words ("Moscow" for
 * "Moscow Oblast"), or its code when that is letters (the postal code of a US state: "OR").
 */
function regionNamed(region: { name: string; code: string }, qualifier: string): boolean {
  if (!region.name) return false;
  return region.name === qualifier || region.name.startsWith(`${qualifier} `) || (region.code === qualifier && /^[a-z]+$/.test(qualifier));
}

/**
 * A test of a place's rank against the query's qualifiers and a country that the request sent
 * on its own (a code), or undefined when there is nothing to test.
 */
export function placeFilter(qualifiers: PlaceQuery['qualifiers'], country?: string): ((rank: number) => boolean) | undefined {
  const index = gazetteer();
  if (qualifiers.length === 0) return country === undefined ? undefined : (rank) => index.countryOf(rank) === country;
  // Whether each qualifier names a region, decided once per region and query rather than once per place.
  const named = qualifiers.map((q) => ({ country: q.country, folded: q.folded, regions: new Map<number, boolean>() }));
  const names = (q: (typeof named)[number], region: number) => {
    let yes = q.regions.get(region);
    if (yes === undefined) q.regions.set(region, (yes = regionNamed(regionList[region]!, q.folded)));
    return yes;
  };
  return (rank) => {
    const placeCountry = index.countryOf(rank);
    if (country !== undefined && placeCountry !== country) return false;
    if (named.every((q) => q.country === placeCountry)) return true;
    const region = regionIdOf(rank);
    return named.every((q) => q.country === placeCountry || names(q, region));
  };
}
