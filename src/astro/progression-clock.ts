/**
 * The clock of a progression: which ephemeris instant stands for an instant of life. Every
 * progression here is linear: the progressed instant is the birth plus `rate` ephemeris days
 * for each day of life, so that a day of life maps to an ephemeris instant and back exactly.
 *
 * - secondary: one ephemeris day for each tropical year of life (365.242189 days, the mean
 *   tropical year at J2000, the year the chart images use): rate = 1 / 365.242189;
 * - tertiary: one ephemeris day for each tropical month of life (27.321582 days, the Moon's mean
 *   return to the same tropical longitude; Troinski's month): rate = 1 / 27.321582;
 * - converse secondary: the secondary rate backwards from the birth (rate < 0).
 */
import { TROPICAL_YEAR_DAYS } from './progressions.ts';

/** Mean tropical month in days (J2000): the tertiary progression's unit of life. */
export const TROPICAL_MONTH_DAYS = 27.321582;

export interface ProgressionClock {
  /** The birth, Julian Day (UT). */
  natalJd: number;
  /** Ephemeris days per day of life; negative for a converse progression. */
  rate: number;
}

export const SECONDARY_RATE = 1 / TROPICAL_YEAR_DAYS;

export const TERTIARY_RATE = 1 / TROPICAL_MONTH_DAYS;

export function secondaryClock(natalJd: number): ProgressionClock {
  return { natalJd, rate: SECONDARY_RATE };
}

/** +1 when the progressed instant moves forward with life, −1 for a converse progression. */
export function timeSign(clock: ProgressionClock): 1 | -1 {
  return clock.rate < 0 ? -1 : 1;
}

/** The ephemeris instant (JD UT) that stands for the instant of life `lifeJd`. */
export function progressedJd(clock: ProgressionClock, lifeJd: number): number {
  return clock.natalJd + clock.rate * (lifeJd - clock.natalJd);
}

/** The instant of life (JD UT) whose progressed instant is `jd`: the inverse of progressedJd. */
export function lifeJdOf(clock: ProgressionClock, jd: number): number {
  return clock.natalJd + (jd - clock.natalJd) / clock.rate;
}

/** Age in tropical years at the instant of life `lifeJd`. */
export function ageYears(clock: ProgressionClock, lifeJd: number): number {
  return (lifeJd - clock.natalJd) / TROPICAL_YEAR_DAYS;
}
