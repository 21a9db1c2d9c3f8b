/**
 * A civil date and time at a place, resolved to the UT instant the ephemeris needs, with
 * everything a caller may want to check echoed back (zone, offset, DST resolution, ΔT).
 */
import {
  CivilTimeError,
  formatLocalIso,
  formatOffset,
  ianaZone,
  isoUtc,
  isValidCalendarDate,
  julianDayFromUtcMs,
  resolveCivilTime,
  DEFAULT_DST_POLICY,
  type DstPolicy,
  type LocalTimeStatus,
} from '../astro/civil-time.ts';
import { deltaTSeconds } from '../astro/ephemeris.ts';
import { timeZoneAt } from '../geo/time-zone-lookup.ts';
import { RequestFieldError } from './request-error.ts';
import { isAutoZone, requestedZone, type ZoneFields } from './place.ts';

export interface MomentInput {
  year: number;
  month: number;
  day: number;
  hour?: number | undefined;
  minute?: number | undefined;
  second?: number | undefined;
  time_known?: boolean | undefined;
}

export interface ResolvedMoment {
  utcMs: number;
  jdUt: number;
  jdTt: number;
  deltaTSeconds: number;
  zone: string;
  zoneSource: 'request' | 'auto';
  offsetSeconds: number;
  localIso: string;
  utcIso: string;
  timeKnown: boolean;
  dst: { status: LocalTimeStatus; policy: DstPolicy; applied: boolean; candidate_offsets?: string[] | undefined };
  /** What an answer cast for this moment should say of it: a local time skipped or repeated by a daylight-saving change. */
  warning?: string | undefined;
}

/**
 * The warnings a chart cast for the moment starts with (computeChartMoment's `warnings`); `whose`
 * names the moment where an answer has several (`natal`, `transit`, a person's name).
 */
