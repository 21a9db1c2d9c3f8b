/** Request and response schemas of POST /api/v1/western/signs/{sun|moon|rising|midheaven}. */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleBirth } from '../../../requests/examples.ts';
import { subjectSchema } from '../natal/natal-schemas.ts';

export const SIGN_POINTS = ['sun', 'moon', 'rising', 'midheaven'] as const;
export type SignPoint = (typeof SIGN_POINTS)[number];

/** The points that need the birth time (the angles). */
export const TIMED_SIGN_POINTS: readonly SignPoint[] = ['rising', 'midheaven'];

export const signParams = z.object({
  point: caseInsensitiveEnum(SIGN_POINTS)
    .describe(`The point whose sign is asked for: ${SIGN_POINTS.join(', ')}`)
    .meta({ example: 'sun' }),
});

export const signRequest = z
  .object({
    ...birthFields,
    ...chartSettingsFields,
    interpretation: z
      .object({
        enable: z.boolean().optional().describe("Adds the `interpretation` item of the point's sign. Default false."),
        style: caseInsensitiveEnum(['standard', 'improved', 'poetic'])
          .optional()
          .describe(
            "`standard` (default), `improved` (adds strengths, challenges and reflection questions); `poetic` is accepted and served with the standard text, which the answer's `interpretation.style` and `warnings` say",
          ),
      })
      .optional()
      .describe("Text for the point's sign from the interpretation library; off unless `enable` is true"),
  })
  .meta({ example: { ...exampleBirth, interpretation: { enable: true, style: 'improved' } } });

export type SignRequest = z.output<typeof signRequest>;

export const signResponse = z.object({
  point: z.string().describe('Sun, Moon, Ascendant (rising) or Midheaven'),
  sign: z.string().describe('Three-letter sign abbreviation, as the natal answer writes it: Ari, Tau … Pis'),
  sign_id: z.string().describe('Sign id in lower case: aries … pisces'),
  degree: z.number().describe('Degrees into the sign, 0 to under 30 (full precision: 29.99999 is still the sign, never rounded into the next)'),
  abs_pos: z.number().describe("Ecliptic longitude in degrees, 0 to under 360, in the chart's zodiac"),
  house: z
    .number()
    .int()
    .optional()
    .describe("House of the point in the requested house system (the natal answer's); absent for the Sun and Moon when the birth time is unknown"),
  interpretation: z
    .object({
      id: z.string().describe('Id of the item: <point id>_<sign id> (sun_taurus, asc_leo, mc_aries)'),
      key: z.string().describe('The library key: planet.<sun|moon>.sign.<sign_id> or angle.<asc|mc>.sign.<sign_id>'),
      title: z.string().describe('Heading of the item'),
      body: z.string().describe('The text of the item (plain prose)'),
      strengths: z.array(z.string()).optional().describe('style improved'),
      challenges: z.array(z.string()).optional().describe('style improved'),
      reflection: z.array(z.string()).optional().describe('style improved: questions to ponder'),
      category: z.string().describe('planet_sign or angle_sign'),
      section: z.string().describe("The natal interpretation's section the item belongs to (core_self …)"),
      style: z.enum(['standard', 'improved']).describe('The style the text was written in'),
      library_version: z.string().describe('Version of the text library'),
      language: z.string().describe('Language of the text (en)'),
    })
    .optional()
    .describe("With `interpretation.enable`: the library's item for this point in this sign (the same item the natal answer's interpretation holds)"),
  subject: subjectSchema.describe("The natal chart's subject, as the natal answer gives it"),
  warnings: z.array(z.string()).describe("The natal chart's warnings, and a `poetic` style served as standard"),
});

export type SignAnswer = z.output<typeof signResponse>;
