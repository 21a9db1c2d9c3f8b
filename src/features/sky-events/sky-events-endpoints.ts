/** GET /api/v1/sky-events: every sky event of one local calendar day. */
import { poolTask } from '../../compute/pool-task.ts';
import { endpoint } from '../../http/endpoint.ts';
import { schemaSerializer } from '../../answers/schema-serializer.ts';
import { isValidCalendarDate, resolveCivilTime } from '../../astro/civil-time.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { EPHEMERIS_FIRST_DATE, EPHEMERIS_LAST_DATE } from '../ephemeris/limits.ts';
import { kindsFor } from './presets.ts';
import { computeSkyEvents, type SkyEventsTask } from './sky-events-service.ts';
import { skyEventsQuery, skyEventsResponse, type SkyEventsQuery } from './sky-events-schemas.ts';

const skyEventsAnswer = schemaSerializer(skyEventsResponse);
export const skyEventsTask = poolTask('sky_events', (task: SkyEventsTask) => skyEventsAnswer(computeSkyEvents(task)));

/**
 * The local day runs from its first instant to the next day's first instant, by the zone's rules:
 * 23 or 25 hours on DST days; a midnight skipped by a clock change starts the day at the change.
 */
function localDayStart(year: number, month: number, day: number, zone: string): number {
  return resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
}

/** The local day's bounds in UTC (by the zone's rules) and the kinds of event asked for. */
export function skyEventsTaskOf(q: SkyEventsQuery): SkyEventsTask {
  const [y, m, d] = q.date.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(y, m, d)) throw new RequestFieldError(['query', 'date'], `${q.date} is not a calendar date`, 'value_error.date');
  if (q.date < EPHEMERIS_FIRST_DATE || q.date > EPHEMERIS_LAST_DATE)
    throw new RequestFieldError(['query', 'date'], `dates run from ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}`, 'value_error.range');
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    date: q.date,
    timezone: q.timezone,
    preset: q.preset,
    startUtcMs: localDayStart(y, m, d, q.timezone),
    endUtcMs: localDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), q.timezone),
    kinds: kindsFor(q),
    formulation: q.include_formulation ?? false,
  };
}

export const SKY_EVENTS_ENDPOINTS = [
  endpoint({
    method: 'GET',
    paths: ['/api/v1/sky-events'],
    tags: ['sky-events'],
    summary: 'Sky events of one local day',
    description: `Lunations, sign ingresses (the Moon separately), stations, exact major aspects between Sun..Pluto and exact Moon aspects inside the local day of \`date\` in \`timezone\`, each exact to the second. Dates ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE}.`,
    query: skyEventsQuery,
    answer: { json: skyEventsResponse },
    task: skyEventsTask,
    prepare: ({ query }) => skyEventsTaskOf(query),
    mcp: {
      title: 'Sky events of a day',
      description:
        'The sky events of GET /api/v1/sky-events for one local calendar day (`date`, `timezone`): New and Full Moons, sign ingresses, stations, exact aspects between the planets and of the Moon, each exact to the second, with an optional short phrase per event. `preset` quiet, daily or full chooses the kinds; include_* flags override it.',
    },
  }),
];
