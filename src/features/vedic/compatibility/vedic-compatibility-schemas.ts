/**
 * POST /api/v2/vedic/compatibility: the v2 compatibility of two births in the shape the Indian
 * astrology app of peer-families-2 §4.3 reads from the public service's match answer:
 * `persons[]`, `ashtakoota{score, max_score, percentage, recommendation, kootas[]{id, name, score,
 * max_score, status, evidence[]}}`, `doshas{manglik{person1, person2, compatibility}, nadi,
 * bhakoot}`, `summary{total_score, max_score, minimum_traditional_threshold,
 * passes_minimum_threshold, risk_flags[]}`. The request is `{person1, person2}` with optional
 * `ayanamsha`, `house_system`, `label` (the Python client's body), and this service's school options.
 */
import { z } from 'zod/v4';
import { KOOTA_SCHOOLS } from '../../../astro/vedic/match/koota-tables.ts';
import { KOOTAS } from '../../../astro/vedic/match/ashtakoota.ts';
import { PORUTHAMS } from '../../../astro/vedic/match/dashakoota.ts';
import { exampleVedicBirth, vedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { nakshatraSchema, vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';
import { mangalDoshaSchema, mangalSchoolField } from '../doshas/mangal-schema.ts';
import { vedicMatchRequest } from '../match/vedic-match-schemas.ts';

export const vedicCompatibilityRequest = z
  .object({
    person1: vedicBirth
      .optional()
      .describe('The first birth (read as the groom’s side where a koota reads one way: varna, vashya, gana): the Vedic birth block'),
    person2: vedicBirth.optional().describe('The second birth (the bride’s side), the same block'),
    ayanamsha: vedicBirthFields.ayanamsha.describe('Ayanamsa for both charts unless a person’s block names its own (lahiri default)'),
    house_system: vedicBirthFields.house_system.describe('House system for both charts unless a person’s block names its own (whole_sign default)'),
    node_type: z
      .enum(['mean', 'true'])
      .optional()
      .describe('Rahu as the mean or true node for both charts (over the persons’ own `node_type`); default each person’s, mean'),
    label: z.string().max(200).optional().describe('A name for the pair, echoed in the answer'),
    koota_school: vedicMatchRequest.shape.koota_school,
    mangal_school: mangalSchoolField,
    include_dashakoota: z.boolean().default(false).describe('Adds `dashakoota`, the ten South Indian poruthams. Default false.'),
  })
  .meta({
    example: {
      person1: { ...exampleVedicBirth, name: 'Ravi', year: 1988, month: 3, day: 2, hour: 14, minute: 10 },
      person2: exampleVedicBirth,
      ayanamsha: 'lahiri',
      label: 'Ravi & Asha',
    },
  });
export type VedicCompatibilityRequest = z.output<typeof vedicCompatibilityRequest>;

const sign = z.string().describe('Sidereal sign: Aries … Pisces');
const RISK_FLAGS = ['below_minimum_threshold', 'nadi_dosha', 'bhakoot_dosha', 'gana_mismatch', 'manglik_mismatch', 'rajju_dosha', 'vedha_dosha'] as const;

export const vedicCompatibilityResponse = z.object({
  label: z.string().nullable().describe('The label sent, or null'),
  persons: z
    .array(
      z.object({
        role: z.enum(['person1', 'person2']).describe('Which of the two'),
        subject: vedicSubjectSchema,
        lagna: z.object({ sign }).nullable().describe('The lagna; null for an untimed birth'),
        moon: z
          .object({
            sign,
            sign_id: z.number().int().min(1).max(12).describe('Sign number'),
            degree: z.number().describe('Degree in the sign'),
            nakshatra: nakshatraSchema,
          })
          .describe('The natal Moon the kootas read'),
        manglik: mangalDoshaSchema,
      }),
    )
    .describe('The two births, person1 first'),
  ashtakoota: z
    .object({
      school: z.enum(KOOTA_SCHOOLS).describe('The school of the point tables (koota_school)'),
      score: z.number().describe('Points of the eight kootas, out of 36'),
      max_score: z.literal(36).describe('36'),
      adjusted_score: z.number().describe('The score with a cancelled nadi or bhakoot dosha given its full points'),
      percentage: z.number().describe('score / 36 × 100, to 0.1'),
      recommendation: z
        .enum(['not_recommended', 'average', 'good', 'excellent'])
        .describe('Below 18 not_recommended, 18–24 average, 25–32 good, 33–36 excellent'),
      kootas: z
        .array(
          z.object({
            id: z.enum(KOOTAS).describe('varna, vashya, tara, yoni, graha_maitri, gana, bhakoot, nadi'),
            name: z.string().describe('Its name'),
            score: z.number().describe('Points'),
            max_score: z.number().describe('The most it gives'),
            status: z.enum(['full', 'partial', 'none']).describe('full: all its points; none: 0; partial: between'),
            evidence: z.array(z.string()).describe('What each chart shows for this koota, and the rule that scored it'),
          }),
        )
        .describe('The eight kootas'),
    })
    .describe('Ashtakoota (Guna Milan)'),
  doshas: z
    .object({
      manglik: z
        .object({
          person1: z.boolean().describe('person1 is manglik (after cancellations)'),
          person2: z.boolean().describe('person2 is manglik'),
          compatibility: z
            .object({
              outcome: z
                .enum(['none', 'both', 'person1_only', 'person2_only'])
                .describe('none; both (the doshas cancel each other); or one only (the dosha stands)'),
              compatible: z.boolean().describe('No manglik dosha stands between them'),
              description: z.string().describe('The finding in a sentence'),
            })
            .describe('How the two doshas meet'),
        })
        .describe('Mangal (Kuja) dosha of both, each in full under persons[].manglik'),
      nadi: z
        .object({
          present: z.boolean().describe('Both Moons in one nadi (nadi koota 0)'),
          cancelled: z.boolean().describe('An exception applies'),
          cancellations: z.array(z.string()).describe('The exceptions that apply, in words'),
        })
        .describe('Nadi dosha'),
      bhakoot: z
        .object({
          present: z.boolean().describe('Moon signs 2/12, 5/9 or 6/8 apart (bhakoot koota 0)'),
          cancelled: z.boolean().describe('An exception applies'),
          cancellations: z.array(z.string()).describe('The exceptions that apply, in words'),
        })
        .describe('Bhakoot dosha'),
    })
    .describe('The doshas of the match'),
  dashakoota: z
    .object({
      matched: z.number().int().describe('Poruthams that agree, of 10'),
      essentials_matched: z.boolean().describe('Rajju and vedha both agree'),
      poruthams: z
        .array(
          z.object({
            id: z.enum(PORUTHAMS).describe('The porutham'),
            matched: z.boolean().describe('It agrees'),
            essential: z.boolean().describe('Rajju or vedha'),
          }),
        )
        .describe('The ten poruthams'),
    })
    .nullable()
    .describe('Dashakoota with include_dashakoota; null otherwise'),
  summary: z
    .object({
      total_score: z.number().describe('The Ashtakoota score'),
      max_score: z.literal(36).describe('36'),
      minimum_traditional_threshold: z.literal(18).describe('18 of 36: the usual minimum'),
      passes_minimum_threshold: z.boolean().describe('total_score is 18 or more'),
      risk_flags: z
        .array(z.enum(RISK_FLAGS))
        .describe(
          'What tradition asks to look at: the score below 18, an uncancelled nadi or bhakoot dosha, gana 0, a manglik dosha that stands, and with dashakoota a rajju or vedha dosha',
        ),
      verdict: z.string().describe('The match in a sentence, from the above'),
    })
    .describe('The match in brief'),
  metadata: vedicMetadataSchema.describe('How person1’s chart was cast'),
  warnings: z.array(z.string()).describe('What to know: an untimed birth, a place chosen among namesakes'),
});
export type VedicCompatibilityAnswer = z.output<typeof vedicCompatibilityResponse>;
