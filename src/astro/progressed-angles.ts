/**
 * Progressed angles. A progressed chart's planets come from the ephemeris at the progressed
 * instant, but its houses cannot (the Midheaven would turn almost once a day of ephemeris, a year
 * of life); schools move the natal Midheaven instead:
 *
 * - `solar_arc` (default): the Midheaven moves in longitude by the solar arc, the progressed Sun's
 *   longitude minus the natal Sun's: MC_p = MC_n + (☉_p − ☉_n);
 * - `naibod`: the right ascension of the Midheaven (ARMC) moves by the Naibod rate, the mean Sun's
 *   daily motion, 0.98564733° (59′08.33″) for each ephemeris day of the progression: per tropical
 *   year of life in secondary progressions, per lunar month in tertiary ones, backwards in
 *   converse ones.
 *
 * The Ascendant is then the Ascendant of that ARMC at the birth latitude, with the natal true
 * obliquity. In a sidereal chart the arc is measured in the sidereal zodiac and the ARMC is read
 * through the natal ayanamsa (its change over the few days of ephemeris is below 0.01″).
 */
import { calcHousesFromArmc } from './ephemeris.ts';
import { normalizeDegrees } from './zodiac.ts';
import { wrap180 } from './events/root-finding.ts';

export const ANGLES_METHODS = ['solar_arc', 'naibod'] as const;
export type AnglesMethod = (typeof ANGLES_METHODS)[number];

/** The Naibod rate: the mean Sun's daily motion, in degrees of right ascension per ephemeris day of the progression. */
export const NAIBOD_DEG_PER_DAY = 0.98564733;

export interface NatalAngleFrame {
  /** Natal Midheaven in the chart's zodiac, degrees. */
  mc: number;
  /** Natal ARMC (sidereal time as an angle), degrees. */
  armc: number;
  /** Natal Sun's longitude in the chart's zodiac, degrees. */
  sunLon: number;
  /** Geographic latitude of the birth, degrees. */
  lat: number;
  /** True obliquity of the ecliptic at the birth, degrees. */
  obliquity: number;
  /** Ayanamsa of a sidereal chart at the birth (0 for tropical), degrees. */
  ayanamsa: number;
}

export interface ProgressedAngles {
  asc: number;
  mc: number;
  armc: number;
}

const RAD = Math.PI / 180;

/** Right ascension of an ecliptic longitude on the ecliptic (latitude 0). */
function rightAscension(lon: number, obliquity: number): number {
  return normalizeDegrees(Math.atan2(Math.sin(lon * RAD) * Math.cos(obliquity * RAD), Math.cos(lon * RAD)) / RAD);
}

/** Ecliptic longitude of the Midheaven whose right ascension is `armc`. */
function mcOfArmc(armc: number, obliquity: number): number {
  return normalizeDegrees(Math.atan2(Math.sin(armc * RAD), Math.cos(armc * RAD) * Math.cos(obliquity * RAD)) / RAD);
}

function ascOfArmc(armc: number, frame: NatalAngleFrame): number {
  // The Ascendant does not depend on the house system; equal houses never fall back and read no
  // Sun's declination.
  return normalizeDegrees(calcHousesFromArmc(armc, frame.lat, frame.obliquity, 'E', 0).asc - frame.ayanamsa);
}

/** The solar arc of a progressed Sun: its signed distance from the natal Sun, −180° to 180°. */
export function solarArc(frame: NatalAngleFrame, progressedSunLon: number): number {
  return wrap180(progressedSunLon - frame.sunLon);
}

/**
 * The progressed Ascendant and Midheaven (chart's zodiac) and ARMC. `progressedDays`: ephemeris days
 * from the birth to the progressed instant (negative for a converse progression).
 */
export function progressedAngles(frame: NatalAngleFrame, method: AnglesMethod, progressedSunLon: number, progressedDays: number): ProgressedAngles {
  if (method === 'solar_arc') {
    const mc = normalizeDegrees(frame.mc + solarArc(frame, progressedSunLon));
    const armc = rightAscension(mc + frame.ayanamsa, frame.obliquity);
    return { asc: ascOfArmc(armc, frame), mc, armc };
  }
  const armc = normalizeDegrees(frame.armc + NAIBOD_DEG_PER_DAY * progressedDays);
  return { asc: ascOfArmc(armc, frame), mc: normalizeDegrees(mcOfArmc(armc, frame.obliquity) - frame.ayanamsa), armc };
}
