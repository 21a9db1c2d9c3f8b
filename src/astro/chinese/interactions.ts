/**
 * Interactions between the stems and between the branches of pillars: stem combinations (五合)
 * and clashes, the six branch combinations (六合), three harmonies (三合, whole or half), the six
 * clashes (六冲), punishments (刑) and harms (六害).
 *
 * Whether a combination transforms into its element (rule `adjacent_seasonal`): a stem
 * combination or a six-combination transforms when the two pillars stand side by side (year–
 * month, month–day, day–hour) and the month branch is of the element they would become, and
 * neither member is clashed by another branch of the chart; a whole three-harmony transforms when
 * its peak branch (子 卯 午 酉) is not clashed; a half three-harmony (the peak with one other) leans
 * to its element without transforming (`partial`). Against a luck, annual or monthly pillar the
 * same rules hold with the month branch of the chart as the season, and adjacency is not asked.
 */
import { BRANCHES, STEMS, type Element, type GanZhi } from './stems-branches.ts';

export type InteractionKind =
  'stem_combination' | 'stem_clash' | 'six_combination' | 'three_harmony' | 'half_three_harmony' | 'clash' | 'punishment' | 'self_punishment' | 'harm';

export interface Interaction {
  kind: InteractionKind;
  type: string;
  chinese: string;
  members: { label: string; part: 'stem' | 'branch'; char: string }[];
  transformTo: Element | null;
  transformLevel: 'full' | 'partial' | 'none';
  reason: string;
}

export interface PlacedPillar {
  label: string;
  pillar: GanZhi;
  /** Natal pillars stand in order (0 year … 3 hour); an outside pillar (luck, annual, month) has none. */
  position?: number | undefined;
}

const STEM_COMBOS: [number, number, Element][] = [
  [0, 5, 'Earth'],
  [1, 6, 'Metal'],
  [2, 7, 'Water'],
  [3, 8, 'Wood'],
  [4, 9, 'Fire'],
];
const STEM_CLASHES: [number, number][] = [
  [0, 6],
  [1, 7],
  [2, 8],
  [3, 9],
];
const SIX_COMBOS: [number, number, Element][] = [
  [0, 1, 'Earth'],
  [2, 11, 'Wood'],
  [3, 10, 'Fire'],
  [4, 9, 'Metal'],
  [5, 8, 'Water'],
  [6, 7, 'Earth'],
];
const HARMONIES: [number[], Element][] = [
  [[8, 0, 4], 'Water'],
  [[11, 3, 7], 'Wood'],
  [[2, 6, 10], 'Fire'],
  [[5, 9, 1], 'Metal'],
];
const HARMS: [number, number][] = [
  [0, 7],
  [1, 6],
  [2, 5],
  [3, 4],
  [8, 11],
  [9, 10],
];
const PUNISH_PAIRS: [number, number, string][] = [
  [2, 5, 'ungrateful'],
  [5, 8, 'ungrateful'],
  [2, 8, 'ungrateful'],
  [1, 10, 'bullying'],
  [10, 7, 'bullying'],
  [1, 7, 'bullying'],
  [0, 3, 'rude'],
];
const SELF_PUNISH = [4, 6, 9, 11];

const isPair = (a: number, b: number, x: number, y: number) => (a === x && b === y) || (a === y && b === x);
const adjacent = (p: PlacedPillar, q: PlacedPillar) => p.position === undefined || q.position === undefined || Math.abs(p.position - q.position) === 1;

/**
 * The interactions among `natal` (all pairs), or, when `outside` is given, between each outside
 * pillar and each natal one only (a whole three-harmony then needs members from both sides).
 */
