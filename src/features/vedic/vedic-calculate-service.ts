/** POST /api/v2/vedic/calculate: one cast of the chart, read as the v2 chart, the vargas asked, the dasha, and the blocks asked for (avasthas, the birth day's panchang, yogas, shadbala, ashtakavarga), each as its own endpoint gives it. */
import type { VargaDivision } from '../../astro/vedic/vargas.ts';
import { baladiAvastha, jagradadiAvastha } from '../../astro/vedic/avasthas.ts';
import { castVedic, vedicChartV2, type VedicTask } from './vedic-service.ts';
import { vargaChart, vargaChartV2, vargaMethodsOf, vargottamaOf } from './vedic-vargas-service.ts';
import { castDashas, dashaWarnings, secondIso, vimshottariV2, yoginiBlock } from './vedic-dasha-service.ts';
import type { VedicCalculateAnswer, VedicCalculateRequest } from './vedic-calculate-schemas.ts';
import { vedicYogasBlock } from './yogas/vedic-yogas-service.ts';
import { ashtakavargaV2Json, ashtakavargaWarnings, shadbalaOfCast, shadbalaV2Json } from './strength/vedic-strength-service.ts';
import { ashtakavargaOfChart } from '../../astro/vedic/strength/ashtakavarga.ts';
import { isLocalMeanTime } from './vedic-request-schemas.ts';
import { momentAtInstant } from '../../requests/moment.ts';
import { computePanchangV2 } from './panchang/vedic-panchang-service.ts';
import { panchangRequest } from './panchang/vedic-panchang-schemas.ts';

export interface VedicCalculateTask extends VedicTask<VedicCalculateRequest> {
  nowMs: number;
}

export function computeVedicCalculate(task: VedicCalculateTask): VedicCalculateAnswer {
  const { request } = task;
  const cast = castVedic(task);
  const chart = vedicChartV2(task, cast);
  const methods = vargaMethodsOf(request);
  const vargas: VedicCalculateAnswer['vargas'] = {};
  for (const n of new Set(request.vargas ?? [1])) vargas[`D${n}`] = vargaChartV2(vargaChart(cast.chart, n as VargaDivision, methods));
  const warnings = [...chart.warnings];
  let dasha: VedicCalculateAnswer['dasha'];
  if (request.dasha_levels > 0) {
    const d = castDashas(
      task,
      {
        levels: request.dasha_levels,
        yearDays: request.year_length ?? 365.25,
        yogini: request.include_yogini,
        referenceDate: request.reference_date,
        nowMs: task.nowMs,
      },
      cast,
    );
    dasha = {
      ...vimshottariV2(d),
      yogini_dasha: d.yogini && yoginiBlock(d.yogini, d.refMs),
      reference_date: secondIso(d.refMs),
      year_length_days: d.yearDays,
      levels: d.levels,
    };
    warnings.splice(0, warnings.length, ...dashaWarnings(d));
  }
  let yogas: VedicCalculateAnswer['yogas'];
  if (request.include_yogas) {
    const { warnings: yogaWarnings, ...block } = vedicYogasBlock(cast.chart, request);
    yogas = block;
    warnings.push(...yogaWarnings.filter((w) => !warnings.includes(w)));
  }
  let shadbala: VedicCalculateAnswer['shadbala'];
  if (request.include_shadbala) {
    const s = shadbalaOfCast(task, cast);
    shadbala = shadbalaV2Json(s);
    warnings.push(...s.warnings.filter((w) => !warnings.includes(w)));
  }
  let ashtakavarga: VedicCalculateAnswer['ashtakavarga'];
  if (request.include_ashtakavarga) {
    const a = ashtakavargaOfChart(cast.chart, { reductions: request.ashtakavarga_reductions });
    ashtakavarga = ashtakavargaV2Json(a);
    warnings.push(...ashtakavargaWarnings(a));
  }
  return {
    subject: chart.subject,
    ascendant: chart.ascendant,
    chandra_lagna: chart.chandra_lagna,
    planets: chart.planets,
    houses: chart.houses,
    vargas,
    vargottama: vargottamaOf(cast.chart),
    dasha,
    avasthas: request.include_avastha
      ? cast.chart.grahas.map((g) => ({
          id: g.id,
          name: g.name,
          baladi: baladiAvastha(g.signIndex, g.degreeInSign),
          jagradadi: jagradadiAvastha(g.id, g.signIndex, g.dignity),
        }))
      : undefined,
    panchang: request.include_panchang ? birthDayPanchang(task, cast) : undefined,
    yogas,
    shadbala,
    ashtakavarga,
    metadata: chart.metadata,
    warnings,
  };
}

/**
 * The panchang of the birth's local day, at the birth time: the panchang endpoint's own answer
 * for that date and place. Its day is a civil one, so a birth given in local mean time is read
 * on the place's civil calendar (the same instant, in the place's zone).
 */
function birthDayPanchang(task: VedicCalculateTask, cast: ReturnType<typeof castVedic>): NonNullable<VedicCalculateAnswer['panchang']> {
  const { request, place } = task;
  const moment = isLocalMeanTime(request) ? momentAtInstant(cast.moment.utcMs, place, undefined) : cast.moment;
  const [, year, month, day, hour, minute, second] = /^(-?\d+)-(\d+)-(\d+)T(\d+):(\d+):(\d+)/.exec(moment.localIso)!.map(Number);
  const time = cast.moment.timeKnown ? { hour, minute, second } : {};
  const panchang = panchangRequest.parse({
    year,
    month,
    day,
    ...time,
    lat: place.lat,
    lng: place.lng,
    tz_str: moment.zone,
    ayanamsha: request.ayanamsha ?? request.ayanamsa,
  });
  return computePanchangV2({ request: panchang, place });
}
