/**
 * The events of a search window that the electional rules read at every instant: the Moon's exact
 * aspects and sign ingresses (for its next aspect and whether it is void of course) and the
 * planets' stations. Found once for the whole window by the service's event search
 * (src/astro/events), so a step of the scan costs a binary search instead of root finding, and
 * "void of course" here is the same as the void-of-course endpoints': the Moon makes no further
 * exact Ptolemaic aspect to the Sun or Mercury..Pluto before it leaves its sign.
 */
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import { PositionCache } from '../../../astro/events/positions.ts';
import { findEvents, type AspectEvent, type IngressEvent, type MajorAspectType, type PlanetId, type StationEvent } from '../../../astro/events/index.ts';

/** Longer than the Moon's longest stay in a sign (2.6 days): the next ingress after the window's end is always found. */
const AFTER_END_DAYS = 3;

/** How close to an exact station a planet counts as stationing, in days, by planet (its slow days there). */
export const STATION_DAYS: Readonly<Record<string, number>> = { mercury: 2, venus: 3, mars: 4, jupiter: 6, saturn: 7 };
const LONGEST_STATION_DAYS = 7;
const STATION_PLANETS = Object.keys(STATION_DAYS) as PlanetId[];

export interface MoonNextAspect {
  body: PlanetId;
  aspect: MajorAspectType;
  /** Julian day UT of the exact aspect. */
  jdUt: number;
}

export interface MoonCourse {
  /** The next exact aspect before the Moon leaves its sign, or null: void of course. */
  next: MoonNextAspect | null;
  /** The Moon's next sign ingress, Julian day UT, and the sign it enters. */
  ingressJd: number;
  nextSign: string;
}

export interface NearStation {
  body: string;
  direction: 'direct' | 'retrograde';
  jdUt: number;
}

export interface WindowEvents {
  moonCourse(jdUt: number): MoonCourse;
  /** The body's exact station nearest to jdUt within its STATION_DAYS, or null. */
  stationNear(body: string, jdUt: number): NearStation | null;
}

/** Index of the first time in `times` greater than t (times ascending). */
function firstAfter(times: readonly number[], t: number): number {
  let lo = 0,
    hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `cache` holds every position the searches computed, for the scan to interpolate from
 * (electional-position-table.ts); it is in the zodiac given.
 */
export function windowEvents(jdStart: number, jdEnd: number, zodiac: ZodiacSetting, cache = new PositionCache(zodiac)): WindowEvents {
  const moonEvents = findEvents(jdStart, jdEnd + AFTER_END_DAYS, { kinds: ['moon_aspect', 'moon_ingress'], cache });
  const aspects = moonEvents.filter((e): e is AspectEvent => e.type === 'exact_aspect' && e.body === 'moon');
  const ingresses = moonEvents.filter((e): e is IngressEvent => e.type === 'moon_ingress');
  const stations = findEvents(jdStart - LONGEST_STATION_DAYS, jdEnd + LONGEST_STATION_DAYS, {
    kinds: ['station'],
    cache,
    // Only the planets a rule can find stationing (STATION_DAYS): the outer planets' long slow
    // stretches are where the station search spends most.
    planets: STATION_PLANETS,
  }).filter((e): e is StationEvent => e.type === 'station');
  const aspectTimes = aspects.map((a) => a.jdUt);
  const ingressTimes = ingresses.map((i) => i.jdUt);
  return {
    moonCourse(jdUt) {
      const ingress = ingresses[firstAfter(ingressTimes, jdUt)];
      if (!ingress) throw new RangeError('moonCourse: instant after the window');
      const aspect = aspects[firstAfter(aspectTimes, jdUt)];
      const next = aspect && aspect.jdUt < ingress.jdUt ? { body: aspect.other_body, aspect: aspect.aspect, jdUt: aspect.jdUt } : null;
      return { next, ingressJd: ingress.jdUt, nextSign: ingress.sign_id };
    },
    stationNear(body, jdUt) {
      const days = STATION_DAYS[body] ?? 0;
      let best: StationEvent | undefined;
      for (const s of stations) {
        if (s.body !== body || Math.abs(s.jdUt - jdUt) > days) continue;
        if (!best || Math.abs(s.jdUt - jdUt) < Math.abs(best.jdUt - jdUt)) best = s;
      }
      return best ? { body, direction: best.direction, jdUt: best.jdUt } : null;
    },
  };
}
