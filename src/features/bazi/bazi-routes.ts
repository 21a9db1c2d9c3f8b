/** POST /api/v1/chinese/bazi (the four pillars of a birth and what is read from them) and POST /api/v1/chinese/bazi/flow (a year against them). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import {
  calculateBazi,
  calculateBaziFlow,
  calculateBaziHealth,
  calculateBaziLifespan,
  calculateBaziSynastry,
  calculateBaziTimeCorrection,
} from './bazi-calculate.ts';
import { baziSynastryRequest, baziSynastryResponse } from './bazi-synastry-schemas.ts';
import { baziHealthRequest, baziHealthResponse } from './bazi-health-schemas.ts';
import { baziLifespanRequest, baziLifespanResponse } from './bazi-lifespan-schemas.ts';
import { baziTimeCorrectionRequest, baziTimeCorrectionResponse } from './bazi-time-correction-schemas.ts';
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
            'Stems, branches, ten gods, hidden stems, elements, interactions, symbolic stars, life stages and the labels of the health and life-curve readings: each with its stable id and its Chinese, pinyin and English names, and `name` in `lang` (`en` or `zh-CN`). Every id a BaZi answer carries is listed. The answer depends on nothing but `lang`, so it is quick: integrations call it to check a key. See docs/api/chinese.md, "Chinese BaZi".',
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
            'Year pillar from Lichun (the Sun at 315°), month pillar from the jie solar terms (instants from the ephemeris, to the second), day pillar from the sexagenary day count, hour pillar from the two-hour branches. `time_standard` (civil, local_mean, true_solar) and `day_boundary` (midnight with the late Zi hour, or zi_23) choose the conventions; `conventions.alternatives` lists the day and hour pillars the other conventions would give. Luck pillars start from the distance to the next or last jie at three days a year. The lunar date is reckoned in UTC+8. See docs/api/chinese.md, "Chinese BaZi".',
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
            'The annual pillar of `target_year` (from its Lichun) and its twelve monthly pillars (from their jie, to the second), the luck pillar in force, and for each: its interactions with the natal pillars (clashes, combinations, three harmonies, punishments, harms, with whether each transforms) and the chart\'s symbolic stars it brings. Birth fields and conventions as POST /api/v1/chinese/bazi. See docs/api/chinese.md, "Chinese BaZi".',
          body: baziFlowRequest,
          response: { 200: baziFlowResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziFlow(compute, request.body)),
    );

    app.post(
      '/api/v1/chinese/bazi/time-correction',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi time correction: civil time to local mean and true solar time',
          description:
            'The birth\'s civil (zone) time, local mean time at the birth longitude (UT + longitude/15 h), the equation of time and local apparent (true) solar time, with the longitude and total corrections, and the day and hour pillars each time standard gives. Birth fields and conventions as POST /api/v1/chinese/bazi. See docs/api/chinese.md, "Chinese BaZi".',
          body: baziTimeCorrectionRequest,
          response: { 200: baziTimeCorrectionResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziTimeCorrection(compute, request.body)),
    );

    app.post(
      '/api/v1/chinese/bazi/synastry',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi synastry: two charts compared, with a score and its breakdown',
          description:
            '`person_a` and `person_b` are BaZi birth blocks (the fields of POST /api/v1/chinese/bazi). The answer: the day masters\' relation, the spouse palaces (day branches), the pillars side by side, how each chart supplies the elements the other favours, stem combinations hidden in the branches, every clash, harm, punishment and destruction between the two charts\' branches, and a score of 0 to 100 with its breakdown (rules bazi_synastry_v1). See docs/api/chinese.md, "Chinese BaZi".',
          body: baziSynastryRequest,
          response: { 200: baziSynastryResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziSynastry(compute, request.body)),
    );

    app.post(
      '/api/v1/chinese/bazi/health',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi health: a constitution reading of traditional symbolism (not medical advice)',
          description:
            'The element balance adjusted for the season and rooting (model seasonal_rooted_v1), the temperature and moisture the tradition reads from it, the organ systems it links to each element, and with `include_timing` the luck pillars and years that strain the balance most. Traditional symbolism, not medical advice. See docs/api/chinese.md, "Chinese BaZi".',
          body: baziHealthRequest,
          response: { 200: baziHealthResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziHealth(compute, request.body)),
    );

    app.post(
      '/api/v1/chinese/bazi/lifespan',
      {
        schema: {
          tags: ['chinese'],
          summary: 'BaZi life curve: essence, qi and spirit year by year (traditional symbolism)',
          description:
            'A yearly curve from age 0 to `max_age` (default 120) of essence (jing), qi and spirit (shen) drawn from the chart and the luck and annual pillars in force (algorithm jing_qi_shen_v1), with `cultivation_factor` 0 to 1. Traditional symbolism, not medical advice; it does not estimate a length of life. See docs/api/chinese.md, "Chinese BaZi".',
          body: baziLifespanRequest,
          response: { 200: baziLifespanResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateBaziLifespan(compute, request.body)),
    );
  };
