/**
 * Every CPU-bound task the API hands to the compute pool, by name. The same table serves the
 * worker threads and the inline runner, so both run exactly the same code.
 */
import type { NatalTask } from '../features/natal/natal-service.ts';
import { writeCompactNatalAnswer } from '../answers/compact-natal-answer.ts';
import { natalAnswerBytes } from '../answers/natal-answer.ts';
import {
  progressedChartAnswerBytes,
  progressionCalendarAnswerBytes,
  progressionExactAspectsAnswerBytes,
  progressionExactIngressesAnswerBytes,
} from '../answers/progression-answers.ts';
import type { TransitTask } from '../features/transits/transits-service.ts';
import { transitAnswerBytes } from '../answers/transit-answer.ts';
import type { CompactNatalRequest } from '../features/natal/natal-schemas.ts';
import type { ResolvedPlace } from '../requests/place.ts';
import { RequestFieldError } from '../requests/request-error.ts';
import { encodeBinaryResponse, isBinaryResponse } from './binary-response.ts';
import { computeEphemeris, computeEphemerisChunk } from '../features/ephemeris/ephemeris-service.ts';
import type { EphemerisPlan } from '../features/ephemeris/plan.ts';
import { computeSkyEvents, type SkyEventsTask } from '../features/sky-events/sky-events-service.ts';
import { computeMoonMonth, computeMoonPhase, type MoonMonthTask, type MoonPhaseTask } from '../features/moon/moon-service.ts';
import { skyEventsAnswer } from '../answers/sky-events-answer.ts';
import { moonMonthAnswer, moonPhaseAnswer } from '../answers/moon-answers.ts';
import { profectionAnswer } from '../answers/profections-answer.ts';
import { computeProfection, type ProfectionTask } from '../features/profections/profections-service.ts';
import { signAnswer } from '../answers/signs-answer.ts';
import { computeSign, type SignTask } from '../features/signs/signs-service.ts';
import { baziAnswerBytes } from '../answers/bazi-answer.ts';
import type { BaziTask } from '../features/bazi/bazi-service.ts';
import { baziFlowAnswerBytes } from '../answers/bazi-flow-answer.ts';
import type { BaziFlowTask } from '../features/bazi/bazi-flow-service.ts';
import { baziTimeCorrectionBytes, type BaziTimeCorrectionTask } from '../features/bazi/bazi-time-correction.ts';
import { baziSynastryBytes, type BaziSynastryTask } from '../features/bazi/bazi-synastry.ts';
import { baziHealthBytes, type BaziHealthTask } from '../features/bazi/bazi-health.ts';
import { baziLifespanBytes, type BaziLifespanTask } from '../features/bazi/bazi-lifespan.ts';
import { chineseCalendarAnswerBytes } from '../answers/chinese-calendar-answer.ts';
import type { ChineseCalendarTask } from '../features/chinese-calendar/chinese-calendar-service.ts';
import { returnsAnswerBytes, solarReturnAnswerBytes } from '../answers/returns-answers.ts';
import { synastryAnswerBytes, synastryHoroscopeAnswerBytes, synastrySummaryAnswerBytes } from '../answers/synastry-answers.ts';
import type { SynastryTask } from '../features/synastry/synastry-service.ts';
import type { SynastryHoroscopeTask } from '../features/synastry/synastry-horoscope-service.ts';
import {
  dailyPersonalV1AnswerBytes,
  dailyPersonalV2AnswerBytes,
  dailyPersonalV3AnswerBytes,
  dailySignAnswerBytes,
  weeklyPersonalAnswerBytes,
} from '../answers/horoscope-answers.ts';
import { panchangV1AnswerBytes, panchangV2AnswerBytes } from '../answers/vedic-panchang-answers.ts';
import { visualChartImage, type VisualChartTask } from '../features/vedic-visual/vedic-visual-service.ts';
import { insightsAnswer, searchAnswer, timelineAnswer } from '../answers/forecast-answers.ts';
import {
  computeNatalInsights,
  computeTransitInsights,
  type NatalInsightsTask,
  type TransitInsightsTask,
} from '../features/forecast/forecast-insights-service.ts';
import { computeSearch, type SearchTask } from '../features/forecast/forecast-search-service.ts';
import { computeTimeline, type TimelineTask } from '../features/forecast/forecast-timeline-service.ts';
import {
  vedicCalculateBytes,
  vedicChartV1Bytes,
  vedicChartV2Bytes,
  vedicDashaV1Bytes,
  vedicDashaV2Bytes,
  vedicVargasV1Bytes,
  vedicVargasV2Bytes,
} from '../answers/vedic-answers.ts';
import { vedicStrengthV1Bytes, vedicStrengthV2Bytes } from '../answers/vedic-strength-answers.ts';
import { vedicYogasV1Bytes, vedicYogasV2Bytes } from '../answers/vedic-yogas-answers.ts';
import { vedicDoshasBytes } from '../answers/vedic-doshas-answers.ts';
import { vedicMatchBytes } from '../answers/vedic-match-answers.ts';
import { vedicGocharV1Bytes, vedicGocharV2Bytes } from '../answers/vedic-gochar-answers.ts';
import { muhuratSearchBytes } from '../answers/vedic-muhurta-answers.ts';
import { sanitizedSvgResponse } from '../features/account/branding-image.ts';
import { reportSkyBytes, type ReportSkyTask } from '../reports/sky/report-sky.ts';
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from '../features/charts/charts-service.ts';

