/**
 * The Moon's void-of-course periods. For each stay of the Moon in a sign (from its ingress into the
 * sign to its ingress into the next), the period runs from the last exact Ptolemaic aspect
 * (0, 60, 90, 120, 180°, no orbs) the Moon makes to the Sun, Mercury..Pluto during the stay until
 * the next ingress; a stay without any aspect is void from its ingress.
 *
 * Works stay by stay rather than on a grid: lon(Moon) and lon(Moon) - lon(X) increase strictly
 * (the Moon is always faster than every planet) and by less than 60° during a stay, so the values
 * at the two ends of a stay tell exactly which aspects happen inside it; only the last one per body
 * needs a root finder, and only bodies whose last aspect can be the latest are refined.
 */
import { TROPICAL, type ZodiacSetting } from '../ephemeris.ts';
import { SIGNS, normalizeDegrees, signIndexOf } from '../zodiac.ts';
import { PositionCache } from './positions.ts';
import { newtonBracketed, wrap180 } from './root-finding.ts';
import { aspectOfPhase } from './search.ts';
import { MAJOR_PHASE_ANGLES, PLANETS, type PlanetId, type VoidOfCourseOptions, type VoidOfCoursePeriod } from './types.ts';

/** Longer than the Moon's longest stay in a sign (30° at its slowest, 11.7°/day: 2.57 days). */
const MAX_STAY = 2.8;

function signIdOf(index: number) {
  return SIGNS[((index % 12) + 12) % 12]!.id;
}

/** The time in [a, b] at which the Moon's longitude reaches `boundary` (it is below it at a). */
function moonReaches(cache: PositionCache, boundary: number, a: number, b: number): number {
  const g = (t: number) => {
    const p = cache.get('moon', t);
    return { g: wrap180(p.lon - boundary), dg: p.speedLon };
  };
  let ga = g(a).g,
    gb = g(b).g;
  // Never needed with the bracket sizes used, but keeps the search safe for a slow Moon.
  while (gb < 0) {
    a = b;
    ga = gb;
    b += 1;
    gb = g(b).g;
  }
  return newtonBracketed(g, a, ga, b, gb);
}

/**
 * The cubic Hermite estimate of an aspect time from the values and rates at the two ends of a stay is
 * good to about a minute (|d⁴ lon(Moon)/dt⁴| < 0.06°/day⁴ over at most 2.6 days, at 9.5°/day or
 * more); candidates estimated earlier than the best exact time by more than this are skipped.
 */
const ESTIMATE_MARGIN = 0.02;

interface Stay {
  sign: number;
  entered: number;
  exit: number;
  cache: PositionCache;
}

/**
 * lon(Moon) - lon(X) at t, unwrapped to lie within 180° of `center` (without a center: in [0, 360)).
 * During one stay it increases by less than 60°, so a center 30° above its value at the start of the
 * stay unwraps every instant of the stay without ambiguity.
 */
function elongation(cache: PositionCache, body: PlanetId, t: number, center?: number): { u: number; rate: number } {
  const m = cache.get('moon', t),
    p = cache.get(body, t);
  const raw = m.lon - p.lon;
  return { u: center === undefined ? normalizeDegrees(raw) : center + wrap180(raw - center), rate: m.speedLon - p.speedLon };
}

/** The next stay after a stay ending at `entered` (the Moon at the boundary of `sign`). */
function stayFrom(sign: number, entered: number, cache: PositionCache): Stay {
  const exit = moonReaches(cache, ((sign + 1) % 12) * 30, entered, entered + MAX_STAY);
  return { sign, entered, exit, cache };
}

/** The stay containing jd. */
function stayAt(jd: number, zodiac: ZodiacSetting): Stay {
  const cache = new PositionCache(zodiac);
  const sign = signIndexOf(cache.get('moon', jd).lon);
  const entered = moonReaches(cache, sign * 30, jd - MAX_STAY, jd);
  return stayFrom(sign, entered, cache);
}

