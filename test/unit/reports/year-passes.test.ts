/**
 * Every pass within orb in the year of a transit the year ahead lists is among its stretches (Pluto
 * back within 1½° of a natal Mercury in the autumn, turning 1°19′ short, after a hit in the spring):
 * checked every other day on the ephemeris over random reports.
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, ORB, fromAspect, jdOf, natalPlace, natalPoints } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';

describe('the passes of a listed transit', () => {
  it('are all among its stretches', () => {
    let days = 0;
    for (const chart of randomReportCharts(30, 7331)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      const points = natalPoints(chart);
      for (const t of year.transits) {
        // An untimed chart's Moon, listed only when every hour makes the contact (year-untimed-moon.test.ts), at its noon place.
        const point = t.target === t.body ? natalPlace(chart, t.body) : (points.get(t.target) ?? natalPlace(chart, t.target));
        const stretches = t.stretches.map((s) => [s.from === null ? -Infinity : jdOf(s.from), s.to === null ? Infinity : jdOf(s.to)] as const);
        for (let jd = jdOf(year.from); jd <= jdOf(year.to); jd += 2) {
          // Clear of the orb's edge, so that a day's step cannot disagree with the search on the edge.
          if (Math.abs(fromAspect(t.body, point, ANGLES[t.type]!, jd)) > ORB[t.body]! - 0.01) continue;
          days++;
          expect(
            stretches.some(([from, to]) => jd >= from - 1 && jd <= to + 1),
            `${chart.subject.datetime_utc}: ${t.body} ${t.type} ${t.target} within orb on JD ${jd}`,
          ).toBe(true);
        }
      }
    }
    expect(days).toBeGreaterThan(500);
  });
});
