/**
 * The dashboard's account endpoints: profile sync after signup or login, onboarding answers, the
 * profile, first-success feedback. The caller is the bearer token's `sub`; nobody can read or
 * write another user's profile (sync refuses a body naming anyone else).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { EmailTakenError, UserRepository } from '../../db/users.ts';
import { FeedbackRepository } from '../../db/feedback.ts';
import { HttpError } from '../../http/errors.ts';
import { accountId, PROFILE_MISSING, requireUser } from './account-user.ts';
import {
  conflictError,
  detailError,
  feedbackRequest,
  feedbackResponse,
  onboardingRequest,
  profileResponse,
  syncUserRequest,
  webhookSecretResponse,
} from './auth-schemas.ts';
import { WebhookSecretRepository } from '../../db/webhook-secrets.ts';

export const authRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const profileOf = async (id: string) => {
      const profile = await new UserRepository(db).profile(id);
      if (!profile) throw new HttpError(404, PROFILE_MISSING);
      return profile;
    };

    app.post(
      '/api/v1/auth/sync',
      {
        schema: {
          tags: ['account'],
          summary: "Create or update the caller's profile after signup or login",
          description:
            "`user_id` must be the token's subject (403 otherwise), and `email` the token's `email` claim when it has one. A new user starts on the `free` plan.",
          body: syncUserRequest,
          response: { 200: profileResponse, 403: detailError, 409: conflictError },
        },
      },
      async (request, reply) => {
        const { account } = request;
        const body = request.body;
        if (body.user_id !== account!.userId) throw new HttpError(403, 'user_id does not match the authenticated user');
        if (account!.email && account!.email.toLowerCase() !== body.email.toLowerCase())
          throw new HttpError(403, 'email does not match the authenticated user');
        try {
          await db.transaction(async (tx) => {
            const users = new UserRepository(tx);
            await users.upsertIdentity({ id: body.user_id, email: body.email, fullName: body.full_name });
            await users.ensureSubscription(body.user_id, 'free');
          });
        } catch (error) {
          if (error instanceof EmailTakenError)
            return reply.code(409).send({ error: 'email_in_use', detail: 'This e-mail address belongs to another account' });
          throw error;
        }
        return profileOf(body.user_id);
      },
    );

    app.get(
      '/api/v1/auth/me',
      {
        schema: { tags: ['account'], summary: "The caller's profile", response: { 200: profileResponse, 404: detailError } },
      },
      async (request) => {
        const profile = await profileOf(accountId(request));
        const { secret } = await new WebhookSecretRepository(db).getOrCreate(profile.id);
        return { ...profile, report_webhook_secret: secret };
      },
    );

    app.post(
      '/api/v1/auth/webhook-secret/rotate',
      {
        schema: {
          tags: ['account'],
          summary: 'Replace the signing secret of report callbacks',
          description: 'The old secret stops working at once: callbacks still waiting to be sent are signed with the new one.',
          response: { 200: webhookSecretResponse, 404: detailError },
        },
      },
      async (request) => {
        await requireUser(db, request);
        const rotated = await new WebhookSecretRepository(db).rotate(accountId(request));
        return { report_webhook_secret: rotated.secret, created_at: rotated.created_at };
      },
    );

    app.post(
      '/api/v1/auth/onboarding',
      {
        schema: { tags: ['account'], summary: 'Save onboarding answers', body: onboardingRequest, response: { 200: profileResponse, 404: detailError } },
      },
      async (request) => {
        const saved = await new UserRepository(db).saveOnboarding(accountId(request), request.body);
        if (!saved) throw new HttpError(404, PROFILE_MISSING);
        return profileOf(accountId(request));
      },
    );

    app.post(
      '/api/v1/auth/feedback/first-success',
      {
        schema: {
          tags: ['account'],
          summary: 'Save first-success feedback (a new answer replaces the previous one)',
          body: feedbackRequest,
          response: { 200: feedbackResponse, 404: detailError },
        },
      },
      async (request) => {
        await requireUser(db, request);
        return new FeedbackRepository(db).saveFirstSuccess(accountId(request), request.body);
      },
    );
  };
