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
  const qualifiers = rest.map((part) => foldPlaceName(part)).filter((folded) => folded.length > 0).map((folded) => ({ folded, country: countryOf(folded) }));
  return { name: foldPlaceName(head), whole: foldPlaceName(text), qualifiers };
}

/** Each place's region as an index into `regions`, folded once for all places, on first use. */
interface RegionTable {
  regionOf: Uint32Array;
  regions: { name: string; code: string }[];
}
let regionTable: RegionTable | undefined;

function regions(): RegionTable {
  if (!regionTable) {
    const index = gazetteer();
    const count = index.size;
    const regionOf = new Uint32Array(count);
    const ids = new Map<string, number>();
    const list: RegionTable['regions'] = [];
    for (let rank = 0; rank < count; rank++) {
      const place = index.place(rank);
      const key = `${place.country}\u0000${place.region ?? ''}\u0000${place.region_code ?? ''}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = list.length;
        ids.set(key, id);
        list.push({ name: foldPlaceName(place.region ?? ''), code: (place.region_code ?? '').toLowerCase() });
      }
      regionOf[rank] = id;
    }
    regionTable = { regionOf, regions: list };
  }
  return regionTable;
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
  const table = regions();
  // Which regions each qualifier names, found once per query rather than once per place.
  const named = qualifiers.map((q) => ({ country: q.country, regions: new Set(table.regions.flatMap((r, id) => (regionNamed(r, q.folded) ? [id] : []))) }));
  return (rank) => {
    const placeCountry = index.countryOf(rank);
    if (country !== undefined && placeCountry !== country) return false;
    const region = table.regionOf[rank]!;
    return named.every((q) => q.country === placeCountry || q.regions.has(region));
  };
}
