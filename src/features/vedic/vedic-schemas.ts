/**
 * Request and response schemas of the Vedic rasi chart: POST /api/v1/vedic/chart and
 * /api/v2/vedic/chart. v1 keeps the public service's v1 names (`sign_num`, `degree`,
 * `nakshatra{name, pada, lord}`), v2 its v2 names (`sign_id`, `absolute_degree`,
 * `degree_in_sign`, `is_retrograde`, flat `nakshatra`, `nakshatra_id`, `pada`, `nakshatra_lord`,
 * `houses[].degree_cusp`, `metadata`); both add what a careful client checks (the ayanamsa's
 * value, combustion with its orb, dignity, the sign lords).
 */
import { z } from 'zod/v4';
import { DIGNITIES } from '../../astro/vedic/dignity.ts';
import { GRAHA_IDS } from '../../astro/vedic/grahas.ts';
import { exampleVedicBirth, vedicBirthFields } from './vedic-request-schemas.ts';
import { sadeSatiStatusSchema } from './doshas/sade-sati-schema.ts';

export const vedicChartRequest = z.object(vedicBirthFields).meta({ example: exampleVedicBirth });
export type VedicChartRequest = z.output<typeof vedicChartRequest>;

const signName = z.string().describe('Sign name in English: Aries … Pisces');
const signNum = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');
const grahaName = z.string().describe('Graha name: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu');

export const nakshatraSchema = z
  .object({
    name: z.string().describe('Nakshatra name: Ashwini … Revati'),
    number: z.number().int().min(1).max(27).describe('Nakshatra number, 1 (Ashwini) to 27 (Revati); each spans 13°20′ from 0° Aries'),
    pada: z.number().int().min(1).max(4).describe('Quarter of the nakshatra, 1 to 4 (3°20′ each)'),
    lord: grahaName.describe('Lord of the nakshatra (Vimshottari order: Ketu, Venus, Sun, Moon, Mars, Rahu, Jupiter, Saturn, Mercury)'),
  })
  .describe('The nakshatra and pada');

export const vedicSubjectSchema = z
  .object({
    name: z.string().describe('The name sent (`User` when none)'),
    datetime: z.string().describe('Local date and time of the birth with its UTC offset'),
    datetime_utc: z.string().describe('The same instant in UTC, ISO 8601 with Z'),
    timezone: z.string().describe('IANA zone of the local time'),
    city: z.string().nullable().describe('The city found or sent; null when only coordinates were sent'),
    lat: z.number().describe('Latitude in degrees'),
    lng: z.number().describe('Longitude in degrees'),
    time_known: z.boolean().describe('False for an untimed birth: cast for local noon, no lagna, houses from the Moon'),
    julian_day: z.number().describe('Julian day of the birth in Universal Time'),
  })
  .describe('The birth the chart is cast for');

export const vedicMetadataSchema = z
  .object({
    ayanamsha: z.string().describe('Ayanamsa used (lahiri by default)'),
    ayanamsha_degrees: z.number().describe('Its value at the birth, degrees (true ayanamsa, nutation included): tropical minus sidereal longitude'),
    zodiac: z.literal('sidereal').describe('Always sidereal'),
    house_system: z.string().describe('How `house` is counted: whole_sign, or the house system whose cusps place the grahas (sripati for bhava chalit)'),
    house_reference: z.enum(['lagna', 'chandra_lagna']).describe('What the houses count from: the lagna, or the Moon sign when the birth time is unknown'),
    node_type: z.enum(['mean', 'true']).describe('Rahu as the mean or the true node'),
    combustion_orbs: z
      .string()
      .describe(
        'Name of the combustion orbs (surya_siddhanta: Moon 12°, Mars 17°, Mercury 14° or 12° retrograde, Jupiter 11°, Venus 10° or 8° retrograde, Saturn 15°)',
      ),
    timezone: z.string().describe('IANA zone of the birth time'),
    ruleset: z.string().describe('The rules of dignities and relationships: parashara'),
  })
  .describe('How the chart was cast');

const houseNumber = z.number().int().min(1).max(12);
const isCombust = z.boolean().nullable().describe('Within its combustion orb of the Sun; null for the Sun, Rahu and Ketu, which are never combust');
const combustionOrb = z.number().nullable().describe('The orb that applies (degrees); null when the graha is never combust');
const dignity = z
  .enum(DIGNITIES)
  .nullable()
  .describe(
    'Exalted, moolatrikona, own sign, or the compound (natural + temporary) relationship to the sign lord: great_friend … great_enemy; debilitated. Rahu and Ketu: exalted (Taurus, Scorpio) or debilitated, else null',
  );
const wholeSignHouse = houseNumber.describe('Whole-sign house counted from the lagna sign (the Moon sign when untimed), whatever the house system');
const chandraLagna = z
  .object({ sign: signName, sign_num: signNum })
  .describe("The Moon's sign (chandra lagna), from which the houses count when the birth time is unknown");

