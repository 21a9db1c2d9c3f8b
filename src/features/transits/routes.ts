/** POST /api/v1/transits/calculate. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../shared/place.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { natalQuery } from '../natal/schemas.ts';
import { transitRequest, transitResponse } from './schemas.ts';

export const transitRoutes = (compute: ComputeRunner): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/v1/transits/calculate', {
    schema: {
      tags: ['transits'],
      summary: 'Transits to a natal chart',
      description: 'Transiting positions at `transit_date` (local time at the transit place; now when omitted) and their aspects to the natal chart. The transit place defaults to the natal place.',
      body: transitRequest, querystring: natalQuery.pick({ include_minor: true }), response: { 200: transitResponse },
    },
  }, async (request, reply) => {
    const { body, query } = request;
    const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
    const transitPlace = resolveTransitPlace(body, natalPlace);
    const json = await compute.run('transits', {
      request: body, natalPlace, transitPlace, nowMs: Date.now(),
      includeMinor: query.include_minor ?? body.include_minor ?? false,
    });
    return sendJsonBytes(reply, json);
  });
};
