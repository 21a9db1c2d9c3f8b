/**
 * The compute tasks of the families that do not declare their endpoints yet (src/http/endpoint.ts),
 * by name: src/pool-tasks.ts puts them in the table with the declared ones. Each family that
 * declares its endpoints takes its tasks out of this list.
 */
import {
  progressedChartAnswerBytes,
  progressionCalendarAnswerBytes,
  progressionExactAspectsAnswerBytes,
  progressionExactIngressesAnswerBytes,
} from './answers/progression-answers.ts';
import { poolTask } from './compute/pool-task.ts';
import { computeEphemeris, computeEphemerisChunk } from './features/ephemeris/ephemeris-service.ts';
import type { EphemerisPlan } from './features/ephemeris/plan.ts';
import { profectionAnswer } from './answers/profections-answer.ts';
import { computeProfection, type ProfectionTask } from './features/profections/profections-service.ts';
import { returnsAnswerBytes, solarReturnAnswerBytes } from './answers/returns-answers.ts';
import { synastryAnswerBytes, synastryHoroscopeAnswerBytes, synastrySummaryAnswerBytes } from './answers/synastry-answers.ts';
import type { SynastryTask } from './features/synastry/synastry-service.ts';
import type { SynastryHoroscopeTask } from './features/synastry/synastry-horoscope-service.ts';
import {
  dailyPersonalV1AnswerBytes,
  dailyPersonalV2AnswerBytes,
  dailyPersonalV3AnswerBytes,
  dailySignAnswerBytes,
  weeklyPersonalAnswerBytes,
} from './answers/horoscope-answers.ts';
import { insightsAnswer, searchAnswer, timelineAnswer } from './answers/forecast-answers.ts';
import {
  computeNatalInsights,
  computeTransitInsights,
  type NatalInsightsTask,
  type TransitInsightsTask,
} from './features/forecast/forecast-insights-service.ts';
import { computeSearch, type SearchTask } from './features/forecast/forecast-search-service.ts';
import { computeTimeline, type TimelineTask } from './features/forecast/forecast-timeline-service.ts';
import { sanitizedSvgResponse } from './features/account/branding-image.ts';
import { reportSkyBytes, type ReportSkyTask } from './reports/sky/report-sky.ts';

export const LEGACY_TASKS = [
  poolTask('progressions_chart', progressedChartAnswerBytes),
  poolTask('progressions_calendar', progressionCalendarAnswerBytes, 'heavy'),
  poolTask('progressions_exact_aspects', progressionExactAspectsAnswerBytes, 'heavy'),
  poolTask('progressions_exact_ingresses', progressionExactIngressesAnswerBytes, 'heavy'),
  poolTask('ephemeris', (p: EphemerisPlan) => computeEphemeris(p)),
  poolTask('ephemeris_chunk', (p: { plan: EphemerisPlan; from: number; to: number }) => computeEphemerisChunk(p), 'export_chunk'),
  poolTask('profections_annual', (p: ProfectionTask) => profectionAnswer(computeProfection(p))),
  poolTask('solar_return', solarReturnAnswerBytes),
  poolTask('planet_returns', returnsAnswerBytes, 'heavy'),
  poolTask('synastry', (p: SynastryTask) => synastryAnswerBytes(p)),
  poolTask('synastry_summary', (p: SynastryTask) => synastrySummaryAnswerBytes(p)),
  poolTask('synastry_horoscope', (p: SynastryHoroscopeTask) => synastryHoroscopeAnswerBytes(p)),
  poolTask('horoscope_daily_personal_v1', dailyPersonalV1AnswerBytes),
  poolTask('horoscope_daily_personal_v2', dailyPersonalV2AnswerBytes),
  poolTask('horoscope_daily_personal_v3', dailyPersonalV3AnswerBytes),
  poolTask('horoscope_weekly_personal', weeklyPersonalAnswerBytes),
  poolTask('horoscope_daily_sign', dailySignAnswerBytes),
  poolTask('transits_timeline', (p: TimelineTask) => timelineAnswer(computeTimeline(p)), 'heavy'),
  poolTask('transits_search', (p: SearchTask) => searchAnswer(computeSearch(p)), 'heavy'),
  poolTask('natal_insights', (p: NatalInsightsTask) => insightsAnswer(computeNatalInsights(p))),
  poolTask('transits_insights', (p: TransitInsightsTask) => insightsAnswer(computeTransitInsights(p)), 'heavy'),
  poolTask('branding_svg', (p: { bytes: Uint8Array }) => sanitizedSvgResponse(p.bytes)),
  poolTask('report_sky', (p: ReportSkyTask) => reportSkyBytes(p)),
];
