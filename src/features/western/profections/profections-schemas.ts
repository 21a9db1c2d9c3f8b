/** Request and response schemas of POST /api/v1/western/profections/annual. */
import { z } from 'zod/v4';
import { aspectTypeFromName } from '../../../astro/aspects.ts';
import { RULERSHIPS } from '../../../astro/profections.ts';
import { ayanamsa, birthFields, chartSettingsFields, zodiacType } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleBirth } from '../../../requests/examples.ts';
import { aspectSchema, planetSchema, subjectSchema } from '../natal/natal-schemas.ts';

/** How many years after the birth a profection can be asked for (the period then ends within MAX_YEAR). */
export const MAX_PROFECTION_AGE = 120;

/** What the profection year runs between. */
export const PERIOD_BASES = ['birthday', 'solar_return'] as const;

export const PROFECTION_INCLUDES = ['monthly_profections', 'time_lord_natal', 'activated_house_planets', 'time_lord_aspects'] as const;
export type ProfectionInclude = (typeof PROFECTION_INCLUDES)[number];

const orbDegrees = z.number().min(0).max(30);

export const orbPolicy = z
  .object({
    default_orb_deg: orbDegrees
      .optional()
      .describe(
        "Orb in degrees (0 to 30) of every aspect type not named in `by_aspect_deg`. Default: the natal chart's orbs (conjunction and opposition 8, trine and square 7, sextile 6 …).",
      ),
    by_aspect_deg: z
      .record(z.string().max(40), orbDegrees)
      .refine((o) => Object.keys(o).length <= 20, { message: 'at most 20 aspect orbs' })
      .superRefine((o, ctx) => {
        for (const name of Object.keys(o)) {
          if (aspectTypeFromName(name) === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: `unknown aspect '${name}': conjunction, opposition, trine, square, sextile, quincunx, semi_sextile, semi_square, sesquiquadrate, quintile, biquintile …`,
            });
        }
      })
      .optional()
      .describe(
        'Orb in degrees (0 to 30) by aspect name, e.g. `{"conjunction": 10, "quincunx": 2}`; naming a minor aspect adds the minor aspects. At most 20.',
      ),
  })
  .describe("Orbs of the time lord's aspects (`include=time_lord_aspects`)");

export const profectionRequest = z
  .object({
    ...birthFields,
    ...chartSettingsFields,
    annual_profection: z
      .object({
        year: z
          .number()
          .int()
          .describe(
            `The calendar year whose birthday opens the profection year (the birth year to ${MAX_PROFECTION_AGE} years after it). The period runs from the birthday in this year to the next birthday.`,
          ),
        settings: z
          .object({
            zodiac_type: zodiacType
              .optional()
              .describe(
                '`tropical` or `sidereal`, any case (`Tropical`, `Sidereal`); wins over the top-level `zodiac_type`. Default: the top-level one, tropical.',
              ),
            sidereal_ayanamsa: ayanamsa.nullish(),
            orb_policy: orbPolicy.optional(),
            period_basis: caseInsensitiveEnum(PERIOD_BASES)
              .optional()
              .describe(
                "`birthday` (default): the year runs from the civil birthday (the birth's wall-clock time in the birth place's zone) to the next; `solar_return`: from the instant the Sun returns to its natal longitude in the target year to the next return",
              ),
            rulership: caseInsensitiveEnum(RULERSHIPS)
              .optional()
              .describe('`traditional` (default: Mars rules Scorpio, Saturn Aquarius, Jupiter Pisces) or `modern` (Pluto, Uranus, Neptune)'),
          })
          .optional()
          .describe('How the profection is cast'),
      })
      .describe('The year asked for and its settings'),
  })
  .meta({ example: { ...exampleBirth, annual_profection: { year: 2026, settings: { zodiac_type: 'Tropical' } } } });

export type ProfectionRequest = z.output<typeof profectionRequest>;

export const profectionQuery = z.object({
  include: z
    .string()
    .max(200)
    .optional()
    .describe(`Comma-separated blocks to add: ${PROFECTION_INCLUDES.join(', ')}, or all. Default none.`),
});

