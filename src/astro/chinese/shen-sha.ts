/**
 * Symbolic stars (神煞) in common use, each found by a fixed rule from a reference stem or branch
 * of the chart to the branches of the other pillars:
 *
 * - Tian Yi Nobleman (天乙贵人), from the day stem and from the year stem: 甲戊庚 → 丑 未,
 *   乙己 → 子 申, 丙丁 → 亥 酉, 壬癸 → 卯 巳, 辛 → 午 寅.
 * - Academic Star (文昌), from the day stem: 甲 巳, 乙 午, 丙 申, 丁 酉, 戊 申, 己 酉, 庚 亥, 辛 子,
 *   壬 寅, 癸 卯.
 * - Peach Blossom (桃花, 咸池), from the year branch and from the day branch, by its three-harmony
 *   group: 申子辰 → 酉, 寅午戌 → 卯, 巳酉丑 → 午, 亥卯未 → 子.
 * - Travelling Horse (驿马), the same way: 申子辰 → 寅, 寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳.
 * - Void (空亡), from the day pillar: the two branches its ten-day week (旬) leaves out.
 */
import { BRANCHES, STEMS, cycleIndex, ganZhiText, mod, type GanZhi } from './stems-branches.ts';
import type { PillarLabel } from './pillars.ts';

export interface StarHit {
  name: string;
  chinese: string;
  pillar: PillarLabel;
  branch: number;
  reference: { pillar: PillarLabel; part: 'stem' | 'branch' | 'pillar'; char: string };
  targets: number[];
  rule: string;
}

const NOBLEMAN = [
  [1, 7],
  [0, 8],
  [11, 9],
  [11, 9],
  [1, 7],
  [0, 8],
  [1, 7],
  [6, 2],
  [3, 5],
  [3, 5],
];
const ACADEMIC = [5, 6, 8, 9, 8, 9, 11, 0, 2, 3];
/** Three-harmony group of a branch (0 申子辰, 1 寅午戌, 2 巳酉丑, 3 亥卯未) → the star's branch. */
const GROUP = [0, 2, 1, 3, 0, 2, 1, 3, 0, 2, 1, 3];
const PEACH = [9, 3, 6, 0];
const HORSE = [2, 8, 11, 5];

const chars = (bs: readonly number[]) => bs.map((b) => BRANCHES[b]!.char).join(' ');

/** The two void branches of a day pillar and the name of its ten-day week. */
export function voidOf(day: GanZhi): { branches: [number, number]; xun: GanZhi; xunIndex: number } {
  const start = cycleIndex(day) - day.stem; // the 甲 day that opened the week
  const first = mod(start, 12);
  return { branches: [mod(first + 10, 12), mod(first + 11, 12)], xun: { stem: 0, branch: first }, xunIndex: start / 10 + 1 };
}

export interface StarRule {
  name: string;
  chinese: string;
  reference: StarHit['reference'];
  targets: number[];
  rule: string;
}

/** The rules of a chart: each star with its reference in the chart and the branches it names. */
export function starRules(pillars: readonly { label: PillarLabel; pillar: GanZhi }[]): StarRule[] {
  const rules: StarRule[] = [];
  const byLabel = (l: PillarLabel) => pillars.find((p) => p.label === l)?.pillar;
  const add = (name: string, chinese: string, refLabel: PillarLabel, part: StarHit['reference']['part'], targets: number[], rule: string) => {
    const ref = byLabel(refLabel);
    if (!ref) return;
    const char = part === 'stem' ? STEMS[ref.stem]!.char : part === 'branch' ? BRANCHES[ref.branch]!.char : ganZhiText(ref);
    rules.push({ name, chinese, reference: { pillar: refLabel, part, char }, targets, rule });
  };
  const day = byLabel('day')!,
    year = byLabel('year')!;
  for (const ref of ['day', 'year'] as const) {
    const stem = (ref === 'day' ? day : year).stem;
    add('Tian Yi Nobleman', '天乙贵人', ref, 'stem', NOBLEMAN[stem]!, `${ref} stem ${STEMS[stem]!.char}: Nobleman in ${chars(NOBLEMAN[stem]!)}`);
  }
  add('Academic Star', '文昌', 'day', 'stem', [ACADEMIC[day.stem]!], `day stem ${STEMS[day.stem]!.char}: Academic Star in ${chars([ACADEMIC[day.stem]!])}`);
  for (const ref of ['year', 'day'] as const) {
    const branch = (ref === 'day' ? day : year).branch;
    const g = GROUP[branch]!;
    add('Peach Blossom', '桃花', ref, 'branch', [PEACH[g]!], `${ref} branch ${BRANCHES[branch]!.char}: Peach Blossom in ${chars([PEACH[g]!])}`);
    add('Travelling Horse', '驿马', ref, 'branch', [HORSE[g]!], `${ref} branch ${BRANCHES[branch]!.char}: Travelling Horse in ${chars([HORSE[g]!])}`);
  }
  const v = voidOf(day);
  add(
    'Void Branch (Kong Wang)',
    '空亡',
    'day',
    'pillar',
    [...v.branches],
    `day pillar ${ganZhiText(day)} (week of ${ganZhiText(v.xun)}): ${chars(v.branches)} are void`,
  );
  return rules;
}

/** The stars of a chart, found in the branches of its pillars other than each rule's reference. */
export function findStars(pillars: readonly { label: PillarLabel; pillar: GanZhi }[]): StarHit[] {
  const hits: StarHit[] = [];
  for (const r of starRules(pillars)) {
    for (const p of pillars) {
      if (p.label === r.reference.pillar || !r.targets.includes(p.pillar.branch)) continue;
      hits.push({ name: r.name, chinese: r.chinese, pillar: p.label, branch: p.pillar.branch, reference: r.reference, targets: r.targets, rule: r.rule });
    }
  }
  return hits;
}

/** The chart's stars that an outside branch (a luck, annual or monthly pillar's) brings. */
export function starsOnBranch(pillars: readonly { label: PillarLabel; pillar: GanZhi }[], branch: number): StarRule[] {
  return starRules(pillars).filter((r) => r.targets.includes(branch));
}
