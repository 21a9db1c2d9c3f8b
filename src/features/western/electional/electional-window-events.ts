/**
 * The events of a search window that the electional rules read at every instant: the Moon's exact
 * aspects and sign ingresses (for its next aspect and whether it is void of course) and the
 * planets' stations. Found once for the whole window by the service's event search
 * (src/astro/events), so a step of the scan costs a binary search instead of root finding, and
 * "void of course" here is the same as the void-of-course endpoints': the Moon makes no further
 * exact Ptolemaic aspect to the Sun or Mercury..Pluto before it leaves its sign. The events are
 * read from the process's blocks of the geocentric sky (electional-sky-blocks.ts).
 */
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import type { AspectEvent, IngressEvent, MajorAspectType, PlanetId, StationEvent } from '../../../astro/events/index.ts';
import { LONGEST_STATION_DAYS, STATION_DAYS, blocksCovering, skyBlock } from './electional-sky-blocks.ts';

/** Longer than the Moon's longest stay in a sign (2.6 days): the next ingress after the window's end is always found. */
const AFTER_END_DAYS = 3;

export interface MoonNextAspect {
  body: PlanetId;
  aspect: MajorAspectType;
  /** Julian day UT of the exact aspect. */
  jdUt: number;
}

/** Shared by the instants between two events: read, never changed. */
export interface MoonCourse {
  /** The next exact aspect before the Moon leaves its sign, or null: void of course. */
  readonly next: MoonNextAspect | null;
  /** The Moon's next sign ingress, Julian day UT, and the sign it enters. */
  readonly ingressJd: number;
  readonly nextSign: string;
}

/** Shared by every instant near the station: read, never changed. */
export interface NearStation {
  readonly body: string;
  readonly direction: 'direct' | 'retrograde';
  readonly jdUt: number;
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

export function windowEvents(jdStart: number, jdEnd: number, zodiac: ZodiacSetting): WindowEvents {
  const aspects: AspectEvent[] = [];
  const ingresses: IngressEvent[] = [];
  const stations: StationEvent[] = [];
  // The Moon's events to its next ingress after the end; the stations a week on either side.
  for (const index of blocksCovering(jdStart - LONGEST_STATION_DAYS, jdEnd + Math.max(AFTER_END_DAYS, LONGEST_STATION_DAYS))) {
    const block = skyBlock(index, zodiac);
    aspects.push(...block.aspects);
    ingresses.push(...block.ingresses);
    stations.push(...block.stations);
  }
  // Each body's stations as the answers read them, made once: several rules ask at every step, and none changes them.
  const stationsOf = new Map<string, NearStation[]>();
  for (const s of stations) {
    const list = stationsOf.get(s.body) ?? [];
    list.push({ body: s.body, direction: s.direction, jdUt: s.jdUt });
    stationsOf.set(s.body, list);
  }
  const aspectTimes = aspects.map((a) => a.jdUt);
  const ingressTimes = ingresses.map((i) => i.jdUt);
  // The course last found and the instants it holds for: from the later of the last aspect and ingress at or before
  // them, up to the next of either. Outside that span one of the two searches below lands on another event.
  let last: MoonCourse | undefined;
  let lastFrom = Infinity;
  let lastUntil = -Infinity;
  return {
    moonCourse(jdUt) {
      // A scan's next step mostly falls before the next aspect or ingress, and the course is the same up to there.
      if (last && jdUt >= lastFrom && jdUt < lastUntil) return last;
      const ingressIndex = firstAfter(ingressTimes, jdUt);
      const ingress = ingresses[ingressIndex];
      if (!ingress) throw new RangeError('moonCourse: instant after the window');
      const aspectIndex = firstAfter(aspectTimes, jdUt);
      lastFrom = Math.max(aspectTimes[aspectIndex - 1] ?? -Infinity, ingressTimes[ingressIndex - 1] ?? -Infinity);
      lastUntil = Math.min(aspectTimes[aspectIndex] ?? Infinity, ingress.jdUt);
      const aspect = aspects[aspectIndex];
      const next = aspect && aspect.jdUt < ingress.jdUt ? { body: aspect.other_body, aspect: aspect.aspect, jdUt: aspect.jdUt } : null;
      last = { next, ingressJd: ingress.jdUt, nextSign: ingress.sign_id };
      return last;
    },
    stationNear(body, jdUt) {
      const days = STATION_DAYS[body] ?? 0;
      let best: NearStation | null = null;
      for (const s of stationsOf.get(body) ?? []) {
        if (Math.abs(s.jdUt - jdUt) > days) continue;
        if (!best || Math.abs(s.jdUt - jdUt) < Math.abs(best.jdUt - jdUt)) best = s;
      }
      return best;
    },
  };
}
