/**
 * Request and response schemas of POST /api/v2/vedic/calculate: the v2 chart with, in one call,
 * the divisional charts asked (`vargas`, ints or `D9` names, default D1) and the Vimshottari
 * dasha to `dasha_levels` (0 for none) at `reference_date` (peer-families §6.7), and on request
 * the avasthas, the birth day's panchang, the yogas, shadbala and ashtakavarga, each the block
 * its own endpoint answers.
 */
import { z } from 'zod/v4';
import { VARGA_DIVISIONS } from '../../astro/vedic/vargas.ts';
import { BALADI, JAGRADADI } from '../../astro/vedic/avasthas.ts';
import { GRAHA_IDS } from '../../astro/vedic/grahas.ts';
import { exampleVedicBirth, vedicBirthFields } from './vedic-request-schemas.ts';
import { vedicChartV2Response, vedicMetadataSchema } from './vedic-schemas.ts';
import { vargaChartV2, vargaMethodFields, vedicVargasV2Response } from './vedic-vargas-schemas.ts';
import { dashaFields, vimshottariV2Schema, yoginiDashaSchema } from './vedic-dasha-schemas.ts';
import { panchangV2Response } from './panchang/vedic-panchang-schemas.ts';
import { nearMisses, yogaOptionFields, yogaSettingsSchema, yogaSummarySchema, yogaV2Row } from './yogas/vedic-yogas-schemas.ts';
import { ashtakavargaV2, shadbalaV2 } from './strength/vedic-strength-schemas.ts';

const vargaEntry = z
  .union([z.number().int(), z.string().max(4)])
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace(/^d/i, ''))))
  .pipe(z.number().refine((n) => (VARGA_DIVISIONS as readonly number[]).includes(n), { message: `a division of ${VARGA_DIVISIONS.join(', ')}` }));

export const vedicCalculateRequest = z
  .object({
    ...vedicBirthFields,
    vargas: z
      .array(vargaEntry)
      .min(1)
      .max(VARGA_DIVISIONS.length)
      .optional()
      .describe(`Divisional charts to add, by number or name (\`9\` or \`"D9"\`): ${VARGA_DIVISIONS.join(', ')}. Default [1].`),
    ...vargaMethodFields,
    dasha_levels: z
      .number()
      .int()
      .min(0)
      .max(3)
      .default(2)
      .describe('Vimshottari levels in `dasha`: 0 none, 1 mahadashas, 2 (default) and antardashas, 3 and pratyantardashas'),
    ...dashaFields,
    include_yogini: z.boolean().default(false).describe('Adds the Yogini dasha to `dasha` (same levels). Default false.'),
    include_avastha: z.boolean().default(false).describe("Adds `avasthas`: each graha's baladi and jagradadi state. Default false."),
    include_yogas: z
      .boolean()
      .default(false)
      .describe('Adds `yogas`: the yogas of the chart as POST /api/v2/vedic/yogas lists them, read with the yoga options below. Default false.'),
    ...yogaOptionFields,
    include_panchang: z
      .boolean()
      .default(false)
      .describe(
        'Adds `panchang`: the panchang of the birth day at the birth place, as POST /api/v2/vedic/panchang gives it, with `request_time_panchang` at the birth time (at the sunrise for an untimed birth). Default false.',
      ),
    include_shadbala: z
      .boolean()
      .default(false)
      .describe("Adds `shadbala`: the seven grahas' six strengths as POST /api/v2/vedic/strength gives them. Default false."),
    include_ashtakavarga: z
      .boolean()
      .default(false)
      .describe('Adds `ashtakavarga`: bhinna and sarva ashtakavarga as POST /api/v2/vedic/strength gives them. Default false.'),
    ashtakavarga_reductions: z.boolean().default(false).describe('With include_ashtakavarga: also the trikona and ekadhipatya reductions. Default false.'),
  })
  .meta({ example: { ...exampleVedicBirth, vargas: [1, 9], dasha_levels: 2, reference_date: '2026-01-01' } });
export type VedicCalculateRequest = z.output<typeof vedicCalculateRequest>;

const chart = vedicChartV2Response.shape;

export const vedicCalculateResponse = z.object({
  subject: chart.subject,
  ascendant: chart.ascendant,
  chandra_lagna: chart.chandra_lagna,
  planets: chart.planets,
  houses: chart.houses,
  vargas: z.record(z.string(), vargaChartV2).describe('The divisional charts asked, keyed D1, D9 …'),
  vargottama: vedicVargasV2Response.shape.vargottama,
  dasha: z
    .object({
      ...vimshottariV2Schema.shape,
      yogini_dasha: yoginiDashaSchema.optional().describe('With include_yogini: the Yogini dasha'),
      reference_date: z.string().describe('The reference date of `active_periods`, UTC'),
      year_length_days: z.number().describe('Days in a dasha year'),
      levels: z.number().int().describe('Levels given'),
    })
    .optional()
    .describe('With dasha_levels 1 to 3: the Vimshottari dasha as POST /api/v2/vedic/dasha gives it'),
  avasthas: z
    .array(
      z.object({
        id: z.enum(GRAHA_IDS).describe('Graha id'),
        name: z.string().describe('Graha name'),
        baladi: z.enum(BALADI).describe('Age state by the degree in the sign (6° each): odd signs bala, kumara, yuva, vriddha, mrita; even signs the reverse'),
        jagradadi: z
          .enum(JAGRADADI)
          .nullable()
          .describe(
            "Wakefulness: jagrat in its own sign, moolatrikona or exaltation; swapna in a natural friend's or neutral's sign; sushupti in a natural enemy's sign or its debilitation; null for Rahu and Ketu",
          ),
      }),
    )
    .optional()
    .describe('With include_avastha: the baladi and jagradadi avasthas of the nine grahas (Brihat Parashara Hora Shastra)'),
  panchang: panchangV2Response
    .optional()
    .describe(
      "With include_panchang: the birth day's panchang, as POST /api/v2/vedic/panchang gives it (a birth in local mean time is read on the place's civil calendar)",
    ),
  yogas: z
    .object({
      yogas: z.array(yogaV2Row).describe('The yogas formed in the chart; absent ones are not listed'),
      active_yogas: z.array(z.string()).describe('The names of the active yogas, in the order of `yogas`'),
      summary: yogaSummarySchema,
      near_misses: nearMisses,
      skipped_groups: z.array(z.string()).describe('Groups not evaluated because they count from the lagna and the birth time is unknown'),
      settings: yogaSettingsSchema,
    })
    .optional()
    .describe('With include_yogas: the yogas, as POST /api/v2/vedic/yogas gives them'),
  shadbala: shadbalaV2.optional().describe('With include_shadbala: shadbala, as POST /api/v2/vedic/strength gives it'),
  ashtakavarga: ashtakavargaV2.optional().describe('With include_ashtakavarga: ashtakavarga, as POST /api/v2/vedic/strength gives it'),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer'),
});
export type VedicCalculateAnswer = z.output<typeof vedicCalculateResponse>;
