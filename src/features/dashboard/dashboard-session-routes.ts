/**
 * Signing in to the dashboard without a password: ask for an e-mail, then give back its code (or
 * open its link), and the answer sets the session cookie. The session endpoint tells the page who
 * is signed in and the CSRF token its calls must carry; DELETE signs out.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../http/browser-headers.ts';
import { HttpError } from '../../http/errors.ts';
import { detailError } from '../auth/auth-schemas.ts';
import type { DashboardSignIn, OpenedSession } from './dashboard-sign-in-service.ts';
import { checkCsrf, clearSessionCookie, csrfTokenOf, sessionIdOf, setSessionCookie } from './dashboard-session-auth.ts';
import { codeRequest, linkRequest, sessionResponse, sessionState, signedOut, signInRequest, signInStarted } from './dashboard-session-schemas.ts';
import type { SignInThrottle } from './dashboard-sign-in-throttle.ts';

export interface DashboardSessionDeps {
  signIn: DashboardSignIn;
  throttle: SignInThrottle;
  challengeTtlSeconds: number;
  sessionTtlSeconds: number;
  isDeleted: (userId: string) => Promise<boolean>;
}

const WRONG = 'The code or link is wrong, used or expired; ask for a new e-mail';

export const dashboardSessionRoutes =
  (deps: DashboardSessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', noStore);
    // A sign-in form posted from another site would sign the victim into the attacker's account.
    app.addHook('onRequest', async (request) => {
      const origin = request.headers.origin;
      if (request.method !== 'GET' && origin !== undefined && origin !== `${request.protocol}://${request.host}`)
        throw new HttpError(403, 'Cross-origin request refused');
    });
    const tags = ['dashboard'];
    const opened = (session: OpenedSession) => ({ user_id: session.userId, email: session.email, csrf_token: csrfTokenOf(session.sessionId) });

    app.post(
      '/api/v1/dashboard/sign-in',
      {
        schema: {
          tags,
          summary: 'E-mail a one-time sign-in code and link',
          description:
            'Rate-limited per address and per client (429 with Retry-After). The answer is the same whether or not the address has an account: the first sign-in makes one, on the free plan.',
          body: signInRequest,
          response: { 202: signInStarted, 429: detailError, 503: detailError },
        },
      },
      async (request, reply) => {
        await deps.throttle.mail(request.body.email, request.ip);
        const outcome = await deps.signIn.start(request.body.email);
        if (outcome.status === 'failed') throw new HttpError(503, 'The e-mail could not be sent; retry later', { 'retry-after': '30' });
        return reply.code(202).send({ status: 'sent' as const, expires_in: deps.challengeTtlSeconds });
      },
    );

    app.post(
      '/api/v1/dashboard/sign-in/code',
      {
        schema: {
          tags,
          summary: "Sign in with the e-mail's code: sets the session cookie",
          body: codeRequest,
          response: { 200: sessionResponse, 401: detailError, 429: detailError },
        },
      },
      async (request, reply) => {
        const { email, code } = request.body;
        await deps.throttle.mayTry(email, request.ip);
        const session = await deps.signIn.verifyCode(email, code);
        if (!session) {
          await deps.throttle.failed(email, request.ip);
          throw new HttpError(401, WRONG);
        }
        setSessionCookie(request, reply, session.sessionId, deps.sessionTtlSeconds);
        return opened(session);
      },
    );

    app.post(
      '/api/v1/dashboard/sign-in/link',
      {
        schema: {
          tags,
          summary: "Sign in with the e-mail's link: sets the session cookie",
          body: linkRequest,
          response: { 200: sessionResponse, 401: detailError, 429: detailError },
        },
      },
      async (request, reply) => {
        await deps.throttle.mayTry(null, request.ip);
        const session = await deps.signIn.verifyLink(request.body.link);
        if (!session) {
          await deps.throttle.failed(null, request.ip);
          throw new HttpError(401, WRONG);
        }
        setSessionCookie(request, reply, session.sessionId, deps.sessionTtlSeconds);
        return opened(session);
      },
    );

    app.get(
      '/api/v1/dashboard/session',
      {
        schema: {
          tags,
          summary: 'Whether the session cookie signs someone in: who, and the CSRF token',
          description: 'Always 200: a page asks it on load, signed in or not.',
          response: { 200: sessionState },
        },
      },
      async (request) => {
        const sessionId = sessionIdOf(request);
        const session = sessionId ? await deps.signIn.session(sessionId) : null;
        if (!sessionId || !session || (await deps.isDeleted(session.user_id))) return { signed_in: false, user_id: null, email: null, csrf_token: null };
        return { signed_in: true, user_id: session.user_id, email: session.email, csrf_token: csrfTokenOf(sessionId) };
      },
    );

    app.delete(
      '/api/v1/dashboard/session',
      { schema: { tags, summary: 'Sign out: ends the session (needs x-csrf-token)', response: { 200: signedOut, 403: detailError } } },
      async (request, reply) => {
        const sessionId = sessionIdOf(request);
        if (sessionId) {
          checkCsrf(request, sessionId);
          await deps.signIn.end(sessionId);
        }
        clearSessionCookie(request, reply);
        return { status: 'signed_out' as const };
      },
    );
  };
