/** GET /api/v1/sky-events: every sky event of one local calendar day. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { EPHEMERIS_FIRST_DATE, EPHEMERIS_LAST_DATE } from '../ephemeris/limits.ts';
import { calculateSkyEvents } from './sky-events-calculate.ts';
import { skyEventsQuery, skyEventsResponse } from './sky-events-schemas.ts';

export const skyEventsRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/sky-events',
      {
        schema: {
          tags: ['sky-events'],
          summary: 'Sky events of one local day',
          description: `Lunations, sign ingresses (the Moon separately), stations, exact major aspects between Sun..Pluto and exact Moon aspects inside the local day of \`date\` in \`timezone\`, each exact to the second. Dates ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}.`,
          querystring: skyEventsQuery,
          response: { 200: skyEventsResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSkyEvents(compute, request.query)),
    );
  };
