/** POST /api/v1/vedic/gochar/timeline and /api/v2/vedic/gochar/timeline: the transits of the grahas from the natal Moon's sign. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicGochar } from './vedic-gochar-calculate.ts';
import { GOCHARA_MAX_DAYS, GOCHARA_MAX_DAYS_WITH_MOON, vedicGocharRequest, vedicGocharV1Response, vedicGocharV2Response } from './vedic-gochar-schemas.ts';

export const VEDIC_GOCHAR_TEXT = `Gochara: for a natal chart and a range (\`start_date\`, \`end_date\`; at most ${GOCHARA_MAX_DAYS} days, ${GOCHARA_MAX_DAYS_WITH_MOON} with \`include_moon\`; more is a 422), every stay of Sun, Mars, Mercury, Jupiter, Venus, Saturn, Rahu and Ketu in a sidereal sign with its exact ingress and egress (retrograde re-entries as stays of their own), the house counted from the natal Moon's sign, whether it is favourable by the classical gochara table (Phaladeepika 26; Rahu and Ketu by Saturn's row), and its vedha: the obstructing house and the grahas that pass through it during the stay (no vedha between Sun and Saturn, nor Moon and Mercury). \`include_moon\` adds the Moon's own stays. Instants in UTC to the second. See docs/api/vedic.md, "Vedic gochara".`;

export const vedicGocharRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/gochar/timeline`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Gochara timeline: the grahas' sign stays from the natal Moon, favourable houses and vedha (${version === 1 ? 'v1: sign_num' : 'v2: sign_id'})`,
            description: VEDIC_GOCHAR_TEXT,
            body: vedicGocharRequest,
            response: { 200: version === 1 ? vedicGocharV1Response : vedicGocharV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicGochar(compute, request.body, version)),
      );
    }
  };
