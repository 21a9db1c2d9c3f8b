/**
 * POST /api/v1/analytics/events: product events from the dashboard (bearer token), only the names
 * of the closed list, with bounded properties, stored under the caller's user id and the server's
 * time. An addition to the interface, for the funnels and the Vedic chat figures of the admin side.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { AnalyticsEventRepository } from '../../db/analytics-events.ts';
import { accountId, requireUser } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { analyticsEventRequest, analyticsEventResponse } from './analytics-schemas.ts';

export const analyticsEventRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const events = new AnalyticsEventRepository(db);
    app.post(
      '/api/v1/analytics/events',
      {
        schema: {
          tags: ['account'],
          summary: 'Record a dashboard product event (addition to the interface)',
          description:
            'Names: a closed list (`dashboard.viewed`, `docs.viewed`, `pricing.viewed`, `playground.request_sent`, `api_key.copied`, `checkout.started`, `vedic_chat.session_started`, `vedic_chat.message_sent`). Properties: at most 20 flat values, 2 KiB.',
          body: analyticsEventRequest,
          response: { 202: analyticsEventResponse, 404: detailError },
        },
      },
      async (request, reply) => {
        await requireUser(db, request);
        await events.recordDashboardEvent(accountId(request), request.body.name, request.body.properties);
        return reply.code(202).send({ accepted: true as const, name: request.body.name });
      },
    );
  };
