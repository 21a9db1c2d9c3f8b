/**
 * The life curve (algorithm `jing_qi_shen_v1`, docs/api/chinese.md, "Life curve"): a yearly curve of essence (jing),
 * qi and spirit (shen) drawn from the chart (the day master's support, Water's rooting, Earth and
 * Fire in the effective balance) and from the luck and annual pillars in force each year. It is a
 * picture of traditional symbolism; it does not estimate how long anyone lives.
 */
import { elementId } from '../../../astro/chinese/dictionary.ts';
import { elementDynamics } from '../../../astro/chinese/element-dynamics.ts';
import { yearPillar } from '../../../astro/chinese/pillars.ts';
import { BRANCHES, ELEMENTS, STEMS, ganZhiText, type Element, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { chartOf } from './bazi-chart-of.ts';
import { metaOf, pick, resolveLang } from './bazi-lang.ts';
import type { BaziLifespanRequest, BaziLifespanResponse } from './bazi-lifespan-schemas.ts';

export interface BaziLifespanTask {
  request: BaziLifespanRequest;
  place: ResolvedPlace;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const clamp = (x: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));

export function computeBaziLifespan(task: BaziLifespanTask): BaziLifespanResponse {
  const r = task.request;
  const resolved = resolveLang(r.lang);
  const lang = resolved.lang;
  const chart = chartOf(r, task.place, ['body']);
  const c = r.cultivation_factor;
  const st = chart.strength;
  const dyn = elementDynamics(
    chart.pillars.map((p) => p.pillar),
    chart.monthBranch,
    chart.points,
  );
  const share = (e: Element) => dyn.effectivePercent[ELEMENTS.indexOf(e)]! / 100;

  // From the chart, fixed for the life.
  const prenatal = clamp(0.4 + 0.3 * (1 - Math.min(1, Math.abs(st.balanceRatio - 0.5) * 2)) + 0.3 * dyn.rootingScores[ELEMENTS.indexOf('Water')]!);
  const gathering = 0.2 + 0.4 * Math.min(1, share('Earth') / 0.3);
  const fire = Math.min(1, share('Fire') / 0.3);
  const j0 = prenatal;

  // The support of a pillar: +1 for each of its stem and branch in a favourable element, −1 unfavourable, averaged.
  const supportOf = (p: GanZhi) => {
    const one = (e: Element) => (st.favorable.includes(e) ? 1 : st.unfavorable.includes(e) ? -1 : 0);
    return (one(STEMS[p.stem]!.element) + one(BRANCHES[p.branch]!.element)) / 2;
  };
  const gz = (text: string): GanZhi => ({ stem: STEMS.findIndex((s) => s.char === text[0]), branch: BRANCHES.findIndex((b) => b.char === text[1]) });
  const luckPillars = chart.answer.luck_cycle.pillars;

  const curve: BaziLifespanResponse['curve'] = [];
  for (let age = 0; age <= r.max_age; age++) {
    const year = chart.birthYear + age;
    let luck: (typeof luckPillars)[number] | undefined;
    for (const l of luckPillars) if (l.start_year <= year) luck = l;
    // After the eighth luck pillar the cycle goes on; the model holds the last one listed.
    const annual = yearPillar(year);
    const luckSupport = luck ? supportOf(gz(luck.gan_zhi)) : 0;
    const annualSupport = supportOf(annual);
    const S = 0.6 * luckSupport + 0.4 * annualSupport;
    const D = (age / r.max_age) ** 3;
    const jingPre = j0 * Math.exp(-age / (45 + 30 * c));
    const jingPost = gathering * (1 - Math.exp(-age / 8)) * (1 - D);
    const jFinal = clamp(jingPre + jingPost);
    const qiPre = 0.6 * jingPre;
    const qiPost = clamp((0.5 + 0.3 * S) * (1 - D) * (0.6 + 0.4 * Math.min(1, age / 20)));
    const qi = (qiPre + qiPost) / 2;
    const shen = clamp((0.45 + 0.25 * c + 0.15 * S + 0.15 * fire) * (1 - D / 2));
    const V = clamp(0.45 * jFinal + 0.35 * qi + 0.2 * shen);
    const sign = (x: number) => (x > 0 ? '+' : x < 0 ? '−' : '±') + Math.abs(Math.round(x * 100) / 100);
    const luckText = luck ? luck.gan_zhi : pick(lang, { en: 'none yet', zh: '未起运' });
    curve.push({
      age,
      year,
      j0: r3(j0),
      j_final: r3(jFinal),
      jing_prenatal: r3(jingPre),
      jing_postnatal: r3(jingPost),
      qi: r3(qi),
      qi_pre_heaven: r3(qiPre),
      qi_post_heaven: r3(qiPost),
      prenatal_integrity: r3(prenatal),
      shen: r3(shen),
      S: r3(S),
      D: r3(D),
      V: r3(V),
      H: Math.round(V * 1000) / 10,
      phase: '',
      luck_pillar: luck ? luck.gan_zhi : null,
      annual_pillar: ganZhiText(annual),
      explain:
        lang === 'zh-CN'
          ? `大运 ${luckText}（${sign(luckSupport)}），流年 ${ganZhiText(annual)}（${sign(annualSupport)}）：扶助 ${sign(S)}；年龄衰减 ${r3(D)}。`
          : `Luck pillar ${luckText} (${sign(luckSupport)}), year ${ganZhiText(annual)} (${sign(annualSupport)}): support ${sign(S)}; age decline ${r3(D)}.`,
    });
  }
  // Phases: within 3 points of the highest H is the peak; before it rising; after it steady while H stays within 15 points of the peak, then waning.
  const top = curve.reduce((best, p) => (p.H > best.H ? p : best), curve[0]!);
  for (const p of curve) p.phase = top.H - p.H <= 3 ? 'peak' : p.age < top.age ? 'rising' : top.H - p.H <= 15 ? 'steady' : 'waning';

  return {
    metadata: {
      max_age: r.max_age,
      sex: r.sex === 'f' ? 'F' : 'M',
      cultivation_level: c,
      algorithm: 'jing_qi_shen_v1',
      day_master: STEMS[chart.dayStem]!.char,
      day_master_strength: st.strength,
      favorable_elements: st.favorable.map(elementId),
      time_standard: chart.answer.conventions.time_standard,
    },
    curve,
    peak: { age: top.age, year: top.year, H: top.H },
    disclaimer: pick(lang, {
      en: 'A model of traditional BaZi symbolism (essence, qi and spirit), for reflection only. It is not medical advice and does not estimate how long anyone will live: the curve simply runs to max_age.',
      zh: '此为传统八字象征（精、气、神）的模型，仅供参考。不是医疗建议，也不估计任何人的寿命：曲线只是画到 max_age 为止。',
    }),
    warnings: chart.answer.warnings,
    meta: metaOf(resolved),
  };
}

export const baziLifespanBytes = (task: BaziLifespanTask) => Buffer.from(JSON.stringify(computeBaziLifespan(task)));
