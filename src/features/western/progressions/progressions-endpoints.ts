/**
 * POST /api/v1/western/progressions/<system> and its calendar, exact-aspects and exact-ingresses
 * searches, for the secondary, tertiary, converse secondary and solar arc systems: four
 * declarations per system, made in one loop. The conventions are in docs/api.md, "Progressions".
 */
import type { z } from 'zod/v4';
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveNestedNatal, type NestedNatal } from '../../../requests/nested-natal-schema.ts';
import { natalRequest } from '../natal/natal-schemas.ts';
import type { NatalTask } from '../natal/natal-service.ts';
import {
  computeCalendar,
  computeExactAspects,
  computeExactIngresses,
  computeProgressedChart,
  type CalendarTask,
  type ExactAspectsTask,
  type SearchTask,
  type TargetTask,
} from './progressions-service.ts';
import {
  calendarRequest,
  calendarResponse,
  converseSecondaryRequest,
  exactAspectsRequest,
  exactAspectsResponse,
  exactIngressesRequest,
  exactIngressesResponse,
  MAX_AGE_YEARS,
  MAX_SEARCH_YEARS,
  PROGRESSION_SYSTEMS,
  secondaryRequest,
  solarArcRequest,
  progressedChartResponse,
  tertiaryRequest,
  type ProgressionSettings,
  type TargetRequest,
  type ProgressionSystem,
} from './progressions-schemas.ts';

const progressedChartBytes = schemaSerializer(progressedChartResponse);
const calendarBytes = schemaSerializer(calendarResponse);
const exactAspectsBytes = schemaSerializer(exactAspectsResponse);
const exactIngressesBytes = schemaSerializer(exactIngressesResponse);

export const progressedChartTask = poolTask('progressions_chart', (task: TargetTask) => progressedChartBytes(computeProgressedChart(task)));
export const progressionCalendarTask = poolTask('progressions_calendar', (task: CalendarTask) => calendarBytes(computeCalendar(task)), 'heavy');
export const progressionExactAspectsTask = poolTask(
  'progressions_exact_aspects',
  (task: ExactAspectsTask) => exactAspectsBytes(computeExactAspects(task)),
  'heavy',
);
export const progressionExactIngressesTask = poolTask(
  'progressions_exact_ingresses',
  (task: SearchTask) => exactIngressesBytes(computeExactIngresses(task)),
  'heavy',
);

const REQUESTS: Record<ProgressionSystem['id'], z.ZodType<TargetRequest>> = {
  secondary: secondaryRequest,
  tertiary: tertiaryRequest,
  converse_secondary: converseSecondaryRequest,
  solar_arc: solarArcRequest,
};

/** The natal task of a nested birth: the flat fields the natal endpoint reads, with the progression's chart settings. */
function natalTaskOf(natal: NestedNatal, settings: ProgressionSettings): NatalTask {
  const { birth, place } = resolveNestedNatal(natal, ['body', 'natal']);
  const request = natalRequest.parse({
    ...birth,
    house_system: settings.house_system,
    zodiac_type: settings.zodiac_type,
    sidereal_ayanamsa: settings.sidereal_ayanamsa,
    node_type: settings.node_type,
  });
  return { request, place, includeMinor: false, includeStelliums: false };
}

/** What each system's operations say of its convention. */
export function systemBasis(system: ProgressionSystem): string {
  const unit = system.id === 'tertiary' ? 'tropical month of life (27.321582 days)' : 'tropical year of life (365.242189 days)';
  const way = system.direction === 1 ? 'after' : 'before';
  const directed = system.directed
    ? " Every natal point is directed by the solar arc: moved by the secondary progressed Sun's distance from the natal Sun."
    : '';
  return `One ephemeris day ${way} the birth stands for one ${unit};${directed} every instant is found by a root-finder on the ephemeris positions and given to the second (UTC). Progressed points are placed in the natal houses; the progressed Ascendant and Midheaven move by \`settings.angles_method\` (solar arc by default). Beta, as on the public service.`;
}

const NATAL =
  '`natal` is the birth: `datetime` (local, e.g. `1990-05-17 08:15`) or year/month/day/hour/minute, `time_known`, and `location{city | lat, lng, tz_str}`. Instants are exact to the second (UTC).';

