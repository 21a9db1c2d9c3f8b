/**
 * No sentence of ten words or more is printed twice in one report (tables, headings and fact lines aside), nor the
 * phrasing two planets close together may take for a second pair. A reader of the Cairo 1958 report (untimed) met "… are
 * fused: whatever stirs one sets the other going, so the passages on each planet describe a single habit seen from two
 * sides" for the Moon and Mars and again for Jupiter and Neptune; those phrasings are now used in turn.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { splitSentences } from '../../helpers/report-sentences.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const AS_OF = '2026-11-30T00:00:00Z';

/** The report's sentences of ten words or more that it prints more than once. */
function repeatedSentences(chart: NatalChartInput): string[] {
  const seen = new Map<string, number>();
  const paragraphs = composeReport(chart, { asOf: AS_OF })
    .markdown.split('\n\n')
    .filter((p) => !/^[|#*]/.test(p));
  for (const sentence of paragraphs.flatMap(splitSentences)) if (sentence.split(' ').length >= 10) seen.set(sentence, (seen.get(sentence) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([s]) => s);
}

describe('a sentence printed twice in one report', () => {
  it('is not in the Cairo 1958 report, whose two planet pairs once shared one phrasing', () => {
    const cairo = { city: 'Cairo', country: 'EG', lat: 30.0444, lng: 31.2357, source: 'request' as const, zone: 'Africa/Cairo' };
    const chart = natalChartFor({ name: 'Omar Haddad', year: 1958, month: 2, day: 14, time_known: false }, cairo);
    expect(repeatedSentences(chart)).toEqual([]);
    const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
    for (const tail of [
      'whatever stirs one sets the other going',
      'what was said of each planet is best read as one story',
      'describe one way of being rather than two',
    ])
      expect(markdown.split(tail).length - 1, tail).toBeLessThanOrEqual(1);
  });

  it('is in none of 60 random reports', () => {
    const found = randomReportCharts(60, 313).flatMap((chart) => repeatedSentences(chart).map((s) => `${chart.subject.datetime}: ${s}`));
    expect(found).toEqual([]);
  });
});
