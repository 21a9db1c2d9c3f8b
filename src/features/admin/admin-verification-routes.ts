/**
 * POST /api/v1/admin/resend-verification: a new verification e-mail for an address. Known and
 * unknown addresses get the same answer (202), at once: the e-mail goes out after the answer, and
 * a failure to send is logged, so neither the answer nor its timing tells whether an account
 * exists. An already verified address gets no e-mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { UserRepository } from '../../db/users.ts';
import { HttpError } from '../../http/errors.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { verificationMail, type EmailVerificationLinks } from '../auth/email-verification.ts';

const resendEmailRequest = z
  .object({ email: z.email().max(254).describe("The user's e-mail address.") })
  .meta({ id: 'ResendEmailRequest', example: { email: 'ada@example.com' } });
const resendEmailResponse = z.object({ status: z.literal('accepted').describe('Always accepted, whether or not the address is known') });

export const verificationRoutes =
  (deps: {
    db: DatabasePool;
    links: EmailVerificationLinks | null;
    sendMail: SendMail | null;
    onSent?: (outcome: 'sent' | 'failed') => void;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const users = new UserRepository(deps.db);

    app.post(
      '/api/v1/admin/resend-verification',
      {
        schema: {
          tags: ['admin'],
          summary: 'Send a new verification e-mail (the same answer for unknown addresses)',
          body: resendEmailRequest,
          response: { 202: resendEmailResponse, 503: detailError },
        },
      },
      async (request, reply) => {
        const { links, sendMail } = deps;
        if (!links || !sendMail) throw new HttpError(503, 'E-mail is not configured (SMTP_URL, and a link secret)');
        const log = request.log;
        const send = async () => {
          const user = await users.verificationOf(request.body.email);
          if (!user || user.verified) return;
          const { url, expiresAt } = await links.linkFor(user.id, user.email);
          await sendMail({ to: user.email, ...verificationMail(url, expiresAt) });
          log.info({ user_id: user.id }, 'verification e-mail sent');
        };
        void send().then(
          () => deps.onSent?.('sent'),
          (error: unknown) => {
            deps.onSent?.('failed');
            log.error({ err: error }, 'verification e-mail could not be sent');
          },
        );
        return reply.code(202).send({ status: 'accepted' as const });
      },
    );
  };
