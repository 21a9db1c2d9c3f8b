/**
 * A constitution reading from a BaZi chart (model `seasonal_rooted_v1`, docs/api/chinese.md, "Health"): the element
 * balance adjusted for the season and rooting, the temperature and moisture the tradition reads
 * from it, the organ systems it links to each element, and the luck pillars and years that push the
 * balance furthest. Traditional symbolism only: it names no illness and gives no medical advice.
 */
import { elementId, ELEMENT_DICTIONARY } from '../../../astro/chinese/dictionary.ts';
import { elementDynamics } from '../../../astro/chinese/element-dynamics.ts';
import { branchRelations } from '../../../astro/chinese/pair-relations.ts';
import { yearPillar } from '../../../astro/chinese/pillars.ts';
import { BRANCHES, ELEMENTS, STEMS, controls, ganZhiText, type Element, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { chartOf, type ChartOf } from './bazi-chart-of.ts';
import { metaOf, pick, resolveLang, type BaziLang } from './bazi-lang.ts';
import type { BaziHealthRequest, BaziHealthResponse } from './bazi-health-schemas.ts';
import { CONSTITUTION_DICTIONARY, termById } from './bazi-model-terms.ts';

export interface BaziHealthTask {
  request: BaziHealthRequest;
  place: ResolvedPlace;
  defaultYear: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const byElement = (values: readonly number[], round = r2) => ({
  wood: round(values[0]!),
  fire: round(values[1]!),
  earth: round(values[2]!),
  metal: round(values[3]!),
  water: round(values[4]!),
});
const elementName = (lang: BaziLang, e: Element) => {
  const t = ELEMENT_DICTIONARY.find((x) => x.id === elementId(e))!;
  return lang === 'zh-CN' ? t.chinese : t.english;
};
const list = (lang: BaziLang, items: string[]) => items.join(lang === 'zh-CN' ? '、' : ', ');

const ORGANS: Record<Element, { en: string; zh: string }> = {
  Wood: { en: 'liver and gallbladder', zh: '肝与胆' },
  Fire: { en: 'heart and small intestine', zh: '心与小肠' },
  Earth: { en: 'spleen and stomach', zh: '脾与胃' },
  Metal: { en: 'lungs and large intestine', zh: '肺与大肠' },
  Water: { en: 'kidneys and bladder', zh: '肾与膀胱' },
};

export interface Strain {
  index: number;
  type: string;
  drivers: string[];
  level: 'low' | 'moderate' | 'high';
}

/**
 * How far an outside pillar (luck or year) pushes the chart: +1 for each of its stem and branch
 * (main qi) that is of a dominant element, +0.5 for each that controls a weak element, +1 when its
 * branch clashes the day or month branch; 25 index points per unit, at most 100.
 */
export function strainOf(p: GanZhi, chart: ChartOf, dominant: readonly Element[], weak: readonly Element[], lang: BaziLang): Strain {
  let excess = 0,
    deficiency = 0,
    clash = 0;
  const drivers: string[] = [];
  const parts: [string, Element][] = [
    [STEMS[p.stem]!.char, STEMS[p.stem]!.element],
    [BRANCHES[p.branch]!.char, BRANCHES[p.branch]!.element],
  ];
  for (const [char, e] of parts) {
    if (dominant.includes(e)) {
      excess += 1;
      drivers.push(lang === 'zh-CN' ? `${char}（${elementName(lang, e)}）增其偏旺之气` : `${char} (${e}) adds to an element already dominant`);
    }
    const hit = weak.filter((w) => controls(ELEMENTS.indexOf(e)) === ELEMENTS.indexOf(w));
    for (const w of hit) {
      deficiency += 0.5;
      drivers.push(lang === 'zh-CN' ? `${char}（${elementName(lang, e)}）克本已偏弱的${elementName(lang, w)}` : `${char} (${e}) controls ${w}, already weak`);
    }
  }
  for (const label of ['day', 'month'] as const) {
    const natal = chart.pillars.find((x) => x.label === label)!;
    if (branchRelations(p.branch, natal.pillar.branch).includes('clash')) {
      clash += 1;
      drivers.push(
        lang === 'zh-CN'
          ? `${BRANCHES[p.branch]!.char}冲${label === 'day' ? '日' : '月'}支${BRANCHES[natal.pillar.branch]!.char}`
          : `${BRANCHES[p.branch]!.char} clashes the ${label} branch ${BRANCHES[natal.pillar.branch]!.char}`,
      );
    }
  }
  const raw = excess + deficiency + clash;
  const index = Math.min(100, 25 * raw);
  const type =
    raw === 0 ? 'balanced' : excess >= deficiency && excess >= clash ? 'element_excess' : deficiency >= clash ? 'element_deficiency' : 'clash_pressure';
  return { index, type, drivers, level: index < 34 ? 'low' : index < 67 ? 'moderate' : 'high' };
}

export function computeBaziHealth(task: BaziHealthTask): BaziHealthResponse {
  const r = task.request;
  const resolved = resolveLang(r.lang);
  const lang = resolved.lang;
  const chart = chartOf(r, task.place, ['body']);
  const dyn = elementDynamics(
    chart.pillars.map((p) => p.pillar),
    chart.monthBranch,
    chart.points,
  );
  const rawTotal = chart.points.reduce((a, b) => a + b, 0);
  const dominant = ELEMENTS.filter((_, e) => dyn.effectivePercent[e]! >= 30);
  const weak = ELEMENTS.filter((_, e) => dyn.effectivePercent[e]! < 10);
  const st = chart.strength;
  const dmElement = STEMS[chart.dayStem]!.element;

  // Temperature: Fire against Water in the effective balance, and the season of the month branch.
  const pct = (e: Element) => dyn.effectivePercent[ELEMENTS.indexOf(e)]!;
  const fireMinusWater = (pct('Fire') - pct('Water')) / 100;
  const monthChar = BRANCHES[chart.monthBranch]!.char;
  const season = '巳午未'.includes(monthChar) ? 0.15 : '亥子丑'.includes(monthChar) ? -0.15 : 0;
  const temperatureScore = clamp(fireMinusWater + season, -1, 1);
  const temperature =
    temperatureScore < -0.35 ? 'cold' : temperatureScore < -0.1 ? 'cool' : temperatureScore <= 0.1 ? 'neutral' : temperatureScore <= 0.35 ? 'warm' : 'hot';
  // Moisture: Water and half of Metal against Fire and half of Wood, and the wet (辰丑) and dry (戌未) earth branches.
  const wetDry = (pct('Water') + 0.5 * pct('Metal') - pct('Fire') - 0.5 * pct('Wood')) / 100;
  const earths = chart.pillars.reduce(
    (s, p) => s + ('辰丑'.includes(BRANCHES[p.pillar.branch]!.char) ? 0.05 : '戌未'.includes(BRANCHES[p.pillar.branch]!.char) ? -0.05 : 0),
    0,
  );
  const moistureScore = clamp(wetDry + earths, -1, 1);
  const moisture = moistureScore < -0.15 ? 'dry' : moistureScore > 0.15 ? 'damp' : 'neutral';
  const label = (id: string) => {
    const t = termById(CONSTITUTION_DICTIONARY, id);
    return lang === 'zh-CN' ? t.chinese : t.english;
  };

  const organSystems = ELEMENTS.map((e) => {
    const share = pct(e);
    const status = share >= 30 ? ('excess' as const) : share < 10 ? ('deficient' as const) : ('balanced' as const);
    const organs = pick(lang, ORGANS[e]);
    const note =
      status === 'excess'
        ? pick(lang, {
            en: `${e} is strong in the chart: tradition links it to the ${organs} as a system to keep in moderation.`,
            zh: `命局${elementName(lang, e)}偏旺：传统上对应${organs}，宜以和缓调之。`,
          })
        : status === 'deficient'
          ? pick(lang, {
              en: `${e} is scarce in the chart: tradition links it to the ${organs} as a system to nourish.`,
              zh: `命局${elementName(lang, e)}偏弱：传统上对应${organs}，宜多加滋养。`,
            })
          : pick(lang, { en: `${e} is in proportion in the chart.`, zh: `命局${elementName(lang, e)}适中。` });
    return { element: elementId(e), systems: organs, share: r1(share), status, note };
  });

  const favorable = st.favorable.map(elementId);
  const priority = [...st.favorable].sort((x, y) => pct(x) - pct(y));
  const rationale =
    lang === 'zh-CN'
      ? `日主${STEMS[chart.dayStem]!.char}（${elementName(lang, dmElement)}）生于${monthChar}月，判为${st.strength === 'Strong' ? '身强' : st.strength === 'Weak' ? '身弱' : '中和'}（支持比例 ${r2(st.balanceRatio)}，季节因子 ${st.seasonalFactor}）。`
      : `Day master ${STEMS[chart.dayStem]!.char} (${dmElement}) born in a ${monthChar} month reads as ${st.strength} (support ratio ${r2(st.balanceRatio)}, seasonal factor ${st.seasonalFactor}).`;
  const reason = priority.length
    ? lang === 'zh-CN'
      ? `以喜用五行中在命局里最少者为先：${list(
          lang,
          priority.map((e) => elementName(lang, e)),
        )}。`
      : `The favourable elements, the scarcest in the chart first: ${list(
          lang,
          priority.map((e) => elementName(lang, e)),
        )}.`
    : pick(lang, {
        en: 'A balanced day master: no element is favoured; keeping the present proportion is the aim.',
        zh: '日主中和，无特别喜用，以保持现有平衡为宜。',
      });

  let timing: BaziHealthResponse['timing'];
  if (r.include_timing) {
    const from = r.timing_start_year ?? task.defaultYear;
    const to = from + r.timing_years_ahead - 1;
    const gz = (text: string): GanZhi => ({ stem: STEMS.findIndex((s) => s.char === text[0]), branch: BRANCHES.findIndex((b) => b.char === text[1]) });
    const byStrain = <T extends { strain_index: number }>(a: T, b: T) => b.strain_index - a.strain_index;
    const decades = chart.answer.luck_cycle.pillars
      .map((l) => {
        const s = strainOf(gz(l.gan_zhi), chart, dominant, weak, lang);
        return { period: `${l.start_year}–${l.end_year}`, gan_zhi: l.gan_zhi, strain_index: s.index, strain_type: s.type, drivers: s.drivers, level: s.level };
      })
      .sort(byStrain)
      .slice(0, 3);
    const years = [];
    for (let y = from; y <= to; y++) {
      const p = yearPillar(y);
      const s = strainOf(p, chart, dominant, weak, lang);
      years.push({ year: y, gan_zhi: ganZhiText(p), strain_index: s.index, strain_type: s.type, drivers: s.drivers, level: s.level });
    }
    timing = { decade_peaks: decades, year_peaks: years.sort(byStrain).slice(0, 3), analysis_range: { from_year: from, to_year: to } };
  }

  return {
    bazi_context: {
      day_master: STEMS[chart.dayStem]!.char,
      day_master_element: elementId(dmElement),
      day_master_strength: st.strength,
      favorable_elements: favorable,
      unfavorable_elements: st.unfavorable.map(elementId),
      rationale,
      balance_strategy: { priority_elements: priority.map(elementId), reason },
    },
    element_balance: {
      raw_absolute: byElement(chart.points),
      raw_total: rawTotal,
      raw_distribution: byElement(chart.percentages, r1),
      effective_pre_normalized: byElement(dyn.effective),
      effective_distribution: byElement(dyn.effectivePercent, r1),
      effective_method: 'seasonal_rooted_v1',
      seasonal_adjustments: { month_branch: monthChar, multipliers: byElement(dyn.multipliers) },
      rooting_scores: byElement(dyn.rootingScores),
      rooting_raw: byElement(dyn.rootingRaw),
      dominant_elements: dominant.map(elementId),
      weak_elements: weak.map(elementId),
    },
    constitution: {
      temperature,
      temperature_label: label(temperature),
      temperature_score: r2(temperatureScore),
      temperature_scale: 'cold < -0.35 ≤ cool < -0.1 ≤ neutral ≤ 0.1 < warm ≤ 0.35 < hot',
      temperature_components: { fire_minus_water: r2(fireMinusWater), season },
      moisture,
      moisture_label: label(moisture),
      moisture_score: r2(moistureScore),
      moisture_scale: 'dry < -0.15 ≤ neutral ≤ 0.15 < damp',
      moisture_components: { water_metal_minus_fire_wood: r2(wetDry), earth_branches: r2(earths) },
      organ_systems: organSystems,
      summary:
        lang === 'zh-CN'
          ? `命局之象偏${label(temperature)}、${moisture === 'neutral' ? '燥湿适中' : label(moisture)}。此为五行象征，不是身体检查的结果。`
          : `The chart's symbolism reads ${label(temperature).toLowerCase()} and ${moisture === 'neutral' ? 'neither dry nor damp' : label(moisture).toLowerCase()}. This is element symbolism, not a finding about the body.`,
    },
    timing,
    data_quality: {
      rooting_model: 'hidden stems root their element: main 1, middle 0.5, residual 0.3; score min(sum, 2) / 2',
      hidden_stems_weighting: 'basic points: stems and branches 20, hidden stems 5',
      transformations: 'combinations are not counted as transformed: the elements are read as they stand',
      time_known: chart.answer.conventions.time_known,
    },
    disclaimer: pick(lang, {
      en: 'Traditional BaZi symbolism for reflection, not medical advice: it cannot diagnose, predict or rule out any illness. See a qualified health professional for any health concern.',
      zh: '此为传统八字象征之解读，仅供参考，不是医疗建议：不能诊断、预测或排除任何疾病。如有健康问题，请咨询合格的医疗专业人员。',
    }),
    warnings: chart.answer.warnings,
    meta: metaOf(resolved),
  };
}

export const baziHealthBytes = (task: BaziHealthTask) => Buffer.from(JSON.stringify(computeBaziHealth(task)));
