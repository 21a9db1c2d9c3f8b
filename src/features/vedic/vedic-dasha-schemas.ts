/**
 * Request and response schemas of the dashas: POST /api/v1/vedic/dasha and /api/v2/vedic/dasha.
 * v1 keeps the names its clients read (`vimshottari_dasha[]{planet, start_date, end_date}`,
 * `current_dasha.{mahadasha, antardasha}`), v2 the v2 names (`birth_balance{lord, end,
 * remaining_years, remaining_fraction}`, `moon_nakshatra`, `active_periods[]`, `timeline[]`).
 * Both add the Yogini dasha. Every instant is UTC, to the second.
 */
import { z } from 'zod/v4';
import { DASHA_YEAR_LENGTHS } from '../../astro/vedic/vimshottari.ts';
import { YOGINI_NAMES } from '../../astro/vedic/yogini.ts';
import { isoDateTimeText } from '../../requests/birth-schema.ts';
import { exampleVedicBirth, vedicBirthFields } from './vedic-request-schemas.ts';
import { nakshatraSchema, vedicMetadataSchema, vedicSubjectSchema } from './vedic-schemas.ts';

const YEAR_LENGTH_NAMES: Record<string, (typeof DASHA_YEAR_LENGTHS)[number]> = { julian: 365.25, tropical: 365.2422, solar: 365.2422, savana: 360 };

export const yearLength = z
  .union([z.number(), z.string().max(20)])
  .transform((v, ctx) => {
    const value = typeof v === 'number' ? v : (YEAR_LENGTH_NAMES[v.trim().toLowerCase()] ?? Number(v));
    const known = DASHA_YEAR_LENGTHS.find((y) => y === value);
    if (known === undefined) {
      ctx.addIssue({ code: 'custom', message: `year_length must be 365.25 (julian), 365.2422 (tropical) or 360 (savana)` });
      return z.NEVER;
    }
    return known;
  })
  .describe('Days in a dasha year: 365.25 (default, the Julian year), 365.2422 (the tropical year; also `tropical`) or 360 (the savana year; also `savana`).');

export const dashaFields = {
  reference_date: isoDateTimeText()
    .optional()
    .describe(
      "The date whose running periods `current_dasha` / `active_periods` give: YYYY-MM-DD or a date and time, read in the birth's zone unless it carries Z or an offset. Default: now.",
    ),
  year_length: yearLength.optional(),
  include_yogini: z.boolean().default(true).describe('Adds the Yogini dasha (same levels). Default true.'),
};

export const vedicDashaRequest = z
  .object({
    ...vedicBirthFields,
    levels: z.number().int().min(1).max(3).default(2).describe('1: mahadashas; 2 (default): and their antardashas; 3: and their pratyantardashas'),
    ...dashaFields,
  })
  .meta({ example: { ...exampleVedicBirth, levels: 3, reference_date: '2026-01-01' } });
export type VedicDashaRequest = z.output<typeof vedicDashaRequest>;

const start = z.string().describe('Start, UTC (ISO 8601 with Z), to the second');
const end = z.string().describe("End (the next period's start), UTC, to the second");
const years = z.number().describe('Length in dasha years');
const planet = z.string().describe('Lord of the period: Sun … Ketu');

const pratyantarV1 = z.object({ planet, start_date: start, end_date: end, years });
const antarV1 = z.object({
  planet,
  start_date: start,
  end_date: end,
  years,
  pratyantardashas: z.array(pratyantarV1).optional().describe('With levels 3: the nine pratyantardashas, from the antardasha lord on'),
});
const mahaV1 = z.object({
  planet,
  start_date: start,
  end_date: end,
  years,
  antardashas: z.array(antarV1).optional().describe('With levels 2 or 3: the nine antardashas, from the mahadasha lord on'),
});
const runningV1 = z.object({ planet, start_date: start, end_date: end }).nullable();

const yoginiPeriodFields = {
  yogini: z.enum(YOGINI_NAMES).describe('The yogini: Mangala, Pingala, Dhanya, Bhramari, Bhadrika, Ulka, Siddha, Sankata'),
  planet: z.string().describe("The yogini's graha"),
  start_date: start,
  end_date: end,
  years,
};
const yoginiAntar = z.object({
  ...yoginiPeriodFields,
  pratyantardashas: z.array(z.object(yoginiPeriodFields)).optional().describe('With levels 3: the eight sub-periods, from this yogini on'),
});
const yoginiMaha = z.object({
  ...yoginiPeriodFields,
  antardashas: z.array(yoginiAntar).optional().describe('With levels 2 or 3: the eight antardashas, from the mahadasha yogini on'),
});
const yoginiRunning = z.object(yoginiPeriodFields).nullable();

