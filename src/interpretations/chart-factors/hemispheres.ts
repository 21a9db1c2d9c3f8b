/**
 * Hemisphere emphasis of a timed chart: how the planets' weight (the balance weights, angles
 * left out) divides between the eastern half (the Ascendant's side, from the Midheaven through
 * the Ascendant to the IC) and the western half, and between the southern half above the horizon
 * and the northern half below it. Measured from the angles themselves, so every house system
 * gives the same answer. A half is emphasised when it holds at least 65 % of the weight.
 */
import { normalizeDegrees } from '../../astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../keys.ts';
import { BALANCE_WEIGHTS } from './balance.ts';
import type { PlacedPoint } from './positions.ts';

export type Hemisphere = 'east' | 'west' | 'north' | 'south';

export const HEMISPHERE_EMPHASIS = 0.65;

export interface HemisphereBalance {
  shares: Record<Hemisphere, number>;
  emphasized: Hemisphere[];
}

export function computeHemispheres(points: ReadonlyMap<string, PlacedPoint>): HemisphereBalance | undefined {
  const asc = points.get('asc');
  const mc = points.get('mc');
  if (!asc || !mc) return undefined;
  const weight = { east: 0, west: 0, north: 0, south: 0 };
  let total = 0;
  for (const id of TEN_PLANET_IDS) {
    const p = points.get(id);
    if (!p) continue;
    const w = BALANCE_WEIGHTS[id]!;
    total += w;
    weight[normalizeDegrees(p.lon - mc.lon) < 180 ? 'east' : 'west'] += w;
    weight[normalizeDegrees(p.lon - asc.lon) < 180 ? 'north' : 'south'] += w;
  }
  const shares = {
    east: weight.east / total,
    west: weight.west / total,
    north: weight.north / total,
    south: weight.south / total,
  };
  const emphasized = (['east', 'west', 'north', 'south'] as const).filter((h) => shares[h] >= HEMISPHERE_EMPHASIS);
  return { shares, emphasized };
}
