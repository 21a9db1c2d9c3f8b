/** The shared reference events and void-of-course periods, keyed the way the engine reports them. */
import { readFixture } from '../../helpers/fixtures.ts';
import type { SkyEvent } from '../../../src/astro/events/index.ts';

export interface RefEvent {
  kind: 'new_moon' | 'full_moon' | 'ingress' | 'station' | 'aspect';
  jd_ut: number;
  year: number;
  body?: string;
  bodies?: [string, string];
  sign?: string;
  from_sign?: string;
  motion?: string;
  station?: string;
  aspect?: string;
  phase_angle?: number;
  speed_accel_deg_per_day2?: number;
  datetime_utc_ms: string;
}

export interface RefVoidPeriod {
  id: string;
  moon_sign: string;
  next_sign: string;
  sign_entered_jd_ut: number;
  void_start_jd_ut: number;
  void_end_jd_ut: number;
  last_aspect: { body: string; aspect: string; angle: number; jd_ut: number } | null;
  aspects_in_sign: number;
}

export const refEvents: RefEvent[] = readFixture('refdata/events.json').events;
export const refVoidPeriods: RefVoidPeriod[] = readFixture('refdata/void_of_course.json').periods;

export const SECOND = 1 / 86400;

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/** A key for multiset comparison: type, bodies, aspect/phase, sign, direction. */
export function refKey(e: RefEvent): string {
  switch (e.kind) {
    case 'new_moon':
    case 'full_moon':
      return `lunation|moon|sun|${e.kind}|${lower(e.sign)}`;
    case 'ingress':
      return `${e.body === 'Moon' ? 'moon_ingress' : 'ingress'}|${lower(e.body)}|${lower(e.sign)}|${lower(e.from_sign)}|${e.motion}`;
    case 'station':
      return `station|${lower(e.body)}|${e.station}|${lower(e.sign)}`;
    case 'aspect':
      return `exact_aspect|${lower(e.bodies![0])}|${lower(e.bodies![1])}|${e.aspect}|${e.phase_angle}`;
  }
}

export function eventKey(e: SkyEvent): string {
  switch (e.type) {
    case 'lunation':
      return `lunation|moon|sun|${e.phase}|${e.sign_id}`;
    case 'ingress':
    case 'moon_ingress':
      return `${e.type}|${e.body}|${e.sign_id}|${e.from_sign_id}|${e.direction}`;
    case 'station':
      return `station|${e.body}|${e.direction}|${e.sign_id}`;
    case 'exact_aspect':
      return `exact_aspect|${e.body}|${e.other_body}|${e.aspect}|${e.phase_angle}`;
  }
}

/** Time tolerance (days) of a reference event, as the refdata README states it. */
export function toleranceOf(e: RefEvent): number {
  if (e.kind === 'station' && !['Mercury', 'Venus', 'Mars'].includes(e.body!)) {
    return Math.max(SECOND, 1e-7 / Math.abs(e.speed_accel_deg_per_day2!));
  }
  return SECOND;
}

export interface MatchResult {
  missing: RefEvent[];
  extra: SkyEvent[];
  pairs: { ref: RefEvent; found: SkyEvent; diff: number; tol: number }[];
}

/** Pairs reference and found events of the same key in time order (multiset comparison). */
export function matchEvents(refs: readonly RefEvent[], found: readonly SkyEvent[]): MatchResult {
  const byKey = new Map<string, { refs: RefEvent[]; found: SkyEvent[] }>();
  const slot = (k: string) => {
    let s = byKey.get(k);
    if (!s) byKey.set(k, (s = { refs: [], found: [] }));
    return s;
  };
  for (const r of refs) slot(refKey(r)).refs.push(r);
  for (const f of found) slot(eventKey(f)).found.push(f);
  const result: MatchResult = { missing: [], extra: [], pairs: [] };
  for (const { refs: rs, found: fs } of byKey.values()) {
    rs.sort((a, b) => a.jd_ut - b.jd_ut);
    fs.sort((a, b) => a.jdUt - b.jdUt);
    let i = 0,
      j = 0;
    while (i < rs.length || j < fs.length) {
      const r = rs[i],
        f = fs[j];
      if (r && f && Math.abs(r.jd_ut - f.jdUt) < 0.5) {
        result.pairs.push({ ref: r, found: f, diff: Math.abs(r.jd_ut - f.jdUt), tol: toleranceOf(r) });
        i++;
        j++;
      } else if (r && (!f || r.jd_ut < f.jdUt)) {
        result.missing.push(r);
        i++;
      } else {
        result.extra.push(f!);
        j++;
      }
    }
  }
  return result;
}
