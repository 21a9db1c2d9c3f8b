/**
 * Finding every crossing of a set of target angles by a continuous angular function of time, and
 * every turning point (zero of its rate) on the way.
 *
 * The function is sampled on a grid and unwrapped along it. Each grid interval is made monotonic
 * before any crossing is looked for:
 *  - where the rate changes sign, its zero is root-found first (Brent) and the interval is split
 *    there (a turning point: a station, or a reversal of a relative motion);
 *  - where the rate keeps its sign but is too small to rule out a hidden pair of zeros (a rate with
 *    |rate''| <= J deviates from its chord by at most J h^2 / 8 over an interval of length h), the
 *    interval is halved until the bound proves it monotonic, so double roots are not missed.
 * Each target value lying between the ends of a monotonic piece is then refined with a bracketed
 * Newton iteration on the analytic speed.
 */
import { brent, newtonBracketed, wrap180 } from './root-finding.ts';

export interface SignalValue {
  /** Angle in degrees (any range: it is unwrapped). */
  v: number;
  /** Its rate of change in degrees/day. */
  r: number;
}

export interface Signal {
  at(t: number): SignalValue;
  /** An upper bound of |d²rate/dt²| (degrees/day³) used to certify that a piece is monotonic. */
  jerk: number;
}

export interface ScanSpec {
  /** Target angles in [0, 360): a crossing is reported each time the unwrapped function passes one. */
  targets: readonly number[];
  /**
   * `target` is in [0, 360); `rising` tells the direction of the pass. (Callers write the handlers
   * as methods, `onCrossing(t, target) {…}`: the loader names an arrow given as a property each
   * time it is made, a method never.)
   */
  onCrossing?: (t: number, target: number, rising: boolean) => void;
  /** A zero of the rate; `toNegative` when the rate goes from + to -. */
  onTurn?: (t: number, toNegative: boolean) => void;
}

interface Node {
  t: number;
  v: number;
  r: number;
  /** The unwrapped value. */
  u: number;
}

/**
 * Intervals are not halved below this (15 min): a reversal that could still hide inside would move the
 * function by less than J h^3 / 8, about 1e-8 degree for the fastest pair (Mercury).
 */
const MIN_SUBDIVISION = 1 / 96;

/** Grid from t0 to t1 inclusive with the given step (the last step may be shorter). */
export function makeGrid(t0: number, t1: number, step: number): number[] {
  const n = Math.max(1, Math.ceil((t1 - t0) / step - 1e-9));
  const grid: number[] = [];
  for (let i = 0; i < n; i++) grid.push(t0 + i * step);
  grid.push(t1);
  return grid;
}

/*
 * The scan's steps are module functions with the signal and spec passed along, not closures made
 * per scan: the TypeScript loader names every named closure when it is created (a runtime call of
 * about 0.4 µs; DESIGN.md), and a day of sky events runs some sixty scans.
 */
function nodeAt(signal: Signal, t: number, ref: Node | undefined): Node {
  const { v, r } = signal.at(t);
  return { t, v, r, u: ref ? ref.u + wrap180(v - ref.v) : v };
}

function crossings(signal: Signal, spec: ScanSpec, a: Node, b: Node): void {
  if (spec.targets.length === 0 || !spec.onCrossing) return;
  const lo = Math.min(a.u, b.u),
    hi = Math.max(a.u, b.u);
  if (hi - lo >= 180) throw new RangeError('event scan: the grid step is too coarse for this function');
  for (const target of spec.targets) {
    // The first value target + 360k above lo; a crossing when it is <= hi (half-open (lo, hi]:
    // a value reached exactly at a node belongs to the interval that ends there).
    let T = target + 360 * Math.floor((lo - target) / 360);
    while (T <= lo) T += 360;
    if (T > hi) continue;
    const t = newtonBracketed(
      (x) => {
        const s = signal.at(x);
        return { g: wrap180(s.v - T), dg: s.r };
      },
      a.t,
      a.u - T,
      b.t,
      b.u - T,
    );
    spec.onCrossing(t, target, b.u > a.u);
  }
}

function interval(signal: Signal, spec: ScanSpec, a: Node, b: Node): void {
  const posA = a.r >= 0,
    posB = b.r >= 0;
  if (posA !== posB) {
    const tc = brent((x) => signal.at(x).r, a.t, b.t, a.r, b.r);
    const c = nodeAt(signal, tc, a);
    spec.onTurn?.(tc, posA);
    crossings(signal, spec, a, c);
    crossings(signal, spec, c, b);
    return;
  }
  const h = b.t - a.t;
  if (h > MIN_SUBDIVISION && Math.min(Math.abs(a.r), Math.abs(b.r)) <= (signal.jerk * h * h) / 8) {
    const m = nodeAt(signal, a.t + h / 2, a);
    interval(signal, spec, a, m);
    interval(signal, spec, m, b);
    return;
  }
  crossings(signal, spec, a, b);
}

export function scanSignal(signal: Signal, grid: readonly number[], spec: ScanSpec): void {
  let prev = nodeAt(signal, grid[0]!, undefined);
  for (let i = 1; i < grid.length; i++) {
    const cur = nodeAt(signal, grid[i]!, prev);
    interval(signal, spec, prev, cur);
    prev = cur;
  }
}
