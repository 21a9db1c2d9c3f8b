/**
 * POST /api/v2/vedic/horoscope/daily/personal: the sidereal personal daily reading. The request is
 * the Vedic birth block the public service's clients send (peer-families-2 §4.1: `ayanamsha`,
 * `house_system`, `node_type`, `target_date`, `include_evidence`, `include_raw_facts`,
 * `include_interpretation_blocks`); the answer keeps the fields they read (`meta.target_date`,
 * `profile{lagna, moon, active_dasha_stack}`, `theme.headline`, `scores{overall, career, wealth,
 * relationships, health, mind, spiritual}{score, band}`, `narrative`, `remedy`, `sections[]`,
 * `influences.all_ranked[]`, `timing{abhijit, rahu_kalam, yamaganda, gulika}`) and adds the
 * day's panchang and gochara the reading rests on.
 */
import { z } from 'zod/v4';
import { birthFields } from '../../../requests/birth-schema.ts';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { bandSchema, polaritySchema } from '../reading/reading-factor.ts';

export const AREAS = ['career', 'wealth', 'relationships', 'health', 'mind', 'spiritual'] as const;
export type Area = (typeof AREAS)[number];

const localDate = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

const { city, country, lat, lng, tz_str, timezone } = birthFields;

export const vedicDailyRequest = z
  .object({
    ...vedicBirthFields,
    target_date: localDate
      .optional()
      .describe(
        "The day read, YYYY-MM-DD, in the zone of the place of the day (default: today there). The Hindu day runs from that date's sunrise to the next.",
      ),
    location: z
      .object({ city, country, lat, lng, tz_str, timezone })
      .optional()
      .describe('Where the person spends the day (its sunrise, kalams and zone); default the birth place'),
    include_evidence: z
      .boolean()
      .default(true)
      .describe('Adds `evidence`: every factor with its weight, detail and the life areas it counts for. Default true.'),
    include_raw_facts: z
      .boolean()
      .default(false)
      .describe("Adds `raw_facts`: the transiting grahas' sidereal longitudes at the reading's instant and the natal ones. Default false."),
    include_interpretation_blocks: z
      .boolean()
      .default(true)
      .describe(
        'The texts: `narrative`, `remedy` and the sections’ summaries and advice. False leaves `narrative` and `remedy` null and `sections` empty. Default true.',
      ),
  })
  .meta({ example: { ...exampleVedicBirth, ayanamsha: 'lahiri', house_system: 'whole_sign', node_type: 'mean', target_date: '2026-11-27' } });
export type VedicDailyRequest = z.output<typeof vedicDailyRequest>;

const localTime = z.string().describe("Local date and time in the day's zone with its UTC offset, to the second");
const sign = z.string().describe('Sidereal sign: Aries … Pisces');
const house = z.number().int().min(1).max(12);
const areaScore = z.object({ score: z.number().int().min(0).max(100).describe('0-100'), band: bandSchema });

const period = (key: string, what: string) =>
  z
    .object({
      key: z.literal(key).describe('Stable key'),
      label: z.string().describe('Its name'),
      start: localTime.describe('Start, local time'),
      end: localTime.describe('End, local time'),
      note: z.string().describe('How it is reckoned and how it is used'),
    })
    .describe(what);

const limb = {
  number: z.number().int().describe('Its number'),
  name: z.string().describe('Its name'),
  end: localTime.describe('When it ends'),
};

