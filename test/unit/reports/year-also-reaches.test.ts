/**
 * A transit to a natal point reaches the points conjunct it too: where the transiting planet comes within its orb of
 * the same aspect to a point within 3° of the target, and that point has no transit of its own in the year, the year
 * ahead says so with the closest approach and its day (a reader met Neptune's sextile to a Midheaven read without the
 * Moon 0°28′ from it). Two points within 1° of each other, each with a transit of its own, are read in one transit, the
 * second point's exact dates given in it (a reader born at a New Moon met Uranus's square to the Sun and to the Moon as
 * two readings with the same dates). The year's table names both kinds beside the target. Checked on the ephemeris, apart from the code that finds them.
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, ORB, branchDistance, fromAspect, jdOf, natalPoints, wrap } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const NAIROBI = { city: 'Nairobi', country: 'KE', lat: -1.2921, lng: 36.8219, source: 'request' as const, zone: 'Africa/Nairobi' };

describe('the points a transit reaches beside its target', () => {
  it('are conjunct the target, reached within the orb on the day given, and have no transit of their own', () => {
    let seen = 0;
    let joined = 0;
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
          if (r.exact) {
            // A point within 1° whose own transit was joined to this one: exact on each date given (within its day).
            joined++;
            expect(r.apart).toBeLessThanOrEqual(1);
            for (const date of r.exact) {
              const exact = branchDistance(t.body, other, ANGLES[t.type]!, jdOf(date));
              expect(Math.sign(exact(jdOf(date))) !== Math.sign(exact(jdOf(date) + 1)), `${t.body} ${t.type} ${r.target} ${date}`).toBe(true);
            }
            continue;
          }
          // The closest approach, on its day, within the planet's orb; no moment of the year's stretches comes closer
          // (the planet never passes through exact).
          // To 5e-4°: a point joined from its own near miss gives the station's distance, at the station's hour of the day
          // given (Neptune moved under an arcsecond between it and midnight); the report states it to the minute of arc.
          expect(Math.abs(distance(jdOf(r.date)))).toBeCloseTo(r.closest, 3);
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
    expect(joined).toBeGreaterThan(0);
  });

  it('a reader born at a New Moon: one reading for Uranus square the Sun and the Moon together, with the Moon’s dates', () => {
    const reykjavik = { city: 'Reykjavik', country: 'IS', lat: 64.1466, lng: -21.9426, source: 'request' as const, zone: 'Atlantic/Reykjavik' };
    const chart = natalChartFor({ name: 'Sigrun', year: 1979, month: 2, day: 26, hour: 16, minute: 45 }, reykjavik);
    const sky = reportSky({ chart, asOf: AS_OF });
    const transits = sky.yearAhead!.transits.filter((t) => t.body === 'uranus' && t.type === 'square');
    expect(transits.map((t) => t.target)).toEqual(['sun']);
    expect(transits[0]!.alsoReaches).toEqual([
      { target: 'moon', apart: expect.any(Number), closest: 0, date: '2027-06-26', exact: ['2027-06-26', '2027-12-10'] },
    ]);
    const md = composeReport(chart, { sky }).sections.find((s) => s.id === 'year_ahead')!.markdown;
    expect(md.toLowerCase()).not.toContain('### uranus square your moon');
    expect(md).toContain('| Uranus square natal Sun and Moon |');
    expect(md).toContain("Your Moon stands 1′ from your Sun, so Uranus's square reaches it as well, exact on 26 June 2027 and 10 December 2027.");
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
    // The table names it too, as it names a point joined with exact dates.
    expect(md).toContain(`| Neptune sextile natal ${POINT_NAMES.mc} (natal ${POINT_NAMES.moon} too, within 53′ of exact) |`);
  });
});
