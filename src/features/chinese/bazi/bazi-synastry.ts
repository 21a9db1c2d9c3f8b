/**
 * Two BaZi charts compared (rules `bazi_synastry_v1`, docs/api/chinese.md, "Synastry"): the day masters' relation, the
 * spouse palaces (day branches), the pillars side by side, how each chart supplies the elements the
 * other favours, stem combinations hidden in the branches, and every clash, harm, punishment and
 * destruction between the two charts' branches. A score of 0 to 100 sums five parts. Runs in a
 * compute worker.
 */
import { ELEMENT_DICTIONARY, INTERACTION_DICTIONARY, elementId } from '../../../astro/chinese/dictionary.ts';
import { branchRelations, stemRelation, type BranchRelation } from '../../../astro/chinese/pair-relations.ts';
import { BRANCHES, ELEMENTS, STEMS, controls, produces, stemElement } from '../../../astro/chinese/stems-branches.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { chartOf, type ChartOf } from './bazi-chart-of.ts';
import { metaOf, pick, resolveLang, type BaziLang, type Bilingual } from './bazi-lang.ts';
import type { BaziSynastryRequest, BaziSynastryResponse } from './bazi-synastry-schemas.ts';

export interface BaziSynastryTask {
  request: BaziSynastryRequest;
  placeA: ResolvedPlace;
  placeB: ResolvedPlace;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Combined stems lean to: 甲己 Earth, 乙庚 Metal, 丙辛 Water, 丁壬 Wood, 戊癸 Fire. */
const COMBINATION_ELEMENT = ['Earth', 'Metal', 'Water', 'Wood', 'Fire'] as const;

const termName = (lang: BaziLang, list: readonly { id: string; chinese: string; english: string }[], id: string) => {
  const t = list.find((x) => x.id === id)!;
  return lang === 'zh-CN' ? t.chinese : t.english;
};

type DmRelation = 'combines' | 'same' | 'produces' | 'produced_by' | 'controls' | 'controlled_by';
const DM_POINTS: Record<DmRelation, number> = { combines: 30, produces: 24, produced_by: 24, same: 18, controls: 10, controlled_by: 10 };

const DM_TEXT: Record<DmRelation, { description: Bilingual; dynamic: Bilingual }> = {
  combines: {
    description: { en: 'The two day stems form a stem combination: the classic sign of mutual attraction.', zh: '两日干相合：传统上视为彼此吸引之象。' },
    dynamic: { en: 'Drawn to each other; each adapts readily to the other.', zh: '相互吸引，彼此容易迁就。' },
  },
  produces: {
    description: { en: "A's day master produces B's: A tends to nourish and support B.", zh: '甲方日主生乙方日主：甲方多付出与扶持。' },
    dynamic: { en: 'A gives, B receives; balance comes when B gives back in kind.', zh: '甲方施，乙方受；乙方有所回馈则更平衡。' },
  },
  produced_by: {
    description: { en: "B's day master produces A's: B tends to nourish and support A.", zh: '乙方日主生甲方日主：乙方多付出与扶持。' },
    dynamic: { en: 'B gives, A receives; balance comes when A gives back in kind.', zh: '乙方施，甲方受；甲方有所回馈则更平衡。' },
  },
  same: {
    description: { en: 'Both day masters are of the same element: peers who understand each other.', zh: '两日主五行相同：如同伴侣亦如朋友，彼此理解。' },
    dynamic: { en: 'Easy understanding, with some rivalry when both want the lead.', zh: '易于沟通，但双方都想主导时会有竞争。' },
  },
  controls: {
    description: { en: "A's day master controls B's: A tends to lead or restrain.", zh: '甲方日主克乙方日主：甲方多主导或约束。' },
    dynamic: { en: 'Structure and tension; it works when the lead is welcome.', zh: '有规矩也有张力；乙方乐于被引导时较顺。' },
  },
  controlled_by: {
    description: { en: "B's day master controls A's: B tends to lead or restrain.", zh: '乙方日主克甲方日主：乙方多主导或约束。' },
    dynamic: { en: 'Structure and tension; it works when the lead is welcome.', zh: '有规矩也有张力；甲方乐于被引导时较顺。' },
  },
};

/** What each branch relation adds to the spouse palace's 14 and weighs in a pillar (the larger magnitude wins as its `interaction`). */
const PALACE_POINTS: Record<BranchRelation, number> = {
  six_combination: 11,
  half_three_harmony: 6,
  clash: -14,
  harm: -8,
  punishment: -9,
  self_punishment: -6,
  destruction: -6,
};
const BRANCH_MODIFIER: Record<BranchRelation, number> = {
  six_combination: 1,
  half_three_harmony: 0.6,
  clash: -1,
  harm: -0.6,
  punishment: -0.6,
  self_punishment: -0.4,
  destruction: -0.4,
};
const PILLAR_WEIGHTS = { year: 0.2, month: 0.3, day: 0.35, hour: 0.15 } as const;

const PALACE_TEXT: Record<'harmonious' | 'neutral' | 'challenging', Bilingual> = {
  harmonious: { en: 'The spouse palaces combine: the day branches support a settled partnership.', zh: '夫妻宫相合：日支有助于关系安稳。' },
  neutral: { en: 'The spouse palaces neither combine nor clash: the partnership rests on the other factors.', zh: '夫妻宫不合不冲：关系更多取决于其他因素。' },
  challenging: {
    en: 'The spouse palaces clash, harm or punish each other: expect friction in daily life together.',
    zh: '夫妻宫有冲、害或刑：共同生活中易有摩擦。',
  },
};

function dmRelation(a: number, b: number): DmRelation {
  if (stemRelation(a, b) === 'stem_combination') return 'combines';
  const ea = stemElement(a),
    eb = stemElement(b);
  if (ea === eb) return 'same';
  if (produces(ea) === eb) return 'produces';
  if (produces(eb) === ea) return 'produced_by';
  if (controls(ea) === eb) return 'controls';
  return 'controlled_by';
}

function supply(needs: readonly string[], partner: ChartOf): number {
  // A balanced chart favours no element: any partner counts as an average supply (40%).
  if (needs.length === 0) return 40;
  return needs.reduce((sum, e) => sum + partner.percentages[ELEMENTS.indexOf(e as (typeof ELEMENTS)[number])]!, 0);
}

export function computeBaziSynastry(task: BaziSynastryTask): BaziSynastryResponse {
  const { request: r } = task;
  const lang = resolveLang(r.lang).lang;
  const a = chartOf(r.person_a, task.placeA, ['body', 'person_a']);
  const b = chartOf(r.person_b, task.placeB, ['body', 'person_b']);

  // Day masters (0–30).
  const relation = dmRelation(a.dayStem, b.dayStem);
  const dmClash = stemRelation(a.dayStem, b.dayStem) === 'stem_clash';
  const dmScore = clamp(DM_POINTS[relation] - (dmClash ? 4 : 0), 0, 30);

  // Spouse palaces (0–25).
  const dayA = a.pillars[2]!.pillar.branch,
    dayB = b.pillars[2]!.pillar.branch;
  const palaceRelations = branchRelations(dayA, dayB);
  const palaceScore = clamp(14 + palaceRelations.reduce((s, k) => s + PALACE_POINTS[k], 0), 0, 25);
  const primary = [...palaceRelations].sort((x, y) => Math.abs(PALACE_POINTS[y]) - Math.abs(PALACE_POINTS[x]))[0];
  const palaceType = palaceScore >= 18 ? 'harmonious' : palaceScore >= 12 ? 'neutral' : 'challenging';

  // Pillars side by side (0–20): the weights of the pillars both charts have, renormalised.
  const shared = a.pillars.filter((p) => b.pillars.some((q) => q.label === p.label));
  const totalWeight = shared.reduce((s, p) => s + PILLAR_WEIGHTS[p.label], 0);
  const interactionName = (id: string) => termName(lang, INTERACTION_DICTIONARY, id);
  const pillarInteractions = shared.map((p) => {
    const q = b.pillars.find((x) => x.label === p.label)!;
    const relations = branchRelations(p.pillar.branch, q.pillar.branch);
    const branchModifier = clamp(
      relations.reduce((s, k) => s + BRANCH_MODIFIER[k], 0),
      -1,
      1,
    );
    const branchMain = [...relations].sort((x, y) => Math.abs(BRANCH_MODIFIER[y]) - Math.abs(BRANCH_MODIFIER[x]))[0] ?? 'none';
    const stem = stemRelation(p.pillar.stem, q.pillar.stem);
    const stemModifier = stem === 'stem_combination' ? 1 : stem === 'stem_clash' ? -1 : 0;
    return {
      pillar: p.label,
      weight: round1((PILLAR_WEIGHTS[p.label] / totalWeight) * 100) / 100,
      branch_interaction: { type: branchMain, label: interactionName(branchMain), score_modifier: round1(branchModifier) },
      stem_interaction: { type: stem, label: interactionName(stem), score_modifier: stemModifier },
      net_score: round1(clamp(branchModifier + stemModifier, -1, 1)),
    };
  });
  const pillarScore = clamp(10 + 10 * pillarInteractions.reduce((s, p) => s + (PILLAR_WEIGHTS[p.pillar] / totalWeight) * p.net_score, 0), 0, 20);

  // Elements (0–15): how much of each chart lies in the elements the other favours.
  const aNeeds = a.strength.favorable as string[],
    bNeeds = b.strength.favorable as string[];
  const aByB = supply(aNeeds, b),
    bByA = supply(bNeeds, a);
  const elementScore = 15 * clamp((aByB + bByA) / 2 / 60, 0, 1);
  const elementNames = (list: readonly string[]) =>
    list.map((e) => termName(lang, ELEMENT_DICTIONARY, elementId(e as (typeof ELEMENTS)[number]))).join(lang === 'zh-CN' ? '、' : ', ');
  const details = [aNeeds.length ? [aNeeds, aByB, 'A', 'B'] : null, bNeeds.length ? [bNeeds, bByA, 'B', 'A'] : null]
    .filter((x): x is [string[], number, string, string] => x !== null)
    .map(([needs, share, who, other]) =>
      lang === 'zh-CN'
        ? `${other === 'A' ? '甲方' : '乙方'}命局有 ${round1(share)}% 落在${who === 'A' ? '甲方' : '乙方'}所喜的五行（${elementNames(needs)}）。`
        : `${round1(share)}% of ${other}'s chart lies in the elements ${who} favours (${elementNames(needs)}).`,
    );
  if (!aNeeds.length || !bNeeds.length)
    details.push(
      lang === 'zh-CN'
        ? '日主中和的一方无特定喜用五行，按平均供给（40%）计。'
        : 'A balanced day master favours no element: its side counts as an average supply (40%).',
    );

  // Stem combinations hidden in the branches (0–10): A's hidden stems with B's day stem, B's with A's, and the day branches' hidden stems together.
  type Source = { stem: number; source: string };
  const hiddenOf = (c: ChartOf): Source[] => c.pillars.flatMap((p) => BRANCHES[p.pillar.branch]!.hidden.map((h) => ({ stem: h, source: `${p.label}_hidden` })));
  const pairs: [Source, Source][] = [
    ...hiddenOf(a).map((h): [Source, Source] => [h, { stem: b.dayStem, source: 'day_stem' }]),
    ...hiddenOf(b).map((h): [Source, Source] => [{ stem: a.dayStem, source: 'day_stem' }, h]),
    ...BRANCHES[dayA]!.hidden.flatMap((x) =>
      BRANCHES[dayB]!.hidden.map((y): [Source, Source] => [
        { stem: x, source: 'day_hidden' },
        { stem: y, source: 'day_hidden' },
      ]),
    ),
  ];
  const seen = new Set<string>();
  const connections = pairs
    .filter(([x, y]) => stemRelation(x.stem, y.stem) === 'stem_combination')
    .map(([x, y]) => ({
      a_stem: STEMS[x.stem]!.char,
      a_source: x.source,
      b_stem: STEMS[y.stem]!.char,
      b_source: y.source,
      type: 'stem_combination' as const,
      transforms_to: elementId(COMBINATION_ELEMENT[Math.min(x.stem, y.stem) % 5]!),
    }))
    .filter((c) => {
      const key = `${c.a_stem}${c.a_source}${c.b_stem}${c.b_source}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const hiddenBonus = Math.min(10, 2.5 * connections.length);

  // Conflicts: every branch of A against every branch of B.
  const scan = { clashes: [] as Conflict[], harms: [] as Conflict[], punishments: [] as Conflict[], destructions: [] as Conflict[] };
  type Conflict = { a_pillar: string; b_pillar: string; a_branch: string; b_branch: string };
  for (const p of a.pillars)
    for (const q of b.pillars) {
      const c = { a_pillar: p.label, b_pillar: q.label, a_branch: BRANCHES[p.pillar.branch]!.char, b_branch: BRANCHES[q.pillar.branch]!.char };
      for (const k of branchRelations(p.pillar.branch, q.pillar.branch)) {
        if (k === 'clash') scan.clashes.push(c);
        else if (k === 'harm') scan.harms.push(c);
        else if (k === 'punishment' || k === 'self_punishment') scan.punishments.push(c);
        else if (k === 'destruction') scan.destructions.push(c);
      }
    }
  const counts = [scan.clashes.length, scan.harms.length, scan.punishments.length, scan.destructions.length];
  const conflictSummary =
    lang === 'zh-CN'
      ? `两命局地支之间：冲 ${counts[0]}，害 ${counts[1]}，刑 ${counts[2]}，破 ${counts[3]}。`
      : `Between the two charts' branches: ${counts[0]} clash(es), ${counts[1]} harm(s), ${counts[2]} punishment(s), ${counts[3]} destruction(s).`;

  const breakdown = {
    day_master: round1(dmScore),
    spouse_palace: round1(palaceScore),
    pillars: round1(pillarScore),
    elements: round1(elementScore),
    hidden_bonus: round1(hiddenBonus),
  };
  const score = round1(breakdown.day_master + breakdown.spouse_palace + breakdown.pillars + breakdown.elements + breakdown.hidden_bonus);
  const level = score >= 75 ? 'excellent' : score >= 60 ? 'good' : score >= 45 ? 'moderate' : 'challenging';
  const LEVEL_TEXT = {
    excellent: { en: 'Excellent compatibility', zh: '极为相合' },
    good: { en: 'Good compatibility', zh: '较为相合' },
    moderate: { en: 'Moderate compatibility', zh: '中等相合' },
    challenging: { en: 'Challenging compatibility', zh: '磨合较多' },
  } as const;
  const person = (c: ChartOf, name: string | undefined) => ({
    name: name ?? null,
    day_master: STEMS[c.dayStem]!.char,
    day_master_element: elementId(STEMS[c.dayStem]!.element),
    day_master_strength: c.strength.strength,
    favorable_elements: c.strength.favorable.map(elementId),
    pillars: c.pillars.map((p) => ({ label: p.label, gan_zhi: `${STEMS[p.pillar.stem]!.char}${BRANCHES[p.pillar.branch]!.char}` })),
  });
  const palaceRelationNames = palaceRelations.map(interactionName).join(lang === 'zh-CN' ? '、' : ', ');
  return {
    score,
    score_breakdown: breakdown,
    overall_compatibility: pick(lang, LEVEL_TEXT[level]),
    overall_level: level,
    person_a: person(a, r.person_a.name),
    person_b: person(b, r.person_b.name),
    day_master_analysis: {
      dm_a: STEMS[a.dayStem]!.char,
      dm_b: STEMS[b.dayStem]!.char,
      relation,
      score: round1(dmScore),
      description:
        pick(lang, DM_TEXT[relation].description) +
        (dmClash ? (lang === 'zh-CN' ? ' 两日干又相冲，减 4 分。' : ' The day stems also clash (4 points off).') : ''),
      dynamic: pick(lang, DM_TEXT[relation].dynamic),
    },
    spouse_palace_analysis: {
      branch_a: BRANCHES[dayA]!.char,
      branch_b: BRANCHES[dayB]!.char,
      interaction: primary ?? 'none',
      interactions: palaceRelations,
      score: round1(palaceScore),
      description: pick(lang, PALACE_TEXT[palaceType]) + (palaceRelations.length ? ` (${palaceRelationNames})` : ''),
      type: palaceType,
    },
    element_analysis: {
      score: round1(elementScore),
      details,
      a_needs: aNeeds.map((e) => elementId(e as (typeof ELEMENTS)[number])),
      b_needs: bNeeds.map((e) => elementId(e as (typeof ELEMENTS)[number])),
      a_supplied_by_b: round1(aByB),
      b_supplied_by_a: round1(bByA),
    },
    pillar_interactions: pillarInteractions,
    hidden_interactions: { connections, count: connections.length },
    conflict_scan: scan,
    conflict_summary: conflictSummary,
    method: 'bazi_synastry_v1',
    disclaimer: pick(lang, {
      en: 'A reading of traditional BaZi symbolism for reflection and entertainment; it does not predict the course of a relationship.',
      zh: '此为传统八字象征之解读，仅供参考与娱乐，不能预测一段关系的走向。',
    }),
    warnings: [...a.answer.warnings.map((w) => `person_a: ${w}`), ...b.answer.warnings.map((w) => `person_b: ${w}`)],
    meta: metaOf(resolveLang(r.lang)),
  };
}

export const baziSynastryBytes = (task: BaziSynastryTask) => Buffer.from(JSON.stringify(computeBaziSynastry(task)));
