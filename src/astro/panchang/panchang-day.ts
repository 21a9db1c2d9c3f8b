/**
 * The Hindu day of a local calendar date at a place: from its sunrise to the next day's sunrise,
 * with the sunset between, found by the engine's rise and set search (ephemeris.ts
 * nextRiseOrSet: the upper limb of the Sun on the horizon, standard refraction, sea level).
 *
 * Where the Sun does not rise on a date (polar day or polar night), the day cannot begin at a
 * sunrise: it then begins at 06:00 local apparent solar time (the Sun's upper transit less six
 * hours) and its daytime ends at 18:00 apparent time, the instants at which an equinoctial Sun
 * would rise and set there. The answer says so (`fallback`).
 */
import { resolveCivilTime, julianDayFromUtcMs } from '../civil-time.ts';
import { nextRiseOrSet } from '../ephemeris.ts';
import { equationOfTimeDays } from '../equation-of-time.ts';

const SUN = 0;
/** A search starts this much (about 9 ms) before its window, so that an event exactly at its start is found. */
const EPSILON_DAYS = 1e-7;

export interface DayEdge {
  jdUt: number;
  /** True when the Sun did not rise (or set) in the window and the apparent-solar-time stand-in is used. */
  fallback: boolean;
}

export interface HinduDay {
  /** Local midnight at the start of the calendar date, and of the next date (UT Julian days). */
  midnight: number;
  nextMidnight: number;
  sunrise: DayEdge;
  sunset: DayEdge;
  nextSunrise: DayEdge;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The local midnight that opens a date in a zone (a midnight skipped by a clock change: the first instant after it). */
export function localMidnight(date: CalendarDate, zone: string): number {
  return julianDayFromUtcMs(resolveCivilTime({ ...date, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs);
}

export function nextDate(date: CalendarDate): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The Sun's upper transit (local apparent noon) nearest `near`: mean noon at the longitude less
 * the equation of time, which changes by under 30 s a day, so one correction is exact enough.
 */
export function apparentNoonNear(near: number, lng: number): number {
  // Mean noon at longitude lng is 12:00 UT less lng/15 hours: the Julian days n - lng/360 for whole n.
  const meanNoon = Math.round(near + lng / 360) - lng / 360;
  return meanNoon - equationOfTimeDays(meanNoon);
}

/** The first rise (or set) of the Sun in [from, to), or undefined. */
function sunEventIn(kind: 'rise' | 'set', from: number, to: number, lat: number, lng: number): number | undefined {
  const t = nextRiseOrSet(from - EPSILON_DAYS, SUN, kind, lat, lng);
  return t !== undefined && t < to ? t : undefined;
}

/** The date's sunrise: the first in its local calendar day, or 06:00 apparent solar time. */
function sunriseOfDate(
  date: CalendarDate,
  zone: string,
  lat: number,
  lng: number,
  midnight = localMidnight(date, zone),
): DayEdge & { midnight: number; nextMidnight: number } {
  const nextMidnight = localMidnight(nextDate(date), zone);
  const rise = sunEventIn('rise', midnight, nextMidnight, lat, lng);
  if (rise !== undefined) return { jdUt: rise, fallback: false, midnight, nextMidnight };
  return { jdUt: apparentNoonNear((midnight + nextMidnight) / 2, lng) - 0.25, fallback: true, midnight, nextMidnight };
}

export function hinduDay(date: CalendarDate, zone: string, lat: number, lng: number): HinduDay {
  const first = sunriseOfDate(date, zone, lat, lng);
  // The next date opens at the first one's next midnight: found once.
  const next = sunriseOfDate(nextDate(date), zone, lat, lng, first.nextMidnight);
  const set = sunEventIn('set', first.jdUt, next.jdUt, lat, lng);
  let sunset: DayEdge;
  if (set !== undefined && !first.fallback) sunset = { jdUt: set, fallback: false };
  else {
    // No sunset between the two sunrises (or no sunrise to begin the daytime): 18:00 apparent time, kept inside the day.
    const stand = apparentNoonNear(first.jdUt + 0.25, lng) + 0.25;
    sunset = { jdUt: stand > first.jdUt && stand < next.jdUt ? stand : (first.jdUt + next.jdUt) / 2, fallback: true };
  }
  return {
    midnight: first.midnight,
    nextMidnight: first.nextMidnight,
    sunrise: { jdUt: first.jdUt, fallback: first.fallback },
    sunset,
    nextSunrise: { jdUt: next.jdUt, fallback: next.fallback },
  };
}

/** The first rise and set of the Moon in [from, to) (the Hindu day), or undefined when there is none. */
export function moonRiseSet(from: number, to: number, lat: number, lng: number): { rise: number | undefined; set: number | undefined } {
  const MOON = 1;
  const within = (t: number | undefined) => (t !== undefined && t < to ? t : undefined);
  return {
    rise: within(nextRiseOrSet(from - EPSILON_DAYS, MOON, 'rise', lat, lng)),
    set: within(nextRiseOrSet(from - EPSILON_DAYS, MOON, 'set', lat, lng)),
  };
}
