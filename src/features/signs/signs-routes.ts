/** POST /api/v1/western/signs/{sun|moon|rising|midheaven}: the sign of one point of the natal chart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateSign } from './signs-calculate.ts';
import { signParams, signRequest, signResponse } from './signs-schemas.ts';

export const signRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/western/signs/:point',
      {
        schema: {
          tags: ['western'],
          summary: 'The sign of the Sun, the Moon, the Ascendant (rising) or the Midheaven',
          description:
            "The point as the natal chart gives it (same settings: zodiac_type, sidereal_ayanamsa, house_system): its sign, degree in the sign, longitude and house, and with `interpretation.enable` the interpretation library's item for that point in that sign. `rising` and `midheaven` need the birth time: `time_known: false` is a 422 on `time_known`. Another point is a 422 on `point` naming the four.",
          params: signParams,
          body: signRequest,
          response: { 200: signResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSign(compute, request.params.point, request.body)),
    );
  };