export function momentWarnings(moment: ResolvedMoment, whose?: string): string[] | undefined {
  if (moment.warning === undefined) return undefined;
  return [whose === undefined ? moment.warning : `${whose}: ${moment.warning}`];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The warning of a local time that a daylight-saving change skipped (a gap) or repeated (a fold):
 * the chart is then cast for another wall time, or for one of two instants, which the answer's
 * provenance shows but a reader of its warnings should not have to look for.
 */
function dstWarning(
  civil: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  status: LocalTimeStatus,
  zone: string,
  localIso: string,
  policy: DstPolicy,
): string | undefined {
  if (status === 'ok') return undefined;
  const wall = `${pad(civil.year, 4)}-${pad(civil.month)}-${pad(civil.day)} ${pad(civil.hour)}:${pad(civil.minute)}${civil.second ? `:${civil.second < 10 ? '0' : ''}${civil.second}` : ''}`;
  if (status === 'gap')
    return `local time ${wall} does not exist in ${zone} (a daylight-saving change skipped it): read as ${localIso} (dst_policy ${policy}; reject refuses such times)`;
  return `local time ${wall} occurs twice in ${zone} (a daylight-saving change repeated it): the ${policy === 'later' ? 'later' : 'earlier'} one was used, ${localIso} (dst_policy earlier or later chooses)`;
}

/** The zone of a place: looked up with the place on the event loop, or here when it was not. */
const zoneAt = (place: { lat: number; lng: number; zone?: string | undefined }) => place.zone ?? timeZoneAt(place.lat, place.lng);

/** Untimed births are cast for local noon: the Moon is then at most about 6.5° from its true place. */
export const UNTIMED_HOUR = 12;

const timeFieldMissing = (loc: (string | number)[], field: 'hour' | 'minute') =>
  new RequestFieldError([...loc, field], `${field} is required when time_known is true`, 'missing');

export function resolveMoment(
  input: MomentInput,
  tz: string | undefined,
  place: { lat: number; lng: number; zone?: string | undefined },
  policy: DstPolicy | undefined,
  loc: (string | number)[],
  tzField = 'tz_str',
): ResolvedMoment {
  if (!isValidCalendarDate(input.year, input.month, input.day)) {
    throw new RequestFieldError([...loc, 'day'], `${input.year}-${input.month}-${input.day} is not a date of the Gregorian calendar`, 'value_error.date');
  }
  const timeKnown = input.time_known ?? true;
  if (timeKnown) {
    // Each field read by its name: a loop over the names made one keyed load that saw two keys, the slow kind.
    if (input.hour === undefined || input.hour === null) throw timeFieldMissing(loc, 'hour');
    if (input.minute === undefined || input.minute === null) throw timeFieldMissing(loc, 'minute');
  }
  const auto = isAutoZone(tz);
  const zone = auto ? zoneAt(place) : tz!;
  const civil = timeKnown
    ? { year: input.year, month: input.month, day: input.day, hour: input.hour!, minute: input.minute!, second: input.second ?? 0 }
    : { year: input.year, month: input.month, day: input.day, hour: UNTIMED_HOUR, minute: 0, second: 0 };
  const effectivePolicy = policy ?? DEFAULT_DST_POLICY;
  let resolved;
  try {
    resolved = resolveCivilTime(civil, zone, effectivePolicy);
  } catch (error) {
    if (error instanceof CivilTimeError)
      throw new RequestFieldError([...loc, error.field === 'tz_str' ? tzField : error.field], error.message, `value_error.${error.code}`);
    throw error;
  }
  const jdUt = julianDayFromUtcMs(resolved.utcMs);
  const dt = deltaTSeconds(jdUt);
  const localIso = formatLocalIso(resolved.utcMs, resolved.offsetSeconds);
  return {
    utcMs: resolved.utcMs,
    jdUt,
    jdTt: jdUt + dt / 86400,
    deltaTSeconds: dt,
    zone: resolved.zone,
    zoneSource: auto ? 'auto' : 'request',
    offsetSeconds: resolved.offsetSeconds,
    localIso,
    utcIso: isoUtc(resolved.utcMs),
    timeKnown,
    // Every key always there (undefined when it does not apply), in one order: one shape for the readers of every moment.
    dst: {
      status: resolved.status,
      policy: effectivePolicy,
      applied: resolved.status !== 'ok',
      candidate_offsets: resolved.candidateOffsets?.map(formatOffset),
    },
    warning: dstWarning(civil, resolved.status, resolved.zone, localIso, effectivePolicy),
  };
}

/**
 * The moment of a birth as a request gives it: its date and time, in the zone its `tz_str` or
 * `timezone` names (requestedZone: an error names the field that named the zone), under its
 * `dst_policy`.
 */
export function birthMoment(
  subject: MomentInput & ZoneFields & { dst_policy?: DstPolicy | undefined },
  place: { lat: number; lng: number; zone?: string | undefined },
  loc: (string | number)[],
): ResolvedMoment {
  const zone = requestedZone(subject, loc);
  return resolveMoment(subject, zone.tz, place, subject.dst_policy, loc, zone.field);
}

/**
 * A moment given as an absolute instant (an offset in the request, a found return, "now"): no
 * wall time to resolve, only the zone of the place for the echo.
 */
export function momentAtInstant(
  utcMs: number,
  place: { lat: number; lng: number; zone?: string | undefined },
  tz: string | undefined,
  policy: DstPolicy = DEFAULT_DST_POLICY,
): ResolvedMoment {
  const auto = isAutoZone(tz);
  const zone = ianaZone(auto ? zoneAt(place) : tz!)!;
  const offsetSeconds = Math.round(zone.offset(utcMs) * 60);
  const jdUt = julianDayFromUtcMs(utcMs);
  const dt = deltaTSeconds(jdUt);
  return {
    utcMs,
    jdUt,
    jdTt: jdUt + dt / 86400,
    deltaTSeconds: dt,
    zone: zone.name,
    zoneSource: auto ? 'auto' : 'request',
    offsetSeconds,
    localIso: formatLocalIso(utcMs, offsetSeconds),
    utcIso: isoUtc(utcMs),
    timeKnown: true,
    dst: { status: 'ok', policy, applied: false, candidate_offsets: undefined },
    warning: undefined,
  };
}
