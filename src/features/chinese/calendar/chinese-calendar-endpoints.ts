/** GET /api/v1/chinese/calendar/{date} and GET /api/v1/chinese/today: a day of the Chinese calendar. */
import { z } from 'zod/v4';
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { isValidCalendarDate } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { chineseCalendarAnswerBytes } from './chinese-calendar-answer.ts';
import type { ChineseCalendarTask } from './chinese-calendar-service.ts';
import { calendarParams, calendarQuery, calendarResponse, todayQuery } from './chinese-calendar-schemas.ts';

export const chineseCalendarTask = poolTask('chinese_calendar', (task: ChineseCalendarTask) => chineseCalendarAnswerBytes(task));

/** The day's task: the date checked and bounded on the event loop (`loc` names the field that gave it). */
function calendarDay(date: string, timezone: string, loc: (string | number)[]): ChineseCalendarTask {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(year, month, day)) throw new RequestFieldError(loc, `${date} is not a date of the Gregorian calendar`, 'value_error.date');
  if (year < MIN_YEAR || year > MAX_YEAR) throw new RequestFieldError(loc, `years run from ${MIN_YEAR} to ${MAX_YEAR}`, 'value_error.range');
  return { year, month, day, timezone };
}

/** Today's date in a zone. */
export function todayIn(timezone: string, nowMs = Date.now()): string {
  return new Date(nowMs + zoneOffsetSeconds(timezone, nowMs) * 1000).toISOString().slice(0, 10);
}

const DESCRIPTION =
  'The year, month and day pillars (year and month at local noon), the twelve hour pillars, the lunar date (months reckoned in UTC+8), the solar term in effect, the one falling on the day if any, and the next, the zodiac by Lichun and by the lunar new year, and the pillars that change inside the day. See docs/api/chinese.md, "The calendar".';

/** The calendar tool's arguments: the path's date and the query's zone side by side. */
const calendarArguments = z.object({ ...calendarParams.shape, ...calendarQuery.shape });

export const CHINESE_CALENDAR_ENDPOINTS = [
  endpoint({
    method: 'GET',
    paths: ['/api/v1/chinese/calendar/:date'],
    tags: ['chinese'],
    summary: 'A day of the Chinese calendar',
    description: DESCRIPTION,
    params: calendarParams,
    query: calendarQuery,
    answer: { json: calendarResponse },
    task: chineseCalendarTask,
    prepare: ({ params, query }) => calendarDay(params.date, query.timezone, ['path', 'date']),
    mcp: {
      title: 'A day of the Chinese calendar',
      description:
        'GET /api/v1/chinese/calendar/{date}: the year, month, day and hour pillars, lunar date, solar terms and zodiac of `date` (YYYY-MM-DD) in `timezone` (default Asia/Shanghai).',
      input: calendarArguments,
      request: (args) => {
        const { date, timezone } = args as z.output<typeof calendarArguments>;
        return { body: undefined, query: { timezone }, params: { date } };
      },
    },
  }),
  endpoint({
    method: 'GET',
    paths: ['/api/v1/chinese/today'],
    tags: ['chinese'],
    summary: 'Today in the Chinese calendar',
    description: `Today in \`timezone\`. ${DESCRIPTION}`,
    query: todayQuery,
    answer: { json: calendarResponse },
    task: chineseCalendarTask,
    prepare: ({ query }, nowMs) => calendarDay(todayIn(query.timezone, nowMs), query.timezone, ['query', 'timezone']),
    mcp: {
      title: 'Today in the Chinese calendar',
      description: "GET /api/v1/chinese/today: today's pillars, lunar date, solar terms and zodiac in `timezone` (default Asia/Shanghai).",
      input: todayQuery,
      // The answer depends on the day of the call.
      idempotent: false,
    },
  }),
];
