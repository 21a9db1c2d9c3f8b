/** GET /api/v1/admin/users, DELETE /api/v1/admin/users/{user_id} and GET /api/v1/admin/users/{user_id}/logs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { UserDirectory } from '../../db/user-directory.ts';
import { UsageLogRepository } from '../../db/usage-logs.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import { HttpError } from '../../http/errors.ts';
import { logEntry } from '../account/account-schemas.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { adminDeletionResponse, paginatedUsersResponse, userIdParams, userLogsQuery, usersQuery } from './admin-users-schemas.ts';
import { UnknownAccountError, type AccountDeletions } from '../settings/account-deletion.ts';

export const usersRoutes =
  (deps: { db: DatabasePool; usage: UsageLogWriter; deletions: AccountDeletions }): FastifyPluginAsyncZod =>
  async (app) => {
    const directory = new UserDirectory(deps.db);
    const logs = new UsageLogRepository(deps.db);

    app.get(
      '/api/v1/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Users with plan, status, activity and request count: filtered, searched, sorted, one page',
          querystring: usersQuery,
          response: { 200: paginatedUsersResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await directory.page({
          page: q.page,
          perPage: q.per_page,
          sortBy: q.sort_by,
          order: q.order,
          status: q.status,
          plan: q.plan,
          minRequests: q.min_requests,
          lastActiveDays: q.last_active_days,
          search: q.search,
        });
        return { items: [...items], total, page: q.page, per_page: q.per_page };
      },
    );

    app.delete(
      '/api/v1/admin/users/:user_id',
      {
        schema: {
          tags: ['admin'],
          summary: "Delete a user's account: billing stops first, then their data is erased",
          description:
            "The same resumable job as the dashboard's own deletion: the user's keys and tokens are refused at once; subscriptions are cancelled and the Stripe customer deleted before anything local is erased. Answers 202 with the job's state; asking again answers the same job.",
          params: userIdParams,
          response: { 202: adminDeletionResponse, 404: detailError },
        },
      },
      async (request, reply) => {
        try {
          const deletion = await deps.deletions.schedule({ userId: request.params.user_id, requestedBy: 'admin', reason: 'deleted by an operator' });
          return reply
            .code(202)
            .send({ user_id: deletion.user_id, status: deletion.status, requested_at: deletion.requested_at, completed_at: deletion.completed_at });
        } catch (error) {
          if (error instanceof UnknownAccountError) throw new HttpError(404, 'User not found');
          throw error;
        }
      },
    );

    app.get(
      '/api/v1/admin/users/:user_id/logs',
      {
        schema: {
          tags: ['admin'],
          summary: "A user's most recent API requests, newest first",
          params: userIdParams,
          querystring: userLogsQuery,
          response: { 200: logEntry.array(), 404: detailError },
        },
      },
      async (request) => {
        const { user_id } = request.params;
        if (!(await directory.exists(user_id))) throw new HttpError(404, 'User not found');
        // This process's buffered requests first; other processes' within USAGE_FLUSH_INTERVAL_MS.
        await deps.usage.flush();
        return [...(await logs.recentForUser(user_id, request.query.limit))];
      },
    );
  };
