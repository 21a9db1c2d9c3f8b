/**
 * The element balance adjusted for the season and for rooting (the `seasonal_rooted_v1` model of
 * the health reading and the life curve, docs/api/chinese.md):
 *
 * - Seasonal multipliers (旺相休囚死) from the month branch's element: the season's own element
 *   ×1.5 (prosperous), the element it produces ×1.25 (growing), the element that produces it ×1.0
 *   (resting), the element that controls it ×0.85 (confined), the element it controls ×0.7 (dead).
 * - Rooting: each hidden stem roots its element with weight 1 (main qi), 0.5 (middle) or 0.3
 *   (residual); an element's rooting score is its sum over the chart's branches, capped at 2 and
 *   divided by 2 (0 to 1).
 * - Effective points: the basic points × the seasonal multiplier × (0.8 + 0.4 × rooting score).
 */
import { BRANCHES, ELEMENTS, produces, controls, type GanZhi } from './stems-branches.ts';
import { stemElement } from './stems-branches.ts';

export const SEASON_FACTORS = { prosperous: 1.5, growing: 1.25, resting: 1.0, confined: 0.85, dead: 0.7 } as const;
const ROOT_WEIGHTS = [1, 0.5, 0.3];

export interface ElementDynamics {
  multipliers: number[];
  rootingRaw: number[];
  rootingScores: number[];
  effective: number[];
  effectivePercent: number[];
}

export function seasonalMultipliers(monthBranch: number): number[] {
  const season = ELEMENTS.indexOf(BRANCHES[monthBranch]!.element);
  return ELEMENTS.map((_, e) => {
    if (e === season) return SEASON_FACTORS.prosperous;
    if (e === produces(season)) return SEASON_FACTORS.growing;
    if (produces(e) === season) return SEASON_FACTORS.resting;
    if (controls(e) === season) return SEASON_FACTORS.confined;
    return SEASON_FACTORS.dead;
  });
}

export function elementDynamics(pillars: readonly GanZhi[], monthBranch: number, points: readonly number[]): ElementDynamics {
  const rootingRaw = [0, 0, 0, 0, 0];
  for (const p of pillars) BRANCHES[p.branch]!.hidden.forEach((h, i) => (rootingRaw[stemElement(h)]! += ROOT_WEIGHTS[i]!));
  const rootingScores = rootingRaw.map((r) => Math.min(2, r) / 2);
  const multipliers = seasonalMultipliers(monthBranch);
  const effective = points.map((p, e) => p * multipliers[e]! * (0.8 + 0.4 * rootingScores[e]!));
  const total = effective.reduce((a, b) => a + b, 0) || 1;
  return { multipliers, rootingRaw, rootingScores, effective, effectivePercent: effective.map((x) => (100 * x) / total) };
}
