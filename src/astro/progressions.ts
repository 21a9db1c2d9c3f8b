/**
 * Secondary progressions ("a day for a year"): the progressed chart is cast for the natal
 * instant plus one ephemeris day per tropical year of life elapsed at the target date.
 */

/** Mean tropical year in days (J2000). */
export const TROPICAL_YEAR_DAYS = 365.242189;

export interface Progression {
  ageYears: number;
  progressedJdUt: number;
}

export function secondaryProgression(natalJdUt: number, targetJdUt: number): Progression {
  const ageYears = (targetJdUt - natalJdUt) / TROPICAL_YEAR_DAYS;
  return { ageYears, progressedJdUt: natalJdUt + ageYears };
}
