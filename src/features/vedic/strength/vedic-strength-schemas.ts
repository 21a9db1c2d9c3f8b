/**
 * Request and response schemas of POST /api/v1/vedic/strength and /api/v2/vedic/strength: the
 * Vedic birth block (plus `ashtakavarga_reductions`), and each version's answer built from the
 * same shadbala, bhava bala and ashtakavarga (vedic-strength-service.ts). v1 keys the grahas as the
 * public service's v1 clients read them (`Sun` … `Saturn`) and lists the sarva ashtakavarga by
 * house; v2 keys them in lower case and gives the ashtakavarga as rows of twelve numbers.
 */
import { z } from 'zod/v4';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { vedicMetadataSchema, vedicSubjectSchema } from '../vedic-schemas.ts';
import { STRENGTH_RATINGS } from '../../../astro/vedic/strength/shadbala/shadbala.ts';

export const vedicStrengthRequest = z
  .object({
    ...vedicBirthFields,
    ashtakavarga_reductions: z
      .boolean()
      .default(false)
      .describe('Also give each bhinna ashtakavarga after the trikona and the ekadhipatya reductions (shodhana), and their sum. Default false.'),
  })
  .meta({ example: { ...exampleVedicBirth, ashtakavarga_reductions: true } });
export type VedicStrengthRequest = z.output<typeof vedicStrengthRequest>;

const virupas = (what: string) => z.number().describe(`${what}, virupas (60 to a rupa)`);
const grahaName = z.string().describe('Graha name: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn');
const signName = z.string().describe('Sign name in English: Aries … Pisces');
const signNum = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');
const localTime = z.string().describe("Local date and time in the place's zone with its UTC offset, to the second");

const componentsSchema = z
  .object({
    sthana_bala: virupas('Positional strength: uchcha + saptavargaja + ojhayugmarasyamsa + kendradi + drekkana bala'),
    dig_bala: virupas('Directional strength: 60 at the graha’s strong point (ascendant, midheaven, descendant or nadir), 0 opposite'),
    kala_bala: virupas('Temporal strength: nathonnatha + paksha + tribhaga + abda + masa + vara + hora + ayana + yuddha bala'),
    chesta_bala: virupas('Motional strength, 0 to 60 (the Sun’s is its ayana bala, the Moon’s its paksha bala, undoubled)'),
    naisargika_bala: virupas('Natural strength, fixed: Sun 60 down to Saturn 8.57'),
    drik_bala: virupas('Aspectual strength: a quarter of the benefic aspects received less a quarter of the malefic ones; may be negative'),
  })
  .describe('The six balas, virupas; they add up to `shadbala_in_virupas`');

const sthanaPartsSchema = z
  .object({
    uchcha_bala: virupas('The arc from the debilitation point divided by 3: 0 to 60'),
    saptavargaja_bala: virupas('The sum over the seven vargas of the standing’s virupas (`saptavargaja`)'),
    ojhayugmarasyamsa_bala: virupas('15 for an odd (the Moon and Venus: even) rasi sign, 15 for an odd (even) navamsa sign'),
    kendradi_bala: virupas('60 in a kendra, 30 in a panaphara, 15 in an apoklima house'),
    drekkana_bala: virupas('15 when the graha is in the decanate of its gender (male 1st, neuter 2nd, female 3rd)'),
  })
  .describe('The parts of sthana bala');

const vargaStandingSchema = z
  .object({
    division: z.string().describe('The varga: D1, D2, D3, D7, D9, D12, D30'),
    sign: signName,
    standing: z
      .enum(['moolatrikona', 'own_sign', 'great_friend', 'friend', 'neutral', 'enemy', 'great_enemy'])
      .describe('Moolatrikona (rasi only), own sign, or the compound relationship to the varga sign’s lord'),
    virupas: virupas('45, 30, 20, 15, 10, 4 or 2 by the standing'),
  })
  .describe('The graha in one varga of saptavargaja bala');

