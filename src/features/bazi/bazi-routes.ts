/** POST /api/v1/chinese/bazi (the four pillars of a birth and what is read from them) and POST /api/v1/chinese/bazi/flow (a year against them). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateBazi, calculateBaziFlow } from './bazi-calculate.ts';
import { baziFlowRequest, baziFlowResponse } from './bazi-flow-schemas.ts';
import { baziRequest, baziResponse } from './bazi-schemas.ts';
import { baziDictionaryBytes } from './bazi-dictionary.ts';
import { baziDictionaryQuery, baziDictionaryResponse } from './bazi-dictionary-schemas.ts';

export const baziRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/chinese/bazi/dictionary',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi dictionary: the stable ids of the BaZi answers, with their names',
          description:
            'Stems, branches, ten gods, hidden stems, elements, interactions, symbolic stars, life stages and the labels of the health and life-curve readings: each with its stable id and its Chinese, pinyin and English names, and `name` in `lang` (`en` or `zh-CN`). Every id a BaZi answer carries is listed. The answer depends on nothing but `lang`, so it is quick: integrations call it to check a key. See docs/api.md, "Chinese BaZi".',
          querystring: baziDictionaryQuery,
          response: { 200: baziDictionaryResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, baziDictionaryBytes(request.query.lang)),
    );

    app.post(
      '/api/v1/chinese/bazi',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi: the four pillars, ten gods, elements, luck pillars, lunar date',
          description:
            'Year pillar from Lichun (the Sun at 315°), month pillar from the jie solar terms (instants from the ephemeris, to the second), day pillar from the sexagenary day count, hour pillar from the two-hour branches. `time_standard` (civil, local_mean, true_solar) and `day_boundary` (midnight with the late Zi hour, or zi_23) choose the conventions; `conventions.alternatives` lists the day and hour pillars the other conventions would give. Luck pillars start from the distance to the next or last jie at three days a year. The lunar date is reckoned in UTC+8. See docs/api.md, "Chinese BaZi".',
          body: baziRequest,
          response: { 200: baziResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBazi(compute, request.body)),
    );

    app.post(
      '/api/v1/chinese/bazi/flow',
      {
        schema: {
          tags: ['chinese'],
          summary: "BaZi flow: a year's annual and monthly pillars against the chart",
          description:
            'The annual pillar of `target_year` (from its Lichun) and its twelve monthly pillars (from their jie, to the second), the luck pillar in force, and for each: its interactions with the natal pillars (clashes, combinations, three harmonies, punishments, harms, with whether each transforms) and the chart\'s symbolic stars it brings. Birth fields and conventions as POST /api/v1/chinese/bazi. See docs/api.md, "Chinese BaZi".',
          body: baziFlowRequest,
          response: { 200: baziFlowResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziFlow(compute, request.body)),
    );
  };
