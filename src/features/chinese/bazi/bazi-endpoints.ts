/**
 * POST /api/v1/chinese/bazi (the four pillars of a birth and what is read from them), POST
 * /api/v1/chinese/bazi/flow (a year against them), GET /api/v1/chinese/bazi/dictionary and the
 * BaZi extras (time correction, synastry, health, life curve).
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { baziAnswerBytes, baziFlowAnswerBytes } from './bazi-answer.ts';
import type { BaziTask } from './bazi-service.ts';
import type { BaziFlowTask } from './bazi-flow-service.ts';
import { baziTimeCorrectionBytes, type BaziTimeCorrectionTask } from './bazi-time-correction.ts';
import { baziSynastryBytes, type BaziSynastryTask } from './bazi-synastry.ts';
import { baziHealthBytes, type BaziHealthTask } from './bazi-health.ts';
import { baziLifespanBytes, type BaziLifespanTask } from './bazi-lifespan.ts';
import { baziDictionaryBytes } from './bazi-dictionary.ts';
import { baziSynastryRequest, baziSynastryResponse } from './bazi-synastry-schemas.ts';
import { baziHealthRequest, baziHealthResponse } from './bazi-health-schemas.ts';
import { baziLifespanRequest, baziLifespanResponse } from './bazi-lifespan-schemas.ts';
import { baziTimeCorrectionRequest, baziTimeCorrectionResponse } from './bazi-time-correction-schemas.ts';
import { baziFlowRequest, baziFlowResponse } from './bazi-flow-schemas.ts';
import { baziRequest, baziResponse } from './bazi-schemas.ts';
import { baziDictionaryQuery, baziDictionaryResponse } from './bazi-dictionary-schemas.ts';

export const baziTask = poolTask('bazi', (task: BaziTask) => baziAnswerBytes(task));
export const baziFlowTask = poolTask('bazi_flow', (task: BaziFlowTask) => baziFlowAnswerBytes(task));
export const baziTimeCorrectionTask = poolTask('bazi_time_correction', (task: BaziTimeCorrectionTask) => baziTimeCorrectionBytes(task));
export const baziSynastryTask = poolTask('bazi_synastry', (task: BaziSynastryTask) => baziSynastryBytes(task));
export const baziHealthTask = poolTask('bazi_health', (task: BaziHealthTask) => baziHealthBytes(task));
export const baziLifespanTask = poolTask('bazi_lifespan', (task: BaziLifespanTask) => baziLifespanBytes(task));
// The dictionary's bytes are made once per language and kept: a copy goes back, since the
// worker moves the bytes it answers (the kept ones would be left empty).
export const baziDictionaryTask = poolTask('bazi_dictionary', (task: { lang: string | undefined }) => new Uint8Array(baziDictionaryBytes(task.lang)));

const yearOf = (nowMs: number) => new Date(nowMs).getUTCFullYear();

export const BAZI_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi'],
    tags: ['chinese'],
    summary: 'BaZi: the four pillars, ten gods, elements, luck pillars, lunar date',
    description:
      'Year pillar from Lichun (the Sun at 315°), month pillar from the jie solar terms (instants from the ephemeris, to the second), day pillar from the sexagenary day count, hour pillar from the two-hour branches. `time_standard` (civil, local_mean, true_solar) and `day_boundary` (midnight with the late Zi hour, or zi_23) choose the conventions; `conventions.alternatives` lists the day and hour pillars the other conventions would give. Luck pillars start from the distance to the next or last jie at three days a year. The lunar date is reckoned in UTC+8. See docs/api/chinese.md, "Chinese BaZi".',
    body: baziRequest,
    answer: { json: baziResponse },
    task: baziTask,
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), nowMs }),
    mcp: {
      title: 'BaZi four pillars',
      description:
        'The BaZi chart of POST /api/v1/chinese/bazi: year, month, day and hour pillars (stems, branches, hidden stems, nayin, life stages, ten gods), element balance, luck pillars (`sex` M or F sets their direction), solar terms, lunar date and zodiac. Birth data: year, month, day, hour, minute (local civil time), and the place as `city` or `lat`/`lng`; `time_standard` civil, local_mean or true_solar; `day_boundary` midnight or zi_23.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi/flow'],
    tags: ['chinese'],
    summary: "BaZi flow: a year's annual and monthly pillars against the chart",
    description:
      'The annual pillar of `target_year` (from its Lichun) and its twelve monthly pillars (from their jie, to the second), the luck pillar in force, and for each: its interactions with the natal pillars (clashes, combinations, three harmonies, punishments, harms, with whether each transforms) and the chart\'s symbolic stars it brings. Birth fields and conventions as POST /api/v1/chinese/bazi. See docs/api/chinese.md, "Chinese BaZi".',
    body: baziFlowRequest,
    answer: { json: baziFlowResponse },
    task: baziFlowTask,
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), defaultYear: yearOf(nowMs) }),
    mcp: {
      title: 'BaZi flow of a year',
      description:
        'POST /api/v1/chinese/bazi/flow: the annual pillar of `target_year` (default this year) and its twelve monthly pillars against the birth chart, with the luck pillar in force, their interactions with the natal pillars and the stars they bring. Birth data as for v1_chinese_bazi.',
      // Without a target_year the answer depends on the year of the call.
      idempotent: false,
    },
  }),
  endpoint({
    method: 'GET',
    paths: ['/api/v1/chinese/bazi/dictionary'],
    tags: ['chinese'],
    summary: 'BaZi dictionary: the stable ids of the BaZi answers, with their names',
    description:
      'Stems, branches, ten gods, hidden stems, elements, interactions, symbolic stars, life stages and the labels of the health and life-curve readings: each with its stable id and its Chinese, pinyin and English names, and `name` in `lang` (`en` or `zh-CN`). Every id a BaZi answer carries is listed. The answer depends on nothing but `lang`, so it is quick: integrations call it to check a key. See docs/api/chinese.md, "Chinese BaZi".',
    query: baziDictionaryQuery,
    answer: { json: baziDictionaryResponse },
    task: baziDictionaryTask,
    prepare: ({ query }) => ({ lang: query.lang }),
    mcp: {
      title: 'BaZi dictionary',
      description:
        'GET /api/v1/chinese/bazi/dictionary: the stable ids the BaZi answers use (stems, branches, ten gods, hidden stems, elements, interactions, symbolic stars, life stages, health and life-curve labels) with Chinese, pinyin and English names; `lang` en or zh-CN.',
      input: baziDictionaryQuery,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi/synastry'],
    tags: ['chinese'],
    summary: 'BaZi synastry: two charts compared, with a score and its breakdown',
    description:
      '`person_a` and `person_b` are BaZi birth blocks (the fields of POST /api/v1/chinese/bazi). The answer: the day masters\' relation, the spouse palaces (day branches), the pillars side by side, how each chart supplies the elements the other favours, stem combinations hidden in the branches, every clash, harm, punishment and destruction between the two charts\' branches, and a score of 0 to 100 with its breakdown (rules bazi_synastry_v1). See docs/api/chinese.md, "Chinese BaZi".',
    body: baziSynastryRequest,
    answer: { json: baziSynastryResponse },
    task: baziSynastryTask,
    prepare: ({ body }) => ({
      request: body,
      placeA: resolveSubjectPlace(body.person_a, ['body', 'person_a']),
      placeB: resolveSubjectPlace(body.person_b, ['body', 'person_b']),
    }),
    mcp: {
      title: 'BaZi synastry',
      description:
        'POST /api/v1/chinese/bazi/synastry: two BaZi charts (`person_a`, `person_b`, each with the birth fields of v1_chinese_bazi) compared: day masters, spouse palaces, pillars side by side, element complement, hidden stem combinations, clashes, harms, punishments and destructions, and a 0–100 score with its breakdown.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi/time-correction'],
    tags: ['chinese'],
    summary: 'BaZi time correction: civil time to local mean and true solar time',
    description:
      'The birth\'s civil (zone) time, local mean time at the birth longitude (UT + longitude/15 h), the equation of time and local apparent (true) solar time, with the longitude and total corrections, and the day and hour pillars each time standard gives. Birth fields and conventions as POST /api/v1/chinese/bazi. See docs/api/chinese.md, "Chinese BaZi".',
    body: baziTimeCorrectionRequest,
    answer: { json: baziTimeCorrectionResponse },
    task: baziTimeCorrectionTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: 'BaZi time correction',
      description:
        "POST /api/v1/chinese/bazi/time-correction: a birth's civil time turned into local mean time and true (apparent) solar time at the birth longitude, with the equation of time, the corrections in minutes, and the day and hour pillars under each `time_standard`. Birth data as for v1_chinese_bazi.",
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi/lifespan'],
    tags: ['chinese'],
    summary: 'BaZi life curve: essence, qi and spirit year by year (traditional symbolism)',
    description:
      'A yearly curve from age 0 to `max_age` (default 120) of essence (jing), qi and spirit (shen) drawn from the chart and the luck and annual pillars in force (algorithm jing_qi_shen_v1), with `cultivation_factor` 0 to 1. Traditional symbolism, not medical advice; it does not estimate a length of life. See docs/api/chinese.md, "Chinese BaZi".',
    body: baziLifespanRequest,
    answer: { json: baziLifespanResponse },
    task: baziLifespanTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: 'BaZi life curve',
      description:
        'POST /api/v1/chinese/bazi/lifespan: a yearly curve of essence, qi and spirit from the chart and its luck and annual pillars (`max_age` default 120, `cultivation_factor` 0–1). Traditional symbolism, not medical advice, and not an estimate of a length of life. Birth data as for v1_chinese_bazi.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/chinese/bazi/health'],
    tags: ['chinese'],
    summary: 'BaZi health: a constitution reading of traditional symbolism (not medical advice)',
    description:
      'The element balance adjusted for the season and rooting (model seasonal_rooted_v1), the temperature and moisture the tradition reads from it, the organ systems it links to each element, and with `include_timing` the luck pillars and years that strain the balance most. Traditional symbolism, not medical advice. See docs/api/chinese.md, "Chinese BaZi".',
    body: baziHealthRequest,
    answer: { json: baziHealthResponse },
    task: baziHealthTask,
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), defaultYear: yearOf(nowMs) }),
    mcp: {
      title: 'BaZi health (constitution)',
      description:
        'POST /api/v1/chinese/bazi/health: a constitution reading of traditional BaZi symbolism (not medical advice): the element balance adjusted for season and rooting, temperature and moisture, the organ systems tradition links to each element, and the periods that strain the balance (`include_timing`, `timing_years_ahead`). Birth data as for v1_chinese_bazi.',
      // Without timing_start_year the timing range starts at the year of the call.
      idempotent: false,
    },
  }),
];
