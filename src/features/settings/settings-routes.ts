/** The dashboard's settings: notifications, and deleting the account. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { NotificationSettingsRepository } from '../../db/notification-settings.ts';
import { accountId, requireUser } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import type { AccountDeletions } from './account-deletion.ts';
import { accountDeletionRequest, accountDeletionResponse, notificationSettings, notificationSettingsUpdate } from './settings-schemas.ts';

export const settingsRoutes =
  (deps: { db: DatabasePool; deletions: AccountDeletions }): FastifyPluginAsyncZod =>
  async (app) => {
    const settings = new NotificationSettingsRepository(deps.db);

    app.get(
      '/api/v1/settings/notifications',
      {
        schema: { tags: ['settings'], summary: "The caller's notification settings", response: { 200: notificationSettings, 404: detailError } },
      },
      async (request) => {
        await requireUser(deps.db, request);
        return settings.get(accountId(request));
      },
    );

    app.put(
      '/api/v1/settings/notifications',
      {
        schema: {
          tags: ['settings'],
          summary: 'Change notification settings (fields left out keep their value)',
          body: notificationSettingsUpdate,
          response: { 200: notificationSettings, 404: detailError },
        },
      },
      async (request) => {
        await requireUser(deps.db, request);
        const current = await settings.get(accountId(request));
        return settings.save(accountId(request), { ...current, ...request.body });
      },
    );

    app.delete(
      '/api/v1/settings/account',
      {
        schema: {
          tags: ['settings'],
          summary: "Delete the caller's account: billing stops, then every piece of their data is erased",
          description:
            "Answers 202 at once: the caller's API keys, and the OAuth tokens of every application connected to the account, are refused from now on, and so is this token. Subscriptions are cancelled and the Stripe customer deleted first; then the account's data is erased in one step. Invoices and a record of the deletion are kept.",
          body: accountDeletionRequest,
          response: { 202: accountDeletionResponse, 404: detailError },
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.db, request);
        if (request.body.confirm_email.trim().toLowerCase() !== user.email.toLowerCase()) {
          throw new RequestFieldError(['body', 'confirm_email'], "confirm_email does not match the account's e-mail address", 'value_error.confirm_email');
        }
        await deps.deletions.schedule({ userId: user.id, reason: request.body.reason ?? null, requestedBy: 'user' });
        return reply.code(202).send({ status: 'scheduled' as const });
      },
    );
  };
