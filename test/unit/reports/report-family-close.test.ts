/**
 * The family chapter's close names each factor it drew on once: a light's ruler whose placement the list already names is
 * named by its rule ("the Sun's rule of your Leo Moon"), not by its placement a second time (readers of the Mumbai 1993
 * and Cairo 1958 reports met "the Sun in Scorpio … and the Sun in Scorpio as ruler of your Leo Moon").
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const CLOSE = /(?:This chapter has drawn on (.+?)\. None of them|Taken together, (.+?) make one picture)/;

/** The placements ("the Sun in Scorpio") the close names, each time it names one. */
function placementsNamed(chart: NatalChartInput): string[] | undefined {
  const m = CLOSE.exec(composeReport(chart, { asOf: AS_OF }).markdown);
  if (!m) return undefined;
  return [...(m[1] ?? m[2])!.matchAll(/\b(?:the )?(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto) in ([A-Z][a-z]+)\b/g)].map((x) => x[0]);
}

describe("the family chapter's close", () => {
  it('names the Mumbai 1993 Sun in Scorpio once, and its rule of the Moon by the rule', () => {
    const place = { city: 'Mumbai', country: 'IN', lat: 19.076, lng: 72.8777, source: 'request' as const, zone: 'Asia/Kolkata' };
    const chart = natalChartFor({ name: 'Priya Deshmukh', year: 1993, month: 11, day: 7, hour: 4, minute: 20 }, place);
    expect(placementsNamed(chart)).toEqual(['the Moon in Leo', 'the Sun in Scorpio', 'Saturn in Aquarius']);
    expect(composeReport(chart, { asOf: AS_OF }).markdown).toContain("the Sun's rule of your Leo Moon");
  });

  it('names no placement twice, over random births', () => {
    let closes = 0;
    for (const chart of randomReportCharts(60, 8123)) {
      const named = placementsNamed(chart);
      if (!named) continue;
      closes++;
      expect(named, chart.subject.datetime).toEqual([...new Set(named)]);
    }
    expect(closes).toBeGreaterThan(20);
  });
});
