/**
 * Exact instants of a moving longitude: when it crosses given degrees (an aspect's exact angle, a
 * sign's or a house's cusp, a lunation phase) and when its motion stops (a station). Pure search
 * on a function of time: the caller gives the longitude and its speed (the ephemeris's, or a
 * difference of two), sampled at most `step` apart.
 *
 * The search first finds the zeros of the speed (stations) between samples, so that the longitude
 * is monotonic between consecutive breakpoints; a degree is crossed at most once per such piece
 * (a piece moves less than 180° for the steps used), and each crossing is bracketed and solved by
 * Brent's method to 1e-9 day of the track's time. Two stations closer than one step (a motion
 * that turns back and forth inside a step) are not resolved: the steps are chosen well below the
 * shortest retrograde period of the tracks searched.
 */
import { brent, newtonBracketed, wrap180 } from './events/root-finding.ts';

export interface Track {
  /** Longitude (degrees) and its speed (degrees per day of the track's time) at time t. */
  at(t: number): { lon: number; speed: number };
  /** Longest time between samples. */
  step: number;
}

export interface Crossing {
  t: number;
  /** Which of the degrees asked for (its index). */
  target: number;
  /** +1 when the longitude crosses it increasing, −1 decreasing. */
  direction: 1 | -1;
}

interface Piece {
  t0: number;
  lon0: number;
  t1: number;
  lon1: number;
  /** The speeds at the ends (0 at a station), for an interpolated first guess. */
  speed0?: number;
  speed1?: number;
}

/** Samples of a track from a to b (a < b): the ends and every `step` between. */
function samples(track: Track, a: number, b: number): { t: number[]; lon: number[]; speed: number[] } {
  const n = Math.max(1, Math.ceil((b - a) / track.step));
  const t: number[] = [],
    lon: number[] = [],
    speed: number[] = [];
  for (let i = 0; i <= n; i++) {
    const ti = i === n ? b : a + ((b - a) * i) / n;
    const s = track.at(ti);
    t.push(ti);
    lon.push(s.lon);
    speed.push(s.speed);
  }
  return { t, lon, speed };
}

/** The stations (zeros of the speed) of a track in [a, b], with the pieces of monotonic motion between them. */
export function monotonicPieces(track: Track, a: number, b: number): { stations: number[]; pieces: Piece[] } {
  const s = samples(track, a, b);
  const stations: number[] = [];
  const pieces: Piece[] = [];
  let t0 = s.t[0]!,
    lon0 = s.lon[0]!,
    speed0 = s.speed[0]!;
  for (let i = 1; i < s.t.length; i++) {
    const sa = s.speed[i - 1]!,
      sb = s.speed[i]!;
    if (sa < 0 !== sb < 0 && sb !== 0) {
      const ts = brent((t) => track.at(t).speed, s.t[i - 1]!, s.t[i]!, sa, sb);
      if (ts > t0 && ts < s.t[i]!) {
        const lonS = track.at(ts).lon;
        stations.push(ts);
        pieces.push({ t0, lon0, t1: ts, lon1: lonS, speed0, speed1: 0 });
        t0 = ts;
        lon0 = lonS;
        speed0 = 0;
      }
    }
    pieces.push({ t0, lon0, t1: s.t[i]!, lon1: s.lon[i]!, speed0, speed1: sb });
    t0 = s.t[i]!;
    lon0 = s.lon[i]!;
    speed0 = sb;
  }
  return { stations, pieces };
}

/**
 * How a crossing is solved on its piece: Brent's method on the longitude alone, or Newton's on
 * the longitude and its speed (newtonBracketed: the same bracket, to a quarter of the tolerance,
 * in three or four positions instead of ten or so; for tracks whose speed is the ephemeris's own).
 */
export type CrossingSolver = 'brent' | 'newton';

/**
 * Every crossing of the degrees `targets` by the track in [a, b], in time order. A crossing at a
 * end of the range counts when the track arrives there from the other side within the range
 * (a value exactly on the degree counts as past it).
 */
export function crossings(
  track: Track,
  targets: readonly number[],
  a: number,
  b: number,
  pieces = monotonicPieces(track, a, b).pieces,
  solver: CrossingSolver = 'brent',
  tolerance?: number,
): Crossing[] {
  const found: Crossing[] = [];
  for (const p of pieces) {
    for (let k = 0; k < targets.length; k++) {
      const target = targets[k]!;
      const g0 = wrap180(p.lon0 - target),
        g1 = wrap180(p.lon1 - target);
      if (g0 < 0 === g1 < 0 || Math.abs(g1 - g0) >= 180) continue; // no crossing, or the far side's wrap
      const t =
        solver === 'newton'
          ? newtonBracketed(
              (x) => {
                const s = track.at(x);
                return { g: wrap180(s.lon - target), dg: s.speed };
              },
              p.t0,
              g0,
              p.t1,
              g1,
              tolerance,
              hermiteRoot(p, g0, g1),
            )
          : brent((x) => wrap180(track.at(x).lon - target), p.t0, p.t1, g0, g1);
      found.push({ t, target: k, direction: g1 > g0 ? 1 : -1 });
    }
  }
  found.sort((x, y) => x.t - y.t);
  return found;
}

/**
 * Where the cubic Hermite interpolant of a piece (its ends' values g0, g1 and speeds) crosses 0:
 * a first guess for Newton's method within a small fraction of a step of the root, found on the
 * polynomial alone (bracketed Newton in the piece's unit interval). Undefined without the speeds.
 */
export function hermiteRoot(p: Piece, g0: number, g1: number): number | undefined {
  if (p.speed0 === undefined || p.speed1 === undefined) return undefined;
  const h = p.t1 - p.t0;
  const m0 = p.speed0 * h,
    m1 = p.speed1 * h;
  const value = (u: number) => (2 * u ** 3 - 3 * u ** 2 + 1) * g0 + (u ** 3 - 2 * u ** 2 + u) * m0 + (-2 * u ** 3 + 3 * u ** 2) * g1 + (u ** 3 - u ** 2) * m1;
  const slope = (u: number) => (6 * u ** 2 - 6 * u) * g0 + (3 * u ** 2 - 4 * u + 1) * m0 + (-6 * u ** 2 + 6 * u) * g1 + (3 * u ** 2 - 2 * u) * m1;
  let lo = 0,
    hi = 1;
  const rising = g1 > g0;
  let u = g0 / (g0 - g1);
  for (let i = 0; i < 30; i++) {
    const v = value(u);
    if (v < 0 === rising) lo = u;
    else hi = u;
    const d = slope(u);
    let next = d !== 0 ? u - v / d : (lo + hi) / 2;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - u) < 1e-12) return p.t0 + next * h;
    u = next;
  }
  return p.t0 + u * h;
}

/** A track of the difference of two tracks' longitudes (an aspect between two moving points). */
export function differenceTrack(a: Track, b: Track): Track {
  return {
    step: Math.min(a.step, b.step),
    at(t) {
      const pa = a.at(t),
        pb = b.at(t);
      return { lon: pa.lon - pb.lon, speed: pa.speed - pb.speed };
    },
  };
}
