/**
 * The ephemeris adapter leaves no state behind that changes a later answer: every call it makes
 * at an instant outside the data files' years (where it asks for the Moshier theory) leaves the
 * next positions from the files exactly as a fresh thread computes them. The library drops its
 * planets' file data when the ephemeris flag changes, and for the obliquity (SE_ECL_NUT) it did
 * so without closing the files, which broke the next position from them.
 */
import { describe, expect, it } from 'vitest';
import {
  ASTEROID_FILES_END_JD,
  ASTEROID_FILES_START_JD,
  ayanamsaDegrees,
  calcBody,
  calcHouses,
  EphemerisError,
  FILES_END_JD,
  FILES_START_JD,
  initEphemeris,
  trueObliquity,
} from '../../../src/astro/ephemeris.ts';

initEphemeris();
const IN_FILES = 2_448_024.1; // 1990-05-12
const OUTSIDE = [FILES_START_JD - 200, FILES_START_JD - 100_000, FILES_END_JD + 200, FILES_END_JD + 100_000];
const BODIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 17];
const positions = () => BODIES.map((se) => calcBody(IN_FILES, se));
const reference = positions();

const CALLS: [string, (jd: number) => unknown][] = [
  ['the obliquity', (jd) => trueObliquity(jd)],
  ['a planet', (jd) => calcBody(jd, 4)],
  ['houses', (jd) => calcHouses(jd, 48.85, 2.35, 'P')],
  ['an ayanamsa', (jd) => ayanamsaDegrees(jd, 'lahiri')],
];

describe('the ephemeris adapter after a call outside the data files', () => {
  for (const [what, call] of CALLS) {
    it(`${what} outside the files' years leaves the next positions from the files unchanged`, () => {
      for (const jd of OUTSIDE) {
        call(jd);
        expect(positions()).toEqual(reference);
      }
    });
  }

  it('gives the obliquity of the same models inside and outside the files (no dependence on the ephemeris flag)', () => {
    // The mean obliquity changes by about 47″ a century: continuous across the files' ends.
    for (const edge of [FILES_START_JD, FILES_END_JD]) expect(Math.abs(trueObliquity(edge - 1e-3) - trueObliquity(edge + 1e-3))).toBeLessThan(1e-5);
  });

  it('answers an asteroid at the same instants whatever file the thread has open, and refuses it alike outside them', () => {
    const ASTEROIDS = [15, 16, 17, 18, 19, 20];
    const states: [string, () => unknown][] = [
      ['after a Moshier position (no file open)', () => calcBody(FILES_START_JD - 1000, 0)],
      ['with the asteroid file open near its end', () => calcBody(FILES_END_JD - 30, 17)],
      ['with the asteroid file open near its start', () => calcBody(FILES_START_JD + 30, 17)],
    ];
    const outcome = (jd: number, se: number) => {
      try {
        return calcBody(jd, se).lon;
      } catch (error) {
        if (!(error instanceof EphemerisError)) throw error;
        return 'refused';
      }
    };
    const instants = [ASTEROID_FILES_START_JD - 1e-6, ASTEROID_FILES_START_JD, ASTEROID_FILES_END_JD, ASTEROID_FILES_END_JD + 1e-6, FILES_END_JD - 1e-6];
    for (const se of ASTEROIDS) {
      const seen = states.map(([, enter]) => {
        enter();
        return instants.map((jd) => outcome(jd, se));
      });
      for (const s of seen) expect(s).toEqual(seen[0]);
      expect(seen[0]!.map((x) => x === 'refused')).toEqual([true, false, false, true, true]);
    }
  });

  it("answers the last minutes of 2399 UT from the Moshier theory whatever came before: their Terrestrial Time is past the files' end", () => {
    const late = FILES_END_JD - 3 / 1440; // 2399-12-31 23:57 UT
    const sidereal = { type: 'sidereal', ayanamsa: 'true_citra' } as const;
    const answer = () => [...[0, 1, 9, 11].map((se) => calcBody(late, se)), calcBody(late, 11, sidereal), ayanamsaDegrees(late, 'true_citra')];
    const seen = [FILES_START_JD - 54_000, 2_448_024, FILES_END_JD - 2].map((before) => {
      calcBody(before, 0);
      calcBody(before, 11, sidereal);
      ayanamsaDegrees(before, 'true_citra');
      return answer();
    });
    for (const s of seen) expect(s).toEqual(seen[0]);
    expect(calcBody(late, 0).moshier).toBe(true);
  });
});
