/**
 * The moving parts of a progressed chart as tracks over ephemeris time, and the events they make:
 * exact aspects to fixed (natal) degrees, sign and house ingresses, stations, the phases of the
 * progressed lunation. Times here are ephemeris instants (JD UT, the progressed instants); the
 * caller maps them to instants of life with its ProgressionClock (progression-clock.ts).
 */
import { bodyInfo } from './bodies.ts';
import { calcBody, type ZodiacSetting } from './ephemeris.ts';
import type { NodeVariant } from './chart.ts';
import { crossings, differenceTrack, monotonicPieces, type Track } from './progressed-crossings.ts';
import { wrap180 } from './events/root-finding.ts';
import { progressedAngles, type AnglesMethod, type NatalAngleFrame } from './progressed-angles.ts';
import { normalizeDegrees } from './zodiac.ts';

/**
 * Sampling steps in ephemeris days. The Moon moves at most 15.4°/day (3.9° a step) and never
 * stations; the planets' shortest retrograde arc lasts about 20 days (Mercury), the true node's
 * wobble about two weeks: a day apart, no two stations fall in one step.
 */
export const MOON_STEP_DAYS = 0.25;
export const BODY_STEP_DAYS = 1;

/** A body's longitude (chart zodiac) over ephemeris time. */
export function bodyTrack(id: string, zodiac: ZodiacSetting, nodeVariant: NodeVariant): Track {
  const se = id === 'north_node' ? (nodeVariant === 'true' ? 11 : 10) : bodyInfo(id).se!;
  return {
    step: id === 'moon' ? MOON_STEP_DAYS : BODY_STEP_DAYS,
    at(t) {
      const r = calcBody(t, se, zodiac);
      return { lon: r.lon, speed: r.speedLon };
    },
  };
}

/**
 * The progressed Ascendant and Midheaven over ephemeris time: moved from the natal angles by the
 * progressed Sun (solar arc) or by the ephemeris days since the birth (Naibod), progressed-angles.ts.
 * Speeds are differences over a hundredth of a day.
 */
export function angleTrack(which: 'asc' | 'mc', frame: NatalAngleFrame, method: AnglesMethod, sun: Track, natalJd: number): Track {
  const lonAt = (t: number) => progressedAngles(frame, method, sun.at(t).lon, t - natalJd)[which];
  const h = 0.005;
  return {
    step: BODY_STEP_DAYS,
    at(t) {
      const before = lonAt(t - h),
        after = lonAt(t + h);
      let d = after - before;
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      return { lon: lonAt(t), speed: d / (2 * h) };
    },
  };
}

export interface DegreeCrossing {
  t: number;
  target: number;
  direction: 1 | -1;
}

/** Where a track meets each aspect to a fixed degree: the degrees `fixed ± angle` for each angle. */
export function aspectDegrees(fixed: number, angles: readonly number[]): { degree: number; angle: number }[] {
  const out: { degree: number; angle: number }[] = [];
  for (const angle of angles) {
    out.push({ degree: normalizeDegrees(fixed + angle), angle });
    if (angle !== 0 && angle !== 180) out.push({ degree: normalizeDegrees(fixed - angle), angle });
  }
  return out;
}

/** Every instant in [a, b] when the track stands exactly at one of the aspects `angles` to `fixed`. */
export function exactAspectsToFixed(
  track: Track,
  fixed: number,
  angles: readonly number[],
  a: number,
  b: number,
  pieces = monotonicPieces(track, a, b).pieces,
): { t: number; angle: number; direction: 1 | -1 }[] {
  const targets = aspectDegrees(fixed, angles);
  return crossings(
    track,
    targets.map((x) => x.degree),
    a,
    b,
    pieces,
  ).map((c) => ({ t: c.t, angle: targets[c.target]!.angle, direction: c.direction }));
}

/** Every instant in [a, b] when two tracks stand exactly at one of the aspects `angles`. */
export function exactAspectsBetween(
  one: Track,
  other: Track,
  angles: readonly number[],
  a: number,
  b: number,
): { t: number; angle: number; direction: 1 | -1 }[] {
  return exactAspectsToFixed(differenceTrack(one, other), 0, angles, a, b);
}