const kalaPartsSchema = z
  .object({
    nathonnatha_bala: virupas(
      'Day and night strength: the Moon, Mars, Saturn 60 at apparent midnight, the Sun, Jupiter, Venus 60 at apparent noon, Mercury always 60',
    ),
    paksha_bala: virupas('From the Moon’s distance to the Sun: a third of it for benefics, 60 less that for malefics; the Moon’s doubled (0 to 120)'),
    tribhaga_bala: virupas('60 to the ruler of the third of the day (Mercury, Sun, Saturn) or night (Moon, Venus, Mars) of the birth; Jupiter always 60'),
    abda_bala: virupas('15 to the lord of the year (360-day years from the Kali epoch)'),
    masa_bala: virupas('30 to the lord of the month (30-day months from the Kali epoch)'),
    vara_bala: virupas('45 to the lord of the weekday (the Hindu day, from sunrise)'),
    hora_bala: virupas('60 to the lord of the hour (equal hours from sunrise)'),
    ayana_bala: virupas('(24 + kranti) / 48 × 60 with the kranti signed by the graha’s side; the Sun’s doubled'),
    yuddha_bala: virupas('Planetary war: + the difference of strengths to the winner, − to the loser, 0 when not at war'),
  })
  .describe('The parts of kala bala');

export const grahaShadbalaSchema = z
  .object({
    name: grahaName,
    components: componentsSchema,
    sthana_bala_parts: sthanaPartsSchema,
    saptavargaja: z.array(vargaStandingSchema).length(7).describe('The seven vargas of saptavargaja bala'),
    kala_bala_parts: kalaPartsSchema,
    chesta_kendra: z
      .number()
      .describe(
        'The cheshta kendra, 0 to 180°: chesta bala is a third of it (Mars to Saturn only; the Sun and the Moon take theirs from ayana and paksha bala)',
      ),
    shadbala_in_virupas: virupas('The six balas added'),
    shadbala_in_rupas: z.number().describe('The same in rupas'),
    minimum_requirements: z.number().describe('Parashara’s required minimum, rupas: Sun 6.5, Moon 6, Mars 5, Mercury 7, Jupiter 6.5, Venus 5.5, Saturn 5'),
    ratio: z.number().describe('shadbala_in_rupas / minimum_requirements: 1 or more meets the minimum'),
    strength_rating: z.enum(STRENGTH_RATINGS).describe('By the ratio: Very Strong ≥ 1.5, Strong ≥ 1.2, Medium ≥ 1, Weak ≥ 0.8, else Very Weak'),
    meets_minimum: z.boolean().describe('ratio ≥ 1'),
    rank: z.number().int().min(1).max(7).describe('1 for the graha with the highest ratio'),
    ishta_phala: z.number().describe('√(uchcha bala × chesta bala), 0 to 60: the capacity to do good'),
    kashta_phala: z.number().describe('√((60 − uchcha bala) × (60 − chesta bala)), 0 to 60: the capacity to harm'),
  })
  .describe('One graha’s shadbala');

/** Mars to Saturn; the Sun's and the Moon's lack `chesta_kendra`. */
export type GrahaShadbalaJson = z.output<typeof grahaShadbalaSchema>;

const luminaryShadbalaSchema = grahaShadbalaSchema.omit({ chesta_kendra: true }).describe('The shadbala of the Sun or the Moon (no cheshta kendra)');

const grahaKeys = <T extends z.ZodType>(item: T, upper: boolean, luminary: z.ZodType = item) => {
  const names = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] as const;
  const key = (n: string) => (upper ? n[0]!.toUpperCase() + n.slice(1) : n);
  return Object.fromEntries(names.map((n) => [key(n), n === 'sun' || n === 'moon' ? luminary : item])) as Record<string, T>;
};

const shadbalaV1 = z.object(grahaKeys(grahaShadbalaSchema, true, luminaryShadbalaSchema)).describe('Shadbala of the seven grahas, keyed Sun … Saturn');
export const shadbalaV2 = z.object(grahaKeys(grahaShadbalaSchema, false, luminaryShadbalaSchema)).describe('Shadbala of the seven grahas, keyed sun … saturn');

