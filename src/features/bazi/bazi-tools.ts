/** The MCP tool of the BaZi endpoint, named as the public service names it. */
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
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';

export const baziTool = defineTool({
  name: 'v1_chinese_bazi',
  title: 'BaZi four pillars',
  description:
    'The BaZi chart of POST /api/v1/chinese/bazi: year, month, day and hour pillars (stems, branches, hidden stems, nayin, life stages, ten gods), element balance, luck pillars (`sex` M or F sets their direction), solar terms, lunar date and zodiac. Birth data: year, month, day, hour, minute (local civil time), and the place as `city` or `lat`/`lng`; `time_standard` civil, local_mean or true_solar; `day_boundary` midnight or zi_23.',
  families: ['chinese'],
  input: toolSchema(baziRequest),
  output: outputSchema(baziResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBazi(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziFlowTool = defineTool({
  name: 'v1_chinese_bazi_flow',
  title: 'BaZi flow of a year',
  description:
    'POST /api/v1/chinese/bazi/flow: the annual pillar of `target_year` (default this year) and its twelve monthly pillars against the birth chart, with the luck pillar in force, their interactions with the natal pillars and the stars they bring. Birth data as for v1_chinese_bazi.',
  families: ['chinese'],
  input: toolSchema(baziFlowRequest),
  output: outputSchema(baziFlowResponse),
  // Without a target_year the answer depends on the year of the call.
  annotations: { ...READ_ONLY, idempotentHint: false },
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBaziFlow(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziDictionaryTool = defineTool({
  name: 'v1_chinese_bazi_dictionary',
  title: 'BaZi dictionary',
  description:
    'GET /api/v1/chinese/bazi/dictionary: the stable ids the BaZi answers use (stems, branches, ten gods, hidden stems, elements, interactions, symbolic stars, life stages, health and life-curve labels) with Chinese, pinyin and English names; `lang` en or zh-CN.',
  families: ['chinese'],
  input: toolSchema(baziDictionaryQuery),
  output: outputSchema(baziDictionaryResponse),
  annotations: READ_ONLY,
  run: async (args) => {
    try {
      return jsonResult(baziDictionaryBytes(args.lang));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziTimeCorrectionTool = defineTool({
  name: 'v1_chinese_bazi_time_correction',
  title: 'BaZi time correction',
  description:
    "POST /api/v1/chinese/bazi/time-correction: a birth's civil time turned into local mean time and true (apparent) solar time at the birth longitude, with the equation of time, the corrections in minutes, and the day and hour pillars under each `time_standard`. Birth data as for v1_chinese_bazi.",
  families: ['chinese'],
  input: toolSchema(baziTimeCorrectionRequest),
  output: outputSchema(baziTimeCorrectionResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBaziTimeCorrection(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziSynastryTool = defineTool({
  name: 'v1_chinese_bazi_synastry',
  title: 'BaZi synastry',
  description:
    'POST /api/v1/chinese/bazi/synastry: two BaZi charts (`person_a`, `person_b`, each with the birth fields of v1_chinese_bazi) compared: day masters, spouse palaces, pillars side by side, element complement, hidden stem combinations, clashes, harms, punishments and destructions, and a 0–100 score with its breakdown.',
  families: ['chinese'],
  input: toolSchema(baziSynastryRequest),
  output: outputSchema(baziSynastryResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBaziSynastry(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziHealthTool = defineTool({
  name: 'v1_chinese_bazi_health',
  title: 'BaZi health (constitution)',
  description:
    'POST /api/v1/chinese/bazi/health: a constitution reading of traditional BaZi symbolism (not medical advice): the element balance adjusted for season and rooting, temperature and moisture, the organ systems tradition links to each element, and the periods that strain the balance (`include_timing`, `timing_years_ahead`). Birth data as for v1_chinese_bazi.',
  families: ['chinese'],
  input: toolSchema(baziHealthRequest),
  output: outputSchema(baziHealthResponse),
  // Without timing_start_year the timing range starts at the year of the call.
  annotations: { ...READ_ONLY, idempotentHint: false },
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBaziHealth(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const baziLifespanTool = defineTool({
  name: 'v1_chinese_bazi_lifespan',
  title: 'BaZi life curve',
  description:
    'POST /api/v1/chinese/bazi/lifespan: a yearly curve of essence, qi and spirit from the chart and its luck and annual pillars (`max_age` default 120, `cultivation_factor` 0–1). Traditional symbolism, not medical advice, and not an estimate of a length of life. Birth data as for v1_chinese_bazi.',
  families: ['chinese'],
  input: toolSchema(baziLifespanRequest),
  output: outputSchema(baziLifespanResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBaziLifespan(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

/** The BaZi extras' tools (dictionary, synastry, time correction, life curve, health), listed after the chart's and the flow's. */
export const BAZI_EXTRA_TOOLS = [baziDictionaryTool, baziSynastryTool, baziTimeCorrectionTool, baziLifespanTool, baziHealthTool];
