/**
 * The same planets gathered in one sign and in one house are one group: read once, by the sign,
 * with the house named in its fact line. A reader met four planets read twice (Lima, 1992: a
 * Capricorn and a 12th-house stellium of the same four).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { keys } from '../../../src/interpretations/keys.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

describe('a stellium by sign and by house of the same planets', () => {
  it('is read once, by the sign, its house in the fact line', () => {
    let seen = 0;
    const library = getLibrary();
    for (const chart of randomReportCharts(160, 7717).filter((c) => c.subject.settings.time_known)) {
      const stelliums = extractChartFactors(chart).stelliums;
      const group = (s: (typeof stelliums)[number]) => [...s.bodies].sort().join(',');
      for (const house of stelliums.filter((s) => s.kind === 'house')) {
        const sign = stelliums.find((s) => s.kind === 'sign' && group(s) === group(house));
        if (!sign) continue;
        seen++;
        const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
        expect(md, chart.subject.datetime_utc).not.toContain(`### ${library.entries.get(keys.stelliumHouse(house.house!))!.title}\n`);
        expect(md, chart.subject.datetime_utc).toMatch(new RegExp(`, all in the ${house.house}(st|nd|rd|th) house\\*`));
      }
    }
    expect(seen).toBeGreaterThan(2);
  });
});
