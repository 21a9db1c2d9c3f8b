/**
 * Untimed: the year ahead's caveat that another hour of birth "can decide whether a pass is exact at
 * all" only where it can. The Osaka reader (1996-02-29, untimed) met it over Saturn's conjunction with
 * Venus, whose two passes of the year are exact at every hour: a third pass after the year, which
 * the table does not list, had been taken for one another hour gains. Checked here on the ephemeris:
 * Saturn sampled by the day, each crossing of natal Venus bisected, for Venus at the birth day's
 * first and last minute.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const OSAKA = { city: 'Osaka', country: 'JP', lat: 34.6937, lng: 135.5023, source: 'request' as const, zone: 'Asia/Tokyo' };
const AS_OF = Date.parse('2026-11-29T00:00:00Z');
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

/** The instants in [a, b] when Saturn stands on `lon`: daily samples, each sign change bisected. */
function saturnOn(lon: number, a: number, b: number): number[] {
  const off = (jd: number) => wrap(calcBody(jd, 6).lon - lon);
  const out: number[] = [];
  for (let t = a; t < b; t++) {
    if (Math.sign(off(t)) === Math.sign(off(t + 1)) || Math.abs(off(t)) > 10) continue;
    let [lo, hi] = [t, t + 1];
    while (hi - lo > 1e-4) {
      const mid = (lo + hi) / 2;
      if (Math.sign(off(mid)) === Math.sign(off(lo))) lo = mid;
      else hi = mid;
    }
    out.push(lo);
  }
  return out;
}

describe('the hour of an untimed birth and the passes of a transit', () => {
  it('Osaka 1996-02-29: Saturn meets Venus twice in the year at every hour, and the report does not say the hour decides it', () => {
    const chart = natalChartFor({ name: 'Hour Reader', year: 1996, month: 2, day: 29, time_known: false }, OSAKA);
    const year = yearAhead(chart, AS_OF);
    const transit = year.transits.find((t) => t.body === 'saturn' && t.type === 'conjunction' && t.target === 'venus')!;
    expect(transit.exact).toHaveLength(2);
    expect(transit.hourShift?.decides).toBe(false);
    // Venus at the birth day's first and last minute (local midnight, Japan at UTC+9).
    const start = julianDayFromUtcMs(AS_OF);
    for (const utc of [Date.UTC(1996, 1, 28, 15, 0), Date.UTC(1996, 1, 29, 14, 59)]) {
      const venus = calcBody(julianDayFromUtcMs(utc), 3).lon;
      expect(saturnOn(venus, start, start + 365), new Date(utc).toISOString()).toHaveLength(2);
    }
  });
});
