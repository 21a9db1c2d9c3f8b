/**
 * Request and response schemas of the daily and weekly horoscopes: POST /api/v3 and /api/v2
 * /horoscope/daily/personal, POST /api/v3/horoscope/weekly/personal, GET /api/v2 and /api/v1
 * /horoscope/daily/sign. The v2 answer keeps the public service's field names as its clients read
 * them; v3 adds to it (windows, the day's exact hits, the next shift, dominant topics and, on
 * request, the library's text of each top transit); the sign horoscope is v2's data without the
 * personal block.
 */
import { z } from 'zod/v4';
import { SIGNS } from '../../../astro/zodiac.ts';
import { HOROSCOPE_DIMENSIONS } from '../../../astro/horoscope-model.ts';
import { HOROSCOPE_ORB_POLICY, INTENSITY_BANDS, INTENSITY_BAND_RULE } from './horoscope-v2-words.ts';
import { birthFields, houseSystem, timeZoneName, zodiacType, ayanamsa } from '../../../requests/birth-schema.ts';
import { DECIMAL_TEXT } from '../../../requests/query-number.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

export const SIGN_IDS = SIGNS.map((s) => s.id) as unknown as readonly [string, ...string[]];

const dayText = z.string().max(20).describe('The day, `YYYY-MM-DD` (or `today`): the local calendar day in the zone of `tz_str`. Default: today in that zone.');

const zoneFields = {
  tz_str: timeZoneName
    .optional()
    .describe(
      'IANA zone of the day (its midnight, noon and the hours given in the answer), or `AUTO`: the zone of `birth.tz_str`, else of the birth place. Default AUTO.',
    ),
  timezone: timeZoneName.optional().describe('Alias of `tz_str` (a zone named in one wins over `AUTO` in the other; two different zones are refused)'),
  locale: z.string().max(16).optional().describe('Language of the texts. Only `en` is written; another locale is answered in English with a warning.'),
};

/** The birth as the horoscope clients send it: the natal fields, `hours`/`minutes` accepted for `hour`/`minute`. */
export const horoscopeBirth = z
  .object({
    ...birthFields,
    hours: z
      .number()
      .int()
      .min(0)
      .max(23)
      .optional()
      .describe('Alias of `hour` (sent by some clients); the same value twice is one value, two different ones are refused'),
    minutes: z.number().int().min(0).max(59).optional().describe('Alias of `minute`'),
    house_system: houseSystem
      .optional()
      .describe('House system of the natal houses the Moon is placed in (any name or letter the natal chart takes). Default placidus.'),
    zodiac_type: zodiacType.optional(),
    sidereal_ayanamsa: ayanamsa.nullish(),
  })
  .describe('The birth: year, month, day, hour, minute (or hours, minutes), and city or lat + lng (or latitude + longitude), tz_str, time_known');

export type HoroscopeBirth = z.output<typeof horoscopeBirth>;

