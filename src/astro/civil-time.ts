/**
 * Civil (wall-clock) time in an IANA zone to a UT instant, with explicit handling of the local
 * times that a daylight-saving change skips (gaps) or repeats (folds).
 *
 * Civil UTC is taken as UT, as the reference data does (the difference is under 0.9 s since 1972).
 */
import { DateTime, type IANAZone } from 'luxon';
import { ianaZone, intlOffsetSeconds } from './zone-intl.ts';
import { zoneOffsetSecondsOnceFrequent } from './zone-offset-table.ts';
import { indexedOffsetSeconds } from './zone-transitions.ts';
import { isoDateTimeText } from './iso-text.ts';

export type DstPolicy = 'reject' | 'earlier' | 'later' | 'shift_forward';
export const DST_POLICIES = ['reject', 'earlier', 'later', 'shift_forward'] as const;

/**
 * Without `dst_policy` a gap is shifted forward by its length and a fold takes the earlier
 * occurrence: what clocks, most libraries and the legacy behaviour of the public API do.
 */
export const DEFAULT_DST_POLICY: DstPolicy = 'shift_forward';

export interface CivilTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type LocalTimeStatus = 'ok' | 'gap' | 'fold';

export interface ResolvedInstant {
  /** Milliseconds since 1970 UTC. */
  utcMs: number;
  zone: string;
  /** Offset from UTC in seconds (east positive) in force at the instant. */
  offsetSeconds: number;
  status: LocalTimeStatus;
  /** The policy that decided a gap or fold (undefined when the local time was unambiguous). */
  policyApplied: DstPolicy | undefined;
  /** For gaps and folds: the local time's candidate offsets, in seconds. */
  candidateOffsets: number[] | undefined;
}

export class CivilTimeError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether the calendar date exists (rejects 31 April, 29 February in common years...). */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (!(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[Math.trunc(month) - 1]!);
}

/** Whether hour, minute and second name a time of day (00:00:00 up to 23:59:59.999…). */
export function isTimeOfDay(hour: number, minute: number, second: number): boolean {
  return hour <= 23 && minute <= 59 && second < 60;
}

/**
 * Seconds east of UTC of a timestamp's offset (`Z`, `±HH:MM` or `±HHMM`); undefined for more
 * than 18 hours or more than 59 minutes, which no clock has ever shown.
 */
