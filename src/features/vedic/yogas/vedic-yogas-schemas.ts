/**
 * Request and response schemas of the yogas: POST /api/v1/vedic/yogas and /api/v2/vedic/yogas.
 * v1 keeps the public service's v1 row (`name`, `category` as a display label, `active`,
 * `planets`, `description`); v2 gives the full row a careful client reads (stable `id`, `type`,
 * machine `category`, `strength` with its score and basis, houses, the rule that fired in words,
 * the source text), `active_yogas`, a summary by category and strength, and with `explain` the
 * near misses. Both take the options where schools differ (docs/api/vedic.md, "Vedic yogas").
 */
import { z } from 'zod/v4';
import { GRAHA_IDS } from '../../../astro/vedic/grahas.ts';
import { STRENGTH_LABELS, YOGA_CATEGORIES } from '../../../astro/vedic/yogas/yoga-types.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';

/** The options where schools differ, each with its default; /api/v2/vedic/calculate may take the same fields. */
export const yogaOptionFields = {
  explain: z.boolean().default(false).describe('Also list the near misses: yogas one condition short, with the condition that failed. Default false.'),
  categories: z
    .array(caseInsensitiveEnum(YOGA_CATEGORIES))
    .min(1)
    .max(YOGA_CATEGORIES.length)
    .optional()
    .describe(`Only these categories (${YOGA_CATEGORIES.join(', ')}); default all.`),
  gajakesari_from: caseInsensitiveEnum(['moon', 'moon_or_lagna'])
    .default('moon')
    .describe('Gajakesari: Jupiter in a kendra from the Moon (`moon`, default, Parashara) or from the Moon or the lagna (`moon_or_lagna`).'),
  mahapurusha_from: caseInsensitiveEnum(['lagna', 'lagna_or_moon'])
    .default('lagna')
    .describe('Pancha Mahapurusha: kendras from the lagna (`lagna`, default, Parashara) or from the lagna or the Moon (`lagna_or_moon`).'),
  kemadruma_grahas: caseInsensitiveEnum(['five', 'with_sun', 'with_nodes', 'with_sun_and_nodes'])
    .default('five')
    .describe('Kemadruma: which grahas next to the Moon prevent it: Mars to Saturn (`five`, default, Parashara), and the Sun, the nodes, or both.'),
  adhi_benefics: caseInsensitiveEnum(['all_three', 'two_or_more'])
    .default('all_three')
    .describe('Adhi: Mercury, Jupiter and Venus all in the 6th to 8th from the Moon (`all_three`, default) or two of them (`two_or_more`).'),
  chandra_mangala: caseInsensitiveEnum(['conjunction', 'conjunction_or_aspect'])
    .default('conjunction')
    .describe('Chandra-Mangala: the Moon and Mars in one sign (`conjunction`, default) or also in opposite signs (`conjunction_or_aspect`).'),
  dhana_lords: caseInsensitiveEnum(['parashara', 'extended'])
    .default('parashara')
    .describe('Dhana: lords of the 2nd or 11th with trikona lords (`parashara`, default) or any two lords of the 1st, 2nd, 5th, 9th, 11th (`extended`).'),
  nabhasa_sankhya: caseInsensitiveEnum(['when_no_other', 'always'])
    .default('when_no_other')
    .describe(
      'Nabhasa sankhya yogas (by the number of signs occupied): only when no other Nabhasa yoga holds (`when_no_other`, default, Parashara) or `always`.',
    ),
};

export const vedicYogasRequest = z.object({ ...vedicBirthFields, ...yogaOptionFields }).meta({ example: { ...exampleVedicBirth, explain: true } });
export type VedicYogasRequest = z.output<typeof vedicYogasRequest>;

const grahaNames = z.array(z.string()).describe('The grahas that form the yoga, by name (Sun … Ketu)');
const houses = z
  .array(z.number().int().min(1).max(12))
  .describe('The houses of those grahas, whole signs counted as the chart counts them (from the lagna; from the Moon sign when untimed), ascending');
const strengthLabel = z
  .enum(STRENGTH_LABELS)
  .nullable()
  .describe('strong, moderate or weak where the rule grades the yoga (see docs/api/vedic.md, "Vedic yogas"); null where it does not');

const nearMiss = z.object({
  key: z.string().describe('The yoga key (`hamsa`, `raja_yoga` …)'),
  name: z.string().describe('The yoga name'),
  category: z.enum(YOGA_CATEGORIES).describe('Its category'),
  planets: grahaNames,
  met: z.array(z.string()).describe('The conditions that hold, in words'),
  failed: z.string().describe('The condition that failed, in words'),
});
export const nearMisses = z.array(nearMiss).describe('With `explain: true`, the yogas one condition short; empty otherwise');

