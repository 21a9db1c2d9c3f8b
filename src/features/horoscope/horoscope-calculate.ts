/**
 * Serving the horoscopes: the birth place resolved and the day fixed in its zone on the event loop
 * (one gazetteer and zone cache per process), then the compute task. The REST routes and the MCP
 * tools call these, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { ianaZone } from '../../astro/civil-time.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { isAutoZone, requestedZone, resolveSubjectPlace, type ResolvedPlace } from '../../requests/place.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { dayOfRequest, type DayFrame } from './horoscope-day.ts';
import type { DailyPersonalRequest, DailySignQuery, HoroscopeBirth, WeeklyPersonalRequest } from './horoscope-schemas.ts';
import { newRequestId, type PersonalTask, type SignTask } from './horoscope-service.ts';

/** The zone of the day: the request's own (`tz_str`/`timezone`), else the birth's, else the birth place's. */
function dayZone(body: { tz_str?: string | undefined; timezone?: string | undefined }, birth: HoroscopeBirth, place: ResolvedPlace): string {
  const own = requestedZone(body, ['body']).tz;
  if (!isAutoZone(own)) return own!;
  const births = requestedZone(birth, ['body', 'birth']).tz;
  if (!isAutoZone(births)) return births!;
  return place.zone ?? timeZoneAt(place.lat, place.lng);
}

function personalTask(body: DailyPersonalRequest | WeeklyPersonalRequest, day: string | undefined, dayField: string, weekly: boolean): PersonalTask {
  const place = resolveSubjectPlace(body.birth, ['body', 'birth']);
  const zone = dayZone(body, body.birth, place);
  const nowMs = Date.now();
  let frame = dayOfRequest(day, zone, nowMs, ['body', dayField]);
  if (weekly && day === undefined) frame = mondayOf(frame);
  return {
    birth: body.birth,
    place,
    frame,
    locale: body.locale ?? 'en',
    interpretationBlocks: body.include_interpretation_blocks ?? false,
    requestId: newRequestId(),
    nowMs,
  };
}

/** The Monday on or before a day (the default first day of a week). */
function mondayOf(frame: DayFrame): DayFrame {
  const back = (frame.weekday + 6) % 7;
  const d = new Date(Date.UTC(frame.year, frame.month - 1, frame.day - back));
  return dayOfRequest(d.toISOString().slice(0, 10), frame.zone, 0, ['body', 'week_start']);
}

export function calculateDailyPersonal(compute: ComputeRunner, body: DailyPersonalRequest, version: 'v1' | 'v2' | 'v3'): Promise<Buffer> {
  const task = personalTask(body, body.date, 'date', false);
  return compute.run(`horoscope_daily_personal_${version}`, task);
}

export function calculateWeeklyPersonal(compute: ComputeRunner, body: WeeklyPersonalRequest): Promise<Buffer> {
  return compute.run('horoscope_weekly_personal', personalTask(body, body.week_start, 'week_start', true));
}

export function calculateDailySign(compute: ComputeRunner, query: DailySignQuery, version: 'v1' | 'v2'): Promise<Buffer> {
  const hasLat = query.lat !== undefined;
  if (hasLat !== (query.lng !== undefined)) throw new RequestFieldError(['query', hasLat ? 'lng' : 'lat'], 'lat and lng must be given together', 'missing');
  const own = requestedZone(query, ['query']).tz;
  const zone = !isAutoZone(own) ? own! : hasLat ? timeZoneAt(query.lat!, query.lng!) : 'UTC';
  const nowMs = Date.now();
  const frame = dayOfRequest(query.date, zone, nowMs, ['query', 'date']);
  // Without a place, the planetary hours are reckoned on the equator at the meridian of the zone's offset that day.
  const place = hasLat
    ? { lat: query.lat!, lng: query.lng! }
    : { lat: 0, lng: Math.max(-180, Math.min(180, (ianaZone(zone)!.offset(frame.noonMs) / 60) * 15)) };
  const warnings = hasLat
    ? []
    : [`No lat/lng: the lucky hour is reckoned on the equator at longitude ${place.lng}° (the meridian of ${zone}'s offset that day).`];
  const task: SignTask = { sign: query.sign, frame, place, locale: query.locale ?? 'en', version, requestId: newRequestId(), nowMs, warnings };
  return compute.run('horoscope_daily_sign', task);
}
