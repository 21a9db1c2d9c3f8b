/**
 * The profection rules of src/astro/profections.ts: the house and sign of an age (ages 0, 12 and
 * 24 activate the first house again), the rulers, the birthday of a 29 February birth, and the
 * solar months, whose starts must be where the ephemeris's Sun reaches the natal Sun plus 30°·k,
 * to the second, in either zodiac.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris, type ZodiacSetting } from '../../../src/astro/ephemeris.ts';
import { birthdayInYear, profect, signRuler, solarMonthStarts, wholeSignHouse } from '../../../src/astro/profections.ts';
import { solarReturnJd } from '../../../src/astro/solar-return.ts';
import { normalizeDegrees, signedSeparation } from '../../../src/astro/zodiac.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';

initEphemeris();

describe('annual profection rules', () => {
  it("age N activates house N mod 12 + 1, the N-th sign from the Ascendant's, and its ruler", () => {
    const asc = 100; // 10° Cancer
    expect(profect(asc, 0)).toEqual({ house: 1, signIndex: 3, ruler: 'moon' });
    expect(profect(asc, 12)).toEqual({ house: 1, signIndex: 3, ruler: 'moon' });
    expect(profect(asc, 24)).toEqual({ house: 1, signIndex: 3, ruler: 'moon' });
    expect(profect(asc, 1)).toEqual({ house: 2, signIndex: 4, ruler: 'sun' });
    expect(profect(asc, 11)).toEqual({ house: 12, signIndex: 2, ruler: 'mercury' });
    expect(profect(asc, 37)).toEqual({ house: 2, signIndex: 4, ruler: 'sun' });
  });

  it("an Ascendant at 29°59' of a sign counts from that sign, at 0°00' of the next from the next", () => {
    expect(profect(29 + 59 / 60, 0).signIndex).toBe(0);
    expect(profect(30, 0).signIndex).toBe(1);
    expect(profect(359.99, 1).signIndex).toBe(0);
  });

  it('traditional rulers by default, the modern ones for Scorpio, Aquarius and Pisces on request', () => {
    expect([7, 10, 11].map((i) => signRuler(i))).toEqual(['mars', 'saturn', 'jupiter']);
    expect([7, 10, 11].map((i) => signRuler(i, 'modern'))).toEqual(['pluto', 'uranus', 'neptune']);
    expect([0, 1, 2, 3, 4, 5, 6, 8, 9].map((i) => signRuler(i, 'modern'))).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9].map((i) => signRuler(i)));
  });

  it('whole-sign houses count signs from the base sign', () => {
    expect(wholeSignHouse(100, 100)).toBe(1);
    expect(wholeSignHouse(100, 119.9)).toBe(1);
    expect(wholeSignHouse(100, 120)).toBe(2);
    expect(wholeSignHouse(100, 89.9)).toBe(12);
  });

  it('a 29 February birthday falls on 28 February in common years, on 29 February in leap years', () => {
    expect(birthdayInYear(2, 29, 2001)).toEqual({ year: 2001, month: 2, day: 28 });
    expect(birthdayInYear(2, 29, 2100)).toEqual({ year: 2100, month: 2, day: 28 });
    expect(birthdayInYear(2, 29, 2000)).toEqual({ year: 2000, month: 2, day: 29 });
    expect(birthdayInYear(12, 31, 2001)).toEqual({ year: 2001, month: 12, day: 31 });
  });
});

describe('solar months', () => {
  const zodiacs: ZodiacSetting[] = [{ type: 'tropical' }, { type: 'sidereal', ayanamsa: 'lahiri' }];
  // Births near a year edge, at a sign edge (the Sun at 29°59' Sagittarius), a leap day, and an ordinary one.
  const births = [Date.UTC(1987, 11, 31, 23, 30), Date.UTC(2000, 0, 1, 0, 10), Date.UTC(1996, 1, 29, 12), Date.UTC(1990, 4, 17, 7, 15)];

  for (const zodiac of zodiacs) {
    it(`each month begins where the Sun reaches the natal Sun plus 30°·k, to the second (${zodiac.type})`, () => {
      for (const birthMs of births) {
        const natalJd = julianDayFromUtcMs(birthMs);
        const natalSun = calcBody(natalJd, 0, zodiac).lon;
        for (const year of [new Date(birthMs).getUTCFullYear() + 1, 2031]) {
          // A year from one solar return to the next: the months must fill it in order.
          const start = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, natalSun, year, zodiac);
          const end = solarReturnJd({ jdUt: natalJd, offsetSeconds: 0 }, natalSun, year + 1, zodiac);
          const starts = solarMonthStarts(start, end, natalSun, zodiac);
          expect(starts).toHaveLength(11);
          let previous = start;
          starts.forEach((jd, i) => {
            const target = normalizeDegrees(natalSun + 30 * (i + 1));
            expect(jd).toBeGreaterThan(previous);
            expect(Math.abs(signedSeparation(calcBody(jd, 0, zodiac).lon, target))).toBeLessThan(1e-6);
            const second = 1 / 86400;
            expect(signedSeparation(target, calcBody(jd - second, 0, zodiac).lon)).toBeLessThan(0);
            expect(signedSeparation(target, calcBody(jd + second, 0, zodiac).lon)).toBeGreaterThan(0);
            previous = jd;
          });
          expect(end).toBeGreaterThan(previous);
        }
      }
    });
  }
});
