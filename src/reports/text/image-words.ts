/**
 * The uncommon words of a reading: those its library uses in few readings ("wardrobe", "haircut",
 * "applause"), which carry a reading's images. Two readings of one report that share one read as
 * the same picture told twice (a reader met "the year you gave away half your wardrobe" after "give
 * away half your wardrobe", and a haircut three times), so a report prefers, among an entry's
 * readings, one whose uncommon words it has not printed yet (context.ts, readingIndex).
 */
import type { InterpretationLibrary } from '../../interpretations/library.ts';

/** A word in at most this many of the library's readings is uncommon (about half a percent of some 5,600). */
const UNCOMMON_IN_READINGS = 30;
const WORD = /[a-z]{5,}/g;

const uncommonByLibrary = new WeakMap<InterpretationLibrary, ReadonlySet<string>>();

/** The library's uncommon words, counted once per library. */
function uncommonWords(library: InterpretationLibrary): ReadonlySet<string> {
  let words = uncommonByLibrary.get(library);
  if (!words) {
    const readings = new Map<string, number>();
    for (const entry of library.entries.values())
      for (const body of entry.body) for (const w of new Set(body.toLowerCase().match(WORD))) readings.set(w, (readings.get(w) ?? 0) + 1);
    words = new Set([...readings].filter(([, n]) => n <= UNCOMMON_IN_READINGS).map(([w]) => w));
    uncommonByLibrary.set(library, words);
  }
  return words;
}

/**
 * Everyday props that are common in the library and still read as the same picture told twice when two passages of one
 * report use them (readers met neighbours, kitchens and dinners again and again): counted as uncommon whatever their
 * count.
 */
const PROPS = new Set(['kitchen', 'kitchens', 'neighbour', 'neighbours', 'dinner', 'dinners', 'holiday', 'holidays', 'garden', 'gardens', 'notebook']);

/** The uncommon words of a text. */
export function imageWords(text: string, library: InterpretationLibrary): string[] {
  const uncommon = uncommonWords(library);
  return [...new Set(text.toLowerCase().match(WORD))].filter((w) => uncommon.has(w) || PROPS.has(w));
}