export const vedicDailyResponse = z.object({
  meta: z
    .object({
      target_date: z.string().describe('The day read, YYYY-MM-DD'),
      timezone: z.string().describe('IANA zone of the day'),
      reference_time: localTime.describe("The reading's instant: the day's sunrise at the place (the Hindu day begins at sunrise)"),
      location: z
        .object({ city: z.string().nullable().describe('City, as found or sent'), lat: z.number().describe('Latitude'), lng: z.number().describe('Longitude') })
        .describe('The place of the day'),
      ayanamsha: z.string().describe('Ayanamsa of the sidereal positions'),
      node_type: z.enum(['mean', 'true']).describe('Rahu as the mean or the true node'),
      house_system: z.string().describe('The birth chart’s house system; transits are counted in whole signs'),
      model: z.string().describe('Name and version of the reading’s rules (docs/api/vedic.md, "Vedic daily reading")'),
    })
    .describe('What the reading is of'),
  profile: z
    .object({
      lagna: z
        .object({ sign, lord: z.string().describe('Its lord') })
        .nullable()
        .describe('The natal lagna; null for an untimed birth'),
      moon: z
        .object({
          sign,
          nakshatra: z.string().describe('Natal Moon’s nakshatra'),
          pada: z.number().int().min(1).max(4).describe('Its pada'),
          nakshatra_lord: z.string().describe('The nakshatra’s lord'),
        })
        .describe('The natal Moon'),
      active_dasha_stack: z
        .array(
          z.object({
            level: z.number().int().min(1).max(3).describe('1 mahadasha, 2 antardasha, 3 pratyantardasha'),
            level_name: z.enum(['mahadasha', 'antardasha', 'pratyantardasha']).describe('The level'),
            lord: z.string().describe('Its lord'),
            start: z.string().describe('Start, UTC'),
            end: z.string().describe('End, UTC'),
          }),
        )
        .describe('The Vimshottari periods running at the reading’s instant'),
    })
    .describe('The natal facts the reading starts from'),
  theme: z
    .object({
      headline: z.string().describe('The day in a line'),
      keywords: z.array(z.string()).describe('A few words for the day, from its strongest factors'),
    })
    .describe('The day’s theme'),
  scores: z
    .object({
      overall: areaScore.describe('Every factor at its own weight'),
      career: areaScore.describe('Work and standing'),
      wealth: areaScore.describe('Money and gains'),
      relationships: areaScore.describe('Partners and close ties'),
      health: areaScore.describe('Vitality and routines (traditional symbolism, not medical advice)'),
      mind: areaScore.describe('Moods and focus'),
      spiritual: areaScore.describe('Practice, study, reflection'),
    })
    .describe('0-100 per life area from the factors’ weights (docs/api/vedic.md)'),
  narrative: z
    .object({
      summary: z.string().describe('The day in a few sentences'),
      opportunity: z.string().describe('What the day supports'),
      caution: z.string().describe('What it asks care with'),
      best_use: z.string().describe('How to use it'),
    })
    .nullable()
    .describe('The day read in words; null with include_interpretation_blocks false'),
  remedy: z
    .object({
      focus: z.string().describe('The graha behind the day’s main difficulty (or its main support)'),
      simple_action: z.string().describe('A small, practical step in that graha’s spirit'),
      avoid: z.string().describe('What to leave for another day'),
      reflection: z.string().describe('A question to take into the day'),
    })
    .nullable()
    .describe('A traditional, practical suggestion; null with include_interpretation_blocks false'),
  sections: z
    .array(
      z.object({
        key: z.enum(AREAS).describe('The life area'),
        title: z.string().describe('Its title'),
        score: z.number().int().min(0).max(100).describe('Its score'),
        band: bandSchema,
        summary: z.string().describe('Its reading, from its strongest factors'),
        advice: z.string().describe('What to do with it'),
        factors: z.array(z.string()).describe('The ids of the factors that weigh most in it, strongest first'),
      }),
    )
    .describe('One section per life area (empty with include_interpretation_blocks false)'),
  influences: z
    .object({
      all_ranked: z
        .array(
          z.object({
            id: z.string().describe('Stable id of the factor'),
            rank: z.number().int().min(1).describe('1 = the weightiest'),
            polarity: polaritySchema,
            title: z.string().describe('The factor in a few words'),
            summary: z.string().describe('What is true of the sky or the chart, and what it is read as'),
          }),
        )
        .describe('Every factor of the day, by the size of its weight'),
    })
    .describe('The day’s influences'),
  timing: z
    .object({
      abhijit: period('abhijit', 'Abhijit muhurta'),
      rahu_kalam: period('rahu_kalam', 'Rahu kalam'),
      yamaganda: period('yamaganda', 'Yamaganda'),
      gulika: period('gulika', 'Gulika kalam'),
    })
    .describe('The day’s named periods at the place'),
  panchang: z
    .object({
      sunrise: localTime.describe('Sunrise'),
      sunset: localTime.describe('Sunset'),
      vara: z
        .object({ name: z.string().describe('Sanskrit name'), english: z.string().describe('Weekday'), lord: z.string().describe('Its lord') })
        .describe('The weekday'),
      tithi: z.object({ ...limb, paksha: z.enum(['Shukla', 'Krishna']).describe('Its half of the month') }).describe('The tithi at sunrise'),
      nakshatra: z.object({ ...limb, lord: z.string().describe('Its lord') }).describe("The Moon's nakshatra at sunrise"),
      yoga: z.object(limb).describe('The yoga at sunrise'),
      karana: z.object(limb).describe('The karana at sunrise'),
    })
    .describe('The day’s panchang at sunrise (the elements’ later changes are in `gochar`)'),
  gochar: z
    .object({
      moon: z
        .object({
          sign,
          nakshatra: z.string().describe('Its nakshatra at sunrise'),
          house_from_moon: house.describe("The transiting Moon's sign counted from the natal Moon's (chandra gochar)"),
          house_from_lagna: house.nullable().describe('Counted from the natal lagna; null for an untimed birth'),
          chandra_bala: z.boolean().describe('The house from the natal Moon is a good one for the Moon (1, 3, 6, 7, 10, 11)'),
          chandrashtama: z.boolean().describe('The Moon transits the 8th from the natal Moon'),
          sign_changes: z
            .array(z.object({ at: localTime.describe('When'), sign, house_from_moon: house.describe('The new house from the natal Moon') }))
            .describe('The Moon’s sign changes before the next sunrise'),
        })
        .describe('The Moon’s transit'),
      tara_bala: z
        .object({
          tara: z.number().int().min(1).max(9).describe('1 Janma … 9 Parama Mitra: the day’s nakshatra counted from the natal Moon’s, in nines'),
          name: z.string().describe('Its name'),
          favourable: z.boolean().describe('Sampat, Kshema, Sadhaka, Mitra, Parama Mitra are good; Janma, Vipat, Pratyari, Vadha are not'),
          changes: z
            .array(
              z.object({
                at: localTime.describe('When the nakshatra changes'),
                nakshatra: z.string().describe('The new nakshatra'),
                tara: z.number().int().min(1).max(9).describe('Its tara'),
                name: z.string().describe('Its name'),
                favourable: z.boolean().describe('Whether it is good'),
              }),
            )
            .describe('The nakshatra changes before the next sunrise'),
        })
        .describe('Tara bala of the day at sunrise'),
      transits: z
        .array(
          z.object({
            graha: z.string().describe('Sun, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu'),
            sign,
            degree: z.number().describe('Degree in the sign'),
            retrograde: z.boolean().describe('Moving backwards'),
            house_from_moon: house.describe('Its sign counted from the natal Moon’s'),
            house_from_lagna: house.nullable().describe('From the natal lagna; null for an untimed birth'),
            favourable: z.boolean().describe('A good house for this graha in the gochara table'),
            vedha: z
              .object({
                house: house.describe('The obstructing house from the natal Moon'),
                kind: z.enum(['vedha', 'vipareeta_vedha']).describe('Obstruction of a good transit, or relief of a bad one'),
                by: z.array(z.string()).describe('The grahas in it now (none: no obstruction)'),
              })
              .nullable()
              .describe('The vedha pair of this house; null when it has none'),
          }),
        )
        .describe('The other grahas at the reading’s instant, counted from the natal Moon (gochara) and the lagna'),
      saturn: z
        .object({
          sade_sati: z
            .object({
              active: z.boolean().describe('Saturn in the 12th, 1st or 2nd from the natal Moon'),
              phase: z.enum(['rising', 'peak', 'setting']).nullable().describe('Which of the three'),
            })
            .describe('Sade Sati now'),
          dhaiya: z
            .object({
              active: z.boolean().describe('Saturn in the 4th or 8th from the natal Moon'),
              kind: z.enum(['kantaka', 'ashtama']).nullable().describe('4th: kantaka; 8th: ashtama'),
            })
            .describe('Dhaiya now'),
        })
        .describe('Saturn’s long transits from the natal Moon'),
    })
    .describe('The day’s transits from the natal Moon and lagna'),
  evidence: z
    .array(
      z.object({
        id: z.string().describe('Stable id'),
        polarity: polaritySchema,
        weight: z.number().describe('Signed weight'),
        title: z.string().describe('The factor in a few words'),
        detail: z.string().describe('What is true, and how it is read'),
        areas: z
          .object(Object.fromEntries(AREAS.map((a) => [a, z.number().describe(`Its share in ${a}`)])) as Record<Area, z.ZodNumber>)
          .describe('How much it counts in each area (0: not at all)'),
      }),
    )
    .nullable()
    .describe('Every factor with its weight and areas; null with include_evidence false'),
  raw_facts: z
    .object({
      julian_day: z.number().describe('The reading’s instant, Julian day UT'),
      ayanamsha_degrees: z.number().describe('The ayanamsa then'),
      transit_longitudes: z
        .record(z.string(), z.number().describe('Sidereal longitude, degrees'))
        .describe('Sidereal longitude of each graha at the instant, by name'),
      natal_longitudes: z
        .record(z.string(), z.number().describe('Sidereal longitude, degrees'))
        .describe('Sidereal longitude of each natal graha (and Lagna), by name'),
    })
    .nullable()
    .describe('The positions behind the reading; null unless include_raw_facts'),
  warnings: z.array(z.string()).describe('What to know: an untimed birth, a polar day, a place name that names several places'),
});
export type VedicDailyAnswer = z.output<typeof vedicDailyResponse>;
