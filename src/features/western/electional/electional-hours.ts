/**
 * The planetary hour of any instant of a search window: the Sun's rises and sets at the place are
 * found once for the window (nextRiseOrSet: the upper limb on the horizon, with refraction), and
 * the day (sunrise to sunset) and the night (sunset to the next sunrise) are each cut into twelve
 * hours (src/astro/planetary-hours.ts). The planetary day begins at sunrise: its weekday is the
 * local weekday of that sunrise. Where the Sun does not rise or set within a day (polar day or
 * night) there is no planetary hour.
 *
 * The rises and sets are kept per process by place and block of days (electional-sky-blocks.ts's
 * blocks): requests name a city far more often than a new point, and ask for the same weeks.
 */
import { LRUCache } from 'lru-cache';
import { nextRiseOrSet } from '../../../astro/ephemeris.ts';
import { daylightHours, nightHours } from '../../../astro/planetary-hours.ts';
import type { ClassicalPlanet } from '../../../astro/horoscope-model.ts';
import { BLOCK_DAYS, blocksCovering } from './electional-sky-blocks.ts';

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

type SunEvent = { kind: 'rise' | 'set'; jd: number };

/** Places' rises and sets by block (a block of one place is about 32 events). */
const sunBlocks = new LRUCache<string, SunEvent[]>({ max: 2000 });

/** The rises and sets in [from, to), in time order. */
function sunEventsBetween(from: number, to: number, lat: number, lng: number): SunEvent[] {
  const events: SunEvent[] = [];
  for (const kind of ['rise', 'set'] as const) {
    let t = from;
    while (t < to) {
      const next = nextRiseOrSet(t, SUN, kind, lat, lng);
      // None within the library's horizon (the polar day or night): look again a day later.
      if (next === undefined) {
        t += 1;
        continue;
      }
      if (next >= to) break;
      events.push({ kind, jd: next });
      t = next + 0.01;
    }
  }
  return events.sort((a, b) => a.jd - b.jd);
}

/** Rises and sets from `from` to `to` (and on to the ends of their blocks), in time order, alternating (a gap ends the list's use there). */
function sunEvents(from: number, to: number, lat: number, lng: number): SunEvent[] {
  return blocksCovering(from, to).flatMap((index) => {
    const key = `${lat},${lng}:${index}`;
    let block = sunBlocks.get(key);
    if (!block) {
      block = sunEventsBetween(index * BLOCK_DAYS, (index + 1) * BLOCK_DAYS, lat, lng);
      sunBlocks.set(key, block);
    }
    return block;
  });
}

/** Empties the kept rises and sets (for the bench's cold search). */
export function forgetSunBlocks(): void {
  sunBlocks.clear();
}

export function planetaryHourFinder(jdStart: number, jdEnd: number, lat: number, lng: number, weekdayOf: (jdUt: number) => number): HourFinder {
  const events = sunEvents(jdStart - 1.5, jdEnd + 1.5, lat, lng);
  // The twelve hours of each day or night, made once (the scan asks for the same part many times).
  const partHours = new Map<number, { hours: ReturnType<typeof daylightHours>; weekday: number; day: boolean } | null>();
  /** The hours of the day or night that begins with event i, or null where the Sun does not rise and set. */
  const hoursOfPart = (i: number) => {
    const e0 = events[i]!,
      e1 = events[i + 1]!;
    if (e0.kind === e1.kind || e1.jd - e0.jd > LONGEST_PART) return null;
    if (e0.kind === 'rise') {
      const weekday = weekdayOf(e0.jd);
      return { hours: daylightHours(e0.jd, e1.jd, weekday), weekday, day: true };
    }
    const rise = events[i - 1];
    if (!rise || rise.kind !== 'rise' || e0.jd - rise.jd > LONGEST_PART) return null;
    const weekday = weekdayOf(rise.jd);
    return { hours: nightHours(e0.jd, e1.jd, weekday), weekday, day: false };
  };
  /** The index of the last event at or before jd: -1 before the first, events.length from the last on (no part then holds jd). */
  const eventBefore = (jd: number) => {
    let lo = 0,
      hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid]!.jd > jd) hi = mid;
      else lo = mid + 1;
    }
    return lo >= events.length ? events.length : lo - 1;
  };
  // The hour last found: a scan's next step mostly falls in the same one, and an HourAt is never changed by its readers.
  // When it does not, it mostly falls in the same day or night (lastEvent), whose hours follow each other.
  let last: HourAt | null = null;
  let lastEvent = -1;
  return (jd) => {
    if (last && jd >= last.start && jd < last.end) return last;
    const inLastPart = lastEvent >= 0 && jd >= events[lastEvent]!.jd && jd < events[lastEvent + 1]!.jd;
    const i = inLastPart ? lastEvent : eventBefore(jd);
    if (i < 0 || i >= events.length) return null;
    let part = partHours.get(i);
    if (part === undefined) {
      part = hoursOfPart(i);
      partHours.set(i, part);
    }
    if (!part) return null;
    lastEvent = i;
    const { hours, weekday, day } = part;
    // The twelve are equal and back to back: the hour by division, then checked against its own bounds.
    const first = hours[0]!;
    let k = Math.min(11, Math.max(0, Math.floor((jd - first.start) / (first.end - first.start))));
    while (k > 0 && jd < hours[k]!.start) k--;
    while (k < 11 && jd >= hours[k]!.end) k++;
    const h = hours[k]!;
    if (!(jd >= h.start && jd < h.end)) return null;
    last = { ruler: h.ruler, number: k + 1, part: day ? 'day' : 'night', start: h.start, end: h.end, weekday };
    return last;
  };
}
