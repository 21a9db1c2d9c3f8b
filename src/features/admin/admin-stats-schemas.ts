/** Statistics of the admin dashboard (RequestPerDay, GlobalStats: field-reference §11). */
import { z } from 'zod/v4';

export const MAX_STATS_DAYS = 366;

export const daysQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_STATS_DAYS).default(30).describe('UTC days up to today, today included.'),
});

export const requestsPerDayQuery = daysQuery.extend({
  endpoint: z.string().min(1).max(300).optional().describe('A route template of the service, e.g. `/api/v1/natal/calculate`; all routes without it.'),
});

export const requestPerDay = z
  .object({
    date: z.string().describe('UTC day, YYYY-MM-DD.'),
    count: z.number().int().describe('API requests of that day (of the endpoint, when one was named)'),
  })
  .meta({ id: 'RequestPerDay' });

export const globalStats = z
  .object({
    total_users: z.number().int().describe('Accounts in the service'),
    active_users_7d: z.number().int().describe('Users with an API request in the last 7 days.'),
    active_users_30d: z.number().int().describe('Users with an API request in the last 30 days.'),
    requests_today: z.number().int().describe('API requests of the current UTC day.'),
    requests_30d: z.number().int().describe('API requests of the last 30 UTC days, today included.'),
    requests_by_status_class_30d: z.record(z.string(), z.number().int()).describe('The same by status class: `2xx`, `4xx`, ...'),
    paying_users: z.number().int().describe('Users on a paid plan whose subscription is active, trialing or past due.'),
    report_jobs: z
      .object({
        queued: z.number().int().describe('Jobs waiting for a worker'),
        running: z.number().int().describe('Jobs being made'),
        completed: z.number().int().describe('Jobs finished with a report'),
        failed: z.number().int().describe('Jobs that ended in an error'),
      })
      .describe('Report jobs by state.'),
  })
  .meta({ id: 'GlobalStats' });
