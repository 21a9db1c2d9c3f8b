/**
 * Civil dates (spec.md §1.4): ISO `YYYY-MM-DD`, proleptic Gregorian, years 0001–9999, taken as given
 * (no Julian→Gregorian conversion, no time-zone shift).
 */
import { DateTime, IANAZone } from 'luxon';

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses a strict ISO civil date, or returns null (→ `invalid_date`). `1900-02-29` is null. */
export function parseCivilDate(text: string): CivilDate | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || year > 9999) return null;
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatCivilDate(date: CivilDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** `"%02d%02d%04d" % (a, b, year)`. */
export function dateDigits(first: number, second: number, year: number): string {
  return `${pad(first, 2)}${pad(second, 2)}${pad(year, 4)}`;
}

/** True when `zone` is an IANA zone name the runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/**
 * The current civil date in the IANA zone `zone` at instant `now`, or null when the zone is unknown
 * or the date falls outside years 0001–9999.
 */
export function civilDateInZone(zone: string, now: Date): CivilDate | null {
  if (!isKnownTimeZone(zone)) return null;
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) return null;
  if (local.year < 1 || local.year > 9999) return null;
  return { year: local.year, month: local.month, day: local.day };
}
