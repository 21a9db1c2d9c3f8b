/** POST /api/v1/natal/calculate and the compact POST /natal. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../shared/place.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { natalQuery, natalRequest, natalResponse, simpleNatalRequest, simpleNatalResponse } from './schemas.ts';

export const natalRoutes = (compute: ComputeRunner): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/v1/natal/calculate', {
    schema: {
      tags: ['natal'],
      summary: 'Natal chart: planets, houses, angles, aspects',
      description: 'Positions are geocentric apparent ecliptic longitudes of date (tropical, or sidereal with the chosen ayanamsa). `include_minor` and `include_stelliums` are accepted as query parameters or body fields; the query wins.',
      body: natalRequest, querystring: natalQuery, response: { 200: natalResponse },
    },
  }, async (request, reply) => {
    const { body, query } = request;
    const place = resolveSubjectPlace(body, ['body']);
    const json = await compute.run('natal', {
      request: body, place,
      includeMinor: query.include_minor ?? body.include_minor ?? body.include_minor_aspects ?? false,
      includeStelliums: query.include_stelliums ?? body.include_stelliums ?? false,
    });
    return sendJsonBytes(reply, json);
  });

  app.post('/natal', {
    schema: {
      tags: ['natal'],
      summary: 'Compact natal chart: curated planets, cusp signs and a summary',
      body: simpleNatalRequest, response: { 200: simpleNatalResponse },
    },
  }, async (request, reply) => {
    const place = resolveSubjectPlace(request.body, ['body']);
    return sendJsonBytes(reply, await compute.run('simple_natal', { request: request.body, place }));
  });
};
