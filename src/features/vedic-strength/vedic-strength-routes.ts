/** POST /api/v1/vedic/strength and /api/v2/vedic/strength: shadbala, bhava bala and ashtakavarga of a birth. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicStrength } from './vedic-strength-calculate.ts';
import { vedicStrengthRequest, vedicStrengthV1Response, vedicStrengthV2Response } from './vedic-strength-schemas.ts';

export const VEDIC_STRENGTH_TEXT =
  "Shadbala of the seven grahas after Parashara with B.V. Raman's conventions: sthana bala (uchcha, saptavargaja over D1 D2 D3 D7 D9 D12 D30, ojhayugmarasyamsa, kendradi, drekkana), dig bala, kala bala (nathonnatha, paksha, tribhaga, the lords of year, month, weekday and hour, ayana, yuddha), chesta bala, naisargika bala and drik bala, each with its parts in virupas, the total in virupas and rupas against the required minimum, the ratio and a rating; ishta and kashta phala; bhava bala of the twelve houses (bhavadhipati, bhava dig and bhava drishti bala); ashtakavarga: each graha's bhinna table with its prastara and the sarva (337 bindus), and with `ashtakavarga_reductions` the trikona and ekadhipatya reductions. The Hindu day (sunrise to sunrise) of the birth is the panchang's; where the Sun does not rise, 06:00 and 18:00 apparent solar time stand in, with a warning. Untimed births: the noon chart with the Moon's sign as the lagna, with a warning. See docs/api/vedic.md, \"Vedic strength\".";

export const vedicStrengthRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/strength`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Shadbala, bhava bala and ashtakavarga (${version === 1 ? 'v1 shape: shadbala.Sun, sarva_ashtakavarga[]{house, points}' : 'v2 shape: shadbala.sun, ishta_kashta, sarvashtakavarga[12], bhinnashtakavarga{}'})`,
            description: VEDIC_STRENGTH_TEXT,
            body: vedicStrengthRequest,
            response: { 200: version === 1 ? vedicStrengthV1Response : vedicStrengthV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicStrength(compute, request.body, version)),
      );
    }
  };