export const vedicYogasV1Response = z.object({
  subject: vedicSubjectSchema,
  yogas: z
    .array(
      z.object({
        id: z.string().describe('Stable id of this yoga in this chart (`hamsa`, `raja_yoga:sun+jupiter`)'),
        name: z.string().describe('Yoga name (`Gajakesari Yoga`)'),
        category: z
          .string()
          .describe(
            'Display category: Character & Fame, Power & Status, Wealth & Success, Intellect & Learning, Fortune & Support, Life Pattern, Exchange, Challenges',
          ),
        active: z.boolean().describe('True when the yoga holds; false for one formed and cancelled (Kemadruma, Shakata)'),
        planets: grahaNames,
        houses,
        strength: strengthLabel,
        description: z.string().describe('What the yoga is said to give, in brief'),
      }),
    )
    .describe('The yogas formed in the chart; absent ones are not listed'),
  near_misses: nearMisses,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer (untimed birth: which groups were not evaluated)'),
});
export type VedicYogasV1Answer = z.output<typeof vedicYogasV1Response>;

const categoryCounts = z
  .object(
    Object.fromEntries(YOGA_CATEGORIES.map((c) => [c, z.number().int().min(0).describe(`Active ${c} yogas`)])) as Record<
      (typeof YOGA_CATEGORIES)[number],
      z.ZodNumber
    >,
  )
  .describe('Active yogas by category');

export const yogaV2Row = z.object({
  id: z.string().describe('Stable id: the key, with the grahas for yogas that can occur more than once (`raja_yoga:sun+jupiter`, `neecha_bhanga:saturn`)'),
  key: z.string().describe('The yoga key, the same for every occurrence (`raja_yoga`, `ruchaka`, `maha_parivartana`)'),
  name: z.string().describe('Yoga name'),
  type: z
    .string()
    .describe(
      'The variety: mahapurusha; conjunction, exchange, mutual_aspect (lords in relation); yogakaraka; neecha_bhanga; viparita; maha, khala, dainya (exchanges); akriti, dala, ashraya, sankhya (Nabhasa); moon_flanks, sun_flanks …',
    ),
  category: z.enum(YOGA_CATEGORIES).describe('Category'),
  theme: z.string().describe('Display category (the v1 `category`)'),
  active: z.boolean().describe('True when the yoga holds; false when formed and cancelled'),
  status: z.enum(['present', 'cancelled']).describe('`cancelled`: formed, and undone by a cancellation the texts give (see `cancellations`)'),
  strength: strengthLabel,
  strength_score: z.number().min(0).max(1).nullable().describe('0 to 1: the share of the grading conditions that hold; null where the rule does not grade'),
  strength_basis: z.string().nullable().describe('The grading applied, in words; null where the rule does not grade'),
  planets: grahaNames,
  planet_ids: z.array(z.enum(GRAHA_IDS)).describe('The same grahas by id'),
  houses,
  reference: z
    .enum(['lagna', 'moon', 'sun', 'lagna_or_moon', 'signs'])
    .describe('What the rule counts from: the lagna, the Moon, the Sun, either, or signs alone'),
  evidence: z.string().describe("The rule that fired, in words, with this chart's facts"),
  cancellations: z.array(z.string()).describe('The cancellations that hold (a cancelled yoga); empty otherwise'),
  source: z.string().describe('The classical text or school of the rule as applied'),
  description: z.string().describe('What the yoga is said to give, in brief'),
});

export const yogaSettingsSchema = z
  .object({
    gajakesari_from: z.string().describe('The option used'),
    mahapurusha_from: z.string().describe('The option used'),
    kemadruma_grahas: z.string().describe('The option used'),
    adhi_benefics: z.string().describe('The option used'),
    chandra_mangala: z.string().describe('The option used'),
    dhana_lords: z.string().describe('The option used'),
    nabhasa_sankhya: z.string().describe('The option used'),
    categories: z.array(z.enum(YOGA_CATEGORIES)).nullable().describe('The categories asked for; null for all'),
    explain: z.boolean().describe('Whether near misses were asked for'),
  })
  .describe('The options where schools differ, as applied');

export const yogaSummarySchema = z
  .object({
    total: z.number().int().min(0).describe('Yogas listed (active and cancelled)'),
    active: z.number().int().min(0).describe('Active yogas'),
    cancelled: z.number().int().min(0).describe('Yogas formed and cancelled'),
    by_category: categoryCounts,
    by_strength: z
      .object({
        strong: z.number().int().min(0).describe('Active yogas graded strong'),
        moderate: z.number().int().min(0).describe('Active yogas graded moderate'),
        weak: z.number().int().min(0).describe('Active yogas graded weak'),
        ungraded: z.number().int().min(0).describe('Active yogas whose rule does not grade them'),
      })
      .describe('Active yogas by strength'),
  })
  .describe('Counts of the yogas listed');

export const vedicYogasV2Response = z.object({
  subject: vedicSubjectSchema,
  yogas: z.array(yogaV2Row).describe('The yogas formed in the chart, grouped as docs/api/vedic.md ("Vedic yogas") lists them; absent ones are not listed'),
  active_yogas: z.array(z.string()).describe('The names of the active yogas, in the order of `yogas`'),
  summary: yogaSummarySchema,
  near_misses: nearMisses,
  skipped_groups: z.array(z.string()).describe('Groups of yogas not evaluated because they count from the lagna and the birth time is unknown'),
  settings: yogaSettingsSchema,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer (untimed birth: which groups were not evaluated)'),
});
export type VedicYogasV2Answer = z.output<typeof vedicYogasV2Response>;
