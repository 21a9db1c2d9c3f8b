/** POST /api/v1/western/profections/annual: the profected year, its months and its time lord. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateProfection } from './profections-calculate.ts';
import { MAX_PROFECTION_AGE, PROFECTION_INCLUDES, profectionQuery, profectionRequest, profectionResponse } from './profections-schemas.ts';

export const profectionRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/western/profections/annual',
      {
        schema: {
          tags: ['western'],
          summary: "Annual profection: the activated house and sign, the time lord and the year's period",
          description: `Whole-sign houses from the Ascendant (from the Sun's sign when the birth time is unknown); age N activates house N mod 12 + 1; the time lord is the sign's traditional ruler (\`settings.rulership: modern\` for Pluto, Uranus, Neptune). The year runs from the birthday in \`annual_profection.year\` (the birth's wall-clock time in the birth place's zone; 29 February is 28 February in common years) to the next birthday (\`settings.period_basis: solar_return\`: from the Sun's return to its natal longitude nearest that birthday to the next, to the second); \`year\` may be the birth year to ${MAX_PROFECTION_AGE} years after it. \`include\` (query, comma-separated): ${PROFECTION_INCLUDES.join(', ')}, or all. Monthly profections are solar months: month k + 1 begins when the Sun reaches the natal Sun's longitude plus 30°·k, found to the second; they need the birth time.`,
          body: profectionRequest,
          querystring: profectionQuery,
          response: { 200: profectionResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateProfection(compute, request.body, request.query)),
    );
  };
