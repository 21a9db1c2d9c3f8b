/**
 * The nested natal block of the returns and progressions families:
 * `natal{name, datetime | year,month,day,hour,minute, time_known, location{city, lat, lng, tz_str | timezone}}`,
 * and its resolution to the flat birth fields of the natal endpoint, so that a nested birth is cast
 * at the very moment and place the natal endpoint casts the same birth sent flat.
 *
 * Rules (documented in docs/api/returns.md, "Nested natal block"):
 * - the date is `datetime` (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, ISO with `T`, optionally `Z` or an
 *   offset) or the split fields `year`, `month`, `day` (+ `hour`, `minute`, `second`); one form is
 *   required, both forms together must name the same wall time;
 * - `hour` defaults to 12 and `minute` to 0 (a bare `datetime` date is 12:00); `time_known`
 *   defaults to true;
 * - `location.tz_str`, alias `location.timezone`, default `AUTO` (the zone at the place);
 * - a `datetime` with `Z` or an offset is an absolute instant: it is cast at that instant, its wall
 *   time read in the zone of the location (so the answer's zone is still the place's).
 */
import { z } from 'zod/v4';
import { ianaZone, intlOffsetSeconds, resolveCivilTime, type DstPolicy } from '../astro/civil-time.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../astro/iso-date-time.ts';
import { MAX_YEAR, MIN_YEAR, birthFields, dstPolicy, isoDateTimeText, latitude, longitude, timeZoneName } from './birth-schema.ts';
import { birthMoment, type ResolvedMoment } from './moment.ts';
import { requestedZone, resolveSubjectPlace, type ResolvedPlace } from './place.ts';
import { RequestFieldError } from './request-error.ts';

/** Hour and minute of a nested birth sent without them (the public service's defaults). */
export const NESTED_DEFAULT_HOUR = 12;
export const NESTED_DEFAULT_MINUTE = 0;

export const nestedLocation = z
  .object({
    city: z.string().min(1).max(200).optional().describe('Place name, looked up in the gazetteer when `lat`/`lng` are not given.'),
    country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `city` lookup.'),
    lat: latitude.optional().describe('Latitude in degrees, -90 to 90. With `lng`, takes precedence over `city`.'),
    lng: longitude.optional().describe('Longitude in degrees, -180 to 180.'),
    tz_str: timeZoneName.optional().describe('IANA time zone of the wall-clock time, or `AUTO` (default): the zone at the place.'),
    timezone: timeZoneName
      .optional()
      .describe('Alias of `tz_str`. Sent with it, a zone named in one wins over `AUTO` in the other; two different zones are refused (422).'),
  })
  .describe('Where: `city`, or `lat` and `lng`; the zone in `tz_str` or `timezone` (default `AUTO`).');

export type NestedLocation = z.output<typeof nestedLocation>;

export const nestedNatal = z
  .object({
    name: birthFields.name,
    datetime: isoDateTimeText()
      .optional()
      .describe(
        'Local date and time of birth: `YYYY-MM-DD HH:MM`, ISO `YYYY-MM-DDTHH:MM[:SS]`, or a bare `YYYY-MM-DD` (12:00). With `Z` or an offset it is an absolute instant. Alternative to `year`, `month`, `day`, `hour`, `minute`.',
      ),
    year: z
      .number()
      .int()
      .min(MIN_YEAR)
      .max(MAX_YEAR)
      .optional()
      .describe(`Gregorian calendar year, ${MIN_YEAR} to ${MAX_YEAR} (with month and day, when datetime is not sent).`),
    month: z.number().int().min(1).max(12).optional().describe('Month, 1 to 12.'),
    day: z.number().int().min(1).max(31).optional().describe('Day of the month, 1 to 31 (checked against the month).'),
    hour: z.number().int().min(0).max(23).optional().describe(`Hour of the local time, 0 to 23. Default ${NESTED_DEFAULT_HOUR}.`),
    minute: z.number().int().min(0).max(59).optional().describe(`Minute, 0 to 59. Default ${NESTED_DEFAULT_MINUTE}.`),
    second: z.number().min(0).lt(60).optional().describe('Seconds, 0 to less than 60. Default 0.'),
    time_known: z
      .boolean()
      .default(true)
      .describe('False when the birth time is unknown: cast for local noon, without houses, angles and house placements. Default true.'),
    dst_policy: dstPolicy.optional(),
    location: nestedLocation,
  })
  .describe('The birth: its date and time (`datetime`, or `year`, `month`, `day`, `hour`, `minute`) and its `location`.');

export type NestedNatal = z.output<typeof nestedNatal>;

/** The flat birth fields of the natal endpoint (`birthFields`) that a nested birth stands for. */
export interface FlatBirth {
  name?: string | undefined;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  time_known: boolean;
  city?: string | undefined;
  country?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  tz_str?: string | undefined;
  dst_policy?: DstPolicy | undefined;
}

export interface ResolvedNestedNatal {
  /** The same birth as the natal endpoint's flat fields: a natal request built from them casts the same moment. */
  birth: FlatBirth;
  /** The place, with its zone when the location asks for `AUTO` (as resolveSubjectPlace gives the natal endpoint). */
  place: ResolvedPlace;
  moment: ResolvedMoment;
}

