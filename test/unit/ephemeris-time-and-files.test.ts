/**
 * Two choices the adapter no longer leaves to the library, pinned against the general binding
 * with explicit flags:
 * - ΔT: positions use the ΔT the responses report. Before 1800 the library's swe_calc_ut fell back
 *   to Moshier and switched to Moshier's ΔT (112.0 s instead of 114.8 s on 1 January 1583), which
 *   put the Moon 1.6″ from the reference program.
 * - the ephemeris: past the data files' end (2400-01-01 12:00 UT) the answer depended on what the
 *   thread had computed before (a data file still open: asteroids present, planets from the file;
 *   after a Moshier date: Moshier, Neptune 6″ apart). Now it is the Moshier theory every time.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { calcBody, deltaTSeconds, EphemerisError, FILES_END_JD, initEphemeris } from '../../src/astro/ephemeris.ts';

const C = sweph.constants;
const JAN_1_1583 = 2299238.5;
const NOON_1_JAN_2400 = 2597642.0;

describe('one ΔT', () => {
  initEphemeris();
  it("is the data files' model at every date, also where Moshier computes the positions", () => {
    expect(deltaTSeconds(JAN_1_1583)).toBeCloseTo(114.8, 1);
    expect(deltaTSeconds(JAN_1_1583)).toBe(sweph.deltat_ex(JAN_1_1583, C.SEFLG_SWIEPH).data * 86400);
    // The model for Moshier's tidal acceleration, which swe_calc_ut switched to:
    expect(Math.abs(sweph.deltat_ex(JAN_1_1583, C.SEFLG_MOSEPH).data * 86400 - 112)).toBeLessThan(0.1);
  });

  it('the Moon of 1583 and 1750 is computed at UT + the reported ΔT', () => {
    for (const jdUt of [JAN_1_1583, JAN_1_1583 + 0.37, 2360234.8]) {
      const moon = calcBody(jdUt, 1);
      const atReportedDeltaT = sweph.calc(jdUt + deltaTSeconds(jdUt) / 86400, 1, C.SEFLG_MOSEPH | C.SEFLG_SPEED).data;
      expect(moon.moshier).toBe(true);
      expect([moon.lon, moon.lat, moon.distAu, moon.speedLon, moon.speedLat, moon.speedDist]).toEqual(atReportedDeltaT);
      // What the library's UT call gives: another ΔT, in 1583 over an arcsecond away.
      if (jdUt < JAN_1_1583 + 1) expect(Math.abs(sweph.calc_ut(jdUt, 1, C.SEFLG_SWIEPH).data[0] - moon.lon) * 3600).toBeGreaterThan(1);
    }
  });
});

describe('the ephemeris past the data files', () => {
  initEphemeris();
  const snapshot = () =>
    [0, 1, 2, 8, 9, 10, 12, 15, 17].map((se) => {
      try {
        const p = calcBody(NOON_1_JAN_2400, se);
        return { se, lon: p.lon, lat: p.lat, moshier: p.moshier };
      } catch (error) {
        expect(error).toBeInstanceOf(EphemerisError);
        return { se, absent: true };
      }
    });

  it('2400-01-01 12:00 UT gives the same answer whatever was computed before, from Moshier, without asteroids', () => {
    expect(NOON_1_JAN_2400).toBeGreaterThan(FILES_END_JD);
    const first = snapshot();
    // A data file left open just before the end (asteroids and all):
    for (const se of [0, 1, 8, 15, 17]) calcBody(FILES_END_JD - 1.5, se);
    expect(snapshot()).toEqual(first);
    // A Moshier date before:
    for (const se of [0, 1, 8]) calcBody(JAN_1_1583, se);
    expect(snapshot()).toEqual(first);
    // A date a little past the end:
    for (const se of [0, 8]) calcBody(NOON_1_JAN_2400 + 3, se);
    expect(snapshot()).toEqual(first);

    for (const p of first) {
      if ('absent' in p) expect([15, 17]).toContain(p.se);
      else expect(p.moshier, `body ${p.se}`).toBe(true);
    }
    const neptune = first.find((p) => p.se === 8) as { lon: number };
    const neptuneAtTt = sweph.calc(NOON_1_JAN_2400 + deltaTSeconds(NOON_1_JAN_2400) / 86400, 8, C.SEFLG_MOSEPH).data[0];
    expect(neptune.lon).toBe(neptuneAtTt);
  });
});
