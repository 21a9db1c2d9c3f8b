/**
 * Request and response schemas of POST /api/v2/western/electional/<category>/search: the request
 * as the public service's clients send it (peer-families-2 §3.2: `search_window`, the place at the
 * root or in the legacy `location` wrapper, `search_tuning`, the role's natal block, `max_results`)
 * and the answer with the fields they read (§3.3), designed out to what a demanding client wants.
 */
import { z } from 'zod/v4';
import { timingCore, timingFactor } from '../../../answers/timing-core.ts';
import { birthFields, houseSystem, zodiacType, ayanamsa } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import type { ElectionCategory } from './electional-categories.ts';
import { QUALITY_BANDS, STATUSES, VERDICTS } from './electional-judgement.ts';

export const MIN_STEP_MINUTES = 5;
export const MAX_STEP_MINUTES = 240;
export const MAX_WINDOW_DAYS = 366;
/** The most instants a `direct` scan may take (a year at 30 minutes); beyond, `year` mode. */
export const MAX_DIRECT_STEPS = 17_600;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const { city, country, lat, lng, tz_str, timezone } = birthFields;

const LOCAL_TEXT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$/;
const localDateTime = z.string().max(25).regex(LOCAL_TEXT, 'expected a local date YYYY-MM-DD or date and time YYYY-MM-DDTHH:MM[:SS], without an offset');

export const searchWindow = z
  .object({
    start: localDateTime.describe("First instant searched, local time of the place's zone: a date (from its 00:00) or a date and time"),
    end: localDateTime.describe(
      `Last instant searched, local time: a date (to its 23:59; a single day is start = end) or a date and time. At most ${MAX_WINDOW_DAYS} days after start; not before it`,
    ),
    step_minutes: z
      .number()
      .int()
      .min(MIN_STEP_MINUTES)
      .max(MAX_STEP_MINUTES)
      .default(30)
      .describe(`Minutes between the instants scanned, ${MIN_STEP_MINUTES} to ${MAX_STEP_MINUTES} (default 30); in \`year\` mode, the step of the refinement`),
  })
  .describe("The window searched, in the local time of the place's zone");

const placeWrapper = z
  .object({ city, country, lat, lng, tz_str, timezone })
  .describe('Legacy wrapper of the place (`{city, lat, lng, tz_str}`): still accepted; the root fields win where both are sent');

export const searchTuning = z
  .object({
    mode: caseInsensitiveEnum(['direct', 'year'])
      .default('direct')
      .describe('`direct` (default): the window scanned at step_minutes; `year`: scanned at coarse_step_minutes, the best stretches refined at step_minutes'),
    coarse_step_minutes: z
      .number()
      .int()
      .min(60)
      .max(1440)
      .default(720)
      .describe('The scan step of `year` mode, 60 to 1440 minutes (default 720); ignored in `direct` mode'),
  })
  .describe('How the window is scanned (coarse then fine for long windows)');

/** A role's birth: the flat natal block (hour and minute may be null when the time is unknown). */
export const roleNatal = z
  .object({
    ...birthFields,
    time_known: z
      .boolean()
      .optional()
      .describe('False when the birth time is unknown (the resonance then leaves out the Ascendant and its ruler). Default: true when hour is sent'),
  })
  .describe(
    "A person's birth (name, year, month, day, hour, minute, time_known, city or lat/lng, tz_str): adds the bounded natal resonance of the moment with their chart, shown apart",
  );

const localHours = z
  .object({
    from: z.number().int().min(0).max(23).describe('First local hour allowed, 0 to 23'),
    to: z.number().int().min(1).max(24).describe('Local hour at which the allowed span ends, 1 to 24 (exclusive); below `from` wraps past midnight'),
  })
  .describe('Only moments whose local hour lies in [from, to)');

export function electionalRequest(category: ElectionCategory) {
  const roles = Object.fromEntries(
    category.roles.map((role, i) => [
      role,
      roleNatal
        .optional()
        .describe(
          `${i === 0 ? 'The principal' : 'A second person'}'s birth (${role}): adds the bounded resonance of each moment with this chart (transits of the benefics and malefics to the natal Sun, Moon, Ascendant and its ruler), shown apart. Optional`,
        ),
    ]),
  );
  return z
    .object({
      search_window: searchWindow,
      city,
      country,
      lat,
      lng,
      tz_str: tz_str.describe("IANA zone of the window's local times and of the answer's, or `AUTO` (default: the place's zone)"),
      timezone,
      location: placeWrapper.optional(),
      search_tuning: searchTuning.optional(),
      ...roles,
      max_results: z.number().int().min(1).max(10).default(5).describe('How many moments to return, 1 to 10 (default 5), best first'),
      house_system: houseSystem
        .default('regiomontanus')
        .describe(
          'House system of the houses judged (default regiomontanus, the traditional one of elections); Placidus and Koch fall back to Porphyry inside the polar circles',
        ),
      zodiac_type: zodiacType.default('tropical'),
      sidereal_ayanamsa: ayanamsa.nullish(),
      exclude_weekdays: z.array(caseInsensitiveEnum(WEEKDAYS)).max(7).optional().describe('Local weekdays never offered (sunday … saturday, any case)'),
      local_hours: localHours.optional(),
      include_calendar: z.boolean().default(true).describe('Adds `calendar`: the best score of each local date of the window (default true)'),
      include_chart: z
        .boolean()
        .default(false)
        .describe('Adds `chart`: the wheel of the recommended moment (results[0]) as SVG, with the natal chart request that draws it again (default false)'),
    })
    .meta({
      example: {
        search_window: { start: '2026-05-01', end: '2026-05-01', step_minutes: 120 },
        city: 'Lisbon',
        lat: 38.7223,
        lng: -9.1393,
        tz_str: 'Europe/Lisbon',
        search_tuning: { mode: 'direct' },
        max_results: 3,
        [category.roles[0]!]: {
          name: 'Example',
          year: 1990,
          month: 6,
          day: 15,
          hour: 14,
          minute: 30,
          city: 'Lisbon',
          lat: 38.7223,
          lng: -9.1393,
          tz_str: 'Europe/Lisbon',
        },
      },
    });
}
export type ElectionalRequest = z.output<ReturnType<typeof electionalRequest>>;
export type RoleNatal = z.output<typeof roleNatal>;

