/** GET /api/v1/chinese/calendar/{date} and GET /api/v1/chinese/today: a day of the Chinese calendar. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateCalendarDay, todayIn } from './chinese-calendar-calculate.ts';
import { calendarParams, calendarQuery, calendarResponse, todayQuery } from './chinese-calendar-schemas.ts';

const DESCRIPTION =
  'The year, month and day pillars (year and month at local noon), the twelve hour pillars, the lunar date (months reckoned in UTC+8), the solar term in effect, the one falling on the day if any, and the next, the zodiac by Lichun and by the lunar new year, and the pillars that change inside the day. See docs/api/chinese.md, "The calendar".';

export const chineseCalendarRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/chinese/calendar/:date',
      {
        schema: {
          tags: ['chinese'],
          summary: 'A day of the Chinese calendar',
          description: DESCRIPTION,
          params: calendarParams,
          querystring: calendarQuery,
          response: { 200: calendarResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateCalendarDay(compute, request.params.date, request.query.timezone)),
    );

    app.get(
      '/api/v1/chinese/today',
      {
        schema: {
          tags: ['chinese'],
          summary: 'Today in the Chinese calendar',
          description: `Today in \`timezone\`. ${DESCRIPTION}`,
          querystring: todayQuery,
          response: { 200: calendarResponse },
        },
      },
      async (request, reply) =>
        sendJsonBytes(reply, await calculateCalendarDay(compute, todayIn(request.query.timezone), request.query.timezone, ['query', 'timezone'])),
    );
  };