export function findInteractions(natal: readonly PlacedPillar[], monthBranch: number, outside: readonly PlacedPillar[] = []): Interaction[] {
  const season = BRANCHES[monthBranch]!.element;
  const all = [...natal, ...outside];
  const clashedBranch = (p: PlacedPillar) => all.some((q) => q !== p && Math.abs(q.pillar.branch - p.pillar.branch) === 6);
  const out: Interaction[] = [];
  const pairs: [PlacedPillar, PlacedPillar][] = [];
  // Among the natal pillars when nothing comes from outside; else only each outside pillar with each natal one.
  if (outside.length === 0) for (let i = 0; i < natal.length; i++) for (let j = i + 1; j < natal.length; j++) pairs.push([natal[i]!, natal[j]!]);
  for (const o of outside) for (const n of natal) pairs.push([o, n]);
  const stemMember = (p: PlacedPillar) => ({ label: p.label, part: 'stem' as const, char: STEMS[p.pillar.stem]!.char });
  const branchMember = (p: PlacedPillar) => ({ label: p.label, part: 'branch' as const, char: BRANCHES[p.pillar.branch]!.char });

  for (const [p, q] of pairs) {
    const a = p.pillar,
      b = q.pillar;
    for (const [x, y, element] of STEM_COMBOS) {
      if (!isPair(a.stem, b.stem, x, y)) continue;
      const near = adjacent(p, q);
      const transforms = near && season === element;
      out.push({
        kind: 'stem_combination',
        type: 'Stem Combination',
        chinese: '天干五合',
        members: [stemMember(p), stemMember(q)],
        transformTo: element,
        transformLevel: transforms ? 'full' : 'none',
        reason: transforms
          ? `side by side and the month branch ${BRANCHES[monthBranch]!.char} is ${season}: transforms to ${element}`
          : !near
            ? `the pillars are not side by side: they combine without transforming`
            : `the month branch ${BRANCHES[monthBranch]!.char} is ${season}, not ${element}: they combine without transforming`,
      });
    }
    for (const [x, y] of STEM_CLASHES) {
      if (isPair(a.stem, b.stem, x, y))
        out.push({
          kind: 'stem_clash',
          type: 'Stem Clash',
          chinese: '天干相冲',
          members: [stemMember(p), stemMember(q)],
          transformTo: null,
          transformLevel: 'none',
          reason: 'stems of the same polarity six apart: the one controls the other',
        });
    }
    for (const [x, y, element] of SIX_COMBOS) {
      if (!isPair(a.branch, b.branch, x, y)) continue;
      const near = adjacent(p, q);
      const clashed = clashedBranch(p) || clashedBranch(q);
      const transforms = near && season === element && !clashed;
      out.push({
        kind: 'six_combination',
        type: 'Six Combination',
        chinese: '六合',
        members: [branchMember(p), branchMember(q)],
        transformTo: element,
        transformLevel: transforms ? 'full' : 'none',
        reason: transforms
          ? `side by side, the month branch is ${season} and neither is clashed: transforms to ${element}`
          : !near
            ? 'the pillars are not side by side: they combine without transforming'
            : clashed
              ? 'a member is clashed by another branch: the combination holds without transforming'
              : `the month branch ${BRANCHES[monthBranch]!.char} is ${season}, not ${element}: they combine without transforming`,
      });
    }
    if (Math.abs(a.branch - b.branch) === 6)
      out.push({
        kind: 'clash',
        type: 'Branch Clash',
        chinese: '六冲',
        members: [branchMember(p), branchMember(q)],
        transformTo: null,
        transformLevel: 'none',
        reason: 'branches opposite each other (six apart)',
      });
    for (const [x, y] of HARMS)
      if (isPair(a.branch, b.branch, x, y))
        out.push({
          kind: 'harm',
          type: 'Harm',
          chinese: '六害',
          members: [branchMember(p), branchMember(q)],
          transformTo: null,
          transformLevel: 'none',
          reason: "each clashes the other's combination partner",
        });
    for (const [x, y, name] of PUNISH_PAIRS)
      if (isPair(a.branch, b.branch, x, y))
        out.push({
          kind: 'punishment',
          type: `Punishment (${name})`,
          chinese: '相刑',
          members: [branchMember(p), branchMember(q)],
          transformTo: null,
          transformLevel: 'none',
          reason: name === 'rude' ? '子 and 卯 punish each other' : `members of the ${name} punishment (${name === 'ungrateful' ? '寅 巳 申' : '丑 戌 未'})`,
        });
    if (a.branch === b.branch && SELF_PUNISH.includes(a.branch))
      out.push({
        kind: 'self_punishment',
        type: 'Self Punishment',
        chinese: '自刑',
        members: [branchMember(p), branchMember(q)],
        transformTo: null,
        transformLevel: 'none',
        reason: `${BRANCHES[a.branch]!.char} meets itself (辰 午 酉 亥 punish themselves)`,
      });
    // Half three-harmonies: the peak with one other member.
    for (const [group, element] of HARMONIES) {
      const peak = group[1]!;
      if (a.branch === b.branch || !group.includes(a.branch) || !group.includes(b.branch) || (a.branch !== peak && b.branch !== peak)) continue;
      const third = group.find((g) => g !== a.branch && g !== b.branch)!;
      if (all.some((r) => r.pillar.branch === third)) continue; // the whole harmony is reported instead
      out.push({
        kind: 'half_three_harmony',
        type: 'Half Three Harmony',
        chinese: '半三合',
        members: [branchMember(p), branchMember(q)],
        transformTo: element,
        transformLevel: 'partial',
        reason: `${BRANCHES[peak]!.char} with one member of ${group.map((g) => BRANCHES[g]!.char).join('')}: leans to ${element} without transforming (${BRANCHES[third]!.char} missing)`,
      });
    }
  }
  // Whole three-harmonies: one pillar of each member; with outside pillars, at least one natal member and one outside member.
  for (const [group, element] of HARMONIES) {
    const holders = group.map((g) => all.find((p) => p.pillar.branch === g));
    if (holders.some((h) => h === undefined)) continue;
    const members = holders as PlacedPillar[];
    if (outside.length > 0 && (members.every((m) => m.position !== undefined) || members.every((m) => m.position === undefined))) continue;
    const peakHolder = members[1]!;
    const clashed = clashedBranch(peakHolder);
    out.push({
      kind: 'three_harmony',
      type: 'Three Harmony',
      chinese: '三合',
      members: members.map(branchMember),
      transformTo: element,
      transformLevel: clashed ? 'partial' : 'full',
      reason: clashed
        ? `${group.map((g) => BRANCHES[g]!.char).join('')} are all present but the peak ${BRANCHES[group[1]!]!.char} is clashed: ${element} without a full transformation`
        : `${group.map((g) => BRANCHES[g]!.char).join('')} are all present and the peak is not clashed: transforms to ${element}`,
    });
  }
  return out;
}
