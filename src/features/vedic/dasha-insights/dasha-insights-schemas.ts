/**
 * POST /api/v1/vedic/dasha/insights: the Vimshottari periods running at a date read in the chart.
 * The request is the one the public service's Python client sends (peer-families-2 §4.3: the Vedic
 * birth block, `ayanamsha`, `house_system`, `levels`, `reference_date`, default today); its answer
 * was not captured, so the shape is this service's: the running stack, each lord's meaning in the
 * chart with the factors behind it, ranked insights, and the next changes at each level.
 */
import { z } from 'zod/v4';
import { FUNCTIONAL_NATURES } from '../../../astro/vedic/graha-role.ts';
import { COMPOUND_RELATIONSHIPS, DIGNITIES } from '../../../astro/vedic/dignity.ts';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { nakshatraSchema, vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';
import { dashaFields } from '../vedic-dasha-schemas.ts';
import { bandSchema, readingFactorSchema } from '../reading/reading-factor.ts';

export const dashaInsightsRequest = z
  .object({
    ...vedicBirthFields,
    levels: z
      .number()
      .int()
      .min(1)
      .max(3)
      .default(3)
      .describe('Depth of the running stack read: 1 mahadasha, 2 and antardasha, 3 (default) and pratyantardasha'),
    reference_date: dashaFields.reference_date,
    year_length: dashaFields.year_length,
  })
  .meta({ example: { ...exampleVedicBirth, levels: 3, reference_date: '2026-06-01' } });
export type DashaInsightsRequest = z.output<typeof dashaInsightsRequest>;

const instant = z.string().describe('UTC instant, ISO 8601 with Z, to the second');
const levelName = z.enum(['mahadasha', 'antardasha', 'pratyantardasha']).describe('The level of the period');
const lordName = z.string().describe('The lord: Sun … Ketu');

export const lordRoleSchema = z.object({
  lord: lordName,
  levels: z.array(levelName).describe('The running levels this graha lords (one graha can lord more than one)'),
  sign: z.string().describe('Its sidereal sign in the birth chart'),
  house: z.number().int().min(1).max(12).describe('The whole-sign house it occupies, from the lagna (from the Moon sign for an untimed birth)'),
  houses_ruled: z.array(z.number().int().min(1).max(12)).describe('The houses it rules; empty for Rahu and Ketu'),
  dispositor: z.string().nullable().describe('For Rahu and Ketu, the lord of their sign, whose results they give; null otherwise'),
  dignity: z.enum(DIGNITIES).nullable().describe('Its dignity in the birth chart (Parashara); null for a node outside its exaltation or debilitation'),
  relation_to_lagna_lord: z
    .enum([...COMPOUND_RELATIONSHIPS, 'self'])
    .nullable()
    .describe('`self` for the lagna lord; otherwise its compound relationship to the lagna lord; null for the nodes'),
  functional_nature: z.enum(FUNCTIONAL_NATURES).describe('Its functional nature for this lagna, by the houses it rules (the nodes: their dispositor’s)'),
  retrograde: z.boolean().describe('Retrograde at birth'),
  combust: z.boolean().describe('Combust at birth'),
  score: z.number().int().min(0).max(100).describe('50 plus 8 per unit of its factors’ summed weight, clamped to 0-100'),
  band: bandSchema,
  summary: z.string().describe('What the lord means for its periods in this chart, in a sentence'),
  factors: z.array(readingFactorSchema).describe('Every factor behind the reading, each true of the birth chart'),
});

const running = z.object({
  level: z.number().int().min(1).max(3).describe('1 mahadasha, 2 antardasha, 3 pratyantardasha'),
  level_name: levelName,
  lord: lordName,
  start: instant.describe('Start, UTC'),
  end: instant.describe('End, UTC'),
  progress_fraction: z.number().min(0).max(1).describe('Share of the period elapsed at the reference date'),
  remaining_days: z.number().describe('Days left at the reference date, to 0.01'),
});

export const dashaInsightsResponse = z.object({
  subject: vedicSubjectSchema,
  reference_date: instant.describe('The instant read, UTC'),
  lagna: z
    .object({ sign: z.string().describe('The lagna’s sign'), lord: lordName.describe('Its lord') })
    .nullable()
    .describe('The lagna; null for an untimed birth (the houses then count from the Moon’s sign)'),
  moon_nakshatra: nakshatraSchema.describe('The natal Moon’s nakshatra, whose lord begins the Vimshottari sequence'),
  active_dasha_stack: z.array(running).describe('The periods running at the reference date, mahadasha first, to `levels`; empty outside the 120 years'),
  headline: z.string().describe('The running periods in one line'),
  period_reading: z
    .object({
      score: z.number().int().min(0).max(100).describe('The stack’s score (docs/api/vedic.md)'),
      band: bandSchema,
      summary: z.string().describe('What the running periods bring, in a few sentences written from the factors'),
      themes: z
        .array(
          z.object({
            house: z.number().int().min(1).max(12).describe('A house'),
            meaning: z.string().describe('What it stands for'),
            lords: z.array(lordName).describe('The running lords that rule or occupy it'),
          }),
        )
        .describe('The houses the running lords rule or occupy, most lords first'),
    })
    .describe('The running periods read together'),
  lords: z.array(lordRoleSchema).describe('Each running lord (once, with the levels it lords) and what it means in this chart'),
  insights: z
    .array(
      z.object({
        rank: z.number().int().min(1).describe('1 = the weightiest'),
        level_name: levelName.describe('The level of the lord this insight is about'),
        lord: lordName,
        ...readingFactorSchema.shape,
      }),
    )
    .describe('Every factor of the running lords and of their mutual placement, ranked by the size of its weight'),
  next_changes: z
    .array(
      z.object({
        level: z.number().int().min(1).max(3).describe('The level that changes'),
        level_name: levelName,
        at: instant.describe('When the running period of that level ends and the next begins'),
        from_lord: lordName.describe('The lord that ends'),
        to_lord: lordName.describe('The lord that begins'),
        to_summary: z.string().describe('What the incoming lord means in this chart'),
        to_band: bandSchema.describe('The incoming lord’s band'),
      }),
    )
    .describe('The next change at each level read, soonest first'),
  settings: z
    .object({ levels: z.number().int().describe('Levels read'), year_length_days: z.number().describe('Days in a dasha year') })
    .describe('The settings used'),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know: an untimed birth, a reference date outside the 120 years'),
});
export type DashaInsightsAnswer = z.output<typeof dashaInsightsResponse>;
