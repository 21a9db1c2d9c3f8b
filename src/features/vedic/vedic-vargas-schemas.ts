/**
 * Request and response schemas of the divisional charts: POST /api/v1/vedic/vargas and
 * /api/v2/vedic/vargas. `divisions` (ints, the public service's field) or `vargas` (`"D9"`
 * strings, as some clients send) choose the charts; the answer has one chart per division under
 * `vargas.D<n>`, v1 with `sign_num`, v2 with `sign_id`.
 */
import { z } from 'zod/v4';
import { GRAHA_IDS } from '../../astro/vedic/grahas.ts';
import { DREKKANA_METHODS, HORA_METHODS, TRIMSAMSA_METHODS, VARGA_DIVISIONS, type VargaDivision } from '../../astro/vedic/vargas.ts';
import { caseInsensitiveEnum } from '../../requests/lenient-enum.ts';
import { exampleVedicBirth, vedicBirthFields } from './vedic-request-schemas.ts';
import { vedicMetadataSchema, vedicSubjectSchema } from './vedic-schemas.ts';

export const DEFAULT_DIVISIONS: readonly VargaDivision[] = [1, 9, 10];

const division = z
  .number()
  .int()
  .refine((n) => (VARGA_DIVISIONS as readonly number[]).includes(n), { message: `a division of ${VARGA_DIVISIONS.join(', ')}` });

const vargaName = z
  .string()
  .max(4)
  .transform((v) => Number(v.trim().replace(/^d/i, '')))
  .pipe(division);

export const vargaMethodFields = {
  hora_method: caseInsensitiveEnum(HORA_METHODS)
    .default('parashara')
    .describe(
      "D2: `parashara` (default: odd signs the Sun's hora, Leo, then the Moon's, Cancer; even signs the reverse) or `parivritti` (cyclic: the 24 horas counted on from Aries)",
    ),
  drekkana_method: caseInsensitiveEnum(DREKKANA_METHODS)
    .default('parashara')
    .describe('D3: `parashara` (default: the sign, its 5th, its 9th) or `parivritti` (cyclic: the 36 drekkanas counted on from Aries)'),
  trimsamsa_method: caseInsensitiveEnum(TRIMSAMSA_METHODS)
    .default('parashara')
    .describe(
      'D30: `parashara` (default: unequal parts; odd signs Mars 5°, Saturn 5°, Jupiter 8°, Mercury 7°, Venus 5° in Aries, Aquarius, Sagittarius, Gemini, Libra; even signs Venus 5°, Mercury 7°, Jupiter 8°, Saturn 5°, Mars 5° in Taurus, Virgo, Pisces, Capricorn, Scorpio) or `parivritti` (one sign a degree, counted on from Aries)',
    ),
};

export const divisionFields = {
  divisions: z
    .array(division)
    .min(1)
    .max(VARGA_DIVISIONS.length)
    .optional()
    .describe(`The divisional charts, by number: ${VARGA_DIVISIONS.join(', ')}. Default [${DEFAULT_DIVISIONS.join(', ')}].`),
  vargas: z
    .array(vargaName)
    .min(1)
    .max(VARGA_DIVISIONS.length)
    .optional()
    .describe('The same as `D1`, `D9` … names (some clients send this); `divisions` wins when both are sent.'),
};

export const vedicVargasRequest = z
  .object({ ...vedicBirthFields, ...divisionFields, ...vargaMethodFields })
  .meta({ example: { ...exampleVedicBirth, divisions: [1, 2, 3, 9, 10, 30, 60] } });
export type VedicVargasRequest = z.output<typeof vedicVargasRequest>;

const signName = z.string().describe('Sign name: Aries … Pisces');
const signNum = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');
const vargaDegree = z
  .number()
  .describe(
    "Degree in the varga sign: the degree in the rasi sign times the division, modulo 30 (the varga longitude of the equal divisions; for Parashara's D2 and D30 a proportional reading)",
  );

/** One divisional chart, with the sign number under `signKey` (`sign_num` in v1, `sign_id` in v2). */
function vargaChartSchema<K extends 'sign_num' | 'sign_id'>(signKey: K) {
  const sign = { sign: signName, [signKey]: signNum } as { sign: typeof signName } & Record<K, typeof signNum>;
  return z.object({
    division: z.number().int().describe('The division: 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45 or 60'),
    name: z.string().describe('Its name: Rasi, Hora, Drekkana, … Navamsa, Dasamsa, … Shashtiamsa'),
    method: z.string().describe('The rule used: parashara, or the alternative asked for (D2, D3, D30)'),
    ascendant: z
      .object({ ...sign, degree: vargaDegree })
      .nullable()
      .describe("The lagna's sign in this varga; null when the birth time is unknown"),
    planets: z
      .array(
        z.object({
          id: z.enum(GRAHA_IDS).describe('Graha id'),
          name: z.string().describe('Graha name: Sun … Ketu'),
          ...sign,
          degree: vargaDegree,
          house: z.number().int().min(1).max(12).describe("Whole-sign house from the varga's lagna (from the varga Moon when the birth time is unknown)"),
          vargottama: z.boolean().describe('In the same sign as in the rasi (D1)'),
        }),
      )
      .describe('The nine grahas in this varga'),
    houses: z
      .array(z.object({ house: z.number().int().min(1).max(12).describe('1 to 12'), ...sign, lord: z.string().describe("The sign's lord") }))
      .describe("The twelve whole-sign houses from the varga's lagna"),
  });
}

export const vargaChartV1 = vargaChartSchema('sign_num');
export const vargaChartV2 = vargaChartSchema('sign_id');

const vargasCommon = {
  subject: vedicSubjectSchema,
  vargottama: z.array(z.string()).describe('Grahas (and `Ascendant`) in the same sign in the rasi and the navamsa (D9): vargottama in the classical sense'),
  varga_methods: z
    .object({
      hora: z.enum(HORA_METHODS).describe('D2 method used'),
      drekkana: z.enum(DREKKANA_METHODS).describe('D3 method used'),
      trimsamsa: z.enum(TRIMSAMSA_METHODS).describe('D30 method used'),
    })
    .describe('The methods of the divisions where schools differ'),
};

export const vedicVargasV1Response = z.object({
  subject: vargasCommon.subject,
  vargas: z.record(z.string(), vargaChartV1).describe('One chart per division asked, keyed D1, D2 …, in the order asked'),
  vargottama: vargasCommon.vargottama,
  varga_methods: vargasCommon.varga_methods,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer'),
});
export type VedicVargasV1Answer = z.output<typeof vedicVargasV1Response>;

export const vedicVargasV2Response = z.object({
  subject: vargasCommon.subject,
  vargas: z.record(z.string(), vargaChartV2).describe('One chart per division asked, keyed D1, D2 …, in the order asked'),
  vargottama: vargasCommon.vargottama,
  varga_methods: vargasCommon.varga_methods,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know about the answer'),
});
export type VedicVargasV2Answer = z.output<typeof vedicVargasV2Response>;
