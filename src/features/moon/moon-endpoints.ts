/** GET /api/v1/moon/phase and GET /api/v1/moon/month: additions the public service's clients call. */
import { poolTask } from '../../compute/pool-task.ts';
import { endpoint } from '../../http/endpoint.ts';
import { schemaSerializer } from '../../answers/schema-serializer.ts';
import { isTimeOfDay, isValidCalendarDate, resolveCivilTime, utcOffsetSeconds } from '../../astro/civil-time.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { isAutoZone, requestedZone, resolvePlace } from '../../requests/place.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { computeMoonMonth, computeMoonPhase, type MoonMonthTask, type MoonPhaseTask } from './moon-service.ts';
import { MOON_DATE_PATTERN, MOON_FIRST_DATE, MOON_LAST_DATE, moonMonthQuery, moonMonthResponse, moonPhaseQuery, moonPhaseResponse } from './moon-schemas.ts';

type PlaceQuery = {
  timezone?: string | undefined;
  tz_str?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  city?: string | undefined;
  country?: string | undefined;
};

/**
 * The zone of the local times (the one named, or the place's for AUTO or none named, else UTC),
 * and the place when the query gives one (lat and lng, or city).
 */
function zoneAndPlace(query: PlaceQuery): { zone: string; place: { lat: number; lng: number } | undefined } {
  const { tz: named, field } = requestedZone(query, ['query'], 'timezone');
  const hasPlace = query.lat !== undefined || query.lng !== undefined || query.city !== undefined;
  const resolved = hasPlace ? resolvePlace({ lat: query.lat, lng: query.lng, city: query.city, country: query.country }, ['query']) : undefined;
  const place = resolved ? { lat: resolved.lat, lng: resolved.lng } : undefined;
  if (!isAutoZone(named)) return { zone: named!, place };
  if (!place) {
    if (named) throw new RequestFieldError(['query', field], 'AUTO needs a place: send lat and lon, or city', 'missing');
    return { zone: 'UTC', place };
  }
  return { zone: timeZoneAt(place.lat, place.lng), place };
}

/** The icon colours, defaults filled in (validated as hexadecimal colours by the schema). */
const colorsOf = (query: { style_moon_color?: string | undefined; style_shadow_color?: string | undefined }) => ({
  moon: query.style_moon_color ?? '#e0e0e0',
  shadow: query.style_shadow_color ?? '#1a1a1a',
});

/** The instant of `date` (local in `zone` unless it carries an offset; a bare date is local noon), or now. */
function instantOf(date: string | undefined, zone: string, nowMs: number): number {
  if (date === undefined || date.toLowerCase() === 'now') return nowMs;
  const [, y, mo, d, h, mi, s, frac, offset] = MOON_DATE_PATTERN.exec(date)!;
  const civil = { year: +y!, month: +mo!, day: +d!, hour: h ? +h : 12, minute: mi ? +mi : 0, second: (s ? +s : 0) + (frac ? +frac : 0) };
  const bad = (why: string) => new RequestFieldError(['query', 'date'], `${date} ${why}`, 'value_error.datetime');
  if (!isValidCalendarDate(civil.year, civil.month, civil.day)) throw bad('is not a date of the Gregorian calendar');
  if (!isTimeOfDay(civil.hour, civil.minute, civil.second)) throw bad('is not a time of day (00:00 to 23:59:59)');
  if (!offset) return resolveCivilTime(civil, zone, 'shift_forward').utcMs;
  const offsetSeconds = utcOffsetSeconds(offset);
  if (offsetSeconds === undefined) throw bad('has an offset beyond ±18:00');
  return Date.UTC(civil.year, civil.month - 1, civil.day, civil.hour, civil.minute) + (civil.second - offsetSeconds) * 1000;
}

const FIRST_MS = Date.parse(`${MOON_FIRST_DATE}T00:00:00Z`);
const END_MS = Date.parse(`${MOON_LAST_DATE}T00:00:00Z`) + 86_400_000;

const moonPhaseAnswer = schemaSerializer(moonPhaseResponse);
const moonMonthAnswer = schemaSerializer(moonMonthResponse);
export const moonPhaseTask = poolTask('moon_phase', (task: MoonPhaseTask) => moonPhaseAnswer(computeMoonPhase(task)));
export const moonMonthTask = poolTask('moon_month', (task: MoonMonthTask) => moonMonthAnswer(computeMoonMonth(task)));

