/**
 * Request and response schemas of POST /api/v2/vedic/muhurat/search: the best windows of a date
 * range at a place for a named purpose, in the shape the public service's kundli app reads
 * (peer-families §6.7: `purpose, range{start_date, end_date, day_count}, best_windows[]{date,
 * start, end, duration_minutes, score, quality, reasons, warnings, source_periods, criteria}`).
 */
import { timingCore } from '../../../answers/timing-core.ts';
import { z } from 'zod/v4';
import { MUHURTA_PURPOSES } from '../../../astro/vedic/muhurta/muhurta-rules.ts';
import { birthFields } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleVedicBirth, vedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';

/** The longest range, in dates counted inclusively. */
export const MUHURTA_MAX_DAYS = 31;

const { city, country, lat, lng, tz_str, timezone } = birthFields;

const localDate = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

export const muhuratSearchRequest = z
  .object({
    purpose: caseInsensitiveEnum(MUHURTA_PURPOSES).describe(
      `What the muhurta is for: ${MUHURTA_PURPOSES.join(', ')} (in any case). Each has its own rules (docs/api/vedic.md, "Vedic muhurta").`,
    ),
    start_date: localDate.describe('First local date searched, YYYY-MM-DD'),
    end_date: localDate.describe(`Last local date searched, YYYY-MM-DD; at most ${MUHURTA_MAX_DAYS} dates in all (more is a 422)`),
    city,
    country,
    lat,
    lng,
    tz_str: tz_str.describe("IANA zone of the place's dates and of the answer's times, or `AUTO` (default: the place's zone)"),
    timezone,
    ayanamsha: vedicBirthFields.ayanamsha,
    ayanamsa: vedicBirthFields.ayanamsa,
    language: z.string().max(10).optional().describe('Language of the texts: `en` (the only one; another is answered in English with a warning)'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many windows to return, 1 to 50 (default 10), best first'),
    birth: vedicBirth
      .optional()
      .describe(
        "The person's birth (the Vedic birth block: year … minute, place, tz_str): its Moon gives tara bala and chandra bala. Without it those two are not scored, and the answer says so.",
      ),
  })
  .meta({
    example: {
      purpose: 'griha_pravesh',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      ayanamsha: 'lahiri',
      limit: 5,
      birth: exampleVedicBirth,
    },
  });
export type MuhuratSearchRequest = z.output<typeof muhuratSearchRequest>;

const localTime = z.string().describe("Local date and time in the place's zone with its UTC offset, to the second");
const points = z.number().describe('Points this factor adds to the score (negative: it counts against)');

const named = (what: string) => ({
  number: z.number().int().describe(`Number of the ${what}`),
  name: z.string().describe(`Name of the ${what}`),
  points,
  note: z.string().describe('What the rule says of it'),
});

const criteria = z
  .object({
    tithi: z
      .object({ ...named('tithi (1-30)'), paksha: z.enum(['Shukla', 'Krishna']).describe('Its half of the month') })
      .describe('The tithi and how it scores'),
    nakshatra: z
      .object({ ...named('nakshatra (1-27)'), class: z.string().describe('Its class: dhruva, chara, kshipra, mridu, mishra, ugra or tikshna') })
      .describe('The nakshatra and how it scores'),
    yoga: z.object(named('yoga (1-27)')).describe('The yoga and how it scores'),
    karana: z.object(named('karana (1-60)')).describe('The karana and how it scores'),
    weekday: z.object(named('weekday (1 Sunday - 7 Saturday)')).describe('The weekday and how it scores'),
    hora: z.object({ lord: z.string().describe('Lord of the planetary hour'), points, note: named('hora').note }).describe('The hora and how it scores'),
    abhijit_muhurta: z
      .object({ within: z.boolean().describe('Whether the window lies in Abhijit muhurta'), points, note: named('muhurta').note })
      .describe('Abhijit muhurta and how it scores'),
    tara_bala: z
      .object({
        tara: z.number().int().min(1).max(9).describe('The tara, 1 (Janma) to 9 (Parama Mitra), from the birth nakshatra'),
        name: z.string().describe('Its name'),
        points,
        note: named('tara').note,
      })
      .nullable()
      .describe('Tara bala; null without a birth'),
    chandra_bala: z
      .object({
        house: z.number().int().min(1).max(12).describe("The Moon's sign counted from the natal Moon's sign"),
        moon_sign: z.string().describe("The Moon's sidereal sign during the window"),
        points,
        note: named('house').note,
      })
      .nullable()
      .describe('Chandra bala; null without a birth'),
  })
  .describe('Each factor the window was judged by');

export const muhuratSearchResponse = z.object({
  purpose: z.string().describe('The purpose searched for'),
  range: z
    .object({
      start_date: z.string().describe('First date, YYYY-MM-DD'),
      end_date: z.string().describe('Last date, YYYY-MM-DD'),
      day_count: z.number().int().describe('Dates searched, counted inclusively'),
    })
    .describe('The dates searched'),
  best_windows: z
    .array(
      z.object({
        date: z.string().describe('The local date whose daytime holds the window, YYYY-MM-DD'),
        start: localTime.describe('Start, local time'),
        end: localTime.describe('End, local time'),
        duration_minutes: z.number().describe('Length in minutes, to 0.1'),
        score: z.number().int().min(0).max(100).describe("0 to 100: the window's points as a share of the range the scored factors allow"),
        quality: z.enum(['excellent', 'good', 'fair', 'poor']).describe('excellent from 80, good from 65, fair from 50, poor below'),
        reasons: z.array(z.string()).describe('The factors in its favour'),
        warnings: z.array(z.string()).describe('The factors against it'),
        source_periods: z
          .array(
            z.object({
              kind: z.enum(['tithi', 'nakshatra', 'yoga', 'karana', 'hora', 'abhijit_muhurta']).describe('Which period'),
              name: z.string().describe('Its element'),
              start: localTime.describe('When that element begins (may be before the window)'),
              end: localTime.describe('When it ends (may be after the window)'),
            }),
          )
          .describe('The panchang elements and the hora the window lies in'),
        criteria,
        window: timingCore.window,
        quality_band: timingCore.quality_band.describe('`quality` on the shared scale of the timing searches: excellent, good, moderate (for fair), poor'),
        supporting_factors: timingCore.supporting_factors.describe('The scored factors in its favour (`reasons`), heaviest first, in the shared shape'),
        caution_factors: timingCore.caution_factors.describe('The scored factors against it (`warnings`), heaviest first, in the shared shape'),
      }),
    )
    .describe('The best windows, best first (ties by time); never inside Rahu kalam, Yamaganda, Gulika kalam or Vishti karana'),
  location: z
    .object({
      city: z.string().nullable().describe('The city, as found or sent'),
      lat: z.number().describe('Latitude, degrees'),
      lng: z.number().describe('Longitude, degrees'),
      timezone: z.string().describe('The IANA zone of the dates and times'),
    })
    .describe('Where the days are reckoned'),
  metadata: z
    .object({
      ayanamsha: z.string().describe('Ayanamsa of the nakshatras, yogas and the Moon sign'),
      rules: z.string().describe('The conventions followed'),
      personal_factors_scored: z.boolean().describe('Whether tara bala and chandra bala were scored (a birth was sent)'),
      windows_found: z.number().int().describe('How many windows passed the exclusions, before the limit'),
      min_window_minutes: z.number().describe('Shorter windows are not offered'),
      skipped_dates: z.array(z.string()).describe('Dates without a sunrise or sunset at the place (polar day or night): not searched'),
    })
    .describe('How the search was made'),
  warnings: z.array(z.string()).describe('What to know: personal factors not scored, skipped dates, a place name that names several places'),
});
export type MuhuratSearchAnswer = z.output<typeof muhuratSearchResponse>;