/** The chart, calendar, exact aspects and exact ingresses of one system. */
function systemEndpoints(system: ProgressionSystem) {
  const base = `/api/v1/western/progressions/${system.path}`;
  const basis = systemBasis(system);
  const unit = system.directed
    ? "every natal point moved by the secondary progressed Sun's arc"
    : system.id === 'tertiary'
      ? 'one ephemeris day = one tropical month of life'
      : system.direction === 1
        ? 'one ephemeris day = one tropical year of life'
        : 'one ephemeris day before the birth = one tropical year of life';
  return [
    endpoint({
      method: 'POST',
      paths: [base],
      tags: ['progressions'],
      summary: `${system.title}: the progressed chart at a date, its aspects and when they perfect`,
      description: `${basis} Aspects (major, orb \`settings.orb_deg\`, default 1°) from the progressed points and angles to the natal ones and within the progressed chart, closest first, each with its exact date (the next perfection of an applying aspect, the last of a separating one, within ${system.horizonYears} years of life). The target (\`${system.bodyKey}.target_date\`) is at most ${MAX_AGE_YEARS} years after the birth.`,
      body: REQUESTS[system.id],
      answer: { json: progressedChartResponse },
      task: progressedChartTask,
      prepare: ({ body }): TargetTask => {
        const target = (body as Partial<Record<ProgressionSystem['bodyKey'], { target_date: string }>>)[system.bodyKey]!;
        return { system: system.id, natal: natalTaskOf(body.natal, body.settings), settings: body.settings, targetDate: target.target_date };
      },
      mcp: {
        title: system.title,
        description: `The progressed chart of POST ${base} at \`${system.bodyKey}.target_date\` (${unit}): progressed points (sign, degree, natal house), progressed Ascendant and Midheaven, aspects to the natal chart and within the progressed chart, with orbs and exact dates. ${NATAL}`,
      },
    }),
    endpoint({
      method: 'POST',
      paths: [`${base}/calendar`],
      tags: ['progressions'],
      summary: `${system.title} calendar: every progressed event of a window`,
      description: `${basis} Events of a window of at most ${system.calendarYears} years, in time order: exact aspects of the progressed points and angles to the natal points and angles, sign ingresses, natal-house ingresses, stations of the progressed planets and the phases of the progressed lunation.`,
      body: calendarRequest,
      answer: { json: calendarResponse },
      task: progressionCalendarTask,
      prepare: ({ body }): CalendarTask => ({
        system: system.id,
        natal: natalTaskOf(body.natal, body.settings),
        settings: body.settings,
        from: body.calendar.from,
        to: body.calendar.to,
      }),
      mcp: {
        title: `${system.title} calendar`,
        description: `The events of POST ${base}/calendar in \`calendar{from, to}\` (at most ${system.calendarYears} years; ${unit}): exact progressed-to-natal aspects, sign and house ingresses, stations and lunation phases, in time order. ${NATAL}`,
      },
    }),
    endpoint({
      method: 'POST',
      paths: [`${base}/exact-aspects`],
      tags: ['progressions'],
      summary: `${system.title}: the exact progressed-to-natal aspects of a window`,
      description: `${basis} Every instant in the window (at most ${MAX_SEARCH_YEARS} years) when a progressed point perfects a major aspect to a natal point; with \`include_angles\`, the progressed and natal Ascendant and Midheaven too.`,
      body: exactAspectsRequest,
      answer: { json: exactAspectsResponse },
      task: progressionExactAspectsTask,
      prepare: ({ body }): ExactAspectsTask => {
        const { from, to, limit, order } = body.search;
        return {
          system: system.id,
          natal: natalTaskOf(body.natal, body.settings),
          settings: body.settings,
          from,
          to,
          limit,
          order,
          includeAngles: body.include_angles,
        };
      },
      mcp: {
        title: `${system.title}: exact aspects`,
        description: `The exact progressed-to-natal aspects of POST ${base}/exact-aspects in \`search{from, to, limit, order}\` (at most ${MAX_SEARCH_YEARS} years; ${unit}); \`include_angles\` adds the Ascendant and Midheaven. ${NATAL}`,
      },
    }),
    endpoint({
      method: 'POST',
      paths: [`${base}/exact-ingresses`],
      tags: ['progressions'],
      summary: `${system.title}: the sign and house ingresses of a window`,
      description: `${basis} Every instant in the window (at most ${MAX_SEARCH_YEARS} years) when a progressed point enters a sign or a natal house, and when the progressed Ascendant or Midheaven enters a sign.`,
      body: exactIngressesRequest,
      answer: { json: exactIngressesResponse },
      task: progressionExactIngressesTask,
      prepare: ({ body }): SearchTask => {
        const { from, to, limit, order } = body.search;
        return { system: system.id, natal: natalTaskOf(body.natal, body.settings), settings: body.settings, from, to, limit, order };
      },
      mcp: {
        title: `${system.title}: ingresses`,
        description: `The sign and natal-house ingresses of POST ${base}/exact-ingresses in \`search{from, to, limit, order}\` (at most ${MAX_SEARCH_YEARS} years; ${unit}). ${NATAL}`,
      },
    }),
  ];
}

export const PROGRESSIONS_ENDPOINTS = PROGRESSION_SYSTEMS.flatMap(systemEndpoints);
