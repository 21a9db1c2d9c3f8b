/** One item of the `interpretation` block: an entry's text, in the standard or the improved style. */
import type { InterpretationLibrary } from '../library.ts';
import type { InterpretationEntry } from '../schema.ts';
import { pick } from '../variant.ts';

export type InterpretationStyle = 'standard' | 'improved';

export interface InterpretationItem {
  category: string;
  key: string;
  title: string;
  body: string;
  strengths?: string[];
  challenges?: string[];
  reflection?: string[];
}

export interface InterpretationBlock {
  library_version: string;
  language: string;
  style: InterpretationStyle;
  sections: Record<string, InterpretationItem[]>;
  /** What the block leaves out and why (an unknown birth time). */
  notes: string[];
}

/** The body variant this chart shows for an entry. */
export function chosenBody(entry: InterpretationEntry, seed: number): string {
  return pick(entry.body, seed, entry.key);
}

export function itemOf(
  entry: InterpretationEntry,
  o: { category: string; key: string; title?: string; style: InterpretationStyle; seed: number },
): InterpretationItem {
  const item: InterpretationItem = { category: o.category, key: o.key, title: o.title ?? entry.title, body: chosenBody(entry, o.seed) };
  if (o.style === 'improved') {
    item.strengths = entry.strengths;
    item.challenges = entry.challenges;
    item.reflection = entry.reflection;
  }
  return item;
}

/** The entry for an aspect of the given exact type: its own if the library has one, else its family's. */
export function aspectEntry(library: InterpretationLibrary, exactKey: string, familyKey: string): InterpretationEntry | undefined {
  return library.entries.get(exactKey) ?? library.entries.get(familyKey);
}

export function blockShell(
  library: InterpretationLibrary,
  style: InterpretationStyle,
  sections: Record<string, InterpretationItem[]>,
  notes: string[],
): InterpretationBlock {
  return { library_version: library.version, language: library.language, style, sections, notes };
}
