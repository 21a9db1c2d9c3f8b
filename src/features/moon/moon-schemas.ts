/** GET /api/v1/moon/phase and GET /api/v1/moon/month: query strings and responses. */
import { DECIMAL_TEXT } from '../../requests/query-number.ts';
import { z } from 'zod/v4';
import { ianaZone } from '../../astro/civil-time.ts';
import { MOON_PHASE_LABELS } from '../../astro/moon-phase.ts';
import { PRINCIPAL_PHASES } from '../../astro/events/index.ts';
import { queryBoolean } from '../../requests/query-boolean.ts';
import { SPECIAL_MOON_RULES } from '../../astro/moon-specials.ts';
import { TRADITIONAL_MOON_NAMES } from '../../astro/traditional-moons.ts';

/**
 * The dates served: the event searches reach a lunar month either side of the asked instant,
 * and stay inside the data files (1800-01-01 to 2399-12-31).
 */
export const MOON_FIRST_DATE = '1800-02-01';
export const MOON_LAST_DATE = '2399-11-30';

/** `YYYY-MM-DD` (local noon), or a local date-time `YYYY-MM-DDTHH:MM[:SS[.fff]]`, optionally with `Z` or `±HH:MM`. */
export const MOON_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const zoneName = z
  .string()
  .max(64)
  .refine((v) => v.toUpperCase() === 'AUTO' || ianaZone(v) !== undefined, {
    message: 'expected an IANA time zone such as Europe/Paris, or AUTO with lat and lng or city',
  });

/** A number in a query string: plain decimal text only (an empty value is not 0). */
const queryNumber = (min: number, max: number) =>
  z.string().max(30).regex(DECIMAL_TEXT, 'expected a number').transform(Number).pipe(z.number().min(min).max(max));