export const vedicChartV1Response = z.object({
  subject: vedicSubjectSchema,
  ascendant: z
    .object({
      sign: signName,
      sign_num: signNum,
      degree: z.number().describe('Degree in the sign, [0, 30)'),
      longitude: z.number().describe('Sidereal longitude, [0, 360)'),
      nakshatra: nakshatraSchema,
      sign_lord: grahaName.describe('Lord of the lagna sign'),
    })
    .nullable()
    .describe('The lagna; null when the birth time is unknown'),
  chandra_lagna: chandraLagna,
  planets: z
    .array(
      z.object({
        id: z.enum(GRAHA_IDS).describe('Graha id in lower case'),
        name: grahaName,
        abbr: z.string().describe('Two-letter abbreviation: Su, Mo, Ma, Me, Ju, Ve, Sa, Ra, Ke'),
        sign: signName,
        sign_num: signNum,
        degree: z.number().describe('Degree in the sign, [0, 30)'),
        longitude: z.number().describe('Sidereal longitude, [0, 360)'),
        latitude: z.number().describe('Ecliptic latitude, degrees'),
        speed: z.number().describe('Daily motion in longitude, degrees a day (negative when retrograde)'),
        house: houseNumber.describe('House in the chart: whole-sign from the lagna by default, the bhava of the cusps with another house_system'),
        whole_sign_house: wholeSignHouse,
        nakshatra: nakshatraSchema,
        is_retrograde: z.boolean().describe('Moving backwards (the Sun and Moon never; the mean Rahu and Ketu always)'),
        is_combust: isCombust,
        combustion_orb: combustionOrb,
        dignity,
        sign_lord: grahaName.describe('Lord of the sign it is in'),
      }),
    )
    .describe('The nine grahas: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu'),
  houses: z
    .array(
      z.object({
        house: houseNumber.describe('House number, 1 to 12'),
        sign: signName,
        sign_num: signNum,
        lord: grahaName.describe("Lord of the house's sign"),
        cusp: z
          .number()
          .describe("Where the house begins: 0° of its sign for whole-sign houses, the system's cusp otherwise (the bhava sandhi for bhava chalit)"),
      }),
    )
    .describe('The twelve houses with their signs and lords'),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know: an untimed birth, a place chosen among namesakes, a local time skipped by a clock change'),
});
export type VedicChartV1Answer = z.output<typeof vedicChartV1Response>;

export const vedicChartV2Response = z.object({
  subject: vedicSubjectSchema,
  ascendant: z
    .object({
      sign: signName,
      sign_id: signNum,
      degree: z.number().describe('Degree in the sign, [0, 30)'),
      absolute_degree: z.number().describe('Sidereal longitude, [0, 360)'),
      nakshatra: nakshatraSchema,
      sign_lord: grahaName.describe('Lord of the lagna sign'),
    })
    .nullable()
    .describe('The lagna; null when the birth time is unknown'),
  chandra_lagna: z.object({ sign: signName, sign_id: signNum }).describe(chandraLagna.description!),
  planets: z
    .array(
      z.object({
        name: grahaName,
        id: z.enum(GRAHA_IDS).describe('Graha id in lower case'),
        abbr: z.string().describe('Two-letter abbreviation: Su, Mo, Ma, Me, Ju, Ve, Sa, Ra, Ke'),
        sign: signName,
        sign_id: signNum,
        house: houseNumber.describe('House in the chart: whole-sign from the lagna by default, the bhava of the cusps with another house_system'),
        whole_sign_house: wholeSignHouse,
        absolute_degree: z.number().describe('Sidereal longitude, [0, 360)'),
        degree_in_sign: z.number().describe('Degree in the sign, [0, 30)'),
        latitude: z.number().describe('Ecliptic latitude, degrees'),
        speed: z.number().describe('Daily motion in longitude, degrees a day (negative when retrograde)'),
        is_retrograde: z.boolean().describe('Moving backwards (the Sun and Moon never; the mean Rahu and Ketu always)'),
        nakshatra: z.string().describe('Nakshatra name: Ashwini … Revati'),
        nakshatra_id: z.number().int().min(1).max(27).describe('Nakshatra number, 1 to 27'),
        pada: z.number().int().min(1).max(4).describe('Pada, 1 to 4'),
        nakshatra_lord: grahaName.describe('Lord of the nakshatra'),
        is_combust: isCombust,
        combustion_orb: combustionOrb,
        dignity,
        sign_lord: grahaName.describe('Lord of the sign it is in'),
      }),
    )
    .describe('The nine grahas: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu'),
  houses: z
    .array(
      z.object({
        house: houseNumber.describe('House number, 1 to 12'),
        sign: signName,
        sign_id: signNum,
        degree_cusp: z.number().describe("Where the house begins (sidereal longitude): 0° of its sign for whole-sign houses, the system's cusp otherwise"),
        lord: grahaName.describe("Lord of the house's sign"),
      }),
    )
    .describe('The twelve houses with their signs and lords'),
  sade_sati: sadeSatiStatusSchema.describe(
    "Sade Sati and Dhaiya today (at 00:00 UTC of the day of the request): Saturn's transit around the natal Moon's sign, with the phases' exact starts and ends. POST /api/v1/vedic/doshas reads them at any `date`",
  ),
  metadata: vedicMetadataSchema,
  warnings: z.array(z.string()).describe('What to know: an untimed birth, a place chosen among namesakes, a local time skipped by a clock change'),
});
export type VedicChartV2Answer = z.output<typeof vedicChartV2Response>;
