/**
 * Sentences of a report's reading, for measuring how much two reports repeat each other: the
 * prose of every chapter but the appendix (tables of positions and a glossary that is the same
 * for everyone by design) and the closing notice, without headings, tables and fact lines.
 */
import type { ComposedReport } from '../../src/reports/text/compose-report.ts';

const REFERENCE_SECTIONS = new Set(['cover', 'appendix', 'disclaimer']);

export function readingSentences(report: ComposedReport): string[] {
  const prose = report.sections
    .filter((s) => !REFERENCE_SECTIONS.has(s.id))
    .flatMap((s) => s.markdown.split('\n'))
    .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('|') && !/^\*[^*].*\*$/.test(l.trim()))
    .map((l) => l.replace(/^[-*] |^\d+\. /, '').replace(/\*\*/g, ''))
    .join(' ');
  return prose
    .split(/(?<=[.!?])\s+(?=[A-Z"“])/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);
}

/** The share of `b`'s sentences that also appear in `a`. */
export function repeatedShare(a: ComposedReport, b: ComposedReport): number {
  const seen = new Set(readingSentences(a));
  const sentences = readingSentences(b);
  return sentences.length ? sentences.filter((s) => seen.has(s)).length / sentences.length : 0;
}
