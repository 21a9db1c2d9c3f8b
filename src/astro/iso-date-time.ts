/**
 * Dates and date-times as requests send them (`transit_date`, `progression_date`, the ephemeris's
 * `start` and `end`), read by one set of rules: `YYYY-MM-DD`, optionally `THH:MM[:SS[.fff]]`
 * (a space for the T is accepted), optionally `Z` or an offset `±HH:MM` / `±HHMM`. The date must
 * exist in the Gregorian calendar (no 30 February, no month 13), the time must be a time of day
 * (no 24:00, no 23:60), the offset one a clock has shown (at most ±18:00), and the year one the
 * caller serves. Nothing is rolled over into the next day or month.
 */
import { isTimeOfDay, isValidCalendarDate, utcOffsetSeconds, type CivilTime } from './civil-time.ts';

export const ISO_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export const ISO_DATE_TIME_FORMS = 'YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]], optionally with Z or an offset ±HH:MM';

export interface IsoDateTime {
  civil: CivilTime;
  /** False for a bare date. */
  hasTime: boolean;
  /** Seconds east of UTC when the text carries `Z` or an offset: an absolute instant. */
  offsetSeconds?: number;
}

export type IsoDateTimeReading = { ok: true; value: IsoDateTime } | { ok: false; reason: string };

export function readIsoDateTime(text: string, years: { min: number; max: number }): IsoDateTimeReading {
  const m = ISO_DATE_TIME_PATTERN.exec(text);
  if (!m) return { ok: false, reason: `is not in the form ${ISO_DATE_TIME_FORMS}` };
  const [, y, mo, d, h, mi, s, fraction, offset] = m;
  const civil: CivilTime = { year: +y!, month: +mo!, day: +d!, hour: h ? +h : 0, minute: mi ? +mi : 0, second: (s ? +s : 0) + (fraction ? +fraction : 0) };
  if (civil.year < years.min || civil.year > years.max) return { ok: false, reason: `is outside the years served (${years.min}-${years.max})` };
  if (!isValidCalendarDate(civil.year, civil.month, civil.day)) return { ok: false, reason: 'is not a date of the Gregorian calendar' };
  if (!isTimeOfDay(civil.hour, civil.minute, civil.second)) return { ok: false, reason: 'is not a time of day (00:00 to 23:59:59)' };
  if (!offset) return { ok: true, value: { civil, hasTime: h !== undefined } };
  const offsetSeconds = utcOffsetSeconds(offset);
  if (offsetSeconds === undefined) return { ok: false, reason: 'has an offset beyond ±18:00' };
  return { ok: true, value: { civil, hasTime: h !== undefined, offsetSeconds } };
}

/** Milliseconds since 1970 of civil fields read at a fixed offset from UTC (0 for UTC itself). */
export function civilAtOffsetMs(civil: CivilTime, offsetSeconds: number): number {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  d.setUTCFullYear(civil.year, civil.month - 1, civil.day);
  d.setUTCHours(civil.hour, civil.minute, 0, 0);
  return d.getTime() + (civil.second - offsetSeconds) * 1000;
}
