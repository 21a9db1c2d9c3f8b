/**
 * Request and response schemas of POST /api/v1/vedic/panchang and /api/v2/vedic/panchang: one
 * request (the flat block the public service's clients send), two answers (each version's shape),
 * built from the same day (vedic-panchang-service.ts).
 */
import { z } from 'zod/v4';
import { birthFields } from '../../../requests/birth-schema.ts';
import { vedicBirthFields } from '../vedic-request-schemas.ts';

const { year, month, day, second, city, country, lat, lng, tz_str, timezone, dst_policy } = birthFields;

export const panchangRequest = z
  .object({
    year: year.describe('Gregorian year of the local date.'),
    month: month.describe('Month of the local date, 1 to 12.'),
    day: day.describe('Day of the month of the local date.'),
    hour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .optional()
      .describe('Hour of a local time on that date whose tithi, nakshatra, yoga and karana v2 gives in `request_time_panchang`. Default: the sunrise.'),
    minute: z.number().int().min(0).max(59).optional().describe('Minute of that local time. Default 0.'),
    second,
    city,
    country,
    lat,
    lng,
    tz_str,
    timezone,
    dst_policy,
    // The Vedic family's ayanamsa fields: `ayanamsha`, and its alias `ayanamsa`, which it wins over.
    ayanamsha: vedicBirthFields.ayanamsha,
    ayanamsa: vedicBirthFields.ayanamsa,
  })
  .meta({ example: { year: 2026, month: 11, day: 25, hour: 9, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata', ayanamsha: 'lahiri' } });

export type PanchangRequest = z.output<typeof panchangRequest>;

const localTime = z.string().describe("Local date and time in the place's zone with its UTC offset, to the second");
const nullableLocalTime = localTime.nullable();

const period = z.object({ start: localTime.describe('Start, local time'), end: localTime.describe('End, local time') });

const timing = {
  start: localTime.describe('When this element began (it may be before the sunrise), local time'),
  end: localTime.describe('When it ends (it may be after the next sunrise), local time'),
  kshaya: z.boolean().describe('True when it begins after the sunrise and ends before the next: no sunrise falls in it, so no day is named after it'),
};

const tithiFields = {
  number: z.number().int().min(1).max(30).describe('1 to 30: 1 to 15 in the bright half (Shukla), 16 to 30 in the dark half (Krishna)'),
  name: z.string().describe('Pratipada … Chaturdashi, then Purnima (15) or Amavasya (30)'),
  paksha: z.enum(['Shukla', 'Krishna']).describe('The half of the lunar month'),
  ...timing,
};
const nakshatraFields = {
  number: z.number().int().min(1).max(27).describe('1 (Ashwini) to 27 (Revati): the Moon’s sidereal longitude in parts of 13°20′'),
  name: z.string().describe('Name of the nakshatra'),
  lord: z.string().describe('Its Vimshottari lord: Ketu, Venus, Sun, Moon, Mars, Rahu, Jupiter, Saturn, Mercury in turn'),
  ...timing,
};
const yogaFields = {
  number: z.number().int().min(1).max(27).describe('1 (Vishkambha) to 27 (Vaidhriti): the Sun’s and the Moon’s sidereal longitudes added, in parts of 13°20′'),
  name: z.string().describe('Name of the yoga'),
  ...timing,
};
const karanaFields = {
  number: z.number().int().min(1).max(60).describe('1 to 60: the half-tithi of the lunar month'),
  name: z.string().describe('Kimstughna (1), the movable Bava … Vishti (2 to 57), Shakuni (58), Chatushpada (59), Naga (60)'),
  kind: z.enum(['fixed', 'movable']).describe('The four fixed karanas come once a month, the seven movable ones eight times'),
  start: timing.start,
  end: timing.end,
};

const withFollowing = <T extends z.ZodRawShape>(fields: T, what: string) =>
  z
    .object({
      ...fields,
      following: z
        .array(z.object(fields))
        .describe(`The ${what}s that begin after this one and before the next sunrise, in order (empty when it runs past the next sunrise)`),
    })
    .describe(`The ${what} at sunrise, when it ends, and what follows it during the day`);

export const tithiSchema = withFollowing(tithiFields, 'tithi');
export const nakshatraSchema = withFollowing(nakshatraFields, 'nakshatra');
export const yogaSchema = withFollowing(yogaFields, 'yoga');
export const karanaSchema = withFollowing(karanaFields, 'karana');

const weekday = z
  .object({
    number: z.number().int().min(1).max(7).describe('1 (Sunday) to 7 (Saturday)'),
    name: z.string().describe('Ravivara … Shanivara'),
    english: z.string().describe('Sunday … Saturday'),
    lord: z.string().describe('The planet that rules the day'),
  })
  .describe('The weekday, which runs from this sunrise to the next');

const monthName = {
  number: z.number().int().min(1).max(12).describe('1 (Chaitra) to 12 (Phalguna)'),
  name: z.string().describe('Chaitra … Phalguna'),
  adhika: z.boolean().describe('An intercalary month: no sankranti (the Sun enters no sidereal sign) in it; it shares the next month’s name'),
};

const lunarMonth = z
  .object({
    amanta: z
      .object({
        ...monthName,
        kshaya: z.boolean().describe('Two sankrantis in the month (a skipped month name)'),
        start: localTime.describe('The new moon that opened the month'),
        end: localTime.describe('The new moon that ends it'),
      })
      .describe('The month from new moon to new moon, named by the sidereal sign the Sun enters in it'),
    purnimanta: z
      .object(monthName)
      .describe(
        "The month that ends at full moon: the amanta month's name in the bright half, the next month's in the dark half (an adhika month keeps its name)",
      ),
  })
  .describe('The lunar month at sunrise');

const ritu = z
  .object({ name: z.string().describe('Vasanta … Shishira'), english: z.string().describe('Spring … Winter') })
  .describe('The season: two amanta months each from Chaitra');

const ayana = z
  .object({
    name: z
      .enum(['Uttarayana', 'Dakshinayana'])
      .describe('Uttarayana from the winter solstice (tropical Sun 270°) to the summer solstice (90°), Dakshinayana the rest'),
    by_sankranti: z
      .enum(['Uttarayana', 'Dakshinayana'])
      .describe('The traditional reckoning: Uttarayana from the Sun’s entry into sidereal Makara to its entry into Karka'),
  })
  .describe("The Sun's half-year at sunrise");

const samvat = {
  vikram_samvat: z.number().int().describe('Vikram Samvat year, Chaitradi (the year begins with amanta Chaitra): the Gregorian year it began in + 57'),
  shaka_samvat: z.number().int().describe('Shaka Samvat year, from the same new year: the Gregorian year it began in − 78'),
};

const kalams = {
  rahu_kalam: period.describe('Rahu kalam: one eighth of the daytime (sunrise to sunset), the part the weekday names'),
  yamaganda: period.describe('Yamaganda: one eighth of the daytime, the part the weekday names'),
  gulika_kalam: period.describe('Gulika kalam: one eighth of the daytime, the part the weekday names'),
  abhijit_muhurta: period.describe('Abhijit muhurta: the 8th of the 15 muhurtas of the daytime, around local apparent midday'),
};

const location = z
  .object({
    city: z.string().nullable().describe('The city, as found or sent'),
    country: z.string().nullable().describe('Its country'),
    lat: z.number().describe('Latitude, degrees'),
    lng: z.number().describe('Longitude, degrees'),
    timezone: z.string().describe('The IANA zone of every local time of the answer'),
  })
  .describe('Where the day is reckoned');

const sun = {
  sunrise: localTime.describe('Sunrise that opens the Hindu day (or its stand-in, see `day_basis`)'),
  sunset: localTime.describe('Sunset'),
  next_sunrise: localTime.describe('The next sunrise, which ends the day'),
  moonrise: nullableLocalTime.describe('The first moonrise between the two sunrises; null when the Moon does not rise then'),
  moonset: nullableLocalTime.describe('The first moonset between the two sunrises; null when the Moon does not set then'),
};

const settings = {
  ayanamsa: z.string().describe('The ayanamsa used'),
  ayanamsa_degrees: z.number().describe('Its value at sunrise, degrees (true, with nutation)'),
  sunrise_definition: z.string().describe('What sunrise and sunset mean here'),
  day_basis: z
    .enum(['sunrise', 'apparent_solar_time'])
    .describe(
      '`sunrise`; `apparent_solar_time` when the Sun does not rise or set that day there (polar day or night) and 06:00 and 18:00 local apparent time stand in',
    ),
};

const warnings = z.array(z.string()).describe('What to know about the answer: a polar day or night, a place name that names several places');

export const panchangV1Response = z.object({
  date: z.string().describe('The local date, YYYY-MM-DD'),
  location,
  vara: weekday,
  ...sun,
  tithi: tithiSchema,
  nakshatra: nakshatraSchema,
  yoga: yogaSchema,
  karana: karanaSchema,
  paksha: z.enum(['Shukla', 'Krishna']).describe('The paksha at sunrise'),
  ...kalams,
  lunar_month: lunarMonth,
  ritu,
  ayana,
  samvat: z.object(samvat).describe('The years of the two eras'),
  settings: z.object(settings).describe('How the day was reckoned'),
  warnings,
});
export type PanchangV1Answer = z.output<typeof panchangV1Response>;

const limbNow = (fields: { number: z.ZodType; name: z.ZodType }, what: string) =>
  z.object({ number: fields.number, name: fields.name, end: localTime.describe(`When this ${what} ends`) }).describe(`The ${what} at the requested time`);

export const LIMB_NAMES = ['tithi', 'nakshatra', 'yoga', 'karana'] as const;

export const panchangV2Response = z.object({
  date: z.string().describe('The local date, YYYY-MM-DD'),
  location,
  ...sun,
  weekday,
  lunar_month: lunarMonth,
  tithi: tithiSchema,
  nakshatra: nakshatraSchema,
  yoga: yogaSchema,
  karana: karanaSchema,
  transitions: z
    .array(
      z.object({
        limb: z.enum(LIMB_NAMES).describe('Which limb changes'),
        at: localTime.describe('When, local time'),
        from: z.string().describe('The element that ends'),
        to: z.string().describe('The element that begins'),
      }),
    )
    .describe('Every change of tithi, nakshatra, yoga and karana between the sunrise and the next, in time order'),
  ...kalams,
  calendar: z
    .object({ paksha: z.enum(['Shukla', 'Krishna']).describe('The paksha at sunrise'), ritu, ayana, ...samvat })
    .describe('The season, half-year and era years at sunrise'),
  request_time_panchang: z
    .object({
      datetime: localTime.describe('The requested local time (the sunrise when no hour was sent)'),
      tithi: limbNow(tithiFields, 'tithi').extend({ paksha: tithiFields.paksha }).describe('The tithi at the requested time, with its paksha'),
      nakshatra: limbNow(nakshatraFields, 'nakshatra'),
      yoga: limbNow(yogaFields, 'yoga'),
      karana: limbNow(karanaFields, 'karana'),
    })
    .describe('The limbs running at the requested local time'),
  metadata: z.object({ ...settings, timezone: z.string().describe('The IANA zone of the local times') }).describe('How the day was reckoned'),
  warnings,
});
export type PanchangV2Answer = z.output<typeof panchangV2Response>;
