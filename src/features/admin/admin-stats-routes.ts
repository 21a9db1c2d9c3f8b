/**
 * stats/requests-per-day (cached 5 minutes per process), stats/new-users-daily and stats/usage.
 * All read rollups, never the raw request log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { LRUCache } from 'lru-cache';
import { UsageStatsRepository, type DayCount } from '../../db/usage-stats.ts';
import { ReportJobRepository } from '../../reports/store/report-jobs.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { daysQuery, globalStats, requestPerDay, requestsPerDayQuery } from './admin-stats-schemas.ts';

const CACHE_SECONDS = 300;

export const statsRoutes =
  (deps: { db: DatabasePool; routes: ReadonlySet<string> }): FastifyPluginAsyncZod =>
  async (app) => {
    const stats = new UsageStatsRepository(deps.db);
    const jobs = new ReportJobRepository(deps.db);
    // Bounded: at most one entry per (days, endpoint) asked, and both are bounded.
    const perDayCache = new LRUCache<string, readonly DayCount[]>({ max: 2000, ttl: CACHE_SECONDS * 1000 });

    app.get(
      '/api/v1/admin/stats/requests-per-day',
      {
        schema: {
          tags: ['admin'],
          summary: 'API requests per UTC day, zero-filled; all routes or one (cached 5 minutes)',
          querystring: requestsPerDayQuery,
          response: { 200: requestPerDay.array() },
        },
      },
      async (request, reply) => {
        const { days, endpoint } = request.query;
        if (endpoint !== undefined && !deps.routes.has(endpoint)) {
          throw new RequestFieldError(['query', 'endpoint'], 'not a route template of this service (e.g. /api/v1/natal/calculate)', 'value_error.endpoint');
        }
        const key = `${days} ${endpoint ?? ''}`;
        let series = perDayCache.get(key);
        if (!series) perDayCache.set(key, (series = await stats.requestsPerDay(days, endpoint)));
        reply.header('cache-control', `private, max-age=${CACHE_SECONDS}`);
        return [...series];
      },
    );

    app.get(
      '/api/v1/admin/stats/new-users-daily',
      {
        schema: { tags: ['admin'], summary: 'New users per UTC day, zero-filled', querystring: daysQuery, response: { 200: requestPerDay.array() } },
      },
      async (request) => [...(await stats.newUsersPerDay(request.query.days))],
    );

    app.get(
      '/api/v1/admin/stats/usage',
      {
        schema: { tags: ['admin'], summary: 'Users, active users, requests today and over 30 days, paying users, report jobs', response: { 200: globalStats } },
      },
      async () => {
        const [counts, classes, reportJobs] = await Promise.all([stats.globalCounts(), stats.statusClasses30d(), jobs.countsByStatus()]);
        return { ...counts, requests_by_status_class_30d: classes, report_jobs: reportJobs };
      },
    );
  };
