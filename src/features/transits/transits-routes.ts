/** POST /api/v1/transits/calculate. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { natalQuery } from '../natal/natal-schemas.ts';
import { calculateTransits } from './transits-calculate.ts';
import { transitRequest, transitResponse } from './transits-schemas.ts';

export const transitRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/transits/calculate',
      {
        schema: {
          tags: ['transits'],
          summary: 'Transits to a natal chart',
          description:
            'Transiting positions at `transit_date` (local time at the transit place; now when omitted) and their aspects to the natal chart. The transit place defaults to the natal place. The `interpretation` block (on unless `interpretation.enable` is false) ranks the active transits by planet weight and orb and gives each its text.',
          body: transitRequest,
          querystring: natalQuery.pick({ include_minor: true }),
          response: { 200: transitResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateTransits(compute, request.body, request.query)),
    );
  };
