/**
 * The search over a window: the window scanned at a step, the local maxima of the scan refined at
 * a finer step around them, and the best of those kept at least MIN_SEPARATION_MINUTES apart, so
 * that the results are distinct moments and not neighbouring steps of one good stretch.
 * - `direct`: the scan at `step_minutes`, each maximum refined within one step on either side, every
 *   twelfth of the step but at least every REFINE_MINUTES;
 * - `year`: the scan at `coarse_step_minutes`, each maximum refined at `step_minutes` within one
 *   coarse step on either side.
 * Deterministic: the same window gives the same instants (ties go to the earlier one).
 */

export const MIN_SEPARATION_MINUTES = 60;
export const REFINE_MINUTES = 5;
/** How many maxima are refined for each result asked for. */
const REFINED_PER_RESULT = 3;
const MIN_REFINED = 12;

const MINUTE = 1 / 1440;

export interface SearchPlan {
  jdStart: number;
  jdEnd: number;
  mode: 'direct' | 'year';
  stepMinutes: number;
  coarseStepMinutes: number;
  maxResults: number;
  /** Whether a moment may be offered at all (weekday and local-hour filters). */
  accept(jdUt: number): boolean;
  /** The moment's score (higher is better); called once per instant. */
  score(jdUt: number): number;
}

export interface SearchOutcome {
  /** The chosen instants, best first. */
  best: number[];
  /** Every scanned instant the filters accepted (Julian days UT, in time order) and its score at the same index. */
  scan: { times: Float64Array; scores: Float64Array };
  /** Instants evaluated in all (the scan and the refinement). */
  evaluated: number;
}

/** The instants of a grid from start to end inclusive, on whole minutes from the start. */
function grid(start: number, end: number, stepMinutes: number): number[] {
  const out: number[] = [];
  const step = stepMinutes * MINUTE;
  for (let k = 0; start + k * step <= end + 1e-9; k++) out.push(start + k * step);
  return out;
}

export function searchWindow(plan: SearchPlan): SearchOutcome {
  const scanStep = plan.mode === 'year' ? plan.coarseStepMinutes : plan.stepMinutes;
  // Direct mode refines about twelve instants on either side of a maximum, at least REFINE_MINUTES apart.
  const fineStep = plan.mode === 'year' ? plan.stepMinutes : Math.min(plan.stepMinutes, Math.max(REFINE_MINUTES, Math.ceil(plan.stepMinutes / 12)));
  // The scan's grid as grid() makes it, written straight into typed arrays: a month has about 1,500 instants.
  const step = scanStep * MINUTE;
  const capacity = Math.floor((plan.jdEnd - plan.jdStart) / step) + 2;
  // Each grid instant's score (NaN where the filters refuse it), read again by the refinement where its grid meets the scan's.
  const onGrid = new Float64Array(capacity).fill(NaN);
  const times = new Float64Array(capacity);
  const scores = new Float64Array(capacity);
  let n = 0;
  for (let k = 0; plan.jdStart + k * step <= plan.jdEnd + 1e-9; k++) {
    const jdUt = plan.jdStart + k * step;
    if (!plan.accept(jdUt)) continue;
    const score = plan.score(jdUt);
    onGrid[k] = score;
    times[n] = jdUt;
    scores[n] = score;
    n++;
  }
  // The refinement's instants off the scan's grid, by the second from the window's start (a small integer, which a Map
  // hashes faster than a large one): neighbouring maxima share some.
  const refinedScores = new Map<number, number>();
  const gridSeconds = scanStep * 60;
  const score = (jd: number) => {
    const key = Math.round((jd - plan.jdStart) * 86_400);
    const scanned = key % gridSeconds === 0 ? onGrid[key / gridSeconds] : undefined;
    if (scanned !== undefined && !Number.isNaN(scanned)) return scanned;
    let s = refinedScores.get(key);
    if (s === undefined) {
      s = plan.score(jd);
      refinedScores.set(key, s);
    }
    return s;
  };

  // Local maxima of the scan: no accepted neighbour scores higher.
  const maxima: { jdUt: number; score: number }[] = [];
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    if ((i === 0 || scores[i - 1]! <= s) && (i === n - 1 || scores[i + 1]! <= s)) maxima.push({ jdUt: times[i]!, score: s });
  }
  maxima.sort((a, b) => b.score - a.score || a.jdUt - b.jdUt);
  const refineCount = Math.max(MIN_REFINED, plan.maxResults * REFINED_PER_RESULT);

  const refined: { jdUt: number; score: number }[] = [];
  for (const m of maxima.slice(0, refineCount)) {
    let best = m;
    if (fineStep < scanStep) {
      const from = Math.max(plan.jdStart, m.jdUt - scanStep * MINUTE);
      const to = Math.min(plan.jdEnd, m.jdUt + scanStep * MINUTE);
      for (const t of grid(from, to, fineStep)) {
        if (!plan.accept(t)) continue;
        const s = score(t);
        if (s > best.score || (s === best.score && t < best.jdUt)) best = { jdUt: t, score: s };
      }
    }
    refined.push(best);
  }
  refined.sort((a, b) => b.score - a.score || a.jdUt - b.jdUt);

  const best: number[] = [];
  const apart = MIN_SEPARATION_MINUTES * MINUTE - 1e-9;
  for (const r of refined) {
    if (best.length >= plan.maxResults) break;
    if (best.every((t) => Math.abs(t - r.jdUt) >= apart)) best.push(r.jdUt);
  }
  return { best, scan: { times: times.subarray(0, n), scores: scores.subarray(0, n) }, evaluated: n + refinedScores.size };
}
