/**
 * POST /api/v1/vedic/doshas and /api/v2/vedic/doshas: Mangal dosha, Kaal Sarp and Sade Sati (with
 * Dhaiya) of a birth. No peer documents these paths; the names follow the chart's (`sign`,
 * `sign_id`) and the fields clients read elsewhere (`mangal_dosha{active, is_manglik, detected}`,
 * `sade_sati{active, phase, description}`).
 */
import { z } from 'zod/v4';
import { GRAHA_IDS } from '../../../astro/vedic/grahas.ts';
import { KAAL_SARP_TYPES } from '../../../astro/vedic/doshas/kaal-sarp.ts';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';
import { isoDateTimeText } from '../../../requests/birth-schema.ts';
import { mangalDoshaSchema, mangalSchoolField } from './mangal-schema.ts';
import { sadeSatiFullSchema } from './sade-sati-schema.ts';

export const vedicDoshasRequest = z
  .object({
    ...vedicBirthFields,
    date: isoDateTimeText()
      .optional()
      .describe(
        "The date Sade Sati and Dhaiya are read at: YYYY-MM-DD or a date and time, in the birth's zone unless it carries Z or an offset. Default: now.",
      ),
    reference_date: isoDateTimeText().optional().describe('Alias of `date`.'),
    mangal_school: mangalSchoolField,
  })
  .meta({ example: { ...exampleVedicBirth, date: '2026-01-01' } });
export type VedicDoshasRequest = z.output<typeof vedicDoshasRequest>;

const grahaList = (what: string) => z.array(z.enum(GRAHA_IDS)).describe(what);
const signName = z.string().describe('Sign name in English: Aries … Pisces');

export const kaalSarpSchema = z
  .object({
    present: z.boolean().describe('The seven grahas Sun to Saturn are all on one side of the Rahu–Ketu axis, or all but one that is in a node’s sign'),
    active: z.boolean().describe('The same as `present`'),
    kind: z
      .enum(['full', 'partial'])
      .nullable()
      .describe('full (all on one side, none in a node’s sign), partial (one or more in a node’s sign, or the one outside is), or null when absent'),
    direction: z
      .enum(['rahu_to_ketu', 'ketu_to_rahu'])
      .nullable()
      .describe('The arc the grahas are on, in the order of the signs: from Rahu to Ketu, or from Ketu to Rahu (called Kaal Amrita by some); null when absent'),
    type: z
      .enum(KAAL_SARP_TYPES)
      .nullable()
      .describe("Named by Rahu's house from the lagna: Anant (1) … Sheshnag (12); null when absent or when the birth time is unknown"),
    rahu_house: z.number().int().min(1).max(12).nullable().describe("Rahu's house counted by sign from the lagna; null without a lagna"),
    rahu_sign: signName.describe("Rahu's sign"),
    ketu_sign: signName.describe("Ketu's sign"),
    rahu_to_ketu: grahaList('Grahas on the arc from Rahu forward to Ketu'),
    ketu_to_rahu: grahaList('Grahas on the arc from Ketu forward to Rahu'),
    outside: z.enum(GRAHA_IDS).nullable().describe('The one graha outside the arc that makes the yoga partial; null otherwise'),
    conjunct_nodes: grahaList("Grahas in Rahu's or Ketu's sign"),
    description: z.string().describe('The finding in a sentence'),
  })
  .describe('Kaal Sarp yoga');

export const vedicDoshasResponse = z.object({
  subject: vedicSubjectSchema,
  mangal_dosha: mangalDoshaSchema,
  kaal_sarp: kaalSarpSchema,
  sade_sati: sadeSatiFullSchema.describe("Sade Sati and Dhaiya: Saturn's transit around the natal Moon's sign at `date`, and every cycle of the life"),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know: an untimed birth (lagna-based parts skipped), a place chosen among namesakes'),
});
export type VedicDoshasAnswer = z.output<typeof vedicDoshasResponse>;
