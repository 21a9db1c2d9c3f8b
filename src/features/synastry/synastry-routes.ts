/** POST /api/v1/western/synastry, /synastry/summary, /synastry/horoscope and /synastrycards. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateSynastry, calculateSynastryCards, calculateSynastryHoroscope, calculateSynastrySummary } from './synastry-calculate.ts';
import {
  synastryCardsResponse,
  synastryHoroscopeQuery,
  synastryHoroscopeRequest,
  synastryHoroscopeResponse,
  synastryRequest,
  synastryResponse,
  synastrySummaryRequest,
  synastrySummaryResponse,
} from './synastry-schemas.ts';

export const synastryRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/western/synastry',
      {
        schema: {
          tags: ['synastry'],
          summary: 'Synastry: two charts compared',
          description:
            "Each person's natal chart (`natal.person_a`, `natal.person_b`, the natal answer), the contacts between A's points and B's (`synastry.aspects`, strongest first, with strength, polarity and domains), the house overlays both ways, highlights, the seven scores (0-100), and the archetype of the relationship. `settings.include` chooses the blocks; every setting used is echoed in `meta.settings_resolved`. The scores and archetype are this service's model (docs/api/synastry.md).",
          body: synastryRequest,
          response: { 200: synastryResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSynastry(compute, request.body)),
    );

    app.post(
      '/api/v1/western/synastry/summary',
      {
        schema: {
          tags: ['synastry'],
          summary: 'Synastry in brief: scores, archetype, strengths and challenges',
          description:
            'The scores and archetype of POST /api/v1/western/synastry with the strongest supportive contacts (strengths) and challenging ones (challenges), each with a title and a summary. The two people as `person_a`/`person_b` or `first_subject`/`second_subject`.',
          body: synastrySummaryRequest,
          response: { 200: synastrySummaryResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSynastrySummary(compute, request.body)),
    );

    app.post(
      '/api/v1/western/synastry/horoscope',
      {
        schema: {
          tags: ['synastry'],
          summary: "The couple's day: transits to both charts and to their composite",
          description:
            "The ten planets at local noon of `date` in `tz_str` (default today, UTC), their major aspects to A's and B's natal points and to the midpoint composite, read in the domains of `relationship_context` (romantic or friendship). With `include_timing=true` each transit has its activation window: orb entry, exact hit and orb exit, to the second.",
          body: synastryHoroscopeRequest,
          querystring: synastryHoroscopeQuery,
          response: { 200: synastryHoroscopeResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSynastryHoroscope(compute, request.body, request.query)),
    );

    app.post(
      '/api/v1/western/synastrycards',
      {
        schema: {
          tags: ['synastry'],
          summary: 'Synastry as cards: a summary and every contact with what helps and what to watch',
          description:
            'The synastry of POST /api/v1/western/synastry (the same body and settings) recast for card views: `summary` (archetype, the seven scores, strengths and challenges by title, a narrative, each score\'s strongest contacts in `drivers_by_domain`, and `bands`), and `aspects[]`, strongest first, each with its card key, rank, strength percentile and value, signed polarity, domains and two readings (`blocks.supportive`, `blocks.challenging`). docs/api/synastry.md, "Synastry cards".',
          body: synastryRequest,
          response: { 200: synastryCardsResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateSynastryCards(compute, request.body)),
    );
  };