const bhavaBalaSchema = z
  .object({
    house: z.number().int().min(1).max(12).describe('House, 1 to 12'),
    sign: signName,
    sign_num: signNum,
    lord: grahaName.describe('Lord of the house’s sign'),
    madhya: z.number().describe('Bhava madhya: the ascendant’s sidereal longitude + 30° per house'),
    sign_kind: z.enum(['human', 'quadruped', 'water', 'insect']).describe('Kind of the sign at the madhya, for bhava dig bala'),
    bhavadhipati_bala: virupas('The shadbala of the lord'),
    bhava_dig_bala: virupas('60 in the house where the sign’s kind is strongest (human 1st, quadruped 10th, water 4th, insect 7th), 10 less a house away'),
    bhava_drishti_bala: virupas('A quarter of the benefic aspects on the madhya less a quarter of the malefic ones'),
    total_virupas: virupas('The three added'),
    total_rupas: z.number().describe('The same in rupas'),
    rank: z.number().int().min(1).max(12).describe('1 for the strongest house'),
  })
  .describe('One house’s bhava bala');

const planetaryWarSchema = z
  .object({
    grahas: z.array(grahaName).length(2).describe('The two grahas within 1° of each other'),
    separation: z.number().describe('Degrees between them'),
    winner: grahaName.describe('The one with the greater sthana + dig + kala bala'),
    loser: grahaName,
    virupas: virupas('Added to the winner’s kala bala and taken from the loser’s'),
  })
  .describe('A planetary war (graha yuddha)');

const birthDaySchema = z
  .object({
    sunrise: localTime.describe('Sunrise that begins the Hindu day of the birth (upper limb, standard refraction)'),
    sunset: localTime.describe('Sunset of that day'),
    next_sunrise: localTime.describe('The next sunrise, which ends the day'),
    day_birth: z.boolean().describe('Born between the sunrise and the sunset'),
    weekday: z.string().describe('Weekday of the Hindu day, Sunday … Saturday'),
    ahargana: z.number().int().describe('Days from the Kali epoch (18 February 3102 BCE) to the day'),
    abda_lord: grahaName.describe('Lord of the 360-day year'),
    masa_lord: grahaName.describe('Lord of the 30-day month'),
    vara_lord: grahaName.describe('Lord of the weekday'),
    hora_lord: grahaName.describe('Lord of the hour'),
    hora_number: z.number().int().min(1).max(24).describe('The equal hour of the day, 1 to 24 from sunrise'),
    sun_rise_fallback: z
      .boolean()
      .describe('True when the Sun does not rise or set that day (polar day or night): 06:00 and 18:00 apparent solar time stood in'),
  })
  .describe('The Hindu day of the birth, as kala bala reads it');

const twelve = (what: string) => z.array(z.number().int()).length(12).describe(what);
const signRow = twelve('Bindus in each sign, Aries first');

const reductionsV1 = z
  .object({
    trikona: z.object(grahaKeys(signRow, true)).describe('Each bhinna ashtakavarga after the trikona reduction, Aries first'),
    ekadhipatya: z.object(grahaKeys(signRow, true)).describe('After the trikona and then the ekadhipatya reduction'),
    sarva: twelve('The reduced tables added, Aries first'),
  })
  .nullable()
  .describe('The reductions (shodhana) when `ashtakavarga_reductions` is true, else null');

const reductionsV2 = z
  .object({
    trikona: z.object(grahaKeys(signRow, false)).describe('Each bhinna ashtakavarga after the trikona reduction, Aries first'),
    ekadhipatya: z.object(grahaKeys(signRow, false)).describe('After the trikona and then the ekadhipatya reduction'),
    sarvashtakavarga: twelve('The reduced tables added, Aries first'),
  })
  .nullable()
  .describe('The reductions (shodhana) when `ashtakavarga_reductions` is true, else null');

