/**
 * Sentences of a report's reading, for measuring how much two reports repeat each other: the
 * prose of every chapter but the appendix (tables of positions and a glossary that is the same
 * for everyone by design) and the closing notice, without headings, tables and fact lines.
 */
import type { InterpretationLibrary } from '../../src/interpretations/library.ts';
import type { InterpretationEntry } from '../../src/interpretations/schema.ts';
import type { ComposedReport } from '../../src/reports/text/compose-report.ts';

const REFERENCE_SECTIONS = new Set(['cover', 'appendix', 'disclaimer']);

export function readingSentences(report: ComposedReport): string[] {
  const prose = report.sections
    .filter((s) => !REFERENCE_SECTIONS.has(s.id))
    .flatMap((s) => s.markdown.split('\n'))
    .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('|') && !/^\*[^*].*\*$/.test(l.trim()))
    .map((l) => l.replace(/^[-*] |^\d+\. /, '').replace(/\*\*/g, ''))
    .join(' ');
  return splitSentences(prose).filter((s) => s.split(/\s+/).length >= 4);
}

/** A text's sentences: split after a full stop, question or exclamation mark before a capital or a quotation. */
export function splitSentences(prose: string): string[] {
  return prose.split(/(?<=[.!?])\s+(?=[A-Z"“])/).map((s) => s.trim());
}

/** The share of `b`'s sentences that also appear in `a`. */
export function repeatedShare(a: ComposedReport, b: ComposedReport): number {
  const seen = new Set(readingSentences(a));
  const sentences = readingSentences(b);
  return sentences.length ? sentences.filter((s) => seen.has(s)).length / sentences.length : 0;
}

/**
 * The least share of this report's sentences that another chart showing the same library entries
 * must repeat on average, whatever rule chooses the readings: each shown entry contributes its
 * reading's sentences divided by the number of readings the entry has. (Among many charts that show
 * one entry, at least one pair in about n shares a reading when the entry has n; the average over
 * pairs cannot be lower.) Sentences the report writes itself are not counted, so this is a floor
 * from the library alone.
 */
export function libraryFloor(report: ComposedReport, library: InterpretationLibrary): number {
  const entryOf = sentenceEntries(library);
  const sentences = readingSentences(report);
  const shownPerEntry = new Map<InterpretationEntry, number>();
  for (const sentence of sentences) {
    const entry = entryOf.get(sentence);
    if (entry) shownPerEntry.set(entry, (shownPerEntry.get(entry) ?? 0) + 1);
  }
  let floor = 0;
  for (const [entry, shown] of shownPerEntry) floor += shown / entry.body.length;
  return sentences.length ? floor / sentences.length : 0;
}

const entriesBySentence = new WeakMap<InterpretationLibrary, Map<string, InterpretationEntry>>();

/** Each sentence of every reading, to its entry (the library's originality rules keep them apart). */
function sentenceEntries(library: InterpretationLibrary): Map<string, InterpretationEntry> {
  let map = entriesBySentence.get(library);
  if (!map) {
    map = new Map();
    for (const entry of library.entries.values()) for (const body of entry.body) for (const sentence of splitSentences(body)) map.set(sentence, entry);
    entriesBySentence.set(library, map);
  }
  return map;
}
