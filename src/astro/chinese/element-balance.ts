/**
 * The balance of the five elements in a chart, `basic_weighted`: every visible stem counts 20
 * points to its element, every branch 20 to the branch's element, every hidden stem 5 to its own;
 * percentages of the total to one decimal. The counts are the same without weights (visible stems
 * and branches only). Deficient: the elements under 10% of the points.
 */
import { BRANCHES, ELEMENTS, STEMS, elementIndex, type Element, type GanZhi } from './stems-branches.ts';

export const ELEMENT_WEIGHTS = { stem: 20, branch: 20, hidden_stem: 5 } as const;
export const DEFICIENT_SHARE = 10;

export interface ElementBalance {
  points: number[];
  counts: number[];
  percentages: number[];
  dominant: Element;
  deficient: Element[];
}

export function elementBalance(pillars: readonly GanZhi[]): ElementBalance {
  const points = [0, 0, 0, 0, 0],
    counts = [0, 0, 0, 0, 0];
  for (const p of pillars) {
    const s = elementIndex(STEMS[p.stem]!.element),
      b = elementIndex(BRANCHES[p.branch]!.element);
    points[s]! += ELEMENT_WEIGHTS.stem;
    counts[s]! += 1;
    points[b]! += ELEMENT_WEIGHTS.branch;
    counts[b]! += 1;
    for (const h of BRANCHES[p.branch]!.hidden) points[elementIndex(STEMS[h]!.element)]! += ELEMENT_WEIGHTS.hidden_stem;
  }
  const total = points.reduce((a, b) => a + b, 0);
  const percentages = points.map((p) => Math.round((1000 * p) / total) / 10);
  let dominant = 0;
  for (let i = 1; i < 5; i++) if (points[i]! > points[dominant]!) dominant = i;
  return { points, counts, percentages, dominant: ELEMENTS[dominant]!, deficient: ELEMENTS.filter((_, i) => percentages[i]! < DEFICIENT_SHARE) };
}
