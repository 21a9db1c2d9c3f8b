/**
 * GET /api/v1/auth/usage: the caller's requests per UTC day, in total and per endpoint, from the
 * daily rollups the usage log keeps (what the dashboard's usage chart draws). This process's
 * buffered rows are written first, as for the request log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { AccountUsageRepository, type DayRouteCount } from '../../db/account-usage.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import { accountId } from '../auth/account-user.ts';
import { accountUsageResponse, usageQuery } from './account-usage-schemas.ts';

/** Rows of (day, route) into one series per endpoint over the days of the range. */
export function usageSeries(rows: readonly DayRouteCount[]) {
  const dates = [...new Set(rows.map((r) => r.date))];
  const index = new Map(dates.map((d, i) => [d, i]));
  const requests = dates.map(() => 0);
  const errors = dates.map(() => 0);
  const routes = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.date)!;
    requests[i]! += row.requests;
    errors[i]! += row.errors;
    if (row.route === null) continue;
    const series = routes.get(row.route) ?? dates.map(() => 0);
    series[i]! += row.requests;
    routes.set(row.route, series);
  }
  const endpoints = [...routes]
    .map(([route, counts]) => ({ route, total: counts.reduce((a, b) => a + b, 0), requests: counts }))
    .sort((a, b) => b.total - a.total || a.route.localeCompare(b.route));
  return { dates, requests, errors, endpoints };
}

export const usageRoutes =
  (deps: { db: DatabasePool; usage: UsageLogWriter }): FastifyPluginAsyncZod =>
  async (app) => {
    const repository = new AccountUsageRepository(deps.db);
    app.get(
      '/api/v1/auth/usage',
      {
        schema: {
          tags: ['account'],
          summary: "The caller's requests per day and per endpoint",
          description: 'UTC days, zero-filled; counts every request the API logged for the caller (any key or OAuth token), whatever its status.',
          querystring: usageQuery,
          response: { 200: accountUsageResponse },
        },
      },
      async (request) => {
        await deps.usage.flush();
        return usageSeries(await repository.perDayAndRoute(accountId(request), request.query.days));
      },
    );
  };
