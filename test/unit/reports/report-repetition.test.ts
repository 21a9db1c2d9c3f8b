/**
 * How much two people's reports repeat each other: the share of one report's reading sentences
 * (test/helpers/report-sentences.ts) that also appear in another's. The chapter openings and the
 * recurring passages are written in several variants chosen by the chart, and carry the chart's
 * own signs, counts and shares, so that under 8 % of a report's sentences repeat another's on
 * average. Two charts that share many placements (people born days apart) still share the
 * readings of those placements: the figure is an average over pairs, and bench/report-check.ts
 * prints the whole spread.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { HOUSE_DOMAINS } from '../../../src/reports/text/phrases.ts';
import { repeatedShare } from '../../helpers/report-sentences.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

initEphemeris();
const AS_OF = '2026-11-25T00:00:00Z';

function randomReports(count: number, seed: number) {
  return randomReportCharts(count, seed).map((chart) => composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }));
}

describe('repetition between reports', () => {
  it('under 8 % of a report’s sentences appear in another person’s report, on average over every pair of 30 random charts', () => {
    const reports = randomReports(30, 5201);
    const shares: number[] = [];
    for (let i = 0; i < reports.length; i++) for (let j = 0; j < reports.length; j++) if (i !== j) shares.push(repeatedShare(reports[i]!, reports[j]!));
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    expect(mean).toBeLessThan(0.08);
  });

  it('names a house’s matters in one wording at most three times in a report (a reader counted one eight times)', () => {
    let named = 0;
    for (const report of randomReports(30, 5202)) {
      for (const phrasing of Object.values(HOUSE_DOMAINS).flat()) {
        const times = report.markdown.split(phrasing).length - 1;
        named += times;
        expect(times, phrasing).toBeLessThanOrEqual(3);
      }
    }
    // Not vacuous: the reports name houses' matters often.
    expect(named).toBeGreaterThan(300);
  });
});
