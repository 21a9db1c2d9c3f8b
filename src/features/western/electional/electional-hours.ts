/**
 * The planetary hour of any instant of a search window: the Sun's rises and sets at the place are
 * found once for the window (nextRiseOrSet: the upper limb on the horizon, with refraction), and
 * the day (sunrise to sunset) and the night (sunset to the next sunrise) are each cut into twelve
 * hours (src/astro/planetary-hours.ts). The planetary day begins at sunrise: its weekday is the
 * local weekday of that sunrise. Where the Sun does not rise or set within a day (polar day or
 * night) there is no planetary hour.
 */
import { nextRiseOrSet } from '../../../astro/ephemeris.ts';
import { daylightHours, nightHours } from '../../../astro/planetary-hours.ts';
import type { ClassicalPlanet } from '../../../astro/horoscope-model.ts';

const SUN = 0;
/** Longer than any day or night between a rise and a set outside the polar regions' polar days. */
const LONGEST_PART = 0.99;

export interface HourAt {
  ruler: ClassicalPlanet;
  /** 1 to 12, counted from sunrise (day) or sunset (night). */
  number: number;
  part: 'day' | 'night';
  start: number;
  end: number;
  /** Weekday of the planetary day, 0 Sunday. */
  weekday: number;
}

export type HourFinder = (jdUt: number) => HourAt | null;

/** Rises and sets from `from` to `to`, in time order, alternating (a gap ends the list's use there). */
function sunEvents(from: number, to: number, lat: number, lng: number): { kind: 'rise' | 'set'; jd: number }[] {
  const events: { kind: 'rise' | 'set'; jd: number }[] = [];
  for (const kind of ['rise', 'set'] as const) {
    let t = from;
    while (t < to) {
      const next = nextRiseOrSet(t, SUN, kind, lat, lng);
      if (next === undefined) break;
      events.push({ kind, jd: next });
      t = next + 0.01;
    }
  }
  return events.sort((a, b) => a.jd - b.jd);
}

export function planetaryHourFinder(jdStart: number, jdEnd: number, lat: number, lng: number, weekdayOf: (jdUt: number) => number): HourFinder {
  const events = sunEvents(jdStart - 1.5, jdEnd + 1.5, lat, lng);
  return (jd) => {
    let i = events.findIndex((e) => e.jd > jd) - 1;
    if (i < 0) return null;
    const e0 = events[i]!,
      e1 = events[i + 1]!;
    if (e0.kind === e1.kind || e1.jd - e0.jd > LONGEST_PART) return null;
    let hours;
    let weekday;
    if (e0.kind === 'rise') {
      weekday = weekdayOf(e0.jd);
      hours = daylightHours(e0.jd, e1.jd, weekday);
    } else {
      const rise = events[--i];
      if (!rise || rise.kind !== 'rise' || e0.jd - rise.jd > LONGEST_PART) return null;
      weekday = weekdayOf(rise.jd);
      hours = nightHours(e0.jd, e1.jd, weekday);
    }
    const k = hours.findIndex((h) => jd >= h.start && jd < h.end);
    if (k < 0) return null;
    const h = hours[k]!;
    return { ruler: h.ruler, number: k + 1, part: e0.kind === 'rise' ? 'day' : 'night', start: h.start, end: h.end, weekday };
  };
}
