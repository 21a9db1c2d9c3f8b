/** GET /api/v1/moon/phase and GET /api/v1/moon/month: query strings and responses. */
import { DECIMAL_TEXT } from '../shared/query-number.ts';
import { z } from 'zod/v4';
import { ianaZone } from '../../astro/civil-time.ts';
import { MOON_PHASE_LABELS } from '../../astro/moon-phase.ts';
import { PRINCIPAL_PHASES } from '../../astro/events/index.ts';

/**
 * The dates served: the event searches reach a lunar month either side of the asked instant,
 * and stay inside the data files (1800-01-01 to 2399-12-31).
 */
export const MOON_FIRST_DATE = '1800-02-01';
export const MOON_LAST_DATE = '2399-11-30';

/** `YYYY-MM-DD` (local noon), or a local date-time `YYYY-MM-DDTHH:MM[:SS[.fff]]`, optionally with `Z` or `±HH:MM`. */
export const MOON_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const zoneName = z.string().max(64).refine((v) => v.toUpperCase() === 'AUTO' || ianaZone(v) !== undefined, { message: 'expected an IANA time zone such as Europe/Paris, or AUTO with lat and lng or city' });

/** A number in a query string: plain decimal text only (an empty value is not 0). */
const queryNumber = (min: number, max: number) => z.string().max(30).regex(DECIMAL_TEXT, 'expected a number').transform(Number).pipe(z.number().min(min).max(max));
const queryInteger = (min: number, max: number) => z.string().max(10).regex(/^\s*\d+\s*$/, 'expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));

/** Where the local times are told: a zone, or the zone of a place; UTC without either. */
const zoneFields = {
  timezone: zoneName.optional().describe('IANA zone of the local times (default UTC; AUTO or absent with a place: the place\'s zone)'),
  tz_str: zoneName.optional().describe('Alias of timezone, as the public service names it. Sent with it, a zone named in one wins over AUTO in the other; two different zones are refused (422).'),
  lat: queryNumber(-90, 90).optional().describe('Latitude in degrees, -90 to 90: only used to find the zone'),
  lng: queryNumber(-180, 180).optional().describe('Longitude in degrees, -180 to 180: only used to find the zone'),
  city: z.string().min(1).max(200).optional().describe('Only used to find the zone'),
  country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `city` lookup'),
};

export const moonPhaseQuery = z.object({
  date: z.string().max(40).regex(MOON_DATE_PATTERN, 'expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or an offset').optional()
    .describe(`The instant: a local date-time in the zone, an absolute one (Z or offset), or a date (its local noon); default now. ${MOON_FIRST_DATE} to ${MOON_LAST_DATE}`),
  ...zoneFields,
});

export const moonMonthQuery = z.object({
  year: queryInteger(1800, 2399).describe('1800 (from February) to 2399 (to November)').meta({ example: 2026 }),
  month: queryInteger(1, 12).describe('Month, 1 to 12.').meta({ example: 3 }),
  ...zoneFields,
});

export type MoonPhaseQuery = z.output<typeof moonPhaseQuery>;
export type MoonMonthQuery = z.output<typeof moonMonthQuery>;

export const phaseSchema = z.object({
  name: z.enum(MOON_PHASE_LABELS).describe('The 45° sector centred on each of the eight phases'),
  angle: z.number().describe('Moon − Sun in ecliptic longitude, 0–360 (90 First Quarter, 180 Full Moon)'),
  illumination: z.number().describe('Illuminated fraction of the disk, 0–1'),
  age_days: z.number().describe('Days since the last New Moon'),
  is_waxing: z.boolean().describe('True from New Moon to Full Moon (angle below 180)'),
});

export const principalPhaseSchema = z.object({
  phase: z.enum(PRINCIPAL_PHASES).describe('The phase as an id'),
  name: z.string().describe('New Moon, First Quarter, Full Moon or Last Quarter'),
  exact_at_utc: z.string().describe('Exact to well under a second'),
  local_time: z.string().describe('The same instant in the answer\'s time zone, ISO 8601 with its UTC offset'),
  sign_id: z.string().describe('The Moon\'s sign (tropical) at that instant'),
});

const provenance = z.object({
  engine: z.string().describe('The ephemeris library that computed the positions'),
  engine_version: z.string().describe('Its version'),
  frame: z.string().describe('The coordinate frame of the positions (geocentric apparent ecliptic of date)'),
  tz_database: z.string().describe('Version of the IANA time-zone rules used for local times'),
}).describe('Where the numbers came from');

export const moonPhaseResponse = z.object({
  date: z.string().describe('The instant, local time with its offset'),
  datetime_utc: z.string().describe('The instant in UTC, ISO 8601 with Z'),
  timezone: z.string().describe('IANA time zone of the local times (UTC when none was given)'),
  phase: phaseSchema.describe('The phase at the instant'),
  moon: z.object({
    abs_pos: z.number().describe('The Moon\'s tropical ecliptic longitude in degrees, 0 to under 360'),
    pos: z.number().describe('Degrees into its sign, 0 to under 30'),
    sign: z.string().describe('Three-letter sign abbreviation (Ari … Pis)'),
    sign_id: z.string().describe('Sign id in lower case (aries … pisces)'),
    distance_km: z.number().describe('Distance from the Earth\'s centre in kilometres'),
  }).describe('Where the Moon is at the instant'),
  previous_new_moon: principalPhaseSchema.describe('The last New Moon at or before the instant'),
  next_new_moon: principalPhaseSchema.describe('The first New Moon after the instant'),
  next_full_moon: principalPhaseSchema.describe('The first Full Moon after the instant'),
  provenance,
}).meta({ id: 'MoonPhaseResponse' });

export const moonMonthResponse = z.object({
  year: z.number().int().describe('The year asked for'),
  month: z.number().int().describe('The month asked for, 1 to 12'),
  timezone: z.string().describe('IANA time zone of the local days and times (UTC when none was given)'),
  days: z.array(z.object({
    date: z.string().describe('Local calendar date'),
    sampled_at: z.string().describe('Local noon, where the day\'s phase is taken'),
    phase: phaseSchema.describe('The phase at local noon'),
    moon_sign_id: z.string().describe('The Moon\'s tropical sign at local noon, id in lower case'),
    events: z.array(principalPhaseSchema).describe('Principal phases exact within this local day'),
  })).describe('One entry per local day of the month (a day the zone skipped has none)'),
  lunations: z.array(principalPhaseSchema.describe('A principal phase')).describe('Every New Moon, First Quarter, Full Moon and Last Quarter of the local month'),
  provenance,
}).meta({ id: 'MoonMonthResponse' });
