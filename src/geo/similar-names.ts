/**
 * Place names spelt a letter or two away from a typed one ("Amsterdm", "Frankfrut", "Pairs"), so
 * that a search for a misspelt city still finds it and a refused `city` can name the nearest ones.
 *
 * The names are held in a Passjoin index (mnemonist), which finds every name within an edit
 * distance without comparing the query with each of them: built once, on first use (under a
 * second, about 35 MB). Distances are Damerau–Levenshtein (optimal string alignment), so that two
 * swapped letters ("Pairs") are one edit, not two. Indexed: every place's own name, the Latin
 * other names (English, former, local transliterations) of the larger places, and the aliases of
 * place-aliases.ts; names in other scripts are left out of the other names, to keep the index small.
 */
import damerauLevenshtein from 'damerau-levenshtein';
import { PassjoinIndex } from 'mnemonist';
import { gazetteer } from './gazetteer-index.ts';
import { PLACE_ALIASES } from './place-aliases.ts';

/** The index finds names within this many edits; how many are accepted depends on the length (below). */
const INDEXED_DISTANCE = 2;
/** Other names are indexed for the places ranked before this (about 100,000 inhabitants and more). */
const OTHER_NAMES_BELOW_RANK = 5_000;
const LATIN_NAME = /^[a-z0-9 ]+$/;

export interface SimilarName {
  /** A folded name of the gazetteer (or an alias of place-aliases.ts). */
  name: string;
  /** Edits from the typed name: 1 or 2. */
  distance: number;
}

const distance = (a: string, b: string) => damerauLevenshtein(a, b).steps;

let index: PassjoinIndex<string> | undefined;

function similarNameIndex(): PassjoinIndex<string> {
  if (!index) {
    const gazetteerIndex = gazetteer();
    const built = new PassjoinIndex<string>(distance, INDEXED_DISTANCE);
    const names = new Set<string>();
    for (const [name] of gazetteerIndex.mainNames.names()) names.add(name);
    for (const [name] of gazetteerIndex.names.names(OTHER_NAMES_BELOW_RANK)) if (LATIN_NAME.test(name)) names.add(name);
    for (const alias of PLACE_ALIASES.keys()) names.add(alias);
    for (const name of names) built.add(name);
    index = built;
  }
  return index;
}

/**
 * How many edits a typed name of this many letters may be from a name: none under four letters
 * (too many names are one letter from "Rom" or "Ulm"), one up to seven, two from eight.
 */
export function allowedEdits(letters: number): number {
  return letters < 4 ? 0 : letters < 8 ? 1 : 2;
}

/**
 * Names other than the typed one (folded) within the edits its length allows, closest first,
 * then in name order; empty for a name that is too short.
 */
export function similarNames(folded: string): SimilarName[] {
  const allowed = allowedEdits([...folded].length);
  if (allowed === 0) return [];
  const found: SimilarName[] = [];
  for (const name of similarNameIndex().search(folded)) {
    if (name === folded) continue;
    const edits = distance(folded, name);
    if (edits <= allowed) found.push({ name, distance: edits });
  }
  return found.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
