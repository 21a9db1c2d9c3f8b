/**
 * What one stem is to another and one branch to another, pair by pair, for comparing two charts
 * (a synastry): stem combinations (五合) and clashes; six combinations (六合), half three-harmonies
 * (two members of one 三合 group), clashes (六冲), harms (六害), punishments (相刑, 子卯 and members
 * of 寅巳申 and 丑戌未), self-punishments (辰午酉亥 with itself) and destructions (六破: 子酉 丑辰 寅亥
 * 卯午 巳申 未戌). A pair can hold several (巳申 combine, punish and destroy).
 */
import { mod } from './stems-branches.ts';

const has = (pairs: readonly (readonly [number, number])[], a: number, b: number) => pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

const STEM_COMBINATIONS = [
  [0, 5],
  [1, 6],
  [2, 7],
  [3, 8],
  [4, 9],
] as const;
const STEM_CLASHES = [
  [0, 6],
  [1, 7],
  [2, 8],
  [3, 9],
] as const;
const SIX_COMBINATIONS = [
  [0, 1],
  [2, 11],
  [3, 10],
  [4, 9],
  [5, 8],
  [6, 7],
] as const;
const HARMS = [
  [0, 7],
  [1, 6],
  [2, 5],
  [3, 4],
  [8, 11],
  [9, 10],
] as const;
const DESTRUCTIONS = [
  [0, 9],
  [1, 4],
  [2, 11],
  [3, 6],
  [5, 8],
  [7, 10],
] as const;
const PUNISHMENT_GROUPS = [
  [2, 5, 8],
  [1, 10, 7],
] as const;
const SELF_PUNISHING = [4, 6, 9, 11];
const HARMONY_GROUPS = [
  [8, 0, 4],
  [11, 3, 7],
  [2, 6, 10],
  [5, 9, 1],
] as const;

export type StemRelation = 'stem_combination' | 'stem_clash' | 'none';
export type BranchRelation = 'six_combination' | 'half_three_harmony' | 'clash' | 'harm' | 'punishment' | 'self_punishment' | 'destruction';

export function stemRelation(a: number, b: number): StemRelation {
  if (has(STEM_COMBINATIONS, a, b)) return 'stem_combination';
  if (has(STEM_CLASHES, a, b)) return 'stem_clash';
  return 'none';
}

/** Every relation two branches hold, in a fixed order. */
export function branchRelations(a: number, b: number): BranchRelation[] {
  const out: BranchRelation[] = [];
  if (has(SIX_COMBINATIONS, a, b)) out.push('six_combination');
  if (a !== b && HARMONY_GROUPS.some((g) => (g as readonly number[]).includes(a) && (g as readonly number[]).includes(b))) out.push('half_three_harmony');
  if (mod(a - b, 12) === 6) out.push('clash');
  if (has(HARMS, a, b)) out.push('harm');
  if (
    (a === 0 && b === 3) ||
    (a === 3 && b === 0) ||
    (a !== b && PUNISHMENT_GROUPS.some((g) => (g as readonly number[]).includes(a) && (g as readonly number[]).includes(b)))
  )
    out.push('punishment');
  if (a === b && SELF_PUNISHING.includes(a)) out.push('self_punishment');
  if (has(DESTRUCTIONS, a, b)) out.push('destruction');
  return out;
}
