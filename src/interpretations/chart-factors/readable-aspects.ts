/**
 * The chart's major aspects that the interpretation block can read: between any two aspect points
 * (the ten planets, the angles, Chiron, the node, Lilith, and their variants), where the report's
 * `keyedAspects` keeps to the ten planets and the angles. Each with its points in key order, as
 * the chart names them, and the points whose entries read them.
 */
import type { NatalChartInput } from '../chart-input.ts';
import { aspectFamily, keys, readablePair, readAs, type AspectFamily, type MajorAspectType } from '../keys.ts';

export interface ReadableAspect {
  /** The chart's points in key order (`true_node` stays `true_node`). */
  p1: string;
  p2: string;
  /** The points whose entries read them (`true_node` is read as `north_node`). */
  entry1: string;
  entry2: string;
  type: MajorAspectType;
  family: AspectFamily;
  orb: number;
  /** The item's key: the chart's points and the real type. */
  key: string;
}

export function readableAspects(chart: NatalChartInput): ReadableAspect[] {
  const seen = new Set<string>();
  const result: ReadableAspect[] = [];
  for (const a of chart.aspects) {
    const family = aspectFamily(a.type);
    const pair = family && readablePair(a.p1, a.p2);
    if (!family || !pair) continue;
    const key = keys.aspect(pair[0], a.type, pair[1]);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ p1: pair[0], p2: pair[1], entry1: readAs(pair[0]), entry2: readAs(pair[1]), type: a.type as MajorAspectType, family, orb: a.orb, key });
  }
  // Tightest first; ties in key order, so the list never depends on the input's order.
  return result.sort((x, y) => x.orb - y.orb || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
