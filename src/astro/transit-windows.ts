/**
 * The activation window of a transit to a fixed point: when the moving body comes within orb of
 * the aspect (orb entry), when it is exact, and when it leaves the orb (orb exit), around a
 * reference instant at which it is in orb. Found on the ephemeris's own positions: a scan in
 * steps no longer than the body can cross the orb in, then Brent's method on the bracket
 * (src/astro/events/root-finding.ts) to about 0.1 s.
 *
 * The branch of the aspect (target + angle or target − angle) is the one nearer at the reference
 * instant; a retrograde loop inside the orb gives up to three exact hits, all counted, the one
 * nearest the reference reported. Each side of the search is bounded (MAX_SEARCH_DAYS): a
 * boundary beyond it is reported as not found (null), never searched for longer.
 */
import { brent, wrap180 } from './events/root-finding.ts';

export interface TransitWindow {
  /** Julian days UT; undefined beyond the search bound. */
  entry: number | undefined;
  exit: number | undefined;
  /** Every exact hit inside the found window (or the searched span), in time order. */
  exacts: number[];
}

/** Scan step (days) and search bound (days each side) by body: fast bodies finely, slow ones far. */
export const SCAN: Record<string, { step: number; bound: number }> = {
  moon: { step: 0.05, bound: 3 },
  sun: { step: 0.5, bound: 30 },
  mercury: { step: 0.25, bound: 120 },
  venus: { step: 0.25, bound: 200 },
  mars: { step: 0.5, bound: 300 },
  jupiter: { step: 2, bound: 500 },
  saturn: { step: 2, bound: 700 },
  uranus: { step: 4, bound: 1000 },
  neptune: { step: 4, bound: 1200 },
  pluto: { step: 4, bound: 1400 },
};

const SECOND = 1 / 86400;

/**
 * How a search steps: `step` days at most between two readings, `bound` days at most each side of
 * the reference instant. With an `origin`, the readings fall on origin + k·step (and the search's
 * ends) rather than on steps counted from each search's own instant: the searches of one body for
 * many points and aspects then read the same instants, which a caller that remembers the body's
 * places computes once (the report's year ahead).
 */
export interface Scan {
  step: number;
  bound: number;
  origin?: number;
}

/** The instants one side of a search reads after `jd0`, going `dir`, up to the bound (its last). */
function* stepsBeyond(jd0: number, dir: 1 | -1, scan: Scan): Generator<number> {
  if (scan.origin === undefined) {
    for (let travelled = 0; travelled < scan.bound; travelled += scan.step) yield jd0 + dir * Math.min(scan.bound, travelled + scan.step);
    return;
  }
  const limit = jd0 + dir * scan.bound;
  // The grid's first instant beyond jd0 that way (a rounding that lands on jd0 itself is skipped below).
  const at = (jd0 - scan.origin) / scan.step;
  for (let k = dir > 0 ? Math.floor(at) + 1 : Math.ceil(at) - 1; ; k += dir) {
    const t = scan.origin + k * scan.step;
    if (dir > 0 ? t <= jd0 : t >= jd0) continue;
    if (dir > 0 ? t >= limit : t <= limit) break;
    yield t;
  }
  yield limit;
}

/** The instants after `from` up to `to` (the last), at most a step apart. */
function* stepsBetween(from: number, to: number, scan: Scan): Generator<number> {
  if (scan.origin === undefined) {
    const steps = Math.max(1, Math.ceil((to - from) / scan.step));
    const h = (to - from) / steps;
    for (let i = 1; i <= steps; i++) yield i === steps ? to : from + i * h;
    return;
  }
  for (let k = Math.floor((from - scan.origin) / scan.step) + 1; ; k++) {
    const t = scan.origin + k * scan.step;
    if (t <= from) continue;
    if (t >= to) break;
    yield t;
  }
  yield to;
}

/**
 * `lonAt(jd)`: the body's longitude; `target`: the natal point; `angle`: the aspect's angle (0 to
 * 180); `orb`: degrees; `jd0`: the reference instant. Undefined when the body is not within orb
 * at jd0.
 */
export function transitWindow(lonAt: (jd: number) => number, target: number, angle: number, orb: number, jd0: number, scan: Scan): TransitWindow | undefined {
  const l0 = lonAt(jd0);
  const plus = wrap180(l0 - (target + angle));
  const minus = wrap180(l0 - (target - angle));
  const aim = Math.abs(plus) <= Math.abs(minus) ? target + angle : target - angle;
  const g = (jd: number) => wrap180(lonAt(jd) - aim);
  const outside = (jd: number) => Math.abs(g(jd)) - orb; // > 0 out of orb
  if (outside(jd0) > 0) return undefined;

  const side = (dir: 1 | -1): number | undefined => {
    let t = jd0;
    let f = outside(t);
    for (const next of stepsBeyond(jd0, dir, scan)) {
      const fn = outside(next);
      if (fn > 0) return brent(outside, Math.min(t, next), Math.max(t, next), dir > 0 ? f : fn, dir > 0 ? fn : f, SECOND / 10);
      t = next;
      f = fn;
    }
    return undefined;
  };
  const entry = side(-1);
  const exit = side(1);

  // Exact hits: sign changes of g inside the window (or the searched span).
  const from = entry ?? jd0 - scan.bound;
  const to = exit ?? jd0 + scan.bound;
  const exacts: number[] = [];
  let t = from;
  let gt = g(t);
  for (const next of stepsBetween(from, to, scan)) {
    const gn = g(next);
    if (gt === 0) exacts.push(t);
    else if (gt < 0 !== gn < 0 && Math.abs(gt - gn) < 90) exacts.push(brent(g, t, next, gt, gn, SECOND / 10));
    t = next;
    gt = gn;
  }
  if (gt === 0) exacts.push(t);
  return { entry, exit, exacts };
}