export const MOON_ENDPOINTS = [
  endpoint({
    method: 'GET',
    paths: ['/api/v1/moon/phase'],
    tags: ['moon'],
    summary: "The Moon's phase at an instant, with the last and next New Moon and the next Full Moon, and optional blocks (include_*)",
    description: `Phase name, elongation angle, illuminated fraction and age (days since the last New Moon); the principal phases exact to well under a second, in UTC and local time. An addition to the interface: the public service's clients call it. Dates ${MOON_FIRST_DATE} to ${MOON_LAST_DATE}.`,
    query: moonPhaseQuery,
    answer: { json: moonPhaseResponse },
    task: moonPhaseTask,
    prepare: ({ query: q }, nowMs) => {
      const { zone, place } = zoneAndPlace(q);
      const utcMs = instantOf(q.date, zone, nowMs);
      if (utcMs < FIRST_MS || utcMs >= END_MS)
        throw new RequestFieldError(['query', 'date'], `dates run from ${MOON_FIRST_DATE} to ${MOON_LAST_DATE}`, 'value_error.range');
      if (q.include_rise_set && !place)
        throw new RequestFieldError(['query', 'include_rise_set'], 'moonrise and moonset need a place: send lat and lon, or city', 'missing');
      const include = {
        zodiac: q.include_zodiac,
        forecast: q.include_forecast,
        special: q.include_special,
        eclipse: q.include_eclipse,
        traditional_moon: q.include_traditional_moon,
        rise_set: q.include_rise_set,
        interpretation: q.include_interpretation,
        visuals: q.include_visuals,
      };
      return { utcMs, zone, place, include, colors: colorsOf(q) };
    },
    mcp: {
      title: 'Moon phase',
      description:
        "The Moon's phase of GET /api/v1/moon/phase at `date` (local to `timezone` or the place's zone; a bare date is local noon; now when omitted): phase name, illuminated fraction, elongation and age, the last and next New Moon and the next Full Moon, exact to the second; include_* flags add the sign, a forecast of the next phases, special moons, eclipses, the traditional name, moonrise and moonset at the place (lat and lon, or city), a short reading and a small SVG of the disc.",
      // Without a date the answer is the Moon of the moment of the call.
      idempotent: false,
    },
  }),
  endpoint({
    method: 'GET',
    paths: ['/api/v1/moon/month'],
    tags: ['moon'],
    summary: "Each local day's Moon phase in a month, and the month's New Moons, quarters and Full Moons",
    description:
      "Each day of the month in the zone, its phase at local noon and the principal phases exact within it; `lunations` lists every New Moon, First Quarter, Full Moon and Last Quarter of the local month. An addition to the interface: the public service's clients call it. Months 1800-02 to 2399-11.",
    query: moonMonthQuery,
    answer: { json: moonMonthResponse },
    task: moonMonthTask,
    prepare: ({ query: q }) => {
      const { year, month } = q;
      const key = `${year}-${String(month).padStart(2, '0')}`;
      if (key < MOON_FIRST_DATE.slice(0, 7) || key > MOON_LAST_DATE.slice(0, 7)) {
        throw new RequestFieldError(['query', 'year'], `months run from ${MOON_FIRST_DATE.slice(0, 7)} to ${MOON_LAST_DATE.slice(0, 7)}`, 'value_error.range');
      }
      const { zone, place } = zoneAndPlace(q);
      const include = {
        zodiac: q.include_zodiac,
        traditional_moon: q.include_traditional_moon,
        sign_timeline: q.include_sign_timeline,
        visuals: q.include_visuals,
      };
      return { year, month, zone, place, include, colors: colorsOf(q) };
    },
    mcp: {
      title: 'Moon phases of a month',
      description:
        "The month of GET /api/v1/moon/month (`year`, `month`, in `timezone` or the place's zone): each local day's phase at noon and the principal phases exact within it, and every New Moon, First Quarter, Full Moon and Last Quarter of the month, exact to the second; include_* flags add the Moon's sign each day, the traditional name of the Full Moon, the Moon's sign changes and small SVGs of the disc.",
    },
  }),
];
