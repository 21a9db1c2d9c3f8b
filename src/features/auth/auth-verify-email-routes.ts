/** GET /api/v1/auth/verify-email?token=: the link of the verification e-mail (no other credential). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { UserRepository } from '../../db/users.ts';
import { HttpError } from '../../http/errors.ts';
import { detailError } from './auth-schemas.ts';
import { VerificationLinkError, type EmailVerificationLinks } from './email-verification.ts';

const verifyEmailQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(2048)
    .describe('The token of the link in the verification e-mail (single use, expires).')
    .meta({ example: 'the-token-from-the-email-link' }),
});
const verifyEmailResponse = z.object({
  email: z.string().describe('The address confirmed'),
  verified: z.literal(true).describe('Always true'),
  verified_at: z.string().describe('When the address was first confirmed, ISO 8601 UTC'),
});

export const verifyEmailRoutes =
  (deps: { db: DatabasePool; links: EmailVerificationLinks | null }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/auth/verify-email',
      {
        schema: {
          tags: ['account'],
          summary: 'Verify an e-mail address with the signed link of the verification e-mail',
          description: '400 for a link that is expired, altered, or made for an address the account no longer has.',
          querystring: verifyEmailQuery,
          response: { 200: verifyEmailResponse, 400: detailError, 503: detailError },
        },
      },
      async (request) => {
        if (!deps.links) throw new HttpError(503, 'E-mail verification is not configured');
        let claim: { userId: string; email: string };
        try {
          claim = await deps.links.read(request.query.token);
        } catch (error) {
          if (error instanceof VerificationLinkError) throw new HttpError(400, error.message);
          throw error;
        }
        const verified = await new UserRepository(deps.db).markEmailVerified(claim.userId, claim.email);
        if (!verified) throw new HttpError(400, "This verification link is not valid for the account's current address");
        return { email: verified.email, verified: true as const, verified_at: verified.email_verified_at };
      },
    );
  };
