/**
 * POST /api/v1/vedic/match and /api/v2/vedic/match: Ashtakoota (Guna Milan) between two births,
 * the Mangal dosha of both, and Dashakoota on request. The two births are `boy` and `girl`
 * (aliases `groom`/`bride`, `person1`/`person2`: person1 is read as the boy's side), each the Vedic
 * birth block of the chart; the kootas read in one direction (varna, vashya, gana) need to know
 * which is which. One shape in both versions.
 */
import { z } from 'zod/v4';
import { KOOTAS, BHAKOOT_CANCELLATIONS, NADI_CANCELLATIONS } from '../../../astro/vedic/match/ashtakoota.ts';
import { PORUTHAMS } from '../../../astro/vedic/match/dashakoota.ts';
import { exampleVedicBirth, vedicBirth } from '../vedic-request-schemas.ts';
import { nakshatraSchema, vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';
import { mangalDoshaSchema, mangalSchoolField } from '../doshas/mangal-schema.ts';
import { KOOTA_SCHOOLS } from '../../../astro/vedic/match/koota-tables.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

const person = (what: string) => vedicBirth.optional().describe(what);

export const vedicMatchRequest = z
  .object({
    boy: person("The boy's (groom's) birth: the Vedic birth block (year … minute, city or lat/lng, tz_str, ayanamsha, node_type)."),
    girl: person("The girl's (bride's) birth, the same block."),
    groom: person('Alias of `boy`.'),
    bride: person('Alias of `girl`.'),
    person1: person('Alias of `boy` (the side whose varna, vashya and gana are read as the boy’s).'),
    person2: person('Alias of `girl`.'),
    include_dashakoota: z.boolean().default(false).describe('Adds `dashakoota`: the ten South Indian poruthams. Default false.'),
    mangal_school: mangalSchoolField,
    koota_school: caseInsensitiveEnum(KOOTA_SCHOOLS, {
      north: 'north_indian',
      default: 'north_indian',
      jhora: 'jagannatha_hora',
      jh: 'jagannatha_hora',
      pyjhora: 'jagannatha_hora',
      jagannath_hora: 'jagannatha_hora',
    })
      .default('north_indian')
      .describe(
        'The school of the Guna Milan point tables (vashya, yoni, gana): `north_indian` (default; the common North Indian calculators’ tables) or `jagannatha_hora` (alias `jhora`: the tables of the Jagannatha Hora lineage as its open-source port PyJHora has them). Named in `ashtakoota.school`; docs/api/vedic.md ("Vedic match") gives each table and its source.',
      ),
  })
  .meta({
    example: {
      boy: { ...exampleVedicBirth, name: 'Ravi', year: 1988, month: 3, day: 2, hour: 14, minute: 10 },
      girl: exampleVedicBirth,
      include_dashakoota: true,
    },
  });
export type VedicMatchRequest = z.output<typeof vedicMatchRequest>;

const signName = z.string().describe('Sign name in English: Aries … Pisces');
const signId = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');

const matchPerson = z
  .object({
    subject: vedicSubjectSchema,
    moon: z
      .object({
        sign: signName.describe("The Moon's sidereal sign"),
        sign_id: signId,
        degree: z.number().describe('Degree in the sign, [0, 30)'),
        sign_lord: z.string().describe("Lord of the Moon's sign"),
        nakshatra: nakshatraSchema,
      })
      .describe('The natal Moon that the kootas read'),
    mangal_dosha: mangalDoshaSchema,
  })
  .describe('One of the two births');

const doshaSchema = <T extends string>(ids: readonly [T, ...T[]], what: string) =>
  z
    .object({
      cancelled: z.boolean().describe('At least one exception applies'),
      cancellations: z
        .array(z.object({ id: z.enum(ids).describe('Exception id'), description: z.string().describe('The exception that applied') }))
        .describe('The exceptions that apply'),
    })
    .nullable()
    .describe(`${what}; null when there is no dosha`);

const NADI_IDS = Object.keys(NADI_CANCELLATIONS) as [keyof typeof NADI_CANCELLATIONS, ...(keyof typeof NADI_CANCELLATIONS)[]];
const BHAKOOT_IDS = Object.keys(BHAKOOT_CANCELLATIONS) as [keyof typeof BHAKOOT_CANCELLATIONS, ...(keyof typeof BHAKOOT_CANCELLATIONS)[]];

export const kootaSchema = z.object({
  koota: z.enum(KOOTAS).describe('varna, vashya, tara, yoni, graha_maitri, gana, bhakoot, nadi'),
  points: z.number().describe('Points scored, by the table'),
  max_points: z.number().describe('The most the koota gives: 1, 2, 3, 4, 5, 6, 7, 8'),
  boy: z
    .string()
    .describe(
      "The boy's class: varna, vashya, the tara of the girl's star counted from his, yoni (animal and sex), sign lord, gana, the girl's sign counted from his (bhakoot), nadi",
    ),
  girl: z.string().describe("The girl's class, the same way round"),
  description: z.string().describe('What the koota measures and how it scored'),
  dosha: z
    .object({
      present: z.boolean().describe('The koota scored 0 with a dosha (nadi, bhakoot)'),
      cancelled: z.boolean().describe('An exception cancels the dosha'),
      cancellations: z.array(z.string()).describe('Ids of the exceptions that apply'),
    })
    .nullable()
    .describe('Nadi and bhakoot: the dosha and its exceptions; null for the other kootas or when there is none'),
});

export const vedicMatchResponse = z.object({
  boy: matchPerson,
  girl: matchPerson,
  ashtakoota: z
    .object({
      school: z.enum(KOOTA_SCHOOLS).describe('The school of the point tables used (koota_school): north_indian or jagannatha_hora'),
      total_points: z.number().describe('Sum of the eight kootas, out of 36'),
      max_points: z.literal(36).describe('36'),
      adjusted_total_points: z
        .number()
        .describe('The total with a cancelled nadi or bhakoot dosha given its koota’s full points (for schools that count a cancelled dosha as none)'),
      percentage: z.number().describe('total_points / 36 × 100'),
      verdict: z.enum(['not_recommended', 'average', 'good', 'excellent']).describe('Below 18 not_recommended, 18–24 average, 25–32 good, 33–36 excellent'),
      kootas: z.array(kootaSchema).describe('The eight kootas in order'),
    })
    .describe('Ashtakoota (Guna Milan), the North Indian 36-point match of the two Moons'),
  nadi_dosha: doshaSchema(NADI_IDS, 'Nadi dosha (both Moons in one nadi)'),
  bhakoot_dosha: doshaSchema(BHAKOOT_IDS, 'Bhakoot dosha (the Moon signs 2/12, 5/9 or 6/8 from each other)'),
  mangal_dosha: z
    .object({
      boy: z.boolean().describe('The boy is manglik'),
      girl: z.boolean().describe('The girl is manglik'),
      outcome: z.enum(['none', 'both', 'boy_only', 'girl_only']).describe('none, both (cancel each other), boy_only or girl_only (the dosha stands)'),
      mutually_cancelled: z.boolean().describe('Both are manglik, so the doshas cancel each other'),
      dosha_stands: z.boolean().describe('Only one is manglik'),
      description: z.string().describe('The finding in a sentence'),
    })
    .describe('Mangal dosha of both (each in full under boy/girl.mangal_dosha)'),
  dashakoota: z
    .object({
      matched: z.number().int().describe('How many of the ten poruthams agree'),
      max: z.literal(10).describe('10'),
      essentials_matched: z.boolean().describe('Rajju and vedha, which most practitioners require, both agree'),
      poruthams: z
        .array(
          z.object({
            porutham: z.enum(PORUTHAMS).describe('dina, gana, mahendra, stree_deergha, yoni, rasi, rasi_adhipathi, vasya, rajju, vedha'),
            matched: z.boolean().describe('The porutham agrees'),
            essential: z.boolean().describe('Rajju and vedha'),
            description: z.string().describe('The rule'),
          }),
        )
        .describe('The ten poruthams'),
    })
    .nullable()
    .describe('Dashakoota, the South Indian ten poruthams (include_dashakoota); null otherwise'),
  metadata: vedicMetadataSchema.describe("How the boy's chart was cast (the girl's the same way unless her block says otherwise)"),
  warnings: z.array(z.string()).describe('What to know: an untimed birth (lagna-based parts skipped), a place chosen among namesakes'),
});
export type VedicMatchAnswer = z.output<typeof vedicMatchResponse>;