const exampleBody = { birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Lisbon' }, date: '2026-11-25' };

export const dailyPersonalRequest = z
  .object({
    birth: horoscopeBirth,
    date: dayText.optional(),
    ...zoneFields,
    include_interpretation_blocks: z
      .boolean()
      .optional()
      .describe('v3: add to each top transit the interpretation library’s entry for it (key, title, body, themes). Default false.'),
  })
  .meta({ example: exampleBody });
export type DailyPersonalRequest = z.output<typeof dailyPersonalRequest>;

export const weeklyPersonalRequest = z
  .object({
    birth: horoscopeBirth,
    week_start: dayText.optional().describe('First day of the week, `YYYY-MM-DD`. Default: the Monday of the current week in the zone of `tz_str`.'),
    ...zoneFields,
    include_interpretation_blocks: dailyPersonalRequest.shape.include_interpretation_blocks,
  })
  .meta({ example: { birth: exampleBody.birth, week_start: '2026-11-23' } });
export type WeeklyPersonalRequest = z.output<typeof weeklyPersonalRequest>;

/** A number in a query string (plain decimal text, not `0x10` nor a blank), or a JSON number (the MCP tool's arguments). */
const queryNumber = (min: number, max: number) =>
  z.union([z.number(), z.string().max(30).regex(DECIMAL_TEXT, 'expected a number').transform(Number)]).pipe(z.number().min(min).max(max));

export const dailySignQuery = z.object({
  sign: caseInsensitiveEnum(SIGN_IDS).describe('The Sun sign: aries … pisces (any case)').meta({ example: 'leo' }),
  date: dayText.optional(),
  ...zoneFields,
  tz_str: zoneFields.tz_str.describe('IANA zone of the day, or `AUTO` (default): UTC, or the zone at lat/lng when they are given'),
  lat: queryNumber(-90, 90)
    .optional()
    .describe('Optional latitude of the reader (also `latitude`), for the planetary hours of the lucky time window (default: the equator)'),
  lng: queryNumber(-180, 180)
    .optional()
    .describe("Optional longitude of the reader (also `lon`, `longitude`); default: the meridian of the zone's offset that day"),
});
export type DailySignQuery = z.output<typeof dailySignQuery>;

// ---- the answer -------------------------------------------------------------------------------

const keyLabel = (what: string) => z.object({ key: z.string().describe(`Id of the ${what}`), label: z.string().describe(`Name of the ${what}`) });

const scores = z
  .object({
    overall: z.number().int().min(0).max(100).describe('The day as a whole: 50 + 45·tanh of the signed strengths of every factor (docs/api/horoscope.md)'),
    love: z.number().int().min(0).max(100).describe('Love and relationships (Venus, the Moon, Mars …; the Moon in the 5th or 7th house)'),
    career: z.number().int().min(0).max(100).describe('Work and standing (Saturn, the Midheaven, the Sun, Jupiter …; the Moon in the 10th or 6th house)'),
    money: z.number().int().min(0).max(100).describe('Money and resources (Jupiter, Venus, Saturn, Mercury …; the Moon in the 2nd or 8th house)'),
    health: z.number().int().min(0).max(100).describe('Energy and health (the Ascendant, the Sun, Mars, the Moon …; the Moon in the 6th or 1st house)'),
  })
  .describe('Scores 0-100 (in practice 5-95; 50 is a neutral day)');

const driver = z.object({
  type: z.enum(['transit', 'sign_aspect', 'moon_house', 'moon_phase']).describe('What the factor is'),
  key: z.string().describe('Id of the factor, e.g. transit_venus_trine_moon, moon_house_5, moon_phase_full_moon'),
  label: z.string().describe('The factor in words'),
  weight: z.number().describe('Its signed contribution to the score’s sum (before tanh), 4 decimals'),
  intensity: z.number().min(0).max(1).describe('Its strength 0-1 (a transit’s orb-weighted strength)'),
  orb_deg: z.number().optional().describe('Orb of a transit, degrees'),
});

const scoreFactorOf = <D extends z.ZodType>(factorDriver: D) =>
  z.object({
    dimension: z.enum(['overall', ...HOROSCOPE_DIMENSIONS]).describe('The score explained'),
    reason: z
      .object({
        main: z.string().describe('Why the score is high, steady or low (library text)'),
        secondary: z.string().describe('Its strongest factor, named'),
      })
      .describe('The reason in words'),
    drivers: z.array(factorDriver).describe('The factors of the sum, strongest first (at most 5)'),
  });

/**
 * v2's driver as the public service's v2 clients validate it: `intensity` a band in words, the
 * number beside it as `intensity_value`.
 */
const publicDriver = z.object({
  ...driver.omit({ intensity: true, orb_deg: true }).shape,
  intensity: z.enum(INTENSITY_BANDS).describe(`Its strength as a band: ${INTENSITY_BAND_RULE}`),
  intensity_value: driver.shape.intensity,
  orb_deg: driver.shape.orb_deg,
});

const scoreFactor = scoreFactorOf(driver);
const publicScoreFactor = scoreFactorOf(publicDriver);

const timeWindow = z
  .object({
    display: z.string().describe('The window as local clock times, e.g. 10:42-11:49'),
    start: z.string().describe('Start, local ISO 8601 with offset'),
    end: z.string().describe('End, local ISO 8601 with offset'),
    tz: z.string().describe('The zone of the times'),
    planet: z.string().describe('The planet whose planetary hour it is'),
    method: z
      .enum(['planetary_hour', 'equal_hours'])
      .describe('planetary_hour: a twelfth of sunrise to sunset; equal_hours: from 06:00 to 18:00 where the Sun does not rise and set that day'),
  })
  .describe("The lucky planet's first planetary hour of the day's daylight");

const lucky = z
  .object({
    color: keyLabel('colour').describe("The lucky planet's colour"),
    number: z.number().int().min(1).max(9).describe("The lucky planet's Chaldean number"),
    time_window: timeWindow,
    planet: keyLabel('lucky planet').describe('The classical planet of the strongest supportive transit of the day, else the ruler of the weekday'),
  })
  .describe('Lucky colour, number and time window, from the lucky planet (docs/api/horoscope.md)');

const content = z
  .object({
    text: z.string().describe('The day in a few sentences: the theme, the strongest transit (only one in orb that day), the Moon’s sign and phase'),
    theme: z.string().describe('The day’s theme: its leading life area and tone'),
    keywords: z.array(z.string()).describe('Keywords of the theme and of the strongest transit'),
    do: z.array(z.string()).describe('Advice for the two leading areas'),
    dont: z.array(z.string()).describe('What to avoid in the two leading areas'),
    supporting_insights: z.array(z.string()).describe('A sentence on each of the next strongest transits'),
  })
  .describe('The texts, from this service’s daily library');

const highlight = z.object({
  type: z.enum(['moon_sign', 'moon_phase', 'transit', 'retrograde', 'station', 'planet_in_house']).describe('What is highlighted'),
  key: z.string().describe('Its id'),
  label: z.string().describe('It in words'),
});

const astro = z
  .object({
    moon_sign: keyLabel('Moon’s sign').describe('The Moon’s sign at local noon'),
    moon_phase: keyLabel('Moon’s phase').describe('The Moon’s phase at local noon (new_moon … balsamic)'),
    moon_phase_angle: z.number().describe('The Moon’s elongation from the Sun at local noon, degrees 0-360'),
    moon_house: z.number().int().min(1).max(12).describe('The Moon’s house: natal (timed births), else whole-sign from the Sun sign'),
    highlights: z.array(highlight).describe('The Moon, the strongest transits, and the planets retrograde or stationary that day'),
  })
  .describe('The sky of the day');

const explanation = z.object({
  main: z.string().describe('The transit in a sentence (daily library)'),
  supporting: z.array(z.string()).describe('The interpretation library’s title of the transit, and its exact instant when near'),
  tags: z.array(z.string()).describe('Its themes'),
});

const transitTop = z.object({
  transit_planet: keyLabel('transiting planet').describe('The transiting planet'),
  natal_planet: keyLabel('natal point').describe('The natal point (a planet, the Ascendant or the Midheaven)'),
  aspect: keyLabel('aspect').describe('The aspect: conjunction, sextile, square, trine or opposition'),
  orb_deg: z.number().describe('Distance from exact at local noon, degrees (6 decimals)'),
  score: z.number().int().min(0).max(100).describe('Strength × 100'),
  intensity: z.number().min(0).max(1).describe('Strength 0-1: orb, points and aspect weighted (docs/api/horoscope.md)'),
  explanation: explanation.describe('The transit in words'),
  is_applying: z.boolean().describe('Whether the transit is moving toward exact'),
  exact_at: z
    .string()
    .nullable()
    .describe(
      'The exact hit of the pass in orb that holds noon nearest to noon (local ISO, to the second); null when the planet turns inside the orb without reaching exact',
    ),
});

const personal = z
  .object({
    transits_top: z.array(transitTop).describe('The strongest transits in orb at local noon, at most 5'),
    focus_areas: z.array(z.enum(HOROSCOPE_DIMENSIONS)).describe('The areas scoring furthest from 50, at most two'),
    confidence_score: z.number().min(0).max(1).describe('1 with the birth time; 0.7 without (no natal houses or angles)'),
  })
  .describe('What is personal to the birth chart');

const orbDegrees = z
  .object({
    conjunction: z.number().describe('Orb of the conjunction, degrees'),
    opposition: z.number().describe('Orb of the opposition, degrees'),
    square: z.number().describe('Orb of the square, degrees'),
    trine: z.number().describe('Orb of the trine, degrees'),
    sextile: z.number().describe('Orb of the sextile, degrees'),
  })
  .describe('Orbs of the transits, degrees');

/**
 * The answer's meta. `public` is v2's: the public service's v2 clients validate `orb_policy` as a
 * string, so it names the policy and `orb_degrees` carries its numbers; the other versions keep
 * the numbers in `orb_policy`.
 */
const orbFields = {
  own: { orb_policy: orbDegrees },
  public: {
    orb_policy: z.literal(HOROSCOPE_ORB_POLICY).describe('Name of the orb policy (its numbers are orb_degrees)'),
    orb_degrees: orbDegrees,
  },
};
const meta = <F extends keyof typeof orbFields = 'own'>(version: string, form: F = 'own' as F) =>
  z
    .object({
      request_id: z.string().describe('Id of this request'),
      generated_at: z.string().describe('When the answer was made, UTC ISO 8601'),
      settings: z
        .object({
          tz_str: z.string().describe('The zone of the day'),
          timezone: z.string().describe('The same zone'),
          locale: z.string().describe('The locale asked for (the texts are English)'),
          date_resolved: z.string().describe('The day answered, YYYY-MM-DD'),
          version: z.literal(version).describe('Version of the endpoint'),
          ...orbFields[form],
          model: z.string().describe('The scoring model (docs/api/horoscope.md)'),
        })
        .describe('How the answer was made'),
      cache: z
        .object({
          hit: z.boolean().describe('Always false: every answer is computed'),
          ttl_seconds: z.number().int().describe('How long the answer may be kept: until the end of the day answered when it was today, else a day'),
        })
        .describe('Caching'),
      engine: z
        .object({ name: z.string().describe('Name of the engine: horoscope'), version: z.string().describe('Version: the scoring model') })
        .describe('The engine'),
      warnings: z.array(z.string()).describe('What to know: an unknown birth time, a locale not written, a polar day'),
    })
    .describe('About the answer');

const signData = {
  sign: z.string().describe('The Sun sign read: natal Sun sign (personal) or the sign asked'),
  date: z.string().describe('The day, YYYY-MM-DD'),
  scores,
  score_factors: z.array(scoreFactor).describe('Each score’s reason and factors'),
  lucky,
  content,
  astro,
};
const publicSignData = { ...signData, score_factors: z.array(publicScoreFactor).describe('Each score’s reason and factors') };

/** The legacy v1 answer: v2's data with the numbers where v2 has words (orb_policy, intensity). */
export const dailyPersonalV1Response = z.object({
  meta: meta('v1'),
  data: z.object({ ...signData, personal }).describe('The horoscope'),
});
export type DailyPersonalAnswer = z.output<typeof dailyPersonalV1Response>;
/** v2's answer, in the shape the public service's v2 clients validate (`orb_policy` and `intensity` strings). */
export const dailyPersonalV2Response = z.object({
  meta: meta('v2', 'public'),
  data: z.object({ ...publicSignData, personal }).describe('The horoscope'),
});
export type DailyPersonalV2Answer = z.output<typeof dailyPersonalV2Response>;

const interpretationBlock = z
  .object({
    key: z.string().describe('Library key, transit.<planet>.<family>.<point>'),
    title: z.string().describe('The entry’s title'),
    body: z.string().describe('The entry’s text (one of its variants, chosen by the birth)'),
    themes: z.array(z.string()).describe('The entry’s themes'),
  })
  .describe('With include_interpretation_blocks: the interpretation library’s entry of this transit');

const window = z
  .object({
    start: z.string().nullable().describe('Entry into orb of this pass, local ISO; null only beyond the ephemeris files or 80 years'),
    end: z.string().nullable().describe('Exit from orb of this pass, local ISO; null only beyond the ephemeris files or 80 years'),
  })
  .describe('When the transit is in orb');

export const dailyPersonalV3Response = z.object({
  meta: meta('v3'),
  data: z
    .object({
      ...signData,
      personal: personal
        .extend({
          transits_top: z
            .array(transitTop.extend({ window, interpretation: interpretationBlock.optional() }))
            .describe('The strongest transits in orb at local noon, at most 5, with their windows'),
        })
        .describe('What is personal to the birth chart'),
      timeline: z
        .object({
          exact_today: z
            .array(
              z.object({
                key: z.string().describe('Id of the transit, as in the drivers'),
                label: z.string().describe('The transit in words'),
                at: z.string().describe('Local ISO, to the second'),
              }),
            )
            .describe('Top transits exact within the local day'),
          next_shift: z
            .object({
              kind: z.literal('moon_ingress').describe('The Moon entering its next sign'),
              at: z.string().describe('Local ISO, to the second'),
              sign: keyLabel('sign entered').describe('The sign the Moon enters'),
            })
            .nullable()
            .describe('The next change of the Moon’s sign after local noon; null outside the ephemeris files’ years (1800-2399)'),
        })
        .describe('The day in time'),
      dominant_topics: z
        .array(
          z.object({
            key: z.enum(HOROSCOPE_DIMENSIONS).describe('The area'),
            label: z.string().describe('Its name'),
            score: z.number().int().describe('Its score'),
            emphasis: z.number().describe('|score − 50|'),
          }),
        )
        .describe('The four areas, most emphasised first'),
    })
    .describe('The horoscope'),
});
export type DailyPersonalV3Answer = z.output<typeof dailyPersonalV3Response>;

const SIGN_DATA = 'The sign’s horoscope: its solar chart (the sign as 1st house, whole-sign houses) under the day’s sky';
export const dailySignV1Response = z.object({ meta: meta('v1'), data: z.object(signData).describe(SIGN_DATA) });
export type DailySignAnswer = z.output<typeof dailySignV1Response>;
/** v2's, as its clients validate it (`orb_policy` and `intensity` strings, as in daily personal v2). */
export const dailySignV2Response = z.object({ meta: meta('v2', 'public'), data: z.object(publicSignData).describe(SIGN_DATA) });
export type DailySignV2Answer = z.output<typeof dailySignV2Response>;

const dayOfWeek = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  weekday: z.string().describe('Monday … Sunday'),
  scores,
  theme: z.string().describe('The day’s theme'),
  moon_sign: keyLabel('Moon’s sign').describe('The Moon’s sign at local noon'),
});

