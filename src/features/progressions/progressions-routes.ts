/**
 * POST /api/v1/western/progressions/<system> and its calendar, exact-aspects and exact-ingresses
 * searches, for the secondary, tertiary and converse secondary systems. The conventions are in
 * docs/api/progressions.md, "Progressions".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateCalendar, calculateExactAspects, calculateExactIngresses, calculateProgressedChart } from './progressions-calculate.ts';
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
  type ProgressionSystem,
} from './progressions-schemas.ts';

const REQUESTS = { secondary: secondaryRequest, tertiary: tertiaryRequest, converse_secondary: converseSecondaryRequest, solar_arc: solarArcRequest } as const;

/** What each system's operations say of its convention. */
export function systemBasis(system: ProgressionSystem): string {
  const unit = system.id === 'tertiary' ? 'tropical month of life (27.321582 days)' : 'tropical year of life (365.242189 days)';
  const way = system.direction === 1 ? 'after' : 'before';
  const directed = system.directed
    ? " Every natal point is directed by the solar arc: moved by the secondary progressed Sun's distance from the natal Sun."
    : '';
  return `One ephemeris day ${way} the birth stands for one ${unit};${directed} every instant is found by a root-finder on the ephemeris positions and given to the second (UTC). Progressed points are placed in the natal houses; the progressed Ascendant and Midheaven move by \`settings.angles_method\` (solar arc by default). Beta, as on the public service.`;
}

export const progressionsRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const system of PROGRESSION_SYSTEMS) {
      const base = `/api/v1/western/progressions/${system.path}`;
      const basis = systemBasis(system);
      app.post(
        base,
        {
          schema: {
            tags: ['progressions'],
            summary: `${system.title}: the progressed chart at a date, its aspects and when they perfect`,
            description: `${basis} Aspects (major, orb \`settings.orb_deg\`, default 1°) from the progressed points and angles to the natal ones and within the progressed chart, closest first, each with its exact date (the next perfection of an applying aspect, the last of a separating one, within ${system.horizonYears} years of life). The target (\`${system.bodyKey}.target_date\`) is at most ${MAX_AGE_YEARS} years after the birth.`,
            body: REQUESTS[system.id],
            response: { 200: progressedChartResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateProgressedChart(compute, system, request.body)),
      );

      app.post(
        `${base}/calendar`,
        {
          schema: {
            tags: ['progressions'],
            summary: `${system.title} calendar: every progressed event of a window`,
            description: `${basis} Events of a window of at most ${system.calendarYears} years, in time order: exact aspects of the progressed points and angles to the natal points and angles, sign ingresses, natal-house ingresses, stations of the progressed planets and the phases of the progressed lunation.`,
            body: calendarRequest,
            response: { 200: calendarResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateCalendar(compute, system, request.body)),
      );

      app.post(
        `${base}/exact-aspects`,
        {
          schema: {
            tags: ['progressions'],
            summary: `${system.title}: the exact progressed-to-natal aspects of a window`,
            description: `${basis} Every instant in the window (at most ${MAX_SEARCH_YEARS} years) when a progressed point perfects a major aspect to a natal point; with \`include_angles\`, the progressed and natal Ascendant and Midheaven too.`,
            body: exactAspectsRequest,
            response: { 200: exactAspectsResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateExactAspects(compute, system, request.body)),
      );

      app.post(
        `${base}/exact-ingresses`,
        {
          schema: {
            tags: ['progressions'],
            summary: `${system.title}: the sign and house ingresses of a window`,
            description: `${basis} Every instant in the window (at most ${MAX_SEARCH_YEARS} years) when a progressed point enters a sign or a natal house, and when the progressed Ascendant or Midheaven enters a sign.`,
            body: exactIngressesRequest,
            response: { 200: exactIngressesResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateExactIngresses(compute, system, request.body)),
      );
    }
  };
