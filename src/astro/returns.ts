/**
 * Planetary returns: every instant at which a body's apparent geocentric longitude (in the chart's
 * zodiac, as calcBody gives it to the natal chart) equals a target longitude, within a window.
 *
 * The window is sampled at a step shorter than the shortest retrograde or direct run of the body,
 * so that each step holds at most one station. A step whose two speeds differ in sign holds a
 * station: it is found by bisection on the speed and the step is cut there, so every piece is
 * monotonic in longitude and holds at most one crossing of the target. A crossing is a change of
 * sign of the signed separation (lon − target, in (−180, 180]) that is not its jump at the
 * opposite point; it is found by bisection with secant steps (Illinois) to 1e-9 day (0.1 ms).
 * So a body that stations near the target returns up to three times in one pass (direct,
 * retrograde, direct), and each of them is found.
 */
import { bodyInfo } from './bodies.ts';
import { calcBody, type ZodiacSetting } from './ephemeris.ts';
import { signedSeparation } from './zodiac.ts';

/** Bodies that have returns, with the sampling step (days) and the longest wait for a return from any date (days). */
export const RETURN_BODIES = {
  sun: { step: 5, horizon: 367 },
  moon: { step: 0.5, horizon: 29 },
  mercury: { step: 2, horizon: 420 },
  venus: { step: 4, horizon: 640 },
  mars: { step: 5, horizon: 960 },
  jupiter: { step: 15, horizon: 4_700 },
  saturn: { step: 15, horizon: 11_200 },
  uranus: { step: 20, horizon: 31_100 },
  neptune: { step: 20, horizon: 60_700 },
  pluto: { step: 20, horizon: 91_600 },
  chiron: { step: 15, horizon: 19_000 },
} as const satisfies Record<string, { step: number; horizon: number }>;

export type ReturnBody = keyof typeof RETURN_BODIES;
export const RETURN_BODY_IDS = Object.keys(RETURN_BODIES) as ReturnBody[];

export interface ReturnCrossing {
  jdUt: number;
  /** Daily motion in longitude at the crossing: negative when the body returns retrograde. */
  speed: number;
}

const TOLERANCE_DAYS = 1e-9;
const MAX_ITERATIONS = 200;

/** The crossings of `targetLon` by `body` in [jdStart, jdEnd], in time order; at most `limit` (the first ones). */
export function findReturns(body: ReturnBody, targetLon: number, jdStart: number, jdEnd: number, zodiac: ZodiacSetting, limit = Infinity): ReturnCrossing[] {
  const se = bodyInfo(body).se!;
  const step = RETURN_BODIES[body].step;
  const at = (jd: number) => {
    const p = calcBody(jd, se, zodiac);
    return { jd, f: signedSeparation(p.lon, targetLon), speed: p.speedLon };
  };
  const found: ReturnCrossing[] = [];
  const pieces = Math.ceil((jdEnd - jdStart) / step);
  let left = at(jdStart);
  for (let i = 1; i <= pieces && found.length < limit; i++) {
    const right = at(i === pieces ? jdEnd : jdStart + i * step);
    if (left.speed < 0 !== right.speed < 0) {
      const station = stationBetween(left, right, at);
      crossingIn(left, station, at, found);
      if (found.length < limit) crossingIn(station, right, at, found);
    } else {
      crossingIn(left, right, at, found);
    }
    left = right;
  }
  return found.length > limit ? found.slice(0, limit) : found;
}

/** The first return of `body` to `targetLon` at or after `jdStart`, searched over the body's horizon (and not past `jdLimit`). */
export function nextReturn(body: ReturnBody, targetLon: number, jdStart: number, zodiac: ZodiacSetting, jdLimit = Infinity): ReturnCrossing | undefined {
  return findReturns(body, targetLon, jdStart, Math.min(jdStart + RETURN_BODIES[body].horizon, jdLimit), zodiac, 1)[0];
}

interface Sample {
  jd: number;
  f: number;
  speed: number;
}

/** The station (speed 0) between two samples whose speeds differ in sign, by bisection on the speed. */
function stationBetween(a: Sample, b: Sample, at: (jd: number) => Sample): Sample {
  let lo = a;
  let hi = b;
  for (let i = 0; i < MAX_ITERATIONS && hi.jd - lo.jd > TOLERANCE_DAYS; i++) {
    const mid = at((lo.jd + hi.jd) / 2);
    if (mid.speed < 0 === lo.speed < 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The crossing in a piece where the longitude is monotonic, if its ends lie on either side of the target. */
function crossingIn(a: Sample, b: Sample, at: (jd: number) => Sample, found: ReturnCrossing[]): void {
  if (b.jd <= a.jd) return;
  // Half-open: a crossing exactly at a piece's left end belongs to the piece before it.
  const aSide = a.f > 0;
  const bSide = b.f > 0;
  if (aSide === bSide) return;
  if (Math.abs(b.f - a.f) > 180) return; // the jump at the opposite point, not a crossing
  let lo = a.jd;
  let hi = b.jd;
  let fLo = a.f;
  let fHi = b.f;
  let best = Math.abs(a.f) <= Math.abs(b.f) ? a : b;
  let side = 0;
  for (let i = 0; i < MAX_ITERATIONS && hi - lo > TOLERANCE_DAYS; i++) {
    // Illinois: a secant step, the value kept at an end halved when that end is kept twice running;
    // every fourth step a bisection, so that the bracket always shrinks.
    let jd = i % 4 === 3 ? (lo + hi) / 2 : (lo * fHi - hi * fLo) / (fHi - fLo);
    if (!(jd > lo && jd < hi)) jd = (lo + hi) / 2;
    const mid = at(jd);
    if (Math.abs(mid.f) < Math.abs(best.f)) best = mid;
    if (mid.f === 0) break;
    if (mid.f > 0 === fLo > 0) {
      lo = jd;
      fLo = mid.f;
      if (side === -1) fHi /= 2;
      side = -1;
    } else {
      hi = jd;
      fHi = mid.f;
      if (side === 1) fLo /= 2;
      side = 1;
    }
  }
  const root = best;
  found.push({ jdUt: root.jd, speed: root.speed });
}
