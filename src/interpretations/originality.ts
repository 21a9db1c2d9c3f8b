/**
 * Checks that keep the library's prose original and varied: no two entries may share a run of
 * eight consecutive words (case and punctuation ignored), and no opening may start the bodies of
 * several entries (a template sentence in disguise).
 */
import type { InterpretationEntry } from './schema.ts';

export const SHARED_RUN_WORDS = 8;
export const OPENING_WORDS = 4;
/** An opening shared by this many entries is boilerplate. */
export const OPENING_LIMIT = 3;

export function normalizedWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
}

/** Every string of an entry that a reader sees. */
function textsOf(entry: InterpretationEntry): string[] {
  return [entry.title, ...entry.body, ...entry.strengths, ...entry.challenges, ...entry.reflection];
}

export interface SharedRun {
  run: string;
  keys: [string, string];
}

/** Runs of `length` words found in two different entries (the first pair found for each run). */
export function sharedRuns(entries: Iterable<InterpretationEntry>, length = SHARED_RUN_WORDS): SharedRun[] {
  const owner = new Map<string, string>();
  const found = new Map<string, SharedRun>();
  for (const entry of entries) {
    const own = new Set<string>();
    for (const text of textsOf(entry)) {
      const words = normalizedWords(text);
      for (let i = 0; i + length <= words.length; i++) own.add(words.slice(i, i + length).join(' '));
    }
    for (const run of own) {
      const first = owner.get(run);
      if (first === undefined) owner.set(run, entry.key);
      else if (!found.has(run)) found.set(run, { run, keys: [first, entry.key] });
    }
  }
  return [...found.values()];
}

/** Openings (the first words of a body variant) that start the bodies of `limit` or more entries. */
export function sharedOpenings(entries: Iterable<InterpretationEntry>, words = OPENING_WORDS, limit = OPENING_LIMIT): { opening: string; keys: string[] }[] {
  const byOpening = new Map<string, Set<string>>();
  for (const entry of entries) {
    for (const body of entry.body) {
      const opening = normalizedWords(body).slice(0, words).join(' ');
      byOpening.set(opening, (byOpening.get(opening) ?? new Set()).add(entry.key));
    }
  }
  return [...byOpening].filter(([, keys]) => keys.size >= limit).map(([opening, keys]) => ({ opening, keys: [...keys] }));
}