/** The wall time of an instant in a zone, and the DST policy under which that wall time resolves back to the instant. */
function wallTimeAt(
  utcMs: number,
  zone: string,
  loc: (string | number)[],
): { civil: { year: number; month: number; day: number; hour: number; minute: number; second: number }; policy: DstPolicy } {
  const wall = new Date(utcMs + intlOffsetSeconds(ianaZone(zone)!, utcMs) * 1000);
  const civil = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds() + wall.getUTCMilliseconds() / 1000,
  };
  for (const policy of ['earlier', 'later'] as const) {
    if (Math.abs(resolveCivilTime(civil, zone, policy).utcMs - utcMs) < 1) return { civil, policy };
  }
  throw new RequestFieldError([...loc, 'datetime'], `the instant cannot be read as a wall time in ${zone}`, 'value_error.datetime');
}

/**
 * The place of a nested birth, with its zone for `AUTO`: what a route resolves on the event loop
 * (one bounded gazetteer and zone cache per process) before it hands the rest of
 * resolveNestedNatal to the compute pool.
 */
export function nestedNatalPlace(natal: NestedNatal, loc: (string | number)[] = ['body', 'natal']): ResolvedPlace {
  return resolveSubjectPlace(natal.location, [...loc, 'location']);
}

/**
 * A nested birth resolved: the place (`resolvedPlace`, or looked up here with nestedNatalPlace),
 * the flat birth fields the natal endpoint reads, and the moment they resolve to. A problem is a
 * RequestFieldError naming the nested field (`natal.location.city`, `natal.datetime`,
 * `natal.hour`). `loc` is where the block is in the request (`['body', 'natal']`).
 */
export function resolveNestedNatal(natal: NestedNatal, loc: (string | number)[] = ['body', 'natal'], resolvedPlace?: ResolvedPlace): ResolvedNestedNatal {
  const location = natal.location;
  const zone = requestedZone(location, [...loc, 'location']);
  const place = resolvedPlace ?? nestedNatalPlace(natal, loc);
  const common = {
    name: natal.name,
    time_known: natal.time_known,
    city: location.city,
    country: location.country,
    lat: location.lat,
    lng: location.lng,
    tz_str: zone.tz,
  };
  const hasSplit = natal.year !== undefined || natal.month !== undefined || natal.day !== undefined;
  let birth: FlatBirth;
  if (natal.datetime !== undefined) {
    const reading = readIsoDateTime(natal.datetime, { min: MIN_YEAR, max: MAX_YEAR });
    if (!reading.ok) throw new RequestFieldError([...loc, 'datetime'], `${natal.datetime} ${reading.reason}`, 'value_error.datetime');
    const { civil, hasTime, offsetSeconds } = reading.value;
    const hour = hasTime ? civil.hour : NESTED_DEFAULT_HOUR;
    const minute = hasTime ? civil.minute : NESTED_DEFAULT_MINUTE;
    if (hasSplit) {
      const same =
        natal.year === civil.year &&
        natal.month === civil.month &&
        natal.day === civil.day &&
        (natal.hour === undefined || natal.hour === hour) &&
        (natal.minute === undefined || natal.minute === minute);
      if (!same)
        throw new RequestFieldError(
          [...loc, 'datetime'],
          'datetime and year/month/day/hour/minute name different times; send one form',
          'value_error.conflict',
          [[...loc, 'year']],
        );
    }
    if (offsetSeconds !== undefined && hasTime) {
      const zoneName = zone.tz !== undefined && zone.tz.toUpperCase() !== 'AUTO' ? zone.tz : place.zone!;
      const { civil: wall, policy } = wallTimeAt(civilAtOffsetMs({ ...civil, hour, minute }, offsetSeconds), zoneName, loc);
      birth = { ...common, ...wall, time_known: natal.time_known, dst_policy: policy };
    } else {
      birth = {
        ...common,
        year: civil.year,
        month: civil.month,
        day: civil.day,
        hour,
        minute,
        second: hasTime ? civil.second : 0,
        dst_policy: natal.dst_policy,
      };
    }
  } else {
    if (natal.year === undefined || natal.month === undefined || natal.day === undefined) {
      const missing = natal.year === undefined ? 'year' : natal.month === undefined ? 'month' : 'day';
      throw new RequestFieldError(
        [...loc, hasSplit ? missing : 'datetime'],
        hasSplit ? `${missing} is required with the split date fields` : 'datetime, or year, month and day, are required',
        'missing',
      );
    }
    birth = {
      ...common,
      year: natal.year,
      month: natal.month,
      day: natal.day,
      hour: natal.hour ?? NESTED_DEFAULT_HOUR,
      minute: natal.minute ?? NESTED_DEFAULT_MINUTE,
      second: natal.second ?? 0,
      dst_policy: natal.dst_policy,
    };
  }
  let moment: ResolvedMoment;
  try {
    moment = birthMoment(birth, place, loc);
  } catch (error) {
    // A date given as datetime: the problem is the datetime's, not a split field the client did not send.
    if (error instanceof RequestFieldError && natal.datetime !== undefined && ['year', 'month', 'day', 'hour', 'minute'].includes(String(error.loc.at(-1)))) {
      throw new RequestFieldError([...loc, 'datetime'], error.message, error.type);
    }
    if (error instanceof RequestFieldError && error.loc.at(-1) === zone.field)
      throw new RequestFieldError([...loc, 'location', zone.field], error.message, error.type);
    throw error;
  }
  return { birth, place, moment };
}
