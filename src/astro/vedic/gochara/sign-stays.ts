/**
 * A graha's stays in the sidereal signs over a range: every continuous interval it spends in one
 * sign, from the instant it enters to the instant it leaves, retrograde re-entries included (a
 * graha that turns back over a sign's edge makes a new stay in the sign it returns to).
 *
 * The instants are crossings of the multiples of 30° by the graha's sidereal longitude, found by
 * the project's transit finder (transit-hits.ts TrackSpan: the track cut at its stations into
 * monotonic pieces, each crossing solved by Newton's method on the ephemeris's speed to about
 * 2 s). Rahu is the mean or true lunar node; Ketu's crossings are Rahu's, half a circle on.
 */
import type { AyanamsaName } from '../../ayanamsas.ts';
import { FILES_END_JD, FILES_START_JD } from '../../ephemeris.ts';
import { TrackSpan, transitTrack } from '../../transit-hits.ts';
import { normalizeDegrees, signIndexOf } from '../../zodiac.ts';
import type { GrahaId } from '../grahas.ts';
import type { NodeType } from '../sidereal-chart.ts';

export interface SignStay {
  graha: GrahaId;
  /** 0 (Aries) to 11. */
  signIndex: number;
  /** When it entered the sign (JD UT); undefined only beyond the ephemeris files. */
  start: number | undefined;
  /** When it leaves it; undefined likewise. */
  end: number | undefined;
  /** True when it entered moving backwards (a retrograde re-entry, or the nodes' usual motion). */
  enteredRetrograde: boolean;
  /** True when it leaves moving backwards. */
  leavesRetrograde: boolean;
}

const SIGN_EDGES = Array.from({ length: 12 }, (_, i) => i * 30);

/**
 * How far (days) the ingress before a range and the egress after it are looked for: longer than
 * the graha's longest stay in a sign, retrograde loops included (Mercury's about 140 days, Venus's
 * 150, Mars's 240, Jupiter's 400, Saturn's about 1,100; the mean node's 570).
 */
const REACH_DAYS: Readonly<Record<GrahaId, number>> = {
  sun: 35,
  moon: 4,
  mercury: 180,
  venus: 200,
  mars: 300,
  jupiter: 500,
  saturn: 1300,
  rahu: 800,
  ketu: 800,
};

/** The ephemeris body of a graha's track. */
function bodyOf(graha: GrahaId, nodeType: NodeType): string {
  if (graha === 'rahu' || graha === 'ketu') return nodeType === 'true' ? 'true_node' : 'mean_node';
  return graha;
}

/** The graha's track in the sidereal zodiac of the ayanamsa (Ketu's is Rahu's). */
export function grahaSpan(graha: GrahaId, ayanamsa: AyanamsaName, nodeType: NodeType = 'mean'): TrackSpan {
  return new TrackSpan(transitTrack(bodyOf(graha, nodeType), { type: 'sidereal', ayanamsa }));
}

/** The sidereal longitude of the graha at t on its span (Ketu opposite Rahu). */
export function grahaLongitude(span: TrackSpan, graha: GrahaId, t: number): number {
  return normalizeDegrees(span.lonAt(t) + (graha === 'ketu' ? 180 : 0));
}

/**
 * Every stay of the graha that overlaps [a, b] (JD UT), in time order, each with its real
 * ingress and egress (before a, after b when it runs over).
 */
export function signStays(
  graha: GrahaId,
  a: number,
  b: number,
  ayanamsa: AyanamsaName,
  nodeType: NodeType = 'mean',
  span = grahaSpan(graha, ayanamsa, nodeType),
): SignStay[] {
  const reach = REACH_DAYS[graha];
  const lo = Math.max(FILES_START_JD, a - reach),
    hi = Math.min(FILES_END_JD, b + reach);
  const before = a > lo ? span.nearestCrossing(SIGN_EDGES, a, lo, a, -1) : undefined;
  const after = hi > b ? span.nearestCrossing(SIGN_EDGES, b, b, hi, 1) : undefined;
  const inRange = span
    .crossings(SIGN_EDGES, a, b)
    .map((c) => c.t)
    .filter((t) => (before === undefined || t > before) && (after === undefined || t < after));
  const retrogradeAt = (t: number) => span.track.at(t).speed < 0;
  // Every crossing from the last before the range to the first after it: the stays lie between consecutive ones.
  const edges: (number | undefined)[] = [before, ...inRange, after];
  const stays: SignStay[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const start = edges[i],
      end = edges[i + 1];
    // A point strictly inside the stay: its middle, or next to its one known end, or the range's start.
    const inside =
      start !== undefined && end !== undefined
        ? (start + end) / 2
        : start !== undefined
          ? Math.max(start + 1e-3, a)
          : end !== undefined
            ? Math.min(end - 1e-3, a)
            : a;
    stays.push({
      graha,
      signIndex: signIndexOf(grahaLongitude(span, graha, inside)),
      start,
      end,
      enteredRetrograde: start !== undefined && retrogradeAt(start),
      leavesRetrograde: end !== undefined && retrogradeAt(end),
    });
  }
  return stays;
}
