/** Request and answer of POST /api/v1/chinese/bazi/health: a constitution reading of traditional symbolism. */
import { z } from 'zod/v4';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { answerObject } from './bazi-field-text.ts';
import { langField, metaSchema } from './bazi-lang.ts';
import { exampleBaziBirth } from './bazi-schemas.ts';
import { baziPersonBlock } from './bazi-synastry-schemas.ts';

export const baziHealthRequest = baziPersonBlock
  .extend({
    include_timing: z.boolean().default(true).describe('Adds `timing`: the luck pillars and years that strain the balance most. Default true.'),
    timing_years_ahead: z.number().int().min(1).max(60).default(10).describe('Years read for `timing.year_peaks`, from `timing_start_year`. Default 10.'),
    timing_start_year: z.number().int().min(MIN_YEAR).max(MAX_YEAR).optional().describe('First year of the timing range. Default: the current UTC year.'),
    lang: langField,
  })
  .meta({ id: 'BaziHealthRequest', example: { ...exampleBaziBirth, include_timing: true, timing_years_ahead: 10, timing_start_year: 2026 } });
export type BaziHealthRequest = z.output<typeof baziHealthRequest>;

const byElement = answerObject({ wood: z.number(), fire: z.number(), earth: z.number(), metal: z.number(), water: z.number() });

const peak = {
  gan_zhi: z.string(),
  strain_index: z.number().describe('0 to 100: how far the pillar pushes the balance (rules in docs/api/chinese.md, "Health")'),
  strain_type: z.string().describe('Strain type id (dictionary `strain_types`)'),
  drivers: z.array(z.string()).describe('What adds to the index, in words'),
  level: z.enum(['low', 'moderate', 'high']).describe('Under 34, under 67, else high'),
};

export const baziHealthResponse = answerObject({
  bazi_context: answerObject({
    day_master: z.string(),
    day_master_element: z.string().describe('Element id'),
    day_master_strength: z.enum(['Strong', 'Weak', 'Balanced']),
    favorable_elements: z.array(z.string()).describe('Element ids'),
    unfavorable_elements: z.array(z.string()).describe('Element ids'),
    rationale: z.string(),
    balance_strategy: answerObject({ priority_elements: z.array(z.string()).describe('Element ids, most needed first'), reason: z.string() }),
  }),
  element_balance: answerObject({
    raw_absolute: byElement.describe('Basic points (stems and branches 20, hidden stems 5)'),
    raw_total: z.number(),
    raw_distribution: byElement.describe('Percent of the basic points'),
    effective_pre_normalized: byElement.describe('Points × seasonal multiplier × (0.8 + 0.4 × rooting score)'),
    effective_distribution: byElement.describe('Percent of the effective points'),
    effective_method: z.literal('seasonal_rooted_v1'),
    seasonal_adjustments: answerObject({ month_branch: z.string(), multipliers: byElement }),
    rooting_scores: byElement.describe('0 to 1'),
    rooting_raw: byElement.describe('Hidden stems weighted 1, 0.5, 0.3'),
    dominant_elements: z.array(z.string()).describe('Element ids with 30% or more of the effective points'),
    weak_elements: z.array(z.string()).describe('Element ids under 10% of the effective points'),
  }),
  constitution: answerObject({
    temperature: z.string().describe('Constitution id: cold, cool, neutral, warm, hot'),
    temperature_label: z.string().describe('The same in the answer language'),
    temperature_score: z.number().describe('−1 (cold) to +1 (hot)'),
    temperature_scale: z.string().describe('The bands of the score'),
    temperature_components: answerObject({ fire_minus_water: z.number(), season: z.number() }),
    moisture: z.string().describe('Constitution id: dry, neutral, damp'),
    moisture_label: z.string(),
    moisture_score: z.number().describe('−1 (dry) to +1 (damp)'),
    moisture_scale: z.string(),
    moisture_components: answerObject({ water_metal_minus_fire_wood: z.number(), earth_branches: z.number() }),
    organ_systems: z.array(
      answerObject({
        element: z.string().describe('Element id'),
        systems: z.string().describe('The organ pair tradition links to the element (symbolic correspondence, not anatomy)'),
        share: z.number().describe('Effective percent'),
        status: z.enum(['excess', 'balanced', 'deficient']),
        note: z.string(),
      }),
    ),
    summary: z.string(),
  }),
  timing: answerObject({
    decade_peaks: z
      .array(answerObject({ period: z.string().describe('YYYY–YYYY of the luck pillar'), ...peak }))
      .describe('The three luck pillars of highest strain'),
    year_peaks: z.array(answerObject({ year: z.number().int(), ...peak })).describe('The three years of the range with the highest strain'),
    analysis_range: answerObject({ from_year: z.number().int(), to_year: z.number().int() }),
  })
    .optional()
    .describe('With include_timing'),
  data_quality: answerObject({
    rooting_model: z.string(),
    hidden_stems_weighting: z.string(),
    transformations: z.string().describe('Whether combinations are counted as transformed'),
    time_known: z.boolean(),
  }),
  disclaimer: z.string(),
  warnings: z.array(z.string()),
  meta: metaSchema,
}).meta({ id: 'BaziHealthResponse' });
export type BaziHealthResponse = z.output<typeof baziHealthResponse>;
