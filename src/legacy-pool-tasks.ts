/**
 * The compute tasks of the families that do not declare their endpoints yet (src/http/endpoint.ts),
 * by name: src/pool-tasks.ts puts them in the table with the declared ones. Each family that
 * declares its endpoints takes its tasks out of this list.
 */
import { poolTask } from './compute/pool-task.ts';
import { computeEphemeris, computeEphemerisChunk } from './features/ephemeris/ephemeris-service.ts';
import type { EphemerisPlan } from './features/ephemeris/plan.ts';
import { baziAnswerBytes } from './answers/bazi-answer.ts';
import type { BaziTask } from './features/bazi/bazi-service.ts';
import { baziFlowAnswerBytes } from './answers/bazi-flow-answer.ts';
import type { BaziFlowTask } from './features/bazi/bazi-flow-service.ts';
import { baziTimeCorrectionBytes, type BaziTimeCorrectionTask } from './features/bazi/bazi-time-correction.ts';
import { baziSynastryBytes, type BaziSynastryTask } from './features/bazi/bazi-synastry.ts';
import { baziHealthBytes, type BaziHealthTask } from './features/bazi/bazi-health.ts';
import { baziLifespanBytes, type BaziLifespanTask } from './features/bazi/bazi-lifespan.ts';
import { chineseCalendarAnswerBytes } from './answers/chinese-calendar-answer.ts';
import type { ChineseCalendarTask } from './features/chinese-calendar/chinese-calendar-service.ts';
import {
  dailyPersonalV1AnswerBytes,
  dailyPersonalV2AnswerBytes,
  dailyPersonalV3AnswerBytes,
  dailySignAnswerBytes,
  weeklyPersonalAnswerBytes,
} from './answers/horoscope-answers.ts';
import { panchangV1AnswerBytes, panchangV2AnswerBytes } from './answers/vedic-panchang-answers.ts';
import { visualChartImage, type VisualChartTask } from './features/vedic-visual/vedic-visual-service.ts';
import { insightsAnswer, searchAnswer, timelineAnswer } from './answers/forecast-answers.ts';
import {
  computeNatalInsights,
  computeTransitInsights,
  type NatalInsightsTask,
  type TransitInsightsTask,
} from './features/forecast/forecast-insights-service.ts';
import { computeSearch, type SearchTask } from './features/forecast/forecast-search-service.ts';
import { computeTimeline, type TimelineTask } from './features/forecast/forecast-timeline-service.ts';
import {
  vedicCalculateBytes,
  vedicChartV1Bytes,
  vedicChartV2Bytes,
  vedicDashaV1Bytes,
  vedicDashaV2Bytes,
  vedicVargasV1Bytes,
  vedicVargasV2Bytes,
} from './answers/vedic-answers.ts';
import { vedicStrengthV1Bytes, vedicStrengthV2Bytes } from './answers/vedic-strength-answers.ts';
import { vedicYogasV1Bytes, vedicYogasV2Bytes } from './answers/vedic-yogas-answers.ts';
import { vedicDoshasBytes } from './answers/vedic-doshas-answers.ts';
import { vedicMatchBytes } from './answers/vedic-match-answers.ts';
import { vedicGocharV1Bytes, vedicGocharV2Bytes } from './answers/vedic-gochar-answers.ts';
import { muhuratSearchBytes } from './answers/vedic-muhurta-answers.ts';
import { sanitizedSvgResponse } from './features/account/branding-image.ts';
import { reportSkyBytes, type ReportSkyTask } from './reports/sky/report-sky.ts';
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from './features/charts/charts-service.ts';

export const LEGACY_TASKS = [
  poolTask('ephemeris', (p: EphemerisPlan) => computeEphemeris(p)),
  poolTask('ephemeris_chunk', (p: { plan: EphemerisPlan; from: number; to: number }) => computeEphemerisChunk(p), 'export_chunk'),
  poolTask('bazi', (p: BaziTask) => baziAnswerBytes(p)),
  poolTask('bazi_flow', (p: BaziFlowTask) => baziFlowAnswerBytes(p)),
  poolTask('bazi_time_correction', (p: BaziTimeCorrectionTask) => baziTimeCorrectionBytes(p)),
  poolTask('bazi_synastry', (p: BaziSynastryTask) => baziSynastryBytes(p)),
  poolTask('bazi_health', (p: BaziHealthTask) => baziHealthBytes(p)),
  poolTask('bazi_lifespan', (p: BaziLifespanTask) => baziLifespanBytes(p)),
  poolTask('chinese_calendar', (p: ChineseCalendarTask) => chineseCalendarAnswerBytes(p)),
  poolTask('horoscope_daily_personal_v1', dailyPersonalV1AnswerBytes),
  poolTask('horoscope_daily_personal_v2', dailyPersonalV2AnswerBytes),
  poolTask('horoscope_daily_personal_v3', dailyPersonalV3AnswerBytes),
  poolTask('horoscope_weekly_personal', weeklyPersonalAnswerBytes),
  poolTask('horoscope_daily_sign', dailySignAnswerBytes),
  poolTask('vedic_panchang_v1', panchangV1AnswerBytes),
  poolTask('vedic_panchang_v2', panchangV2AnswerBytes),
  poolTask('vedic_visual_chart', (p: VisualChartTask) => visualChartImage(p)),
  poolTask('transits_timeline', (p: TimelineTask) => timelineAnswer(computeTimeline(p)), 'heavy'),
  poolTask('transits_search', (p: SearchTask) => searchAnswer(computeSearch(p)), 'heavy'),
  poolTask('natal_insights', (p: NatalInsightsTask) => insightsAnswer(computeNatalInsights(p))),
  poolTask('transits_insights', (p: TransitInsightsTask) => insightsAnswer(computeTransitInsights(p)), 'heavy'),
  poolTask('vedic_chart_v1', vedicChartV1Bytes),
  poolTask('vedic_chart_v2', vedicChartV2Bytes),
  poolTask('vedic_vargas_v1', vedicVargasV1Bytes),
  poolTask('vedic_vargas_v2', vedicVargasV2Bytes),
  poolTask('vedic_dasha_v1', vedicDashaV1Bytes),
  poolTask('vedic_dasha_v2', vedicDashaV2Bytes),
  poolTask('vedic_calculate', vedicCalculateBytes),
  poolTask('vedic_strength_v1', vedicStrengthV1Bytes),
  poolTask('vedic_strength_v2', vedicStrengthV2Bytes),
  poolTask('vedic_yogas_v1', vedicYogasV1Bytes),
  poolTask('vedic_yogas_v2', vedicYogasV2Bytes),
  poolTask('vedic_doshas', vedicDoshasBytes),
  poolTask('vedic_match_v1', vedicMatchBytes),
  poolTask('vedic_match_v2', vedicMatchBytes),
  poolTask('vedic_gochar_v1', vedicGocharV1Bytes, 'heavy'),
  poolTask('vedic_gochar_v2', vedicGocharV2Bytes, 'heavy'),
  poolTask('vedic_muhurat_search', muhuratSearchBytes, 'heavy'),
  poolTask('chart_natal', natalChart),
  poolTask('chart_transits', transitChart),
  poolTask('chart_solar_return', solarReturnChart),
  poolTask('chart_progressions', progressionsChart),
  poolTask('chart_composite', compositeChart),
  poolTask('chart_synastry', synastryChart),
  poolTask('branding_svg', (p: { bytes: Uint8Array }) => sanitizedSvgResponse(p.bytes)),
  poolTask('report_sky', (p: ReportSkyTask) => reportSkyBytes(p)),
];
