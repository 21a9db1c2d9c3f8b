/** GET /api/v1/sky-events: every sky event of one local calendar day. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { isValidCalendarDate, resolveCivilTime } from '../../astro/civil-time.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { RequestFieldError } from '../shared/request-error.ts';
import { EPHEMERIS_FIRST_DATE, EPHEMERIS_LAST_DATE } from '../ephemeris/limits.ts';
import { kindsFor } from './presets.ts';
import { skyEventsQuery, skyEventsResponse } from './schemas.ts';

/**
 * The local day runs from its first instant to the next day's first instant, by the zone's rules:
 * 23 or 25 hours on DST days; a midnight skipped by a clock change starts the day at the change.
 */
function localDayStart(year: number, month: number, day: number, zone: string): number {
  return resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
}

export const skyEventsRoutes = (compute: ComputeRunner): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/v1/sky-events', {
    schema: {
      tags: ['sky-events'],
      summary: 'Sky events of one local day',
      description: `Lunations, sign ingresses (the Moon separately), stations, exact major aspects between Sun..Pluto and exact Moon aspects inside the local day of \`date\` in \`timezone\`, each exact to the second. Dates ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}.`,
      querystring: skyEventsQuery,
      response: { 200: skyEventsResponse },
    },
  }, async (request, reply) => {
    const q = request.query;
    const [y, m, d] = q.date.split('-').map(Number) as [number, number, number];
    if (!isValidCalendarDate(y, m, d)) throw new RequestFieldError(['query', 'date'], `${q.date} is not a calendar date`, 'value_error.date');
    if (q.date < EPHEMERIS_FIRST_DATE || q.date > EPHEMERIS_LAST_DATE) throw new RequestFieldError(['query', 'date'], `dates run from ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}`, 'value_error.range');
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    const startUtcMs = localDayStart(y, m, d, q.timezone);
    const endUtcMs = localDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), q.timezone);
    return sendJsonBytes(reply, await compute.run('sky_events', {
      date: q.date, timezone: q.timezone, preset: q.preset, startUtcMs, endUtcMs, kinds: kindsFor(q), formulation: q.include_formulation ?? false,
    }));
  });
};
