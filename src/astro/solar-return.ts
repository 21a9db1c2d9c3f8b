/**
 * The solar return: the instant the Sun comes back to its natal longitude (in the chart's zodiac),
 * found by bracketed Newton steps on the Sun's apparent longitude and speed, to well under a
 * millisecond. Every return of the service (the return endpoints, the return wheel, the
 * profection year that runs return to return) is found here.
 */
import { calcBody, type ZodiacSetting } from './ephemeris.ts';
import { newtonBracketed, wrap180 } from './events/root-finding.ts';

const SUN = 0;

/** How far a solar return can be from the civil birthday (leap-year drift and the time of day): a safe bracket. */
const RETURN_BRACKET_DAYS = 3;

/**
 * The solar return nearest a civil birthday (UT Julian day `birthdayJd`). Counting from the local
 * birthday keeps a return near New Year in the year of the birthday it follows.
 */
export function solarReturnNear(birthdayJd: number, natalSunLon: number, zodiac: ZodiacSetting): number {
  const g = (jd: number) => {
    const sun = calcBody(jd, SUN, zodiac);
    return { g: wrap180(sun.lon - natalSunLon), dg: sun.speedLon };
  };
  return newtonBracketed(g, birthdayJd - RETURN_BRACKET_DAYS, -1, birthdayJd + RETURN_BRACKET_DAYS, 1);
}

/** A birth as the return needs it: its instant and its zone's offset from UT at that instant. */
export interface ReturnBirth {
  jdUt: number;
  offsetSeconds: number;
}

/**
 * The UT Julian day of the solar return of `year`: the one nearest the birth's anniversary in that
 * year, in the birth's own local calendar. The year is the civil year of the birthday it follows,
 * as the person counts it: a birth at 00:30 on 1 January in Tokyo (still 31 December in UT)
 * returns near 1 January of `year`, not near the next one. A 29 February birthday falls on
 * 28 February in common years.
 */
export function solarReturnJd(birth: ReturnBirth, natalSunLon: number, year: number, zodiac: ZodiacSetting): number {
  const offsetMs = birth.offsetSeconds * 1000;
  const local = new Date((birth.jdUt - 2440587.5) * 86_400_000 + offsetMs);
  const month = local.getUTCMonth();
  const day = Math.min(local.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  const anniversaryLocalMs = Date.UTC(year, month, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds());
  // The zone's offset may differ on the anniversary (daylight saving): an hour is far inside the bracket.
  return solarReturnNear((anniversaryLocalMs - offsetMs) / 86_400_000 + 2440587.5, natalSunLon, zodiac);
}
