/** POST /api/v1/vedic/panchang and /api/v2/vedic/panchang: the Hindu almanac of a local date at a place. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculatePanchang } from './vedic-panchang-calculate.ts';
import { panchangRequest, panchangV1Response, panchangV2Response } from './vedic-panchang-schemas.ts';

export const PANCHANG_DESCRIPTION =
  'The Hindu day of the local date at the place, from its sunrise (upper limb, standard refraction) to the next: vara, tithi (number, name, paksha), nakshatra, yoga and karana, each with its start and end to the second and the ones that follow before the next sunrise; sunrise, sunset, moonrise, moonset; Rahu kalam, Yamaganda, Gulika kalam (eighths of the daytime by weekday), Abhijit muhurta (the 8th of 15 daytime muhurtas); the lunar month (amanta and purnimanta, adhika months), ritu, ayana, Vikram and Shaka samvat. Nakshatras, yogas and the lunar month are sidereal (`ayanamsha`, default lahiri). Where the Sun does not rise (polar day or night), 06:00 and 18:00 local apparent solar time stand in. See docs/api/vedic.md, "Vedic panchang".';

export const panchangRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/vedic/panchang',
      {
        schema: {
          tags: ['vedic'],
          summary: 'Panchang of a date at a place: tithi, nakshatra, yoga, karana, vara, the kalams, the lunar month',
          description: PANCHANG_DESCRIPTION,
          body: panchangRequest,
          response: { 200: panchangV1Response },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculatePanchang(compute, 'v1', request.body)),
    );
    app.post(
      '/api/v2/vedic/panchang',
      {
        schema: {
          tags: ['vedic'],
          summary: 'Panchang of a date at a place, v2 shape: the day, its transitions and the limbs at the requested time',
          description: `${PANCHANG_DESCRIPTION} v2 adds \`transitions\` (every change of limb during the day, in time order) and \`request_time_panchang\` (the limbs at the local \`hour\`:\`minute\` sent, or at sunrise).`,
          body: panchangRequest,
          response: { 200: panchangV2Response },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculatePanchang(compute, 'v2', request.body)),
    );
  };