export const TASKS = {
  natal: (p: NatalTask) => natalAnswerBytes(p),
  compact_natal: (p: { request: CompactNatalRequest; place: ResolvedPlace }) => writeCompactNatalAnswer(p.request, p.place),
  transits: (p: TransitTask) => transitAnswerBytes(p),
  progressions_chart: progressedChartAnswerBytes,
  progressions_calendar: progressionCalendarAnswerBytes,
  progressions_exact_aspects: progressionExactAspectsAnswerBytes,
  progressions_exact_ingresses: progressionExactIngressesAnswerBytes,
  ephemeris: (p: EphemerisPlan) => computeEphemeris(p),
  ephemeris_chunk: (p: { plan: EphemerisPlan; from: number; to: number }) => computeEphemerisChunk(p),
  sky_events: (p: SkyEventsTask) => skyEventsAnswer(computeSkyEvents(p)),
  moon_phase: (p: MoonPhaseTask) => moonPhaseAnswer(computeMoonPhase(p)),
  moon_month: (p: MoonMonthTask) => moonMonthAnswer(computeMoonMonth(p)),
  profections_annual: (p: ProfectionTask) => profectionAnswer(computeProfection(p)),
  sign_lookup: (p: SignTask) => signAnswer(computeSign(p)),
  bazi: (p: BaziTask) => baziAnswerBytes(p),
  bazi_flow: (p: BaziFlowTask) => baziFlowAnswerBytes(p),
  bazi_time_correction: (p: BaziTimeCorrectionTask) => baziTimeCorrectionBytes(p),
  bazi_synastry: (p: BaziSynastryTask) => baziSynastryBytes(p),
  bazi_health: (p: BaziHealthTask) => baziHealthBytes(p),
  bazi_lifespan: (p: BaziLifespanTask) => baziLifespanBytes(p),
  chinese_calendar: (p: ChineseCalendarTask) => chineseCalendarAnswerBytes(p),
  solar_return: solarReturnAnswerBytes,
  planet_returns: returnsAnswerBytes,
  synastry: (p: SynastryTask) => synastryAnswerBytes(p),
  synastry_summary: (p: SynastryTask) => synastrySummaryAnswerBytes(p),
  synastry_horoscope: (p: SynastryHoroscopeTask) => synastryHoroscopeAnswerBytes(p),
  horoscope_daily_personal_v1: dailyPersonalV1AnswerBytes,
  horoscope_daily_personal_v2: dailyPersonalV2AnswerBytes,
  horoscope_daily_personal_v3: dailyPersonalV3AnswerBytes,
  horoscope_weekly_personal: weeklyPersonalAnswerBytes,
  horoscope_daily_sign: dailySignAnswerBytes,
  vedic_panchang_v1: panchangV1AnswerBytes,
  vedic_panchang_v2: panchangV2AnswerBytes,
  vedic_visual_chart: (p: VisualChartTask) => visualChartImage(p),
  transits_timeline: (p: TimelineTask) => timelineAnswer(computeTimeline(p)),
  transits_search: (p: SearchTask) => searchAnswer(computeSearch(p)),
  natal_insights: (p: NatalInsightsTask) => insightsAnswer(computeNatalInsights(p)),
  transits_insights: (p: TransitInsightsTask) => insightsAnswer(computeTransitInsights(p)),
  vedic_chart_v1: vedicChartV1Bytes,
  vedic_chart_v2: vedicChartV2Bytes,
  vedic_vargas_v1: vedicVargasV1Bytes,
  vedic_vargas_v2: vedicVargasV2Bytes,
  vedic_dasha_v1: vedicDashaV1Bytes,
  vedic_dasha_v2: vedicDashaV2Bytes,
  vedic_calculate: vedicCalculateBytes,
  vedic_strength_v1: vedicStrengthV1Bytes,
  vedic_strength_v2: vedicStrengthV2Bytes,
  vedic_yogas_v1: vedicYogasV1Bytes,
  vedic_yogas_v2: vedicYogasV2Bytes,
  vedic_doshas: vedicDoshasBytes,
  vedic_match_v1: vedicMatchBytes,
  vedic_match_v2: vedicMatchBytes,
  vedic_gochar_v1: vedicGocharV1Bytes,
  vedic_gochar_v2: vedicGocharV2Bytes,
  vedic_muhurat_search: muhuratSearchBytes,
  chart_natal: natalChart,
  chart_transits: transitChart,
  chart_solar_return: solarReturnChart,
  chart_progressions: progressionsChart,
  chart_composite: compositeChart,
  chart_synastry: synastryChart,
  branding_svg: (p: { bytes: Uint8Array }) => sanitizedSvgResponse(p.bytes),
  report_sky: (p: ReportSkyTask) => reportSkyBytes(p),
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskPayload<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskResult<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;

/** A request error crosses the thread boundary as data (class identity does not survive it). */
export interface TaskFieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * Runs a task and serialises its result to UTF-8 JSON where it ran: in a worker, the
 * serialisation is off the event loop and the bytes move back without a copy.
 */
export function runTask<N extends TaskName>(name: N, payload: TaskPayload<N>): Uint8Array | TaskFieldError {
  try {
    const fn = TASKS[name] as (p: TaskPayload<N>) => TaskResult<N>;
    const result: unknown = fn(payload);
    // Answers written as bytes already (natal, compact natal, transits) go as they are, images framed with their headers,
    // text (export chunks) as it is, the rest as JSON.
    if (result instanceof Uint8Array) return result;
    if (isBinaryResponse(result)) return encodeBinaryResponse(result);
    return encoder.encode(typeof result === 'string' ? result : JSON.stringify(result));
  } catch (error) {
    if (error instanceof RequestFieldError) return { loc: error.loc, msg: error.message, type: error.type };
    throw error;
  }
}

const encoder = new TextEncoder();