/** The void-of-course period of one stay. */
function periodOf(stay: Stay): VoidOfCoursePeriod {
  const { entered, exit, cache } = stay;
  let count = 0;
  // For each body, the last aspect target crossed during [entered, exit): phase values in [u0, u1).
  const candidates: { body: PlanetId; target: number; phase: number; u0: number; u1: number; estimate: number }[] = [];
  for (const body of PLANETS) {
    const start = elongation(cache, body, entered);
    const u0 = start.u;
    const end = elongation(cache, body, exit, u0 + 30);
    const u1 = end.u;
    let last: number | undefined;
    for (const phase of MAJOR_PHASE_ANGLES) {
      for (let T = phase; T < u1; T += 360) {
        if (T >= u0) {
          count++;
          if (last === undefined || T > last) last = T;
        }
      }
    }
    if (last === undefined) continue;
    // Cubic Hermite estimate of the crossing time, only to decide the order of refinement.
    const h = exit - entered;
    let lo = 0,
      hi = 1;
    for (let i = 0; i < 40; i++) {
      const s = 0.5 * (lo + hi),
        s2 = s * s,
        s3 = s2 * s;
      const value = (2 * s3 - 3 * s2 + 1) * u0 + (s3 - 2 * s2 + s) * h * start.rate + (-2 * s3 + 3 * s2) * u1 + (s3 - s2) * h * end.rate;
      if (value < last) lo = s;
      else hi = s;
    }
    candidates.push({ body, target: last, phase: normalizeDegrees(last), u0, u1, estimate: entered + 0.5 * (lo + hi) * h });
  }
  const base = { end: exit, moon_sign: signIdOf(stay.sign), next_sign: signIdOf(stay.sign + 1), sign_entered: entered, aspects_in_sign: count };
  if (candidates.length === 0) return { start: entered, ...base, last_aspect: null };

  candidates.sort((x, y) => y.estimate - x.estimate);
  let best: { body: PlanetId; phase: number; t: number } | undefined;
  for (const c of candidates) {
    if (best) {
      // Clearly earlier by the estimate: not the last one.
      if (c.estimate < best.t - ESTIMATE_MARGIN) continue;
      // Otherwise exactly: is its elongation still short of the target at the best time so far?
      if (elongation(cache, c.body, best.t, c.u0 + 30).u >= c.target) continue;
    }
    const g = (t: number) => {
      const e = elongation(cache, c.body, t, c.u0 + 30);
      return { g: e.u - c.target, dg: e.rate };
    };
    const a = best ? best.t : entered;
    const ga = best ? g(a).g : c.u0 - c.target;
    const t = newtonBracketed(g, a, ga, exit, c.u1 - c.target);
    if (!best || t > best.t) best = { body: c.body, phase: c.phase, t };
  }
  const { aspect, angle } = aspectOfPhase(best!.phase);
  return { start: best!.t, ...base, last_aspect: { body: best!.body, aspect, angle, jdUt: best!.t } };
}

/** Void-of-course periods [start, end) that overlap [jdStart, jdEnd), in order. */
export function voidOfCoursePeriods(jdStart: number, jdEnd: number, options: VoidOfCourseOptions = {}): VoidOfCoursePeriod[] {
  if (!Number.isFinite(jdStart) || !Number.isFinite(jdEnd)) throw new RangeError('voidOfCoursePeriods: the window must be finite');
  const zodiac = options.zodiac ?? TROPICAL;
  const periods: VoidOfCoursePeriod[] = [];
  if (!(jdEnd > jdStart)) return periods;
  let stay = stayAt(jdStart, zodiac);
  while (stay.entered < jdEnd) {
    const period = periodOf(stay);
    if (period.start >= jdEnd) break;
    if (period.end > jdStart) periods.push(period);
    // A fresh cache per stay keeps memory flat over long ranges; the exit positions carry over.
    const next = new PositionCache(zodiac);
    next.adopt(stay.cache, stay.exit);
    stay = stayFrom((stay.sign + 1) % 12, stay.exit, next);
  }
  return periods;
}

/** The void-of-course period containing jd, or null when the Moon is not void then. */
export function voidPeriodAt(jd: number, options: VoidOfCourseOptions = {}): VoidOfCoursePeriod | null {
  const period = periodOf(stayAt(jd, options.zodiac ?? TROPICAL));
  return period.start <= jd && jd < period.end ? period : null;
}

/**
 * Whether the Moon is void of course at jd: it makes no further exact aspect before leaving its sign.
 * Cheaper than `voidPeriodAt`: no aspect time is root-found.
 */
export function isVoidAt(jd: number, options: VoidOfCourseOptions = {}): boolean {
  const cache = new PositionCache(options.zodiac ?? TROPICAL);
  const sign = signIndexOf(cache.get('moon', jd).lon);
  const exit = moonReaches(cache, ((sign + 1) % 12) * 30, jd, jd + MAX_STAY);
  for (const body of PLANETS) {
    const u0 = elongation(cache, body, jd).u;
    const u1 = elongation(cache, body, exit, u0 + 30).u;
    // An aspect at a time in (jd, exit): a target in (u0, u1).
    for (const phase of MAJOR_PHASE_ANGLES) {
      for (let T = phase; T < u1; T += 360) if (T > u0) return false;
    }
  }
  return true;
}
