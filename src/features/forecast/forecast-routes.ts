/** The forecasting endpoints: transit timeline, transit search, natal and transit insights. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateNatalInsights, calculateSearch, calculateTimeline, calculateTransitInsights } from './forecast-calculate.ts';
import { insightsResponse, natalInsightsRequest, transitInsightsRequest } from './forecast-insights-schemas.ts';
import { searchRequest, searchResponse } from './forecast-search-schemas.ts';
import { timelineRequest, timelineResponse } from './forecast-timeline-schemas.ts';

export const TIMELINE_DESCRIPTION =
  "Every window in which a transiting body is within orb of an aspect to a natal point, overlapping the range: its real start and end (before or after the range), every exact instant to the second (the three of a retrograde loop), those within the range, direct or retrograde pass, category, visible days and, with include_houses, the body's natal house. Modes month (up to 32 days), year_slow (up to 367 days, medium and slow bodies), week, day. Orbs: planet > category > aspect > default (conjunction and opposition 5°, square and trine 4°, sextile 3°). Times are UTC.";

export const SEARCH_DESCRIPTION =
  "Every exact hit of one transiting body to one natal point over a date range or an age range (default: ages 0 to 100; at most 150 years), to the second, with the age and motion at each: grouped into passes (a lone direct hit, or the three hits a retrograde loop links; a station within orb that never reaches the degree is a pass without a hit) and cycles (the body's circuits relative to the natal point, each opening at the first exact conjunction). Times are UTC.";

export const NATAL_INSIGHTS_DESCRIPTION =
  "Structured facts of the birth chart: stelliums (three or more planets in a sign or, with a birth time, a house), planets within 8° of an angle, and major aspects within 2°, each with an id, category, kind, strength 0-1, evidence and a text from the project's insight library (deterministic: the same chart reads the same), ranked in `importance`.";
export const TRANSIT_INSIGHTS_DESCRIPTION =
  "Structured facts of a range of transits (the timeline's windows, same request): pressure and support windows, background themes, angular activations, the passes of retrograde loops, clusters of exact hits within two days, stations and sign ingresses of the transiting bodies, each with an id, category, kind, strength 0-1, evidence and a text from the project's insight library, ranked in `importance`.";

export const forecastRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/western/transits/timeline',
      {
        schema: {
          tags: ['western'],
          summary: 'Transit timeline: windows in orb with every exact hit, for a month, a week, a day or a year of slow transits',
          description: TIMELINE_DESCRIPTION,
          body: timelineRequest,
          response: { 200: timelineResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateTimeline(compute, request.body)),
    );
    app.post(
      '/api/v1/western/transits/search',
      {
        schema: {
          tags: ['western'],
          summary: 'Transit search: every exact hit of one transiting body to one natal point, in passes and cycles',
          description: SEARCH_DESCRIPTION,
          body: searchRequest,
          response: { 200: searchResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSearch(compute, request.body)),
    );
    app.post(
      '/api/v1/western/natal/insights',
      {
        schema: {
          tags: ['western'],
          summary: 'Natal insights: ranked facts of the birth chart with their evidence and texts',
          description: NATAL_INSIGHTS_DESCRIPTION,
          body: natalInsightsRequest,
          response: { 200: insightsResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateNatalInsights(compute, request.body)),
    );
    app.post(
      '/api/v1/western/transits/insights',
      {
        schema: {
          tags: ['western'],
          summary: 'Transit insights: ranked facts of a month, week or day of transits with their evidence and texts',
          description: TRANSIT_INSIGHTS_DESCRIPTION,
          body: transitInsightsRequest,
          response: { 200: insightsResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateTransitInsights(compute, request.body)),
    );
  };