const period = z.object({
  start: z.string().describe("Local date and time (birth place's zone, with its UTC offset) at which the period begins, to the second"),
  end: z.string().describe("Local date and time at which the period ends (the next period's start)"),
  start_utc: z.string().describe('The start in UTC, ISO 8601 with Z'),
  end_utc: z.string().describe('The end in UTC, ISO 8601 with Z'),
});

/** What one profection activates; shared by the year and its months. */
const activated = {
  activated_house: z
    .number()
    .int()
    .describe("Whole-sign house activated, 1 to 12, counted from the base sign (the Ascendant's; the Sun's when the birth time is unknown)"),
  activated_sign: z.string().describe('Three-letter abbreviation of the activated sign: Ari … Pis'),
  activated_sign_name: z.string().describe('Name of the activated sign: Aries … Pisces'),
  activated_sign_id: z.string().describe('Id of the activated sign in lower case: aries … pisces'),
  time_lord_name: z.string().describe('The ruler of the activated sign, the lord of the period: Mars, Venus …'),
  time_lord_id: z.string().describe("Id of the time lord in lower case, as the natal answer's planets[].id"),
};

export const profectionResponse = z.object({
  subject: subjectSchema.describe("The natal chart's subject, as the natal answer gives it"),
  profection: z
    .object({
      annual: z
        .object({
          age: z.number().int().describe('Completed years at the start of the period (0 in the year of birth)'),
          ...activated,
          period: period.describe('From the birthday (or the solar return, with period_basis solar_return) in the target year to the next one'),
        })
        .describe('The profected year'),
      monthly_profections: z
        .array(
          z.object({
            month: z.number().int().describe('1 to 12'),
            ...activated,
            period: period.describe('Month 1 starts with the year; month k + 1 when the Sun reaches the natal Sun plus 30°·k; month 12 ends with the year'),
          }),
        )
        .optional()
        .describe('With include=monthly_profections and a known birth time: the twelve solar months of the year, each activating the next sign'),
      time_lord_natal: planetSchema
        .omit({ variant: true })
        .extend({
          whole_sign_house: z.number().int().describe('Whole-sign house of the time lord, counted from the base sign'),
        })
        .optional()
        .describe("With include=time_lord_natal: the time lord in the natal chart (the natal answer's planet, with its dignities), and its whole-sign house"),
      activated_house_planets: z
        .array(planetSchema)
        .optional()
        .describe(
          "With include=activated_house_planets: the natal points standing in the activated sign (the whole-sign house), in the natal answer's order; empty when none",
        ),
      time_lord_aspects: z
        .array(aspectSchema)
        .optional()
        .describe('With include=time_lord_aspects: the natal aspects of the time lord within the orb policy, closest first'),
    })
    .describe('The profected year, and the blocks asked for with `include`'),
  meta: z
    .object({
      annual_profection: z
        .object({
          target_year: z.number().int().describe('The year asked for'),
          period: z.object({ start: period.shape.start, end: period.shape.end }).describe("The year's period, as in profection.annual.period"),
          period_basis: z.enum(PERIOD_BASES).describe('What the year runs between: birthdays, or solar returns'),
          house_basis: z.enum(['ascendant', 'sun']).describe("The sign houses are counted from: the Ascendant's, or the Sun's when the birth time is unknown"),
          rulership: z.enum(RULERSHIPS).describe('Rulers used for the time lords'),
          zodiac_type: z.string().describe('Tropical or Sidereal'),
          sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa of the sidereal zodiac; null for the tropical one'),
          includes: z.array(z.enum(PROFECTION_INCLUDES)).describe('The blocks asked for with `include`'),
        })
        .describe('The year asked for and how it was cast'),
    })
    .describe('How the answer was made'),
  warnings: z
    .array(z.string())
    .describe("What to know about the answer: the natal chart's warnings, a birthday read on 28 February, monthly periods left out without a birth time"),
});

export type ProfectionAnswer = z.output<typeof profectionResponse>;