const lagnaSign = z
  .object({ sign: signName, sign_num: signNum, is_chandra_lagna: z.boolean().describe('True for an untimed birth: the Moon’s sign stood in for the lagna') })
  .describe('The sign the lagna’s bindus are counted from');

const ashtakavargaV1 = z
  .object({
    sarva_ashtakavarga: z
      .array(
        z
          .object({
            house: z.number().int().min(1).max(12).describe('Whole-sign house from the lagna'),
            sign: signName,
            sign_num: signNum,
            points: z.number().int().describe('Bindus of the sign (28 or more is commonly read as strong, under 25 as weak)'),
          })
          .describe('One house of the sarva ashtakavarga'),
      )
      .length(12)
      .describe('Sarva ashtakavarga by house, from the lagna'),
    total_points: z.number().int().describe('Always 337'),
    bhinna_ashtakavarga: z.object(grahaKeys(signRow, true)).describe('Each graha’s bhinna ashtakavarga, Aries first'),
    bhinna_totals: z
      .object(grahaKeys(z.number().int().describe('Bindus in all'), true))
      .describe('Each graha’s total: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52, Saturn 39'),
    lagna: lagnaSign,
    reductions: reductionsV1,
  })
  .describe('Ashtakavarga after Parashara');

const contributorRows = z
  .object({
    sun: signRow,
    moon: signRow,
    mars: signRow,
    mercury: signRow,
    jupiter: signRow,
    venus: signRow,
    saturn: signRow,
    lagna: signRow,
  })
  .describe('1 in each sign where the contributor gives a bindu, Aries first');

export const ashtakavargaV2 = z
  .object({
    sarvashtakavarga: twelve('Sarva ashtakavarga by sign, Aries first'),
    sarvashtakavarga_by_house: twelve('The same by whole-sign house from the lagna, 1st first'),
    total_points: z.number().int().describe('Always 337'),
    bhinnashtakavarga: z.object(grahaKeys(signRow, false)).describe('Each graha’s bhinna ashtakavarga, Aries first'),
    bhinna_totals: z
      .object(grahaKeys(z.number().int().describe('Bindus in all'), false))
      .describe('Each graha’s total: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52, Saturn 39'),
    prastharashtakavarga: z.object(grahaKeys(contributorRows, false)).describe('For each graha, the bindus of each of its eight contributors (the prastara)'),
    lagna: lagnaSign,
    reductions: reductionsV2,
  })
  .describe('Ashtakavarga after Parashara');

const ishtaKashtaSchema = z
  .object({
    ishta_phala: z.number().describe('√(uchcha bala × chesta bala), 0 to 60'),
    kashta_phala: z.number().describe('√((60 − uchcha bala) × (60 − chesta bala)), 0 to 60'),
  })
  .describe('Ishta and kashta phala of a graha');

const common = {
  subject: vedicSubjectSchema,
  birth_day: birthDaySchema,
  planetary_wars: z.array(planetaryWarSchema).describe('The planetary wars in the chart (usually none)'),
};

export const vedicStrengthV1Response = z.object({
  ...common,
  shadbala: shadbalaV1,
  bhava_bala: z.array(bhavaBalaSchema).length(12).describe('Bhava bala of the twelve houses'),
  ashtakavarga: ashtakavargaV1,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What the answer could not do as asked (an untimed birth, a day without sunrise …)'),
});
export type VedicStrengthV1Answer = z.output<typeof vedicStrengthV1Response>;

export const vedicStrengthV2Response = z.object({
  ...common,
  shadbala: shadbalaV2,
  bhava_bala: z.array(bhavaBalaSchema).length(12).describe('Bhava bala of the twelve houses'),
  ishta_kashta: z.object(grahaKeys(ishtaKashtaSchema, false)).describe('Ishta and kashta phala of the seven grahas'),
  ashtakavarga: ashtakavargaV2,
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What the answer could not do as asked (an untimed birth, a day without sunrise …)'),
});
export type VedicStrengthV2Answer = z.output<typeof vedicStrengthV2Response>;