/** The factor of the timing searches' shared core (src/answers/timing-core.ts). */
const factor = timingFactor;

const resonanceFactor = factor.extend({ role: z.string().describe('Whose chart: the natal block it was read from') });

const localIso = z.string().describe("Local date and time in the place's zone, YYYY-MM-DDTHH:MM:SS, without offset");
const utcIso = z.string().describe('The same instant in UTC, ISO 8601 with Z');

const planet = z.object({
  body: z.string().describe('sun, moon, mercury, venus, mars, jupiter or saturn'),
  longitude: z.number().describe('Ecliptic longitude in the zodiac used, degrees 0 to 360'),
  sign: z.string().describe('Its sign'),
  degree: z.number().describe('Degrees within the sign'),
  speed: z.number().describe('Degrees a day in longitude (negative: retrograde)'),
  retrograde: z.boolean().describe('Whether it moves backwards'),
  house: z.number().int().nullable().describe('Its house, 1 to 12; null where houses could not be judged (the poles)'),
  dignities: z.array(z.string()).describe('Essential dignities by sign: domicile, exaltation, detriment, fall'),
});

const sky = z
  .object({
    ascendant: z.number().nullable().describe('Ascendant longitude, degrees; null at the poles'),
    ascendant_sign: z.string().nullable().describe("The Ascendant's sign; null at the poles"),
    midheaven: z.number().nullable().describe('Midheaven longitude, degrees; null at the poles'),
    house_system_used: z.string().nullable().describe('The house system of the houses (Porphyry where the one asked for fails); null at the poles'),
    moon: z
      .object({
        phase_angle: z.number().describe('Moon − Sun in longitude, 0 to 360: below 180 waxing'),
        waxing: z.boolean().describe('Whether the Moon is waxing'),
        void_of_course: z.boolean().describe('Whether the Moon makes no further exact aspect before leaving its sign'),
        next_aspect: z
          .object({
            body: z.string().describe('The planet'),
            aspect: z.string().describe('conjunction, sextile, square, trine or opposition'),
            exact_utc: z.string().describe('When it is exact, UTC'),
          })
          .nullable()
          .describe("The Moon's next exact aspect before it leaves its sign; null when void of course"),
        leaves_sign_utc: z.string().describe('When the Moon enters its next sign, UTC'),
        next_sign: z.string().describe('The sign it enters then'),
      })
      .describe("The Moon's condition"),
    planets: z.array(planet).describe('The seven classical planets'),
    planetary_hour: z
      .object({
        ruler: z.string().describe('The planet ruling the hour'),
        number: z.number().int().describe('1 to 12, counted from sunrise (day) or sunset (night)'),
        part: z.enum(['day', 'night']).describe('Whether it is an hour of the day or of the night'),
        start_utc: z.string().describe('When the hour begins, UTC'),
        end_utc: z.string().describe('When it ends, UTC'),
      })
      .nullable()
      .describe('The planetary hour; null where the Sun does not rise and set within a day (polar day or night)'),
  })
  .describe('The sky of the moment as the rules read it: check any factor against it');