/**
 * Sign ingresses in [a, b]: the sign entered (0 to 11) and the direction of the motion in ephemeris
 * time. `lifeSign` −1 (a converse progression, whose ephemeris time runs backwards with life): the
 * sign entered is the one entered as life goes on.
 */
export function signIngresses(
  track: Track,
  a: number,
  b: number,
  pieces = monotonicPieces(track, a, b).pieces,
  lifeSign: 1 | -1 = 1,
): { t: number; sign: number; direction: 1 | -1 }[] {
  const cusps = Array.from({ length: 12 }, (_, i) => i * 30);
  return crossings(track, cusps, a, b, pieces).map((c) => ({
    t: c.t,
    direction: c.direction,
    sign: c.direction * lifeSign === 1 ? c.target : (c.target + 11) % 12,
  }));
}

/**
 * House ingresses in [a, b] through fixed (natal) cusps: the house entered (1 to 12). `forward`:
 * whether the cusps run counter-clockwise (house-placement.ts cuspOrder).
 */
export function houseIngresses(
  track: Track,
  cusps: readonly number[],
  forward: boolean,
  a: number,
  b: number,
  pieces = monotonicPieces(track, a, b).pieces,
  lifeSign: 1 | -1 = 1,
): { t: number; house: number; direction: 1 | -1; cusp: number }[] {
  return crossings(track, cusps, a, b, pieces).map((c) => {
    const entering = forward ? c.direction * lifeSign === 1 : c.direction * lifeSign === -1;
    return { t: c.t, direction: c.direction, house: entering ? c.target + 1 : ((c.target + 11) % 12) + 1, cusp: cusps[c.target]! };
  });
}

/** Stations in [a, b]: `retrograde` where direct motion stops, `direct` where retrograde motion stops. */
export function stations(track: Track, a: number, b: number): { t: number; kind: 'retrograde' | 'direct' }[] {
  const { stations: times } = monotonicPieces(track, a, b);
  const h = 1e-3;
  return times.map((t) => ({ t, kind: track.at(t + h).speed < 0 ? 'retrograde' : 'direct' }));
}

/** The eight phases of the lunation cycle (Rudhyar), each 45° of the Moon's elongation from the Sun. */
export const LUNATION_PHASES = ['new_moon', 'crescent', 'first_quarter', 'gibbous', 'full_moon', 'disseminating', 'last_quarter', 'balsamic'] as const;
export type LunationPhase = (typeof LUNATION_PHASES)[number];

export function lunationPhaseOf(elongation: number): LunationPhase {
  return LUNATION_PHASES[Math.min(7, Math.floor(normalizeDegrees(elongation) / 45))]!;
}

/** Phase changes in [a, b]: the instant the Moon−Sun elongation crosses a multiple of 45°, with the phase entered (as life goes on: `lifeSign`). */
export function lunationPhaseChanges(
  moon: Track,
  sun: Track,
  a: number,
  b: number,
  lifeSign: 1 | -1 = 1,
): { t: number; phase: LunationPhase; elongation: number }[] {
  const elongation = differenceTrack(moon, sun);
  const edges = Array.from({ length: 8 }, (_, i) => i * 45);
  return crossings(elongation, edges, a, b).map((c) => {
    const entered = c.direction * lifeSign === 1 ? c.target : (c.target + 7) % 8;
    return { t: c.t, phase: LUNATION_PHASES[entered]!, elongation: edges[c.target]! };
  });
}

/**
 * A point directed by solar arc: its natal longitude moved by the arc the progressed Sun has made
 * since the birth (`sun`: the Sun's track over ephemeris time), with the Sun's speed.
 */
export function directedTrack(natalLon: number, natalSunLon: number, sun: Track): Track {
  return {
    step: BODY_STEP_DAYS,
    at(t) {
      const s = sun.at(t);
      return { lon: normalizeDegrees(natalLon + wrap180(s.lon - natalSunLon)), speed: s.speed };
    },
  };
}
