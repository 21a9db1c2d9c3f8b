/** POST /api/v1/western/solar/calculate and POST /api/v1/western/returns/calculate: return charts as data. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateReturns, calculateSolarReturn } from './returns-calculate.ts';
import { MAX_RETURNS, MAX_WINDOW_YEARS, returnsRequest, returnsResponse, solarReturnRequest, solarReturnResponse } from './returns-schemas.ts';

export const returnsRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/western/solar/calculate',
      {
        schema: {
          tags: ['returns'],
          summary: 'Solar return: the exact instant, the return chart and its comparison with the natal chart',
          description:
            'The instant in `solar_return.year` nearest the birthday at which the Sun comes back to its natal longitude (in the chosen zodiac), found to well under a second, served as `meta.solar_return.exact_moment_utc` / `exact_moment_local`, `exact_return_moment` and `return_moment`; the return chart at `solar_return.location` (default the birth place): planets (`pos` and `degree`), houses, angles and `angles_details`, aspects; and `natal_comparison`: return-to-natal aspects, the return planets in the natal houses, the planets near the return angles. `natal.time_known: false` omits houses, angles and the house overlay. See docs/api/returns.md, "Returns".',
          body: solarReturnRequest,
          response: { 200: solarReturnResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSolarReturn(compute, request.body)),
    );

    app.post(
      '/api/v1/western/returns/calculate',
      {
        schema: {
          tags: ['returns'],
          summary: 'Returns of any body (lunar return, Saturn return …): exact instants and return charts',
          description: `The instants at which \`return_target.body\` (sun, moon, mercury … pluto, chiron) comes back to its natal longitude: the first one at or after \`search_start\`, or with \`search_end\` every one in the window (at most ${MAX_RETURNS}, a window of at most ${MAX_WINDOW_YEARS} years), including the three crossings of a pass with a station; each with its return chart and natal comparison, as the solar return. See docs/api/returns.md, "Returns".`,
          body: returnsRequest,
          response: { 200: returnsResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateReturns(compute, request.body)),
    );
  };