const queryInteger = (min: number, max: number) =>
  z
    .string()
    .max(10)
    .regex(/^\s*\d+\s*$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Where the local times are told: a zone, or the zone of a place; UTC without either. */
const zoneFields = {
  timezone: zoneName.optional().describe("IANA zone of the local times (default UTC; AUTO or absent with a place: the place's zone)"),
  tz_str: zoneName
    .optional()
    .describe(
      'Alias of timezone, as the public service names it. Sent with it, a zone named in one wins over AUTO in the other; two different zones are refused (422).',
    ),
  lat: queryNumber(-90, 90)
    .optional()
    .describe('Latitude in degrees, -90 to 90 (also sent as `latitude`): finds the zone; the place of rise and set times and of eclipse visibility'),
  lng: queryNumber(-180, 180)
    .optional()
    .describe(
      "Longitude in degrees, -180 to 180. Also read as `lon` (the public service's name on these routes), `long` or `longitude`; the same value under two names is one value, two different values a 422",
    ),
  city: z.string().min(1).max(200).optional().describe('Finds the zone and the place, like lat and lng'),
  country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `city` lookup'),
};

/**
 * A colour of the moon icons: hexadecimal only (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, the `#`
 * optional), normalised to `#` and lower case. The value goes into SVG markup: anything else
 * (a quote, an angle bracket, a CSS function) is a 422, never written.
 */
const hexColour = (fallback: string) =>
  z
    .string()
    .max(9)
    .regex(/^#?(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'expected a hexadecimal colour such as #E0E0E0')
    .transform((v) => `#${v.replace(/^#/, '').toLowerCase()}`)
    .optional()
    .describe(`Hexadecimal colour (#RGB or #RRGGBB, alpha allowed), default ${fallback}`);

const visualFields = {
  include_visuals: queryBoolean().describe("Add `moon_visual`: a small SVG of the lit part of the disc, turned to the bright limb's angle"),
  style_moon_color: hexColour('#E0E0E0'),
  style_shadow_color: hexColour('#1A1A1A'),
};

export const moonPhaseQuery = z.object({
  date: z
    .string()
    .max(40)
    .regex(new RegExp(`^(?:now|Now|NOW)$|${MOON_DATE_PATTERN.source}`), 'expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or an offset, or now')
    .optional()
    .describe(
      `The instant: a local date-time in the zone, an absolute one (Z or offset), a date (its local noon), or \`now\` (the default). ${MOON_FIRST_DATE} to ${MOON_LAST_DATE}`,
    ),
  ...zoneFields,
  include_zodiac: queryBoolean().describe("Add `zodiac`: the Moon's tropical sign (full name) and degree"),
  include_forecast: queryBoolean().describe(
    'Add `next_phases`, `next_phases_detail` and `forecast` (days to the next Full and New Moon, next special moon, next eclipse)',
  ),
  include_special: queryBoolean().describe(
    "Add `special_moon`: supermoon, micromoon, Blue, Black, Harvest and Hunter's Moon, eclipse season, with the rules used",
  ),
  include_eclipse: queryBoolean().describe('Add `eclipse`: the eclipse nearest the instant, and whether one is under way'),
  include_traditional_moon: queryBoolean().describe("Add `traditional_moon`: the North American name of the month's Full Moon"),
  include_rise_set: queryBoolean().describe('Add `rise_set`: moonrise and moonset on the local day at the place (needs lat and lon, or city)'),
  include_interpretation: queryBoolean().describe('Add `interpretation`: a short reading of the phase'),
  ...visualFields,
});

export const moonMonthQuery = z.object({
  year: queryInteger(1800, 2399).describe('1800 (from February) to 2399 (to November)').meta({ example: 2026 }),
  month: queryInteger(1, 12).describe('Month, 1 to 12.').meta({ example: 3 }),
  ...zoneFields,
  include_zodiac: queryBoolean().describe("Add each day's `zodiac` (the Moon's sign and degree at local noon)"),
  include_traditional_moon: queryBoolean().describe("Add the month's `traditional_moon` with each of its Full Moons"),
  include_sign_timeline: queryBoolean().describe('Add `sign_timeline` (each stay of the Moon in a sign) and `ingresses`'),
  ...visualFields,
});

export type MoonPhaseQuery = z.output<typeof moonPhaseQuery>;
export type MoonMonthQuery = z.output<typeof moonMonthQuery>;

export const phaseSchema = z.object({
  name: z.enum(MOON_PHASE_LABELS).describe('The 45° sector centred on each of the eight phases'),
  angle: z.number().describe('Moon − Sun in ecliptic longitude, 0–360 (90 First Quarter, 180 Full Moon)'),
  illumination: z.number().describe('Illuminated fraction of the disk, 0–1'),
  age_days: z.number().describe('Days since the last New Moon'),
  is_waxing: z.boolean().describe('True from New Moon to Full Moon (angle below 180)'),
  distance_km: z.number().describe("The Moon's geocentric distance in kilometres"),
  phase_name: z.enum(MOON_PHASE_LABELS).describe('Same as name'),
  phase_angle_deg: z.number().describe('Same as angle'),
  illumination_percent: z.number().describe('illumination × 100'),
  age: z.number().describe('Same as age_days'),
});

const zodiacSchema = z.object({
  sign: z.string().describe('Full sign name (Aries … Pisces)'),
  sign_id: z.string().describe('Sign id in lower case'),
  sign_abbr: z.string().describe('Three-letter abbreviation'),
  degree: z.number().describe('Degrees into the sign, 0 to under 30'),
  abs_pos: z.number().describe('Ecliptic longitude, 0 to under 360'),
  zodiac_type: z.literal('tropical').describe('The zodiac: tropical'),
});

const moonVisualSchema = z.object({
  svg: z
    .string()
    .describe(
      'A 64×64 SVG: the disc in the shadow colour, the lit part in the moon colour, the bright limb turned to its position angle (north up, east left)',
    ),
  illumination: z.number().describe('Lit fraction drawn, 0–1'),
  shadow_ratio: z.number().describe('1 − illumination'),
  is_waxing: z.boolean().describe('True from New Moon to Full Moon'),
  bright_limb_angle: z.number().describe('Position angle of the bright limb, degrees from north through east'),
  moon_color: z.string().describe("The lit part's colour, #rrggbb as sent (lower case)"),
  shadow_color: z.string().describe("The dark part's colour, as sent (lower case)"),
});

const utcText = z.string().describe('UTC, ISO 8601 with Z and milliseconds');
const localText = z.string().describe("Local time in the answer's zone, ISO 8601 with offset and milliseconds");
const datedSchema = z.object({
  exact_at_utc: utcText,
  local_time: localText,
  distance_km: z.number().describe("The Moon's geocentric distance then, whole kilometres"),
  days_from_query: z.number().describe('Days from the instant asked for, two decimals; negative when before it'),
});
/** A coming event: what it is, its details (`labels`, `kind`), when, and how far off; in the answer's key order. */
const nextEventSchema = <Details extends z.ZodRawShape>(details: Details) =>
  z.object({
    type: z.string().describe('What comes: a special-moon label, or an eclipse type such as total_lunar'),
    ...details,
    date: z.string().describe('Local time with offset'),
    days_until: z.number().describe('Days from the instant asked for, two decimals'),
  });
const signText = z.string().describe('Full sign name (Aries … Pisces)');
const signIdText = z.string().describe('Sign id in lower case (aries … pisces)');

export const principalPhaseSchema = z.object({
  phase: z.enum(PRINCIPAL_PHASES).describe('The phase as an id'),
  name: z.string().describe('New Moon, First Quarter, Full Moon or Last Quarter'),
  exact_at_utc: z.string().describe('Exact to well under a second'),
  local_time: z.string().describe("The same instant in the answer's time zone, ISO 8601 with its UTC offset"),
  sign_id: z.string().describe("The Moon's sign (tropical) at that instant"),
});

const provenance = z
  .object({
    engine: z.string().describe('The ephemeris library that computed the positions'),
    engine_version: z.string().describe('Its version'),
    frame: z.string().describe('The coordinate frame of the positions (geocentric apparent ecliptic of date)'),
    tz_database: z.string().describe('Version of the IANA time-zone rules used for local times'),
  })
  .describe('Where the numbers came from');

export const moonPhaseResponse = z
  .object({
    date: z.string().describe('The instant, local time with its offset'),
    datetime_utc: z.string().describe('The instant in UTC, ISO 8601 with Z'),
    timestamp: z.string().describe('Same as datetime_utc'),
    timezone: z.string().describe('IANA time zone of the local times (UTC when none was given)'),
    phase: phaseSchema.describe('The phase at the instant'),
    moon: z
      .object({
        abs_pos: z.number().describe("The Moon's tropical ecliptic longitude in degrees, 0 to under 360"),
        pos: z.number().describe('Degrees into its sign, 0 to under 30'),
        sign: z.string().describe('Three-letter sign abbreviation (Ari … Pis)'),
        sign_id: z.string().describe('Sign id in lower case (aries … pisces)'),
        distance_km: z.number().describe("Distance from the Earth's centre in kilometres"),
      })
      .describe('Where the Moon is at the instant'),
    previous_new_moon: principalPhaseSchema.describe('The last New Moon at or before the instant'),
    next_new_moon: principalPhaseSchema.describe('The first New Moon after the instant'),
    next_full_moon: principalPhaseSchema.describe('The first Full Moon after the instant'),
    zodiac: zodiacSchema.optional().describe('include_zodiac'),
    next_phases: z
      .object({ new_moon: localText, first_quarter: localText, full_moon: localText, last_quarter: localText })
      .optional()
      .describe('include_forecast: the next instant of each principal phase, local ISO 8601 with offset (exact to the second)'),
    next_phases_detail: z
      .array(
        z.object({
          phase: z.enum(PRINCIPAL_PHASES).describe('The phase as an id'),
          exact_at_utc: utcText,
          local_time: localText,
          days_until: z.number().describe('Days from the instant asked for, two decimals'),
        }),
      )
      .optional()
      .describe('include_forecast: the same four, in time order'),
    forecast: z
      .object({
        days_until_full_moon: z.number().describe('Days to the next Full Moon, two decimals'),
        days_until_new_moon: z.number().describe('Days to the next New Moon, two decimals'),
        next_special_moon: nextEventSchema({ labels: z.array(z.string()).describe('Every label of that moon') })
          .nullable()
          .describe('The first labelled Full or New Moon within about 13 months'),
        next_eclipse: nextEventSchema({ kind: z.enum(['lunar', 'solar']).describe('Lunar or solar') })
          .nullable()
          .describe('The next lunar or solar eclipse anywhere on Earth'),
      })
      .optional()
      .describe('include_forecast; days as decimals (0.01 day ≈ 15 minutes)'),
    special_moon: z
      .object({
        labels: z.array(z.string()).describe("Supermoon, Micromoon, Blue Moon, Black Moon, Harvest Moon, Hunter's Moon, Eclipse Season"),
        is_supermoon: z.boolean().describe('The nearest Full Moon is a Supermoon (rule.supermoon)'),
        is_micromoon: z.boolean().describe('The nearest Full Moon is a Micromoon (rule.micromoon)'),
        is_blue_moon: z.boolean().describe('The nearest Full Moon is a Blue Moon (rule.blue_moon)'),
        is_black_moon: z.boolean().describe('The nearest New Moon is a Black Moon (rule.black_moon)'),
        is_harvest_moon: z.boolean().describe('The nearest Full Moon is the Harvest Moon (rule.harvest_moon)'),
        is_hunter_moon: z.boolean().describe("The nearest Full Moon is the Hunter's Moon (rule.hunter_moon)"),
        is_eclipse_season: z.boolean().describe('The Sun is within the eclipse limit of a node now (rule.eclipse_season)'),
        full_moon: datedSchema.describe('The Full Moon nearest the instant, which the Full Moon labels describe'),
        new_moon: datedSchema.describe('The New Moon nearest the instant (Black Moon)'),
        rule: z
          .object(Object.fromEntries(Object.keys(SPECIAL_MOON_RULES).map((k) => [k, z.string().describe(`The rule of ${k}`)])))
          .describe('The rule of each label'),
      })
      .optional()
      .describe('include_special'),
    eclipse: z
      .object({
        is_eclipse: z.boolean().describe('An eclipse is under way, or its greatest phase falls on the local date'),
        in_progress: z.boolean().describe('The instant falls between the first and last contact'),
        type: z.string().describe('total_lunar, partial_lunar, penumbral_lunar, total_solar, annular_solar, hybrid_solar, partial_solar'),
        kind: z.enum(['lunar', 'solar']).describe('Lunar or solar'),
        is_blood_moon: z.boolean().describe('A total lunar eclipse'),
        date: z.string().describe('Greatest eclipse, local time with offset'),
        greatest_at_utc: utcText.describe('Greatest eclipse, UTC'),
        begins_at_utc: utcText.describe('First contact (penumbral for a lunar eclipse), UTC'),
        ends_at_utc: utcText.describe('Last contact, UTC'),
        days_from_query: z.number().describe('Negative when it is past'),
        visibility: z.enum(['visible', 'below_horizon', 'not_at_this_place']).nullable().describe('At greatest eclipse from the place; null without a place'),
        at_place: z
          .object({
            altitude_deg: z.number().describe("The eclipsed body's true altitude at the place at greatest eclipse, degrees"),
            magnitude: z.number().describe("Lunar: umbral magnitude; solar: fraction of the Sun's diameter covered at the place"),
          })
          .nullable()
          .describe('At the place, at greatest eclipse; null without a place'),
      })
      .nullable()
      .optional()
      .describe('include_eclipse: the eclipse (lunar or solar) nearest the instant (null if the library could not search)'),
    traditional_moon: z
      .object({
        name: z.enum(TRADITIONAL_MOON_NAMES).describe("The traditional name of the month's Full Moon"),
        naming_system: z.literal('north_american').describe('The naming tradition: the almanac names of the United States and Canada'),
        month: z.number().int().describe('The local month, 1 to 12, the name belongs to'),
        full_moon_at: localText.describe('That Full Moon, local time with offset'),
        is_current_full_moon: z.boolean().describe('The Full Moon falls on the local date of the instant'),
        full_moons_in_month: z.number().int().describe('Full Moons in the local month: 2 in a month with a Blue Moon'),
      })
      .optional()
      .describe('include_traditional_moon'),
    rise_set: z
      .object({
        date: z.string().describe('The local calendar day, YYYY-MM-DD'),
        moonrise: localText.nullable().describe('The first moonrise of the local day, local time; null on a day without one'),
        moonset: localText.nullable().describe('The first moonset of the local day, local time; null on a day without one'),
        moonrise_utc: utcText.nullable().describe('The same moonrise in UTC'),
        moonset_utc: utcText.nullable().describe('The same moonset in UTC'),
        definition: z.string().describe('What rising and setting mean here'),
        lat: z.number().describe('Latitude of the place, degrees'),
        lng: z.number().describe('Longitude of the place, degrees'),
      })
      .optional()
      .describe("include_rise_set: the local day's moonrise and moonset (null on a day without one)"),
    interpretation: z
      .object({
        phase: z.string().describe('The phase read'),
        title: z.string().describe('A heading'),
        body: z.string().describe('Two or three sentences'),
        keywords: z.array(z.string()).describe('A few words for the phase'),
      })
      .optional()
      .describe('include_interpretation'),
    moon_visual: moonVisualSchema.optional().describe('include_visuals'),
    provenance,
  })
  .meta({ id: 'MoonPhaseResponse' });

export const moonMonthResponse = z
  .object({
    year: z.number().int().describe('The year asked for'),
    month: z.number().int().describe('The month asked for, 1 to 12'),
    month_name: z.string().describe("The month's English name"),
    days_in_month: z.number().int().describe('Days in the calendar month'),
    calendar_basis: z.literal('local').describe('Days are the local calendar days of calendar_timezone'),
    calendar_timezone: z.string().describe('Same as timezone'),
    timezone: z.string().describe('IANA time zone of the local days and times (UTC when none was given)'),
    days: z
      .array(
        z.object({
          date: z.string().describe('Local calendar date'),
          calendar_date: z.string().describe('Same as date, YYYY-MM-DD'),
          sampled_at: z.string().describe("Local noon, where the day's phase is taken"),
          phase: phaseSchema.describe('The phase at local noon'),
          moon_sign_id: z.string().describe("The Moon's tropical sign at local noon, id in lower case"),
          events: z.array(principalPhaseSchema).describe('Principal phases exact within this local day'),
          zodiac: zodiacSchema.optional().describe('include_zodiac: at local noon'),
          moon_visual: moonVisualSchema.optional().describe('include_visuals: at local noon'),
        }),
      )
      .describe('One entry per local day of the month (a day the zone skipped has none)'),
    lunations: z
      .array(principalPhaseSchema.describe('A principal phase'))
      .describe('Every New Moon, First Quarter, Full Moon and Last Quarter of the local month'),
    traditional_moon: z
      .object({
        name: z.enum(TRADITIONAL_MOON_NAMES).describe("The traditional name of the month's Full Moon"),
        naming_system: z.literal('north_american').describe('The naming tradition: the almanac names of the United States and Canada'),
        month: z.number().int().describe('The month, 1 to 12'),
        full_moons: z
          .array(
            z.object({
              name: z.string().describe('Its traditional name'),
              exact_at_utc: utcText,
              local_time: localText,
              is_blue_moon: z.boolean().describe('The second Full Moon of the local month'),
              labels: z.array(z.string()).describe('Its special-moon labels'),
            }),
          )
          .describe('Each Full Moon of the local month'),
      })
      .optional()
      .describe('include_traditional_moon'),
    sign_timeline: z
      .array(
        z.object({
          sign: signText,
          sign_id: signIdText,
          starts_at: utcText.describe('The ingress into the sign, UTC'),
          ends_at: utcText.describe('The ingress into the next sign, UTC'),
          starts_at_local: localText.describe('The same start, local time'),
          ends_at_local: localText.describe('The same end, local time'),
          duration_hours: z.number().describe('Length of the stay, hours, two decimals'),
          duration_minutes: z.number().int().describe('Length of the stay, whole minutes'),
          next_sign: signText.describe('The sign entered next'),
          next_sign_id: signIdText.describe('Its id'),
          label: z.string().describe('"Moon in <sign>"'),
          continues_from_previous_month: z.boolean().describe('Began before the local month'),
          continues_to_next_month: z.boolean().describe('Ends after the local month'),
        }),
      )
      .optional()
      .describe('include_sign_timeline: each stay of the Moon in a sign that overlaps the local month, ingress to ingress'),
    ingresses: z
      .array(
        z.object({
          from_sign: signText.describe('The sign left'),
          from_sign_id: signIdText.describe('Its id'),
          to_sign: signText.describe('The sign entered'),
          to_sign_id: signIdText.describe('Its id'),
          at: utcText.describe('The ingress, UTC'),
          at_local: localText.describe('The ingress, local time'),
          label: z.string().describe('"Moon enters <sign>"'),
        }),
      )
      .optional()
      .describe("include_sign_timeline: the Moon's sign changes within the local month"),
    provenance,
  })
  .meta({ id: 'MoonMonthResponse' });
