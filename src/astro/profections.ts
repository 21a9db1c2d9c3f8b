/**
 * Annual and monthly profections (Hellenistic time lords), as pure rules:
 *
 * - the profected sign of age N is the N-th sign counted from the base sign (the sign of the
 *   natal Ascendant, whole-sign houses): the activated house is N mod 12 + 1, so ages 0, 12,
 *   24 … activate the 1st house again;
 * - the time lord is the ruler of the profected sign: traditional rulers by default (Mars for
 *   Scorpio, Saturn for Aquarius, Jupiter for Pisces), the modern ones on request (Pluto,
 *   Uranus, Neptune);
 * - the year runs from one civil birthday to the next (a 29 February birthday falls on
 *   28 February in common years);
 * - the months are solar months: month k + 1 begins when the Sun reaches the natal Sun's
 *   longitude plus 30°·k (in the chart's zodiac), found by root finding on the ephemeris's Sun.
 */
import { calcBody, type ZodiacSetting } from './ephemeris.ts';
import { newtonBracketed, wrap180 } from './events/root-finding.ts';
import { normalizeDegrees, signIndexOf, SIGNS } from './zodiac.ts';

export const RULERSHIPS = ['traditional', 'modern'] as const;
export type Rulership = (typeof RULERSHIPS)[number];

/** Ruler of each sign, Aries to Pisces. */
const TRADITIONAL_RULERS = ['mars', 'venus', 'mercury', 'moon', 'sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'saturn', 'jupiter'] as const;
const MODERN_RULERS = ['mars', 'venus', 'mercury', 'moon', 'sun', 'mercury', 'venus', 'pluto', 'jupiter', 'saturn', 'uranus', 'neptune'] as const;

/** The ruler (a body id) of the sign with this index (0 = Aries). */
export function signRuler(signIndex: number, rulership: Rulership = 'traditional'): string {
  return (rulership === 'modern' ? MODERN_RULERS : TRADITIONAL_RULERS)[((signIndex % 12) + 12) % 12]!;
}

/** What one profection activates: a house counted from the base sign, its sign and its ruler. */
export interface Profection {
  /** Whole-sign house, 1 to 12. */
  house: number;
  signIndex: number;
  ruler: string;
}

/** The profection `steps` signs on from the base sign (age for the year; age·12 + month for a month). */
export function profect(baseLongitude: number, steps: number, rulership: Rulership = 'traditional'): Profection {
  const k = ((steps % 12) + 12) % 12;
  const signIndex = (signIndexOf(baseLongitude) + k) % 12;
  return { house: k + 1, signIndex, ruler: signRuler(signIndex, rulership) };
}

/** The whole-sign house (1 to 12) of a longitude, counted from the base sign. */
export function wholeSignHouse(baseLongitude: number, longitude: number): number {
  return ((signIndexOf(longitude) - signIndexOf(baseLongitude) + 12) % 12) + 1;
}

export const signOfIndex = (index: number) => SIGNS[index]!;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The civil birthday in `year`: the same month and day; 29 February is 28 February in a common year. */
export function birthdayInYear(month: number, day: number, year: number): { year: number; month: number; day: number } {
  return month === 2 && day === 29 && !isLeap(year) ? { year, month, day: 28 } : { year, month, day };
}

const SUN = 0;

/** Longest a solar month can be off the mean (the Sun's speed is 0.95 to 1.02°/day): a safe bracket. */
const MONTH_BRACKET_DAYS = 6;

/**
 * The UT Julian days at which the Sun reaches `natalSunLon + 30°·k`, k = 1 … 11, between
 * `startJd` and `endJd` (a year from birthday to birthday): the starts of months 2 to 12. The Sun
 * never moves backwards, so each target is crossed once: Newton steps on the signed distance to
 * it with the ephemeris's speed, kept inside a bracket around the mean solar month (bisection
 * when a step would leave it), find it to about 20 µs.
 */
export function solarMonthStarts(startJd: number, endJd: number, natalSunLon: number, zodiac: ZodiacSetting): number[] {
  const startLon = calcBody(startJd, SUN, zodiac).lon;
  const starts: number[] = [];
  for (let k = 1; k < 12; k++) {
    const target = normalizeDegrees(natalSunLon + 30 * k);
    const g = (jd: number) => {
      const sun = calcBody(jd, SUN, zodiac);
      return { g: wrap180(sun.lon - target), dg: sun.speedLon };
    };
    // Days for the Sun to go from where it is at the start to the target, at its mean speed.
    const guess = startJd + normalizeDegrees(target - startLon) / 0.9856;
    const a = Math.max(startJd, guess - MONTH_BRACKET_DAYS);
    const b = Math.min(endJd, guess + MONTH_BRACKET_DAYS);
    // The bracket holds the crossing (the guess is within three days of it), so only the signs at its ends are needed.
    starts.push(newtonBracketed(g, a, -1, b, 1));
  }
  return starts;
}
