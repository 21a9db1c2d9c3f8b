/** Symbolic stars and interactions, on hand-checked charts. */
import { describe, expect, it } from 'vitest';
import { findStars, voidOf } from '../../../src/astro/chinese/shen-sha.ts';
import { findInteractions, type PlacedPillar } from '../../../src/astro/chinese/interactions.ts';
import { STEMS, BRANCHES, type GanZhi } from '../../../src/astro/chinese/stems-branches.ts';
import { dayMasterStrength } from '../../../src/astro/chinese/day-master-strength.ts';
import { elementBalance } from '../../../src/astro/chinese/element-balance.ts';

const LABELS = ['year', 'month', 'day', 'hour'] as const;
const gz = (text: string): GanZhi => ({ stem: STEMS.findIndex((s) => s.char === text[0]), branch: BRANCHES.findIndex((b) => b.char === text[1]) });
const chart = (...pillars: string[]) => pillars.map((p, i) => ({ label: LABELS[i]!, pillar: gz(p) }));
const placed = (...pillars: string[]): PlacedPillar[] => chart(...pillars).map((p, position) => ({ ...p, position }));

describe('symbolic stars', () => {
  it('Mozart (乙亥 己丑 乙丑 丙戌): Travelling Horse from the day branch, 戌 亥 void', () => {
    const hits = findStars(chart('乙亥', '己丑', '乙丑', '丙戌')).map((h) => `${h.name}@${h.pillar}<${h.reference.pillar}`);
    expect(hits).toEqual(['Travelling Horse@year<day', 'Void Branch (Kong Wang)@year<day', 'Void Branch (Kong Wang)@hour<day']);
  });

  it('Nobleman from the day and the year stem, Academic Star, Peach Blossom', () => {
    // Day stem 甲: Nobleman in 丑 未, Academic Star in 巳; year branch 子 (申子辰): Peach Blossom in 酉.
    const hits = findStars(chart('庚子', '辛巳', '甲午', '癸酉')).map((h) => `${h.name}@${h.pillar}<${h.reference.pillar}`);
    expect(hits).toContain('Academic Star@month<day');
    expect(hits).toContain('Peach Blossom@hour<year');
    // Year stem 庚: Nobleman in 丑 未 too; none here. Day branch 午 (寅午戌): Travelling Horse in 申, Peach Blossom in 卯: none.
    expect(hits.filter((h) => h.startsWith('Tian Yi'))).toEqual([]);
  });

  it('the void of each week', () => {
    expect(voidOf(gz('甲子')).branches.map((b) => BRANCHES[b]!.char)).toEqual(['戌', '亥']);
    expect(voidOf(gz('癸亥')).branches.map((b) => BRANCHES[b]!.char)).toEqual(['子', '丑']);
    expect(voidOf(gz('丙寅')).xunIndex).toBe(1);
    expect(voidOf(gz('甲申')).branches.map((b) => BRANCHES[b]!.char)).toEqual(['午', '未']);
  });
});

describe('interactions', () => {
  it('a stem combination transforms side by side in its season, not apart or out of season', () => {
    // 甲 (month) and 己 (day) in a 辰 (Earth) month: Earth.
    const [inSeason] = findInteractions(placed('丙寅', '甲辰', '己卯', '丙寅'), 4).filter((i) => i.kind === 'stem_combination');
    expect(inSeason).toMatchObject({ transformTo: 'Earth', transformLevel: 'full' });
    const [outOfSeason] = findInteractions(placed('丙寅', '甲寅', '己卯', '丙寅'), 2).filter((i) => i.kind === 'stem_combination');
    expect(outOfSeason!.transformLevel).toBe('none');
    expect(outOfSeason!.reason).toMatch(/not Earth/);
    const [apart] = findInteractions(placed('甲辰', '丙辰', '丙寅', '己巳'), 4).filter((i) => i.kind === 'stem_combination');
    expect(apart!.reason).toMatch(/not side by side/);
  });

  it('clashes, harms, punishments, the six combinations and the three harmonies', () => {
    const kinds = (...p: string[]) =>
      findInteractions(placed(...p), gz(p[1]!).branch).map((i) => `${i.kind}:${i.members.map((m) => m.char).join('')}:${i.transformLevel}`);
    expect(kinds('甲子', '丙午', '戊寅', '庚申')).toEqual(expect.arrayContaining(['clash:子午:none', 'clash:寅申:none', 'punishment:寅申:none']));
    expect(kinds('甲子', '乙未', '丙戌', '丁酉')).toEqual(expect.arrayContaining(['harm:子未:none', 'harm:戌酉:none', 'punishment:未戌:none']));
    // 申 子 辰 all present, peak 子 not clashed: Water, whole.
    expect(kinds('甲申', '丙子', '戊辰', '庚寅')).toContain('three_harmony:申子辰:full');
    // 子 丑 side by side in a 丑 (Earth) month: Earth.
    expect(kinds('甲子', '乙丑', '丙寅', '丁卯')).toContain('six_combination:子丑:full');
    // A half harmony leans to its element.
    expect(kinds('甲子', '丙辰', '戊寅', '庚午')).toContain('half_three_harmony:子辰:partial');
    // Self punishment.
    expect(kinds('甲午', '丙午', '戊寅', '庚寅')).toContain('self_punishment:午午:none');
  });

  it('against an outside pillar: only pairs with a natal pillar, adjacency not asked', () => {
    const found = findInteractions(placed('甲子', '丙寅', '戊辰', '庚申'), 2, [{ label: 'annual', pillar: gz('丙午') }]);
    expect(
      found.filter((i) => i.members.some((m) => m.label === 'annual')).map((i) => `${i.kind}:${i.members.map((m) => `${m.label}${m.char}`).join('-')}`),
    ).toEqual(expect.arrayContaining(['clash:annual午-year子']));
  });
});

describe('day master strength (support_ratio_seasonal)', () => {
  it('Mozart (乙 in an 丑 month) and Picasso (壬 in a 戌 month): weak, with their structures', () => {
    const mozart = chart('乙亥', '己丑', '乙丑', '丙戌').map((p) => p.pillar);
    const m = dayMasterStrength(1, mozart[1]!.branch, elementBalance(mozart).points);
    expect(m).toMatchObject({
      strength: 'Weak',
      balanceRatio: 0.37,
      seasonalFactor: -0.2,
      structure: 'Indirect Wealth Structure',
      favorable: ['Water', 'Wood'],
      unfavorable: ['Fire', 'Earth', 'Metal'],
    });
    const picasso = chart('辛巳', '戊戌', '壬辰', '壬子').map((p) => p.pillar);
    expect(dayMasterStrength(8, picasso[1]!.branch, elementBalance(picasso).points)).toMatchObject({ strength: 'Weak', structure: '7 Killings Structure' });
  });

  it('a day master in season with support is strong', () => {
    const c = chart('甲寅', '丙寅', '甲子', '癸亥').map((p) => p.pillar);
    const s = dayMasterStrength(0, c[1]!.branch, elementBalance(c).points);
    expect(s.strength).toBe('Strong');
    expect(s.favorable).toEqual(['Fire', 'Earth', 'Metal']);
  });
});
