/**
 * The equation of time read from the per-thread table of daily values against the library's own
 * value at the same instants: random instants over the ephemeris files' six centuries, the
 * instants of a day's boundaries and of a block's, and the extremes of the year.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initEphemeris, libraryEquationOfTimeDays } from '../../../src/astro/ephemeris.ts';
import { equationOfTimeDays } from '../../../src/astro/equation-of-time.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const SECOND = 1 / 86400;

beforeAll(() => initEphemeris());

describe('the equation of time', () => {
  it('is the library value to within 10 ms at random instants from 1800 to 2399, and mostly within 0.1 ms', () => {
    const random = seededRandom(2718);
    const errors: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const jd = 2378497 + random() * 219000;
      errors.push(Math.abs(equationOfTimeDays(jd) - libraryEquationOfTimeDays(jd)) / SECOND);
    }
    errors.sort((a, b) => a - b);
    expect(errors[1000]).toBeLessThan(5e-5);
    expect(errors[1979]).toBeLessThan(1e-4);
    expect(errors[1999]).toBeLessThan(0.01);
  });

  it('is continuous across a day boundary and a block boundary of the table', () => {
    // 0h UT of 2000 January 1 (JD 2451544.5) and of the day that starts a block (a multiple of 128 days).
    const blockStart = Math.ceil(2451545 / 128) * 128 - 0.5;
    for (const edge of [2451544.5, blockStart]) {
      for (const jd of [edge - 1e-7, edge, edge + 1e-7]) expect(Math.abs(equationOfTimeDays(jd) - libraryEquationOfTimeDays(jd)) / SECOND).toBeLessThan(1e-4);
    }
  });

  it('has the year’s known extremes: about +16.4 min early in November and −14.2 min in mid-February', () => {
    const nov3 = equationOfTimeDays(2461347.5) * 1440; // 2026-11-03 0h UT
    const feb11 = equationOfTimeDays(2461082.5) * 1440; // 2026-02-11 0h UT
    expect(nov3).toBeGreaterThan(16.3);
    expect(nov3).toBeLessThan(16.5);
    expect(feb11).toBeLessThan(-14.1);
    expect(feb11).toBeGreaterThan(-14.3);
  });
});
