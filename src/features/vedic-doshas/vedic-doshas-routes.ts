/** POST /api/v1/vedic/doshas and /api/v2/vedic/doshas: Mangal dosha, Kaal Sarp, Sade Sati and Dhaiya (one shape in both versions). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicDoshas } from './vedic-doshas-calculate.ts';
import { vedicDoshasRequest, vedicDoshasResponse } from './vedic-doshas-schemas.ts';

export const VEDIC_DOSHAS_TEXT =
  "The doshas of a birth: Mangal (Kuja) dosha, Mars counted by sign from the lagna, the Moon and Venus in houses 1, 2, 4, 7, 8, 12 (`mangal_school: south_indian`, default) or 1, 4, 7, 8, 12 (`north_indian`), with the named cancellations that apply; Kaal Sarp (full or partial, direction, the twelve types by Rahu's house from the lagna); Sade Sati (Saturn in the 12th, 1st and 2nd sign from the natal Moon: rising, peak, setting) and Dhaiya (4th: kantaka, 8th: ashtama) at `date` (default now), with every phase's start and end at Saturn's exact sidereal ingresses, retrograde re-entries included, and every cycle from birth to 100 years after. Untimed births: the lagna-based parts are skipped with a warning. See docs/api/vedic.md, \"Vedic doshas\".";

export const vedicDoshasRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/doshas`,
        {
          schema: {
            tags: ['vedic'],
            summary: 'Vedic doshas: Mangal dosha, Kaal Sarp, Sade Sati and Dhaiya',
            description: version === 1 ? VEDIC_DOSHAS_TEXT : `The same answer as POST /api/v1/vedic/doshas. ${VEDIC_DOSHAS_TEXT}`,
            body: vedicDoshasRequest,
            response: { 200: vedicDoshasResponse },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicDoshas(compute, request.body)),
      );
    }
  };