export const weeklyPersonalResponse = z.object({
  meta: meta('v3'),
  data: z
    .object({
      sign: signData.sign,
      week_start: z.string().describe('First day, YYYY-MM-DD'),
      week_end: z.string().describe('Last day, YYYY-MM-DD'),
      scores: scores.describe('Means of the seven days’ scores'),
      days: z.array(dayOfWeek).describe('The seven days, each read as the daily horoscope reads it'),
      best_day: z.string().describe('The day of the highest overall score'),
      challenging_day: z.string().describe('The day of the lowest overall score'),
      content: content.describe('The week’s texts'),
      personal: z
        .object({
          transits_top: z
            .array(
              transitTop.omit({ exact_at: true }).extend({
                peak_date: z.string().describe('The day of the week it is closest at local noon'),
                exact_at: transitTop.shape.exact_at,
                interpretation: interpretationBlock.optional(),
              }),
            )
            .describe('The strongest transits in orb at local noon of some day of the week, at most 5, each at its strongest day'),
          focus_areas: personal.shape.focus_areas,
          confidence_score: personal.shape.confidence_score,
        })
        .describe('What is personal to the birth chart'),
    })
    .describe('The week'),
});
export type WeeklyPersonalAnswer = z.output<typeof weeklyPersonalResponse>;
