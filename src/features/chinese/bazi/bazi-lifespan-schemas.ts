/** Request and answer of POST /api/v1/chinese/bazi/lifespan: the life curve, a model of traditional symbolism. */
import { z } from 'zod/v4';
import { answerObject } from './bazi-field-text.ts';
import { langField, metaSchema } from './bazi-lang.ts';
import { exampleBaziBirth } from './bazi-schemas.ts';
import { baziPersonBlock } from './bazi-synastry-schemas.ts';

export const baziLifespanRequest = baziPersonBlock
  .extend({
    max_age: z
      .number()
      .int()
      .min(1)
      .max(150)
      .default(120)
      .describe('Last age of the curve, 1 to 150. Default 120. The curve stops there; it does not estimate a length of life.'),
    cultivation_factor: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe('0 to 1 (default 0.5): how much care of the self the model assumes; it slows the spending of essence and lifts spirit.'),
    lang: langField,
  })
  .meta({ id: 'BaziLifespanRequest', example: { ...exampleBaziBirth, time_standard: 'true_solar_absolute', max_age: 120, cultivation_factor: 0.5 } });
export type BaziLifespanRequest = z.output<typeof baziLifespanRequest>;

const point = answerObject({
  age: z.number().int().describe('Completed years'),
  year: z.number().int().describe('Birth year + age'),
  j0: z.number().describe('Essence at birth (equal to prenatal_integrity), 0 to 1'),
  j_final: z.number().describe('Essence at this age: jing_prenatal + jing_postnatal, at most 1'),
  jing_prenatal: z.number().describe('Inherited essence left: j0 × exp(−age / (45 + 30 × cultivation))'),
  jing_postnatal: z.number().describe('Essence gathered from Earth (nourishment): g × (1 − exp(−age / 8)) × (1 − D)'),
  qi: z.number().describe('Qi: the mean of qi_pre_heaven and qi_post_heaven'),
  qi_pre_heaven: z.number().describe('0.6 × jing_prenatal'),
  qi_post_heaven: z.number().describe('(0.5 + 0.3 × S) × (1 − D) × (0.6 + 0.4 × min(1, age / 20))'),
  prenatal_integrity: z.number().describe('From the chart: 0.4 + 0.3 × closeness of the support ratio to 0.5 + 0.3 × Water rooting'),
  shen: z.number().describe('Spirit: (0.45 + 0.25 × cultivation + 0.15 × S + 0.15 × Fire share) × (1 − D / 2)'),
  S: z.number().describe('Support of the luck (0.6) and annual (0.4) pillars in force: +1 favourable, −1 unfavourable elements, −1 to +1'),
  D: z.number().describe('Decline with age: (age / max_age)³'),
  V: z.number().describe('Vitality: 0.45 × j_final + 0.35 × qi + 0.2 × shen, 0 to 1'),
  H: z.number().describe('V × 100, to one decimal'),
  phase: z.string().describe('Curve phase id: rising, peak, steady, waning'),
  luck_pillar: z.string().nullable().describe('The luck pillar in force (null before the first)'),
  annual_pillar: z.string(),
  explain: z.string().describe('What moved the point, in the answer language'),
});

export const baziLifespanResponse = answerObject({
  metadata: answerObject({
    max_age: z.number().int(),
    sex: z.enum(['M', 'F']),
    cultivation_level: z.number().describe('The cultivation_factor used'),
    algorithm: z.literal('jing_qi_shen_v1').describe('The rules (docs/api/chinese.md, "Life curve")'),
    day_master: z.string(),
    day_master_strength: z.enum(['Strong', 'Weak', 'Balanced']),
    favorable_elements: z.array(z.string()).describe('Element ids'),
    time_standard: z.string(),
  }),
  curve: z.array(point).describe('One point a year from age 0 to max_age'),
  peak: answerObject({ age: z.number().int(), year: z.number().int(), H: z.number() }).describe('The highest point of the curve'),
  disclaimer: z.string(),
  warnings: z.array(z.string()),
  meta: metaSchema,
}).meta({ id: 'BaziLifespanResponse' });
export type BaziLifespanResponse = z.output<typeof baziLifespanResponse>;
