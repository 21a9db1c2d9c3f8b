/**
 * A line of the closing strengths and challenges is left out when any of its claims takes the side opposite to one the
 * report asserted, outside a named tension: every claim of the line, not only its first (the report checker found
 * "Saying yes to avoid conflict", tactful and yielding, listed beside a reading's firm side of disagreement, the line's
 * first claim's tension being named and its second's not). Lines are matched to the library's `list_claims` by their text.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

describe('the closing lists', () => {
  it('print no line whose claims contradict a side the report took, outside a named tension (250 random reports)', () => {
    // A line several entries share is checked only for the claims all of them make (the one printed may carry none).
    const lineClaims = new Map<string, readonly string[]>();
    for (const e of getLibrary().entries.values())
      for (const line of [...e.strengths, ...e.challenges]) {
        const own = e.list_claims?.[line] ?? [];
        const before = lineClaims.get(line);
        lineClaims.set(line, before === undefined ? own : before.filter((c) => own.includes(c)));
      }
    let checked = 0;
    for (const chart of randomReportCharts(250, 7117)) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      const readings = report.readings ?? [];
      const asserted = new Map<string, string>();
      for (const r of readings)
        for (const claim of r.claims) {
          const [faculty, pole] = claim.split(':') as [string, string];
          if (!asserted.has(faculty)) asserted.set(faculty, pole);
        }
      const named = new Set(readings.flatMap((r) => r.tensions ?? []));
      const synthesis = report.sections.find((s) => s.id === 'synthesis')?.markdown ?? '';
      for (const [, line] of synthesis.matchAll(/^- (.+?) \([^)]*\)$/gm)) {
        for (const claim of lineClaims.get(line!) ?? []) {
          const [faculty, pole] = claim.split(':') as [string, string];
          const side = asserted.get(faculty);
          checked++;
          expect(side === undefined || side === pole || named.has(faculty), `${chart.subject.datetime}: "${line}" (${claim}) beside ${faculty}:${side}`).toBe(
            true,
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