const result = z.object({
  rank: z.number().int().describe('1 for the recommended moment'),
  window: timingCore.window.describe('The moment as a window of no length (start = end), in the shape the muhurat search shares'),
  event_time_local: localIso,
  event_time_utc: utcIso,
  utc_offset: z.string().describe('UTC offset in force at that instant, ±HH:MM'),
  weekday: z.string().describe('Local weekday'),
  score: z.number().describe('0 to 100: 50 plus the points of every factor (supporting, caution and natal resonance), kept within 0 and 100'),
  quality_band: z.enum(QUALITY_BANDS).describe('The band of the score (a blocking fault caps it at weak): the ranking'),
  status: z.enum(STATUSES).describe('The quality band capped by the verdict: rejected when the verdict is; at most weak or mixed when the verdict is'),
  strict_traditional_verdict: z.enum(VERDICTS).describe('The doctrinal judgement, from the kinds of factors alone: sound, acceptable, mixed, weak, rejected'),
  best_available_in_window: z.boolean().describe('True when this moment is offered only as the best the window holds: its verdict is not sound or acceptable'),
  points: z
    .object({
      base: z.number().describe('50'),
      supporting: z.number().describe('Sum of the supporting factors'),
      caution: z.number().describe('Sum of the caution factors (negative)'),
      natal_resonance: z.number().describe('The bounded natal resonance'),
    })
    .describe('How the score is made: base + supporting + caution + natal_resonance, kept within 0 and 100'),
  supporting_factors: z.array(factor).describe('The rules that hold for the moment, heaviest first'),
  caution_factors: z.array(factor).describe('The rules that hold against it, heaviest first'),
  natal_resonance: z
    .object({
      points: z.number().describe(`The sum of its factors, kept within ±10`),
      factors: z.array(resonanceFactor).describe("Transits at the moment to the natal charts' points"),
    })
    .nullable()
    .describe('With a natal block: the bounded resonance of the moment with the chart(s), apart from the sky factors; null without one'),
  sky,
});

export const electionalResponse = z.object({
  category: z.string().describe('The purpose searched for'),
  title: z.string().describe('Its name'),
  results: z.array(result).describe('The best moments, best first, at least an hour apart; the first is the recommended one'),
  best_available_in_window: z
    .boolean()
    .describe('True when no moment of the window has a sound or acceptable verdict: the results are the least bad, not good moments'),
  summary: z.string().describe('One sentence: what the window offers'),
  search: z
    .object({
      start_local: localIso,
      end_local: localIso,
      start_utc: utcIso,
      end_utc: utcIso,
      timezone: z.string().describe('IANA zone of the local times'),
      mode: z.enum(['direct', 'year']).describe('How the window was scanned'),
      step_minutes: z.number().int().describe('The scan step (direct) or the refinement step (year)'),
      coarse_step_minutes: z.number().int().nullable().describe('The scan step in year mode; null in direct mode'),
      instants_scanned: z.number().int().describe('Instants of the scan the filters allowed'),
      instants_evaluated: z.number().int().describe('Instants judged in all, scan and refinement'),
      house_system: z.string().describe('House system asked for'),
      zodiac: z.string().describe('tropical or sidereal'),
      ayanamsa: z.string().nullable().describe('The ayanamsa of a sidereal search; null for tropical'),
      exclude_weekdays: z.array(z.string()).describe('Weekdays left out'),
      local_hours: z
        .object({ from: z.number().int().describe('From this local hour'), to: z.number().int().describe('To this one (exclusive)') })
        .nullable()
        .describe('The local hours allowed; null for all'),
    })
    .describe('What was searched and how'),
  location: z
    .object({
      city: z.string().nullable().describe('The city, as found or sent'),
      country: z.string().nullable().describe("The city's country"),
      lat: z.number().describe('Latitude, degrees'),
      lng: z.number().describe('Longitude, degrees'),
      timezone: z.string().describe('IANA zone'),
    })
    .describe('Where the moments are judged'),
  calendar: z
    .array(
      z.object({
        date: z.string().describe('Local date, YYYY-MM-DD'),
        best_score: z.number().describe('Best score among the scanned instants of the date'),
        quality_band: z.enum(QUALITY_BANDS).describe('Its band'),
        best_time_local: localIso.describe('When, among the scanned instants'),
      }),
    )
    .describe('Each local date of the window with its best scanned score (a heat map); empty when include_calendar is false'),
  rule_set: z
    .array(
      z.object({
        code: z.string().describe('Rule code'),
        weight: z.number().describe('Points when it holds'),
        blocking: z.boolean().describe('Whether it rejects the moment whatever the score'),
        test: z.string().describe('What it tests'),
      }),
    )
    .describe("The category's rules and weights, as docs/api/electional.md lists them"),
  chart: z
    .object({
      rank: z.number().int().describe('The result drawn: 1, the recommended moment'),
      event_time_utc: utcIso,
      media_type: z.literal('image/svg+xml').describe('The media type of `svg`'),
      svg: z.string().describe("The wheel (the natal chart endpoint's drawing) of that instant at the search's place, in the search's house system and zodiac"),
      request: z
        .object({
          method: z.literal('POST').describe('POST'),
          path: z.string().describe('/api/v1/natal/chart/'),
          body: z
            .record(z.string(), z.unknown())
            .describe(
              'The chart request of the moment (its UTC date and time with tz_str UTC, the place, houses and zodiac): change `format` to png, `size` or the theme and send it',
            ),
        })
        .describe('The request that draws this wheel again'),
    })
    .nullable()
    .describe('With include_chart: the wheel of the recommended moment; null otherwise or when no moment was found'),
  warnings: z
    .array(z.string())
    .describe('What to know: houses not judged at the poles, a fallback house system, an untimed natal chart, a local time skipped by a clock change'),
});
export type ElectionalAnswer = z.output<typeof electionalResponse>;