export function utcOffsetSeconds(offset: string): number | undefined {
  if (offset === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (minutes > 59 || hours * 60 + minutes > 18 * 60) return undefined;
  return (offset[0] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** Wall time read as if it were UTC: the reference point for offset arithmetic. */
function wallAsUtcMs(t: CivilTime): number {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  d.setUTCHours(t.hour, t.minute, 0, 0);
  return d.getTime() + t.second * 1000;
}

/**
 * Offset in seconds at an instant: from the index of every zone's transitions (1850-2100), else
 * from the zone's table of transitions when its year is frequent, else from Intl. The index and
 * the table are built from the same Intl offsets, so all three give the same answer.
 */
function offsetSecondsAt(zone: IANAZone, utcMs: number): number {
  return indexedOffsetSeconds(zone.name, utcMs) ?? zoneOffsetSecondsOnceFrequent(zone.name, utcMs) ?? intlOffsetSeconds(zone, utcMs);
}

export function resolveCivilTime(t: CivilTime, zoneName: string, policy: DstPolicy = DEFAULT_DST_POLICY): ResolvedInstant {
  const zone = ianaZone(zoneName);
  if (!zone) throw new CivilTimeError(`unknown time zone '${zoneName}'`, 'tz_str', 'unknown_time_zone');
  const wall = wallAsUtcMs(t);
  // No transition within a day and a half either side (the usual case): one offset, one answer.
  const before = offsetSecondsAt(zone, wall - 36 * 3_600_000);
  const after = offsetSecondsAt(zone, wall + 36 * 3_600_000);
  // (Two transitions that cancel out within three days do not occur in the time-zone database.)
  if (before === after) {
    return instant(zone.name, wall - before * 1000, before, 'ok');
  }
  // Every offset in force within a day and a half either side: transitions closer than that
  // to each other do not occur in the time-zone database.
  const probeOffsets = new Set([-36, -12, 0, 12, 36].map((h) => offsetSecondsAt(zone, wall + h * 3_600_000)));
  const valid: { utcMs: number; offset: number }[] = [];
  for (const offset of probeOffsets) {
    const utcMs = wall - offset * 1000;
    if (offsetSecondsAt(zone, utcMs) === offset && !valid.some((v) => v.utcMs === utcMs)) valid.push({ utcMs, offset });
  }
  valid.sort((a, b) => a.utcMs - b.utcMs);
  if (valid.length === 1) return instant(zone.name, valid[0]!.utcMs, valid[0]!.offset, 'ok');

  if (valid.length >= 2) {
    const candidateOffsets = valid.map((v) => v.offset);
    if (policy === 'reject') {
      throw new CivilTimeError(
        `local time is ambiguous in ${zone.name} (it occurs twice at a daylight-saving change); set dst_policy to earlier or later`,
        'dst_policy',
        'ambiguous_local_time',
      );
    }
    const chosen = policy === 'later' ? valid[valid.length - 1]! : valid[0]!;
    return instant(zone.name, chosen.utcMs, chosen.offset, 'fold', policy, candidateOffsets);
  }

  // A gap: the wall time never occurs. The offsets before and after the transition bracket it.
  if (policy === 'reject') {
    throw new CivilTimeError(
      `local time does not exist in ${zone.name} (skipped by a daylight-saving change); set dst_policy to earlier, later or shift_forward`,
      'dst_policy',
      'nonexistent_local_time',
    );
  }
  // 'earlier' reads the wall time with the new offset (lands before the gap); 'later' and
  // 'shift_forward' read it with the old offset, which moves the clock forward by the gap.
  const offsetUsed = policy === 'earlier' ? after : before;
  const utcMs = wall - offsetUsed * 1000;
  return instant(zone.name, utcMs, offsetSecondsAt(zone, utcMs), 'gap', policy, [before, after]);
}

/**
 * Every resolved instant with the same keys in the same order (the policy and candidates
 * undefined when the time was unambiguous): its readers then see one shape, where a spread per
 * case made four and their property loads fell back to the slow, megamorphic kind.
 */
function instant(
  zone: string,
  utcMs: number,
  offsetSeconds: number,
  status: LocalTimeStatus,
  policyApplied?: DstPolicy,
  candidateOffsets?: number[],
): ResolvedInstant {
  return { utcMs, zone, offsetSeconds, status, policyApplied, candidateOffsets };
}

/** ISO local datetime with offset, e.g. 1981-01-01T23:30:00+02:00 (seconds in the offset when LMT has them). */
export function formatLocalIso(utcMs: number, offsetSeconds: number): string {
  const wall = isoDateTimeText(utcMs + offsetSeconds * 1000, 'when-not-zero');
  return wall !== undefined ? wall + formatOffset(offsetSeconds) : formatLocalIsoByDate(utcMs, offsetSeconds);
}

/** formatLocalIso through a Date: for the years before 0 and after 9999 (in the extended form), and the reference of its test. */
export function formatLocalIsoByDate(utcMs: number, offsetSeconds: number): string {
  const local = new Date(utcMs + offsetSeconds * 1000);
  const pad = (n: number, w = 2) => String(Math.trunc(n)).padStart(w, '0');
  const y = local.getUTCFullYear();
  const yearText = y >= 0 && y <= 9999 ? pad(y, 4) : (y < 0 ? '-' : '+') + pad(Math.abs(y), 6);
  const ms = local.getUTCMilliseconds();
  const frac = ms ? `.${pad(ms, 3)}` : '';
  return `${yearText}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${frac}${formatOffset(offsetSeconds)}`;
}

export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const hm = `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return s ? `${hm}:${String(s).padStart(2, '0')}` : hm;
}

/** What Date's toISOString gives (it throws for time values a Date refuses). */
export function isoUtc(utcMs: number): string {
  const text = isoDateTimeText(utcMs, 'always');
  if (text !== undefined) return `${text}Z`;
  return new Date(utcMs).toISOString();
}

export function julianDayFromUtcMs(utcMs: number): number {
  return utcMs / 86_400_000 + 2440587.5;
}

export function utcMsFromJulianDay(jd: number): number {
  return (jd - 2440587.5) * 86_400_000;
}

export { DateTime };
export { ianaZone, intlOffsetSeconds };
