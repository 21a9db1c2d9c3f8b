/**
 * Aspects in declination: two points at the same distance from the celestial equator on the same
 * side (parallel) or on opposite sides (contra-parallel), within an orb. Astrologers read a
 * parallel like a conjunction and a contra-parallel like an opposition. Pairs fixed by definition
 * (the two nodes, the ends of an axis) are left out, as in the ecliptic aspects.
 */
import { axisGroup } from './aspects.ts';

export const DEFAULT_DECLINATION_ORB = 1;

export type DeclinationAspectType = 'parallel' | 'contra_parallel';

export interface DeclinationAspect {
  p1: string;
  p2: string;
  type: DeclinationAspectType;
  /** How far from exact, in degrees of declination. */
  orb: number;
  p1_declination: number;
  p2_declination: number;
}

/** The parallels and contra-parallels among the points, closest first (each pair once, in the points' order). */
export function findDeclinationAspects(points: readonly { id: string; declination: number }[], orb = DEFAULT_DECLINATION_ORB): DeclinationAspect[] {
  const found: DeclinationAspect[] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const group = axisGroup(a.id);
    for (let j = i + 1; j < points.length; j++) {
      const b = points[j]!;
      if (group !== 0 && group === axisGroup(b.id)) continue;
      if (!Number.isFinite(a.declination) || !Number.isFinite(b.declination)) continue;
      const parallel = Math.abs(a.declination - b.declination);
      const contra = Math.abs(a.declination + b.declination);
      // Both near the equator, a pair is within orb of both: the closer one is named.
      const [type, distance] = parallel <= contra ? (['parallel', parallel] as const) : (['contra_parallel', contra] as const);
      if (distance <= orb) found.push({ p1: a.id, p2: b.id, type, orb: distance, p1_declination: a.declination, p2_declination: b.declination });
    }
  }
  return found.sort((x, y) => x.orb - y.orb);
}
