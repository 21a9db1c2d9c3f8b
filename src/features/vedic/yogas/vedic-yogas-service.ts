/**
 * The yogas of a request: the rasi chart cast as the chart endpoint casts it, the yoga engine
 * (src/astro/vedic/yogas) run on it with the request's options, and its findings in the v1 and
 * v2 shapes. `vedicYogasBlock` gives the v2 parts for a chart already cast, for answers that
 * embed the yogas (the calculate call's `include_yogas`).
 */
import type { VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { GRAHAS } from '../../../astro/vedic/grahas.ts';
import { yogasOfChart, type ChartYogas } from '../../../astro/vedic/yogas/registry.ts';
import { YOGA_CATEGORIES, type YogaCategory, type YogaFinding, type YogaNearMiss, type YogaOptions } from '../../../astro/vedic/yogas/yoga-types.ts';
import { castVedic, vedicMetadata, vedicSubject, type VedicTask } from '../vedic-service.ts';
import type { VedicYogasRequest, VedicYogasV1Answer, VedicYogasV2Answer } from './vedic-yogas-schemas.ts';

export type VedicYogasTask = VedicTask<VedicYogasRequest>;

/** The request fields the engine reads, and the category filter. */
export type YogaRequestOptions = Pick<
  VedicYogasRequest,
  | 'explain'
  | 'categories'
  | 'gajakesari_from'
  | 'mahapurusha_from'
  | 'kemadruma_grahas'
  | 'adhi_benefics'
  | 'chandra_mangala'
  | 'dhana_lords'
  | 'nabhasa_sankhya'
>;

export function engineOptions(request: YogaRequestOptions): YogaOptions {
  return {
    explain: request.explain,
    gajakesari_from: request.gajakesari_from,
    mahapurusha_from: request.mahapurusha_from,
    kemadruma_grahas: request.kemadruma_grahas,
    adhi_benefics: request.adhi_benefics,
    chandra_mangala: request.chandra_mangala,
    dhana_lords: request.dhana_lords,
    nabhasa_sankhya: request.nabhasa_sankhya,
  };
}

/** The chart's yogas with the request's options, filtered to the categories asked. */
function chartYogas(chart: VedicChart, request: YogaRequestOptions): ChartYogas {
  const result = yogasOfChart(chart, engineOptions(request));
  const wanted = request.categories;
  if (!wanted) return result;
  const keep = (c: YogaCategory) => wanted.includes(c);
  return { ...result, yogas: result.yogas.filter((y) => keep(y.category)), nearMisses: result.nearMisses.filter((n) => keep(n.category)) };
}

const names = (ids: readonly string[]) => ids.map((id) => GRAHAS[id as keyof typeof GRAHAS].name);

function nearMissJson(n: YogaNearMiss) {
  return { key: n.key, name: n.name, category: n.category, planets: names(n.grahas), met: n.met, failed: n.failed };
}

export function yogaV2RowOf(y: YogaFinding): VedicYogasV2Answer['yogas'][number] {
  return {
    id: y.id,
    key: y.key,
    name: y.name,
    type: y.type,
    category: y.category,
    theme: y.theme,
    active: y.status === 'present',
    status: y.status,
    strength: y.strength?.label ?? null,
    strength_score: y.strength?.score ?? null,
    strength_basis: y.strength?.basis ?? null,
    planets: names(y.grahas),
    planet_ids: y.grahas,
    houses: y.houses,
    reference: y.reference,
    evidence: y.evidence,
    cancellations: y.cancellations,
    source: y.source,
    description: y.description,
  };
}

function summaryOf(yogas: readonly YogaFinding[]): VedicYogasV2Answer['summary'] {
  const active = yogas.filter((y) => y.status === 'present');
  const byCategory = Object.fromEntries(YOGA_CATEGORIES.map((c) => [c, 0])) as Record<YogaCategory, number>;
  const byStrength = { strong: 0, moderate: 0, weak: 0, ungraded: 0 };
  for (const y of active) {
    byCategory[y.category]++;
    byStrength[y.strength?.label ?? 'ungraded']++;
  }
  return { total: yogas.length, active: active.length, cancelled: yogas.length - active.length, by_category: byCategory, by_strength: byStrength };
}

/** The v2 yoga parts of a chart already cast: rows, active names, summary, near misses, skipped groups, settings, warnings. */
export function vedicYogasBlock(chart: VedicChart, request: YogaRequestOptions) {
  const result = chartYogas(chart, request);
  return {
    yogas: result.yogas.map(yogaV2RowOf),
    active_yogas: result.yogas.filter((y) => y.status === 'present').map((y) => y.name),
    summary: summaryOf(result.yogas),
    near_misses: result.nearMisses.map(nearMissJson),
    skipped_groups: result.skipped,
    settings: {
      gajakesari_from: result.options.gajakesari_from,
      mahapurusha_from: result.options.mahapurusha_from,
      kemadruma_grahas: result.options.kemadruma_grahas,
      adhi_benefics: result.options.adhi_benefics,
      chandra_mangala: result.options.chandra_mangala,
      dhana_lords: result.options.dhana_lords,
      nabhasa_sankhya: result.options.nabhasa_sankhya,
      categories: request.categories ? [...new Set(request.categories)] : null,
      explain: result.options.explain,
    },
    warnings: result.warnings,
  };
}

export function computeVedicYogasV1(task: VedicYogasTask): VedicYogasV1Answer {
  const cast = castVedic(task);
  const result = chartYogas(cast.chart, task.request);
  return {
    subject: vedicSubject(task, cast),
    yogas: result.yogas.map((y) => ({
      id: y.id,
      name: y.name,
      category: y.theme,
      active: y.status === 'present',
      planets: names(y.grahas),
      houses: y.houses,
      strength: y.strength?.label ?? null,
      description: y.description,
    })),
    near_misses: result.nearMisses.map(nearMissJson),
    metadata: vedicMetadata(cast),
    warnings: [...cast.warnings, ...result.warnings],
  };
}

export function computeVedicYogasV2(task: VedicYogasTask): VedicYogasV2Answer {
  const cast = castVedic(task);
  const block = vedicYogasBlock(cast.chart, task.request);
  return {
    subject: vedicSubject(task, cast),
    yogas: block.yogas,
    active_yogas: block.active_yogas,
    summary: block.summary,
    near_misses: block.near_misses,
    skipped_groups: block.skipped_groups,
    settings: block.settings,
    metadata: vedicMetadata(cast),
    warnings: [...cast.warnings, ...block.warnings],
  };
}
