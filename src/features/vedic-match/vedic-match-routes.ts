/** POST /api/v1/vedic/match and /api/v2/vedic/match: Ashtakoota, Mangal dosha of both, Dashakoota on request (one shape in both versions). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicMatch } from './vedic-match-calculate.ts';
import { vedicMatchRequest, vedicMatchResponse } from './vedic-match-schemas.ts';

export const VEDIC_MATCH_TEXT =
  'Ashtakoota (Guna Milan) between two births, `boy` and `girl` (aliases `groom`/`bride`, `person1`/`person2`), from their sidereal Moons: varna 1, vashya 2, tara 3, yoni 4, graha maitri 5, gana 6, bhakoot 7, nadi 8 points, 36 in all, with the exceptions that cancel a nadi or bhakoot dosha; the Mangal dosha of both and whether they cancel each other; with `include_dashakoota` the ten South Indian poruthams. Untimed births: the Moon at local noon, Mangal dosha without the lagna, a warning. See docs/api/vedic.md, "Vedic match".';

export const vedicMatchRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/match`,
        {
          schema: {
            tags: ['vedic'],
            summary: 'Vedic match: Ashtakoota (Guna Milan), Mangal dosha of both, Dashakoota',
            description: version === 1 ? VEDIC_MATCH_TEXT : `The same answer as POST /api/v1/vedic/match. ${VEDIC_MATCH_TEXT}`,
            body: vedicMatchRequest,
            response: { 200: vedicMatchResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicMatch(compute, request.body, version)),
      );
    }
  };
