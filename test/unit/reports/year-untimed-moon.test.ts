/**
 * Untimed, a slow planet's contact to the natal Moon is listed only when every hour of the birth day
 * gives it (a reader met no word of a contact to the Moon that held whatever the hour). Checked on
 * the ephemeris: the Moon recomputed at the birth day's first and last minute, and the planet's
 * exact aspect to each found day by day near the year.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = Date.parse('2026-11-29T00:00:00Z');
const SE: Record<string, number> = { jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

/** Whether the planet makes the aspect exact to a point between two Julian days (a daily scan for a change of sign). */
function exactBetween(se: number, point: number, angle: number, from: number, to: number): boolean {
  const aims = angle === 0 || angle === 180 ? [point + angle] : [point + angle, point - angle];
  return aims.some((aim) => {
    let prev = wrap(calcBody(from, se).lon - aim);
    for (let t = from + 1; t <= to; t++) {
      const now = wrap(calcBody(t, se).lon - aim);
      if (Math.sign(now) !== Math.sign(prev) && Math.abs(now - prev) < 90) return true;
      prev = now;
    }
    return false;
  });
}

describe("an untimed chart's slow transits to the Moon", () => {
  it('are listed only when exact in the year at noon and, near the year, at the birth day’s first and last minute', () => {
    const start = julianDayFromUtcMs(AS_OF);
    let listed = 0;
    for (const chart of untimedBirths(40, 5511)) {
      const noon = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const year = yearAhead(chart, AS_OF);
      for (const t of year.transits.filter((x) => x.target === 'moon')) {
        listed++;
        const label = `${chart.subject.datetime_utc} ${t.body} ${t.type}`;
        expect(
          t.exact.some((d) => d >= year.from && d <= year.to),
          label,
        ).toBe(true);
        for (const edge of [noon - 0.5, noon + 0.5]) {
          const moon = calcBody(edge, 1).lon;
          // The hour moves a hit by up to sixty days (SAME_HIT_DAYS): searched that far beyond the year and its look-ahead.
          expect(exactBetween(SE[t.body]!, moon, ANGLE[t.type]!, start - 61, start + 365 + 180), `${label} at JD ${edge}`).toBe(true);
        }
        expect(t.hourShift, label).toBeDefined();
        expect(t.hourShift!.decides, label).toBe(false);
      }
    }
    expect(listed).toBeGreaterThan(3);
  });
});
