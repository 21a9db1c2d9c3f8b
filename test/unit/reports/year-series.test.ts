/**
 * The series of passes a listed transit belongs to, checked on the ephemeris by a separate reckoning: every date of the
 * series outside the year's list is an exact hit of the aspect (the planet's longitude crosses the aspect's degree within
 * a day of it), consecutive passes are under 300 days apart, and no other hit lies within 300 days before the first pass
 * or after the last. The text counts them all and says which the year holds (three readers met "exact twice: the first
 * pass raises the matter" over the last two of three passes, the first months before the year).
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { ANGLES, SE, jdOf, natalPoints, targetPlace, wrap } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const GAP = 300;

/** The days in [a, b] on which the planet crosses a degree of the aspect (point ± angle): the signed distance changes sign. */
function crossings(body: string, point: number, angle: number, a: number, b: number): number[] {
  const out: number[] = [];
  for (const degree of new Set([point + angle, point - angle].map((d) => ((d % 360) + 360) % 360))) {
    const from = (jd: number) => wrap(calcBody(jd, SE[body]!).lon - degree);
    for (let jd = a; jd < b; jd += 1) {
      const [x, y] = [from(jd), from(jd + 1)];
      // A sign change near zero (not the jump where the distance wraps round the circle).
      if (Math.sign(x) !== Math.sign(y) && Math.abs(x) < 2 && Math.abs(y) < 2) out.push(jd);
    }
  }
  return out.sort((x, y) => x - y);
}

describe('the series of passes of a listed transit', () => {
  it('is every exact hit chained to the listed ones', () => {
    let series = 0;
    for (const chart of randomReportCharts(24, 6161)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      const points = natalPoints(chart);
      for (const t of year.transits) {
        if (!t.series || t.exact.length === 0) continue;
        series++;
        const point = targetPlace(chart, points, t);
        const angle = ANGLES[t.type]!;
        const context = `${chart.subject.datetime_utc}: ${t.body} ${t.type} ${t.target}`;
        const all = [...t.series.before, ...t.exact, ...t.series.after].map(jdOf);
        for (const date of [...t.series.before, ...t.series.after]) {
          const jd = jdOf(date);
          expect(crossings(t.body, point, angle, jd - 1.5, jd + 1.5).length, `${context} ${date}`).toBeGreaterThan(0);
        }
        for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!, context).toBeLessThan(GAP + 1);
        // Nothing more in the 300 days either side (a day's margin for the dates' rounding).
        expect(crossings(t.body, point, angle, all[0]! - GAP + 2, all[0]! - 2), `${context} before`).toEqual([]);
        expect(crossings(t.body, point, angle, all.at(-1)! + 2, all.at(-1)! + GAP - 2), `${context} after`).toEqual([]);
      }
    }
    expect(series).toBeGreaterThan(10);
  });

  it('is counted whole in the text: the Mumbai 1993 reader met "exact twice" over the last two of three passes', () => {
    const place = { city: 'Mumbai', country: 'IN', lat: 19.076, lng: 72.8777, source: 'request' as const, zone: 'Asia/Kolkata' };
    const chart = natalChartFor({ name: 'Priya Deshmukh', year: 1993, month: 11, day: 7, hour: 4, minute: 20 }, place);
    const markdown = composeReport(chart, { asOf: '2026-11-30T00:00:00Z' }).markdown;
    expect(markdown).not.toMatch(/Saturn makes it exact twice: the first pass/);
    expect(markdown).toMatch(
      /Saturn is exact three times in all: on 1\d May 2026 and 1\d October 2026, before the year, and on the dates above; the pass here closes the series/,
    );
  });

  // A start that is not a date had the window searches step from NaN without end: refused at once.
  it('is not searched from a year start that is not a date', () => {
    const [chart] = randomReportCharts(1, 3);
    expect(() => yearAhead(chart!, Number.NaN)).toThrow(RangeError);
  });
});
