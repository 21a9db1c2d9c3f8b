/**
 * A transit to a natal point reaches the points conjunct it too: where the transiting planet comes within its orb of
 * the same aspect to a point within 3° of the target, and that point has no transit of its own in the year, the year
 * ahead says so with the closest approach and its day (a reader met Neptune's sextile to a Midheaven read without the
 * Moon 0°28′ from it). Checked on the ephemeris, apart from the code that finds them.
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, ORB, fromAspect, jdOf, natalPoints, wrap } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const NAIROBI = { city: 'Nairobi', country: 'KE', lat: -1.2921, lng: 36.8219, source: 'request' as const, zone: 'Africa/Nairobi' };

describe('the points a transit reaches beside its target', () => {
  it('are conjunct the target, reached within the orb on the day given, and have no transit of their own', () => {
    let seen = 0;
    for (const chart of randomReportCharts(100, 7741)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      const points = natalPoints(chart);
      for (const t of year.transits)
        for (const r of t.alsoReaches ?? []) {
          seen++;
          const [target, other] = [points.get(t.target)!, points.get(r.target)!];
          expect(Math.abs(wrap(other - target))).toBeCloseTo(r.apart, 6);
          expect(r.apart).toBeLessThanOrEqual(3);
          expect(year.transits.some((u) => u.body === t.body && u.type === t.type && u.target === r.target)).toBe(false);
          const distance = (jd: number) => fromAspect(t.body, other, ANGLES[t.type]!, jd);
          // The closest approach, on its day, within the planet's orb; no moment of the year's stretches comes closer
          // (the planet never passes through exact).
          expect(Math.abs(distance(jdOf(r.date)))).toBeCloseTo(r.closest, 6);
          expect(r.closest).toBeLessThanOrEqual(ORB[t.body]!);
          for (const s of t.stretches) {
            // A stretch's dates are its days: it may begin late in its first one.
            const [from, to] = [
              Math.max(jdOf(year.from), s.from === null ? -Infinity : jdOf(s.from) + 1),
              Math.min(jdOf(year.to), s.to === null ? Infinity : jdOf(s.to)),
            ];
            for (let jd = from; jd <= to; jd += 0.5) expect(Math.abs(distance(jd))).toBeGreaterThan(r.closest - 0.02);
          }
        }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('the Nairobi reader: Neptune sextile the Midheaven reaches the Moon beside it, and the reading says so', () => {
    const chart = natalChartFor({ name: 'Nairobi Reader', year: 1988, month: 3, day: 14, hour: 9, minute: 20 }, NAIROBI);
    const sky = reportSky({ chart, asOf: AS_OF });
    const neptune = sky.yearAhead!.transits.find((t) => t.body === 'neptune' && t.type === 'sextile' && t.target === 'mc')!;
    expect(neptune.alsoReaches?.map((r) => r.target)).toEqual(['moon']);
    const md = composeReport(chart, { sky }).sections.find((s) => s.id === 'year_ahead')!.markdown;
    // The Moon stands 56′ from the Midheaven; the sextile comes within 53′ of it on 13 December 2026.
    expect(md).toContain(
      `Your ${POINT_NAMES.moon} stands 56′ from your ${POINT_NAMES.mc}, so Neptune's sextile reaches it as well, coming within 53′ of exact on 13 December 2026.`,
    );
  });
});
