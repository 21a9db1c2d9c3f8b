/**
 * The dominant planet: the one of the ten planets with the highest score, where a planet scores
 *   +5 when it rules the Ascendant's sign (the chart ruler),
 *   +4 within 10° of the Ascendant or the Midheaven, +3 within 10° of the Descendant or the IC,
 *      else +2 in an angular house (1st, 4th, 7th, 10th) (timed charts only),
 *   +3 in its own sign, +2 in its sign of exaltation,
 *   +2 for each other luminary standing in a sign it rules (the Sun's or the Moon's dispositor),
 *   +2 as one of the luminaries themselves,
 *   +1 for each major aspect within 6° to another point with entries, +1 more when within 2°,
 *   +2 when it is stationary (turning direction near the birth).
 * Ties go to the planet strongest by its placement (the points above for its own sign or exaltation and for an angle), then
 * to the one with the closest aspect (within 6°), then to the one that comes first from the Sun outwards: a reader met the
 * Sun in its detriment in the 8th named dominant over Mars in its own sign in the 10th, five planets tied, by the order alone.
 */
import { bodyInfo } from '../../astro/bodies.ts';
import { dignitiesOf } from '../../astro/dignities.ts';
import { signedSeparation } from '../../astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../keys.ts';
import type { KeyedAspect } from './aspects.ts';
import type { PlacedPoint } from './positions.ts';
import { MODERN_RULER } from './rulers.ts';

export interface DominantPlanet {
  planet: string;
  scores: Record<string, number>;
  /** When another planet shares its score: the tie-break that set it ahead of the strongest of them. */
  decidedBy?: TieBreak | undefined;
}

/** The tie-breaks, in the order they are tried. */
export const TIE_BREAKS = ['placement', 'aspect', 'order'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

const near = (a: number, b: number, orb: number) => Math.abs(signedSeparation(a, b)) <= orb;

export function dominantPlanet(points: ReadonlyMap<string, PlacedPoint>, aspects: readonly KeyedAspect[], chartRuler: string | undefined): DominantPlanet {
  const scores: Record<string, number> = {};
  /** The tie-breaks: the placement's points (dignity and angle), and the closest aspect's orb. */
  const placement: Record<string, number> = {};
  const closest: Record<string, number> = {};
  const asc = points.get('asc');
  const mc = points.get('mc');
  for (const id of TEN_PLANET_IDS) {
    const p = points.get(id);
    if (!p) continue;
    let score = 0;
    if (id === chartRuler) score += 5;
    let placed = 0;
    if (asc && mc) {
      if (near(p.lon, asc.lon, 10) || near(p.lon, mc.lon, 10)) placed += 4;
      else if (near(p.lon, asc.lon + 180, 10) || near(p.lon, mc.lon + 180, 10)) placed += 3;
      else if (p.house !== undefined && [1, 4, 7, 10].includes(p.house)) placed += 2;
    }
    const dignities = dignitiesOf(id, p.lon);
    if (dignities.includes('domicile')) placed += 3;
    else if (dignities.includes('exaltation')) placed += 2;
    score += placed;
    placement[id] = placed;
    closest[id] = Infinity;
    if (id === 'sun' || id === 'moon') score += 2;
    for (const luminary of ['sun', 'moon']) {
      const sign = points.get(luminary)?.sign;
      if (luminary !== id && sign !== undefined && MODERN_RULER[sign] === id) score += 2;
    }
    for (const a of aspects) {
      if (a.p1 !== id && a.p2 !== id) continue;
      if (a.orb <= 6) {
        score += 1;
        closest[id] = Math.min(closest[id], a.orb);
      }
      if (a.orb <= 2) score += 1;
    }
    const stationaryBelow = bodyInfo(id).stationaryBelow;
    if (stationaryBelow !== undefined && Math.abs(p.speed) < stationaryBelow) score += 2;
    scores[id] = score;
  }
  // Ahead: the higher score, then the stronger placement, then the closer aspect; an equal one keeps the earlier planet.
  const byAspect = (id: string, other: string) => (closest[other]! > closest[id]! ? 1 : closest[other]! < closest[id]! ? -1 : 0);
  const ahead = (id: string, best: string) => scores[id]! - scores[best]! || placement[id]! - placement[best]! || byAspect(id, best);
  const planet = TEN_PLANET_IDS.filter((id) => scores[id] !== undefined).reduce((best, id) => (ahead(id, best) > 0 ? id : best));
  // The tie-break that beat the last of the tied: the latest one any of them needed.
  const needed = Object.keys(scores)
    .filter((id) => id !== planet && scores[id] === scores[planet])
    .map((id) => (placement[planet]! !== placement[id]! ? 0 : byAspect(planet, id) !== 0 ? 1 : 2));
  return { planet, scores, ...(needed.length ? { decidedBy: TIE_BREAKS[Math.max(...needed)] } : {}) };
}
