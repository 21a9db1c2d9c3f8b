/**
 * Which aspects the report dwells on. An aspect's score is the product of its points' weights,
 * the weight of its type and its closeness:
 *
 *   points   Sun, Moon 3 · Ascendant 2.5 · Midheaven, Mercury, Venus, Mars 2 · Jupiter, Saturn 1.5 ·
 *            Uranus, Neptune, Pluto 1; the chart ruler counts one more
 *   type     conjunction 1.2 · opposition, square 1.1 · trine 1 · sextile 0.8
 *   closeness max(0.15, 1 − orb / 8)
 *
 * The report ranks the twelve highest; aspects wider than 6° are only taken while fewer than ten
 * are chosen. Ties go to the tighter orb, then to key order. An aspect between two of Uranus,
 * Neptune and Pluto is not ranked: everyone born within years of the birth shares it (a
 * Neptune–Pluto sextile of a Pluto-ruled chart took the last place from a Venus–Neptune conjunction).
 */
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';

const POINT_WEIGHT: Record<string, number> = {
  sun: 3,
  moon: 3,
  asc: 2.5,
  mc: 2,
  mercury: 2,
  venus: 2,
  mars: 2,
  jupiter: 1.5,
  saturn: 1.5,
  uranus: 1,
  neptune: 1,
  pluto: 1,
};
const TYPE_WEIGHT: Record<string, number> = { conjunction: 1.2, opposition: 1.1, square: 1.1, trine: 1, sextile: 0.8 };

export const KEY_ASPECTS_MAX = 12;

/** The planets that stay in a sign for years: what they say is largely a generation's. */
export const OUTER_PLANET_IDS = ['uranus', 'neptune', 'pluto'] as const;
const GENERATION_PLANETS = new Set<string>(OUTER_PLANET_IDS);
/** An aspect between two of the outer planets is a generation's, not the birth's. */
export const isGenerational = (a: { p1: string; p2: string }) => GENERATION_PLANETS.has(a.p1) && GENERATION_PLANETS.has(a.p2);
export const KEY_ASPECTS_MIN = 10;
export const KEY_ASPECT_WIDE_ORB = 6;

export function aspectScore(a: KeyedAspect, chartRuler: string | undefined): number {
  const w = (id: string) => (POINT_WEIGHT[id] ?? 1) + (id === chartRuler ? 1 : 0);
  return w(a.p1) * w(a.p2) * TYPE_WEIGHT[a.type]! * Math.max(0.15, 1 - a.orb / 8);
}

export interface RankedAspect {
  aspect: KeyedAspect;
  score: number;
}

/**
 * `orbOf` gives the orb an aspect is ranked by, or undefined to leave it out: an untimed chart's
 * Moon aspect is ranked by its widest orb of the birth day, and only when it held all day.
 */
export function keyAspects(factors: ChartFactors, orbOf: (a: KeyedAspect) => number | undefined = (a) => a.orb): RankedAspect[] {
  const ranked = factors.aspects
    .flatMap((aspect) => {
      const orb = orbOf(aspect);
      return orb === undefined || isGenerational(aspect) ? [] : [{ aspect, score: aspectScore({ ...aspect, orb }, factors.chartRuler) }];
    })
    .sort((x, y) => y.score - x.score || x.aspect.orb - y.aspect.orb);
  const chosen: RankedAspect[] = [];
  for (const r of ranked) {
    if (chosen.length === KEY_ASPECTS_MAX) break;
    if (r.aspect.orb > KEY_ASPECT_WIDE_ORB && chosen.length >= KEY_ASPECTS_MIN) continue;
    chosen.push(r);
  }
  return chosen;
}
