/** Request and answer of POST /api/v1/chinese/bazi/synastry: two BaZi charts compared. */
import { z } from 'zod/v4';
import { answerObject } from './bazi-field-text.ts';
import { langField, metaSchema } from './bazi-lang.ts';
import { baziRequest, CHART_OPTIONS, exampleBaziBirth } from './bazi-schemas.ts';

/** One person of the pair: the birth fields and conventions of POST /api/v1/chinese/bazi. */
export const baziPersonBlock = baziRequest
  .omit({
    ...CHART_OPTIONS,
    lang: true,
  })
  .meta({ id: 'BaziPerson' });
export type BaziPersonBlock = z.output<typeof baziPersonBlock>;

export const baziSynastryRequest = z
  .object({
    person_a: baziPersonBlock.describe('The first person: a BaZi birth block'),
    person_b: baziPersonBlock.describe('The second person: a BaZi birth block'),
    lang: langField,
  })
  .meta({
    id: 'BaziSynastryRequest',
    example: {
      person_a: exampleBaziBirth,
      person_b: { name: 'Ben', year: 1988, month: 11, day: 3, hour: 21, minute: 40, lat: 22.32, lng: 114.17, tz_str: 'Asia/Hong_Kong', sex: 'M' },
      lang: 'en',
    },
  });
export type BaziSynastryRequest = z.output<typeof baziSynastryRequest>;

const modifier = answerObject({
  type: z.string().describe('Interaction id (dictionary `interactions`), `none` when there is none'),
  label: z.string().describe('Its name in the answer language'),
  score_modifier: z.number().describe('Its weight in the pillar score, −1 to +1'),
});

const personSummary = answerObject({
  name: z.string().nullable().describe('The name sent, or null'),
  day_master: z.string().describe('Day stem, in Chinese'),
  day_master_element: z.string().describe('Element id of the day master'),
  day_master_strength: z.enum(['Strong', 'Weak', 'Balanced']),
  favorable_elements: z.array(z.string()).describe('Element ids that bring the day master to balance'),
  pillars: z.array(answerObject({ label: z.enum(['year', 'month', 'day', 'hour']), gan_zhi: z.string() })),
});

const conflict = answerObject({
  a_pillar: z.string().describe("The pillar of person A's chart"),
  b_pillar: z.string().describe("The pillar of person B's chart"),
  a_branch: z.string(),
  b_branch: z.string(),
});

export const baziSynastryResponse = answerObject({
  score: z.number().describe('Compatibility score, 0 to 100: the sum of the breakdown'),
  score_breakdown: answerObject({
    day_master: z.number().describe('0 to 30'),
    spouse_palace: z.number().describe('0 to 25'),
    pillars: z.number().describe('0 to 20'),
    elements: z.number().describe('0 to 15'),
    hidden_bonus: z.number().describe('0 to 10'),
  }),
  overall_compatibility: z.string().describe('The score in words, in the answer language'),
  overall_level: z.enum(['excellent', 'good', 'moderate', 'challenging']).describe('The band of the score: 75, 60 and 45 are its lower bounds'),
  person_a: personSummary,
  person_b: personSummary,
  day_master_analysis: answerObject({
    dm_a: z.string(),
    dm_b: z.string(),
    relation: z.string().describe("What A's day master is to B's: an element-relation id (`combines` for a stem combination)"),
    score: z.number(),
    description: z.string(),
    dynamic: z.string().describe('How the relation tends to play out, in the answer language'),
  }),
  spouse_palace_analysis: answerObject({
    branch_a: z.string().describe("A's day branch (the spouse palace)"),
    branch_b: z.string(),
    interaction: z.string().describe('The interaction id that weighs most, or `none`'),
    interactions: z.array(z.string()).describe('Every interaction id the two branches hold'),
    score: z.number(),
    description: z.string(),
    type: z.enum(['harmonious', 'neutral', 'challenging']),
  }),
  element_analysis: answerObject({
    score: z.number(),
    details: z.array(z.string()),
    a_needs: z.array(z.string()).describe("Element ids A's chart favours"),
    b_needs: z.array(z.string()),
    a_supplied_by_b: z.number().describe("Share of B's element points in A's favourable elements, percent"),
    b_supplied_by_a: z.number(),
  }),
  pillar_interactions: z.array(
    answerObject({
      pillar: z.enum(['year', 'month', 'day', 'hour']),
      weight: z.number().describe('Share of the pillar score'),
      branch_interaction: modifier,
      stem_interaction: modifier,
      net_score: z.number().describe('Branch and stem modifiers summed, −1 to +1'),
    }),
  ),
  hidden_interactions: answerObject({
    connections: z.array(
      answerObject({
        a_stem: z.string(),
        a_source: z.string().describe('Where A holds it: `day_stem` or `<pillar>_hidden`'),
        b_stem: z.string(),
        b_source: z.string(),
        type: z.literal('stem_combination'),
        transforms_to: z.string().describe('Element id the combination leans to'),
      }),
    ),
    count: z.number().int(),
  }),
  conflict_scan: answerObject({
    clashes: z.array(conflict),
    harms: z.array(conflict),
    punishments: z.array(conflict),
    destructions: z.array(conflict),
  }).describe("Every branch of A's chart against every branch of B's"),
  conflict_summary: z.string().describe('The conflicts counted, in the answer language'),
  method: z.literal('bazi_synastry_v1').describe('The scoring rules (docs/api/chinese.md, "Synastry")'),
  disclaimer: z.string(),
  warnings: z.array(z.string()),
  meta: metaSchema,
}).meta({ id: 'BaziSynastryResponse' });
export type BaziSynastryResponse = z.output<typeof baziSynastryResponse>;