export const yoginiDashaSchema = z
  .object({
    birth_yogini: z.enum(YOGINI_NAMES).describe('The yogini running at birth: (nakshatra number + 3) mod 8, 1 Mangala … 0 Sankata'),
    balance_years: z.number().describe('Years of it left at birth'),
    periods: z.array(yoginiMaha).describe('Mahadashas of the 36-year cycle, from the birth one until 120 years after birth'),
    current: z
      .object({
        mahadasha: yoginiRunning.describe('Running Yogini mahadasha; null outside the timeline'),
        antardasha: yoginiRunning.describe('Running antardasha; null with levels 1'),
        pratyantardasha: yoginiRunning.describe('Running pratyantardasha; null below levels 3'),
      })
      .describe('The periods running at the reference date (null below the levels asked)'),
  })
  .describe('The Yogini dasha');

export const vedicDashaV1Response = z.object({
  subject: vedicSubjectSchema,
  moon_nakshatra: nakshatraSchema
    .extend({ fraction_traversed: z.number().describe('Share of the nakshatra the Moon had traversed at birth, [0, 1)') })
    .describe("The Moon's nakshatra at birth, whose lord opens the Vimshottari dasha"),
  birth_balance: z
    .object({
      planet,
      years: z.number().describe('Years of the birth mahadasha left at birth: (1 − fraction traversed) × its years'),
      fraction: z.number().describe('The same as a share of the mahadasha, (0, 1]'),
      end_date: end,
    })
    .describe('The mahadasha running at birth and its balance'),
  vimshottari_dasha: z
    .array(mahaV1)
    .describe('The mahadashas from the birth one (its start is before the birth, by the part elapsed) until 120 years after birth'),
  current_dasha: z
    .object({
      date: z.string().describe('The reference date, UTC'),
      mahadasha: runningV1.describe('Running mahadasha; null outside the timeline'),
      antardasha: runningV1.describe('Running antardasha; null with levels 1'),
      pratyantardasha: runningV1.describe('Running pratyantardasha; null below levels 3'),
    })
    .describe('The periods running at the reference date'),
  yogini_dasha: yoginiDashaSchema.optional().describe('With include_yogini (default): the Yogini dasha'),
  settings: z
    .object({
      levels: z.number().int().describe('Levels given'),
      year_length_days: z.number().describe('Days in a dasha year'),
      reference_date: z.string().describe('The reference date, UTC'),
    })
    .describe('How the dashas were reckoned'),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer'),
});
export type VedicDashaV1Answer = z.output<typeof vedicDashaV1Response>;

const LEVEL_NAMES = ['mahadasha', 'antardasha', 'pratyantardasha'] as const;
const lord = z.string().describe('Lord of the period: Sun … Ketu');
const level = z.number().int().min(1).max(3).describe('1 mahadasha, 2 antardasha, 3 pratyantardasha');
const v2Leaf = z.object({ lord, level, start, end, years });
const v2Middle = v2Leaf.extend({ periods: z.array(v2Leaf).optional().describe('Its sub-periods, when the levels asked reach them') });
const v2Top = v2Leaf.extend({ periods: z.array(v2Middle).optional().describe('Its sub-periods, when the levels asked reach them') });

export const vimshottariV2Schema = z.object({
  moon_nakshatra: nakshatraSchema
    .extend({ fraction_traversed: z.number().describe('Share of the nakshatra the Moon had traversed at birth, [0, 1)') })
    .describe("The Moon's nakshatra at birth, whose lord opens the Vimshottari dasha"),
  birth_balance: z
    .object({
      lord,
      end,
      remaining_years: z.number().describe('Years of the birth mahadasha left at birth'),
      remaining_fraction: z.number().describe('The same as a share of the mahadasha, (0, 1]'),
    })
    .describe('The mahadasha running at birth and its balance'),
  active_periods: z
    .array(
      z.object({
        lord,
        level,
        level_name: z.enum(LEVEL_NAMES).describe('mahadasha, antardasha or pratyantardasha'),
        progress_fraction: z.number().describe('Share of the period elapsed at the reference date, [0, 1)'),
        start,
        end,
      }),
    )
    .describe('The periods running at the reference date, the mahadasha first'),
  timeline: z.array(v2Top).describe('The mahadashas from the birth one until 120 years after birth, with their sub-periods'),
});

export const vedicDashaV2Response = z.object({
  subject: vedicSubjectSchema,
  ...vimshottariV2Schema.shape,
  yogini_dasha: yoginiDashaSchema.optional().describe('With include_yogini (default): the Yogini dasha'),
  reference_date: z.string().describe('The reference date of `active_periods`, UTC'),
  year_length_days: z.number().describe('Days in a dasha year'),
  levels: z.number().int().describe('Levels given'),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer'),
});
export type VedicDashaV2Answer = z.output<typeof vedicDashaV2Response>;
export { LEVEL_NAMES };
