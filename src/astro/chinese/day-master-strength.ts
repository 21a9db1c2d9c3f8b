/**
 * The day master's strength, method `support_ratio_seasonal`: the share of the chart's weighted
 * element points (element-balance.ts) held by the day master's own element and the element that
 * produces it (`balance_ratio`), less one half, plus a seasonal factor from the month branch's
 * element: the day master's own +0.2, its resource +0.1, its output −0.1, its wealth −0.2, the
 * element that controls it −0.2. Above +0.05 the day master is Strong, below −0.05 Weak, else
 * Balanced. A weak day master is helped by its resource and its own element and burdened by
 * output, wealth and power; a strong one the other way round; a balanced one has neither list.
 * The structure is the ten god of the month branch's main hidden stem.
 */
import { BRANCHES, ELEMENTS, STEMS, controls, elementIndex, produces, stemElement, type Element } from './stems-branches.ts';
import { tenGodOf } from './ten-gods.ts';

export const STRENGTH_METHOD = 'support_ratio_seasonal';

export interface DayMasterStrength {
  strength: 'Strong' | 'Weak' | 'Balanced';
  score: number;
  seasonalFactor: number;
  seasonReason: string;
  balanceRatio: number;
  favorable: Element[];
  unfavorable: Element[];
  structure: string;
  structureReason: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function dayMasterStrength(dayStem: number, monthBranch: number, points: readonly number[]): DayMasterStrength {
  const dm = stemElement(dayStem);
  const resource = (dm + 4) % 5,
    output = produces(dm),
    wealth = controls(dm),
    power = (dm + 3) % 5;
  const total = points.reduce((a, b) => a + b, 0);
  const balanceRatio = (points[dm]! + points[resource]!) / total;
  const season = elementIndex(BRANCHES[monthBranch]!.element);
  const [seasonalFactor, relation] =
    season === dm
      ? [0.2, 'in season (its own element)']
      : season === resource
        ? [0.1, 'supported (its resource)']
        : season === output
          ? [-0.1, 'drained (its output)']
          : season === wealth
            ? [-0.2, 'weakened (its wealth)']
            : [-0.2, 'controlled (its power)'];
  const score = balanceRatio - 0.5 + seasonalFactor;
  const strength = score > 0.05 ? 'Strong' : score < -0.05 ? 'Weak' : 'Balanced';
  const e = (i: number) => ELEMENTS[i]!;
  const favorable = strength === 'Weak' ? [e(resource), e(dm)] : strength === 'Strong' ? [e(output), e(wealth), e(power)] : [];
  const unfavorable = strength === 'Weak' ? [e(output), e(wealth), e(power)] : strength === 'Strong' ? [e(resource), e(dm)] : [];
  const main = BRANCHES[monthBranch]!.hidden[0]!;
  const god = tenGodOf(dayStem, main);
  return {
    strength,
    score: round2(score),
    seasonalFactor,
    seasonReason: `day master ${e(dm)} in a ${BRANCHES[monthBranch]!.element} month: ${relation}`,
    balanceRatio: round2(balanceRatio),
    favorable,
    unfavorable,
    structure: `${god.name} Structure`,
    structureReason: `the main hidden stem ${STEMS[main]!.char} of the month branch ${BRANCHES[monthBranch]!.char} is ${god.name}`,
  };
}
