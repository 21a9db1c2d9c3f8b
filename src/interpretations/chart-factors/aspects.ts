/** The chart's major aspects between points that have entries, in key order and with their family. */
import type { NatalChartInput } from '../chart-input.ts';
import { aspectFamily, aspectPair, CANONICAL_POINTS, type AspectFamily, type AspectPoint, type CanonicalPoint, type MajorAspectType } from '../keys.ts';

export interface KeyedAspect {
  p1: CanonicalPoint;
  p2: CanonicalPoint;
  type: MajorAspectType;
  family: AspectFamily;
  orb: number;
  applying: boolean;
}

/** An aspect between any two points with aspect entries: the canonical ones, or a node, Chiron or Lilith. */
export interface PointPairAspect extends Omit<KeyedAspect, 'p1' | 'p2'> {
  p1: AspectPoint;
  p2: AspectPoint;
}

const POINT_INDEX = new Map<string, number>(CANONICAL_POINTS.map((id, i) => [id, i]));

/** A number per pair, in key order: first point, then second. */
const pairRank = (a: { p1: string; p2: string }) => POINT_INDEX.get(a.p1)! * 16 + POINT_INDEX.get(a.p2)!;

export function keyedAspects(chart: NatalChartInput): KeyedAspect[] {
  const seen = new Set<number>();
  const result: (KeyedAspect & { rank: number })[] = [];
  for (const a of chart.aspects) {
    const family = aspectFamily(a.type);
    const pair = aspectPair(a.p1, a.p2);
    if (!family || !pair) continue;
    const rank = pairRank({ p1: pair[0], p2: pair[1] });
    if (seen.has(rank)) continue;
    seen.add(rank);
    result.push({ p1: pair[0], p2: pair[1], type: a.type as MajorAspectType, family, orb: a.orb, applying: a.is_applying ?? false, rank });
  }
  // Tightest first; ties in key order, so the list never depends on the input's order.
  result.sort((x, y) => x.orb - y.orb || x.rank - y.rank);
  return result.map(({ rank: _rank, ...aspect }) => aspect);
}
