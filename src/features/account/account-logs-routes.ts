/**
 * GET /api/v1/auth/logs: the caller's most recent API requests. This process's buffered rows are
 * written first, so a caller sees their own requests at once; rows buffered by other API
 * processes appear within USAGE_FLUSH_INTERVAL_MS.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { UsageLogRepository } from '../../db/usage-logs.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import { accountId } from '../auth/account-user.ts';
import { logEntry, logsQuery } from './account-schemas.ts';

export const logRoutes =
  (deps: { db: DatabasePool; usage: UsageLogWriter }): FastifyPluginAsyncZod =>
  async (app) => {
    const logs = new UsageLogRepository(deps.db);
    app.get(
      '/api/v1/auth/logs',
      {
        schema: {
          tags: ['account'],
          summary: "The caller's most recent API requests, newest first",
          querystring: logsQuery,
          response: { 200: logEntry.array() },
        },
      },
      async (request) => {
        await deps.usage.flush();
        return [...(await logs.recentForUser(accountId(request), request.query.limit))];
      },
    );
  };
