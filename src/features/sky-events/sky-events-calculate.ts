/**
 * Serving a sky-events query: the local day's bounds in UTC (by the zone's rules), then the
 * event search in the compute runner. Shared by the REST route and the MCP tool.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { isValidCalendarDate, resolveCivilTime } from '../../astro/civil-time.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { EPHEMERIS_FIRST_DATE, EPHEMERIS_LAST_DATE } from '../ephemeris/limits.ts';
import { kindsFor } from './presets.ts';
import type { SkyEventsQuery } from './sky-events-schemas.ts';

/**
 * The local day runs from its first instant to the next day's first instant, by the zone's rules:
 * 23 or 25 hours on DST days; a midnight skipped by a clock change starts the day at the change.
 */
function localDayStart(year: number, month: number, day: number, zone: string): number {
  return resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
}

export function calculateSkyEvents(compute: ComputeRunner, q: SkyEventsQuery): Promise<Buffer> {
  const [y, m, d] = q.date.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(y, m, d)) throw new RequestFieldError(['query', 'date'], `${q.date} is not a calendar date`, 'value_error.date');
  if (q.date < EPHEMERIS_FIRST_DATE || q.date > EPHEMERIS_LAST_DATE)
    throw new RequestFieldError(['query', 'date'], `dates run from ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}`, 'value_error.range');
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const startUtcMs = localDayStart(y, m, d, q.timezone);
  const endUtcMs = localDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), q.timezone);
  return compute.run('sky_events', {
    date: q.date,
    timezone: q.timezone,
    preset: q.preset,
    startUtcMs,
    endUtcMs,
    kinds: kindsFor(q),
    formulation: q.include_formulation ?? false,
  });
}
