/**
 * Untimed, a slow planet's contact to the natal Moon is listed when, and only when, every hour of the
 * birth day makes it exact in the year (a reader met no word of a contact to the Moon that held
 * whatever the hour; another missed Jupiter's opposition, exact once or twice as the hour decided).
 * Checked on the ephemeris: the Moon recomputed at the birth day's first minute, noon and last
 * minute, and the planet's exact aspect to each found day by day over the year. One exact for some
 * hours of birth only is named apart with its hours, checked either side of each edge.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

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
  it('are listed when exact in the year for a birth at the day’s first minute, noon and last minute, and otherwise not', () => {
    const start = julianDayFromUtcMs(AS_OF);
    const [listed, missing, extra]: [string[], string[], string[]] = [[], [], []];
    let passesDecided = 0;
    for (const chart of untimedBirths(40, 5511)) {
      const noon = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const year = yearAhead(chart, AS_OF);
      const moons = [noon - 0.5, noon, noon + 0.5].map((jd) => calcBody(jd, 1).lon);
      for (const body of Object.keys(SE))
        for (const type of Object.keys(ANGLE)) {
          const label = `${chart.subject.datetime_utc} ${body} ${type}`;
          const everyHour = moons.every((moon) => exactBetween(SE[body]!, moon, ANGLE[type]!, start, start + 365));
          const t = year.transits.find((x) => x.target === 'moon' && x.body === body && x.type === type);
          if (t) listed.push(label);
          if (everyHour && !t) missing.push(label);
          if (!everyHour && t) extra.push(label);
          if (t?.hourShift?.decides) passesDecided++;
        }
    }
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(listed.length).toBeGreaterThan(3);
    // Some of them gain or lose a pass with the hour, which their fact line says.
    expect(passesDecided).toBeGreaterThan(0);
  });

  it('are named apart, with their hours, when exact in the year for some hours of birth only (Santiago 1969: Uranus on the Moon before about 10:55)', () => {
    const start = julianDayFromUtcMs(AS_OF);
    let named = 0;
    for (const chart of untimedBirths(40, 5511)) {
      const noon = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const year = yearAhead(chart, AS_OF);
      const moonAt = (minute: number) => calcBody(noon - 0.5 + minute / 1440, 1).lon;
      for (const h of year.moonSomeHours ?? []) {
        named++;
        const label = `${chart.subject.datetime_utc} ${h.body} ${h.type} ${h.from}-${h.to}`;
        expect(
          year.transits.some((t) => t.target === 'moon' && t.body === h.body && t.type === h.type),
          label,
        ).toBe(false);
        const exactFor = (minute: number) => exactBetween(SE[h.body]!, moonAt(minute), ANGLE[h.type]!, start, start + 365);
        // Inside its hours, twenty minutes from each edge, it is exact; outside them, twenty minutes beyond an edge, not.
        for (const inside of [h.from + 20, h.to - 20].filter((m) => m >= 0 && m <= 1440 && h.to - h.from > 40))
          expect(exactFor(inside), `${label} ${inside}`).toBe(true);
        for (const outside of [h.from - 20, h.to + 20].filter((m) => m >= 0 && m <= 1440)) expect(exactFor(outside), `${label} ${outside}`).toBe(false);
      }
    }
    expect(named).toBeGreaterThan(3);
    const santiago = { city: 'Santiago', country: 'CL', lat: -33.4489, lng: -70.6693, source: 'request' as const, zone: 'America/Santiago' };
    const chart = natalChartFor({ name: 'Santiago Reader', year: 1969, month: 9, day: 3, time_known: false }, santiago);
    const uranus = yearAhead(chart, Date.parse('2026-11-30T00:00:00Z')).moonSomeHours?.find((h) => h.body === 'uranus' && h.type === 'conjunction');
    expect(uranus?.from).toBe(0);
    expect(Math.abs(uranus!.to - (10 * 60 + 55))).toBeLessThanOrEqual(10);
  });
});
