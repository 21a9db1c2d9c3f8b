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
import { ephemerisChunkTask } from './features/ephemeris/ephemeris-endpoints.ts';
import { profectionAnswer } from './answers/profections-answer.ts';
import { computeProfection, type ProfectionTask } from './features/profections/profections-service.ts';
import { returnsAnswerBytes, solarReturnAnswerBytes } from './answers/returns-answers.ts';
import { synastryAnswerBytes, synastryHoroscopeAnswerBytes, synastrySummaryAnswerBytes } from './answers/synastry-answers.ts';
import type { SynastryTask } from './features/synastry/synastry-service.ts';
import type { SynastryHoroscopeTask } from './features/synastry/synastry-horoscope-service.ts';
import { sanitizedSvgResponse } from './features/account/branding-image.ts';
import { reportSkyBytes, type ReportSkyTask } from './reports/sky/report-sky.ts';

export const LEGACY_TASKS = [
  poolTask('progressions_chart', progressedChartAnswerBytes),
  poolTask('progressions_calendar', progressionCalendarAnswerBytes, 'heavy'),
  poolTask('progressions_exact_aspects', progressionExactAspectsAnswerBytes, 'heavy'),
  poolTask('progressions_exact_ingresses', progressionExactIngressesAnswerBytes, 'heavy'),
  // An export's chunk serves no endpoint of its own; the ephemeris declares it.
  ephemerisChunkTask,
  poolTask('profections_annual', (p: ProfectionTask) => profectionAnswer(computeProfection(p))),
  poolTask('solar_return', solarReturnAnswerBytes),
  poolTask('planet_returns', returnsAnswerBytes, 'heavy'),
  poolTask('synastry', (p: SynastryTask) => synastryAnswerBytes(p)),
  poolTask('synastry_summary', (p: SynastryTask) => synastrySummaryAnswerBytes(p)),
  poolTask('synastry_horoscope', (p: SynastryHoroscopeTask) => synastryHoroscopeAnswerBytes(p)),
  poolTask('branding_svg', (p: { bytes: Uint8Array }) => sanitizedSvgResponse(p.bytes)),
  poolTask('report_sky', (p: ReportSkyTask) => reportSkyBytes(p)),
];
