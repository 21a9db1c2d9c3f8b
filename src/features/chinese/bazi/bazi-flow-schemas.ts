/**
 * POST /api/v1/chinese/bazi/flow: the annual and monthly pillars of a target year against a
 * birth chart, with the luck pillar in force, the interactions of each with the natal pillars and
 * the chart's symbolic stars they bring. The answer carries the year under `years[]` (the public
 * service's shape) and again as `annual_pillar` and `monthly_pillars` (the keys some clients read).
 */
import { z } from 'zod/v4';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { baziRequest, CHART_OPTIONS, interactionSchema } from './bazi-schemas.ts';
import { answerObject } from './bazi-field-text.ts';
import { metaSchema } from './bazi-lang.ts';

export const baziFlowRequest = baziRequest
  .omit(CHART_OPTIONS)
  .extend({
    target_year: z
      .number()
      .int()
      .min(MIN_YEAR)
      .max(MAX_YEAR)
      .optional()
      .describe(`The year whose pillars are read (from its Lichun to the next), ${MIN_YEAR} to ${MAX_YEAR}. Default: the current UTC year.`),
    target_year_end: z.number().int().min(MIN_YEAR).max(MAX_YEAR).optional().describe('Accepted when equal to `target_year` (one year per answer), else 422.'),
  })
  .meta({
    id: 'BaziFlowRequest',
    example: { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 31.23, lng: 121.47, tz_str: 'Asia/Shanghai', sex: 'F', target_year: 2026 },
  });
export type BaziFlowRequest = z.output<typeof baziFlowRequest>;

const flowStar = answerObject({
  name: z.string(),
  chinese: z.string(),
  pillar: z.string().describe('The outside pillar that brings it: `annual`, `month` or `luck`'),
  zhi: z.string(),
  reference_pillar: z.enum(['year', 'month', 'day', 'hour']),
  reference: z.string(),
  trigger_text: z.string(),
});

const simplePillar = { gan_zhi: z.string(), gan: z.string(), zhi: z.string(), ten_god: z.string().describe('Ten god of the stem relative to the day master') };

const month = answerObject({
  index: z.number().int().describe('1 = the 寅 month from Lichun … 12 = the 丑 month'),
  ...simplePillar,
  jie: z.string().describe('The jie that opens it'),
  starts: z.string().describe('Its instant, UTC'),
  starts_local: z.string().describe("The same in the birth's zone"),
  interactions: z.array(interactionSchema),
  stars: z.array(flowStar),
});

const activeLuck = answerObject({ gan_zhi: z.string(), start_year: z.number().int(), end_year: z.number().int(), start_date: z.string() });

const year = answerObject({
  year: z.number().int(),
  ...simplePillar,
  age: z.number().int().describe('Nominal age in the year'),
  starts: z.string().describe('Lichun, UTC'),
  active_luck: activeLuck.nullable().describe("The luck pillar in force at the year's Lichun (null before the first)"),
  luck_interactions: z.array(interactionSchema).describe('The active luck pillar with the natal pillars'),
  interactions: z.array(interactionSchema).describe('The annual pillar with the natal pillars'),
  stars: z.array(flowStar),
  months: z.array(month),
});

export const baziFlowResponse = answerObject({
  target_year: z.number().int(),
  natal: answerObject({ day_master: z.string(), pillars: z.array(answerObject({ label: z.enum(['year', 'month', 'day', 'hour']), gan_zhi: z.string() })) }),
  annual_pillar: answerObject({ year: z.number().int(), ...simplePillar, starts: z.string() }),
  monthly_pillars: z.array(answerObject({ index: z.number().int(), ...simplePillar, starts: z.string() })),
  years: z.array(year),
  warnings: z.array(z.string()),
  meta: metaSchema.optional().describe('The language of the names, when the request sent `lang`'),
}).meta({ id: 'BaziFlowResponse' });
export type BaziFlowResponse = z.output<typeof baziFlowResponse>;
