/**
 * The horoscopes: POST /api/v3, /api/v2 and (legacy) /api/v1/horoscope/daily/personal, POST
 * /api/v3/horoscope/weekly/personal, GET /api/v2 and /api/v1/horoscope/daily/sign.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateDailyPersonal, calculateDailySign, calculateWeeklyPersonal } from './horoscope-calculate.ts';
import {
  dailyPersonalRequest,
  dailyPersonalV1Response,
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignQuery,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalRequest,
  weeklyPersonalResponse,
} from './horoscope-schemas.ts';

export const MODEL_NOTE =
  'Scores, lucky items and texts are this service’s deterministic model of the day’s real sky (docs/api/horoscope.md, "Horoscopes"): only transits within orb at local noon are named.';

const PERSONAL =
  'The birth chart (as the natal endpoint casts it) under the sky of the day: transits of the ten planets at local noon of `date` (in `tz_str`, default the birth place’s zone) to the natal planets and, with the birth time, the Ascendant and Midheaven, within 3° (sextile 2°); the Moon’s sign, phase and natal house. Birth by `city` or `lat` + `lng` (`latitude`/`longitude`), time by `hour`/`minute` (`hours`/`minutes`).';

export const horoscopeRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v3/horoscope/daily/personal',
      {
        schema: {
          tags: ['horoscope'],
          summary: 'Personal daily horoscope (v3): scores, texts, top transits with their windows, the day’s exact hits and the next shift',
          description: `${PERSONAL} v3 adds to the v2 answer each top transit’s window in orb, the exact hits within the local day, the Moon’s next ingress and the areas ranked; \`include_interpretation_blocks\` adds the interpretation library’s text of each top transit. ${MODEL_NOTE}`,
          body: dailyPersonalRequest,
          response: { 200: dailyPersonalV3Response },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateDailyPersonal(compute, request.body, 'v3')),
    );
    app.post(
      '/api/v2/horoscope/daily/personal',
      {
        schema: {
          tags: ['horoscope'],
          summary: 'Personal daily horoscope (v2): scores with their factors, theme and text, lucky items, the Moon, top transits',
          description: `${PERSONAL} ${MODEL_NOTE}`,
          body: dailyPersonalRequest,
          response: { 200: dailyPersonalV2Response },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateDailyPersonal(compute, request.body, 'v2')),
    );
    app.post(
      '/api/v1/horoscope/daily/personal',
      {
        schema: {
          tags: ['horoscope'],
          summary: 'Personal daily horoscope (legacy v1): the v2 data, for clients still on the old path',
          description: `${PERSONAL} The answer is v2’s data with \`meta.settings.version\` "v1" and numbers where v2 has words (\`orb_policy\` the orbs, each driver’s \`intensity\` 0-1). ${MODEL_NOTE}`,
          body: dailyPersonalRequest,
          response: { 200: dailyPersonalV1Response },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateDailyPersonal(compute, request.body, 'v1')),
    );
    app.post(
      '/api/v3/horoscope/weekly/personal',
      {
        schema: {
          tags: ['horoscope'],
          summary: 'Personal weekly horoscope: seven days read as the daily horoscope, their means, the best and hardest day, the week’s strongest transits',
          description: `Seven days from \`week_start\` (default: this week’s Monday in \`tz_str\`), each read as POST /api/v3/horoscope/daily/personal reads a day; the week’s scores are the days’ means, and each transit of the week is listed at its strongest day. ${MODEL_NOTE}`,
          body: weeklyPersonalRequest,
          response: { 200: weeklyPersonalResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateWeeklyPersonal(compute, request.body)),
    );
    for (const version of ['v2', 'v1'] as const) {
      app.get(
        `/api/${version}/horoscope/daily/sign`,
        {
          schema: {
            tags: ['horoscope'],
            summary: `Daily sign horoscope (${version}): the sign’s solar chart under the day’s sky`,
            description: `The sign as the 1st house of a solar chart with whole-sign houses: each planet at local noon of \`date\` (in \`tz_str\`, default UTC) read by its whole-sign aspect to the sign and its solar house, the Moon’s sign, phase and solar house. Computed, not written per day. ${MODEL_NOTE}`,
            querystring: dailySignQuery,
            response: { 200: version === 'v2' ? dailySignV2Response : dailySignV1Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateDailySign(compute, request.query, version)),
      );
    }
  };
