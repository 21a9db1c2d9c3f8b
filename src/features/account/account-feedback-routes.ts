/**
 * GET /api/v1/auth/feedback/first-success: whether the caller has made a successful API call (the
 * first day and route of one) and the feedback they gave on it, so that a dashboard asks once,
 * after the first success, and never again once answered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { firstSuccessFeedbackOf, firstSuccessOf } from '../../db/first-success.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import { accountId } from '../auth/account-user.ts';
import { feedbackResponse } from '../auth/auth-schemas.ts';

const firstSuccessState = z
  .object({
    first_success: z
      .object({
        route: z.string().describe('The route template of the first successful call'),
        date: z.string().describe('The UTC day of the first successful call, YYYY-MM-DD'),
      })
      .nullable()
      .describe('null until an API call of the caller was answered with a 2xx status'),
    feedback: feedbackResponse.nullable().describe('The feedback given; null until given (POST /api/v1/auth/feedback/first-success)'),
  })
  .meta({ id: 'FirstSuccessState' });

export const feedbackStateRoutes =
  (deps: { db: DatabasePool; usage: UsageLogWriter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/auth/feedback/first-success',
      {
        schema: { tags: ['account'], summary: "The caller's first successful call and the feedback given on it", response: { 200: firstSuccessState } },
      },
      async (request) => {
        // This process's buffered requests first: a call made a moment ago counts.
        await deps.usage.flush();
        const userId = accountId(request);
        const [first, feedback] = await Promise.all([firstSuccessOf(deps.db, userId), firstSuccessFeedbackOf(deps.db, userId)]);
        return { first_success: first ? { route: first.route, date: first.day } : null, feedback };
      },
    );
  };
