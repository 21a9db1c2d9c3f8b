/** Serving the calendar day: the date checked and bounded on the event loop, the day computed in the pool (REST and MCP share it). */
import type { ComputeRunner } from '../../compute/runner.ts';
import { isValidCalendarDate } from '../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';
import { MAX_YEAR, MIN_YEAR } from '../../requests/birth-schema.ts';
import { RequestFieldError } from '../../requests/request-error.ts';

export function calculateCalendarDay(compute: ComputeRunner, date: string, timezone: string, loc: (string | number)[] = ['path', 'date']): Promise<Buffer> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(year, month, day)) throw new RequestFieldError(loc, `${date} is not a date of the Gregorian calendar`, 'value_error.date');
  if (year < MIN_YEAR || year > MAX_YEAR) throw new RequestFieldError(loc, `years run from ${MIN_YEAR} to ${MAX_YEAR}`, 'value_error.range');
  return compute.run('chinese_calendar', { year, month, day, timezone });
}

/** Today's date in a zone. */
export function todayIn(timezone: string, nowMs = Date.now()): string {
  return new Date(nowMs + zoneOffsetSeconds(timezone, nowMs) * 1000).toISOString().slice(0, 10);
}
