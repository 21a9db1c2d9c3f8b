/**
 * The "Sign in with <provider>" endpoints: GET /api/v1/dashboard/oidc says whether a provider is
 * configured (and its name, for the button); GET .../oidc/start sends the browser to the provider;
 * GET .../oidc/callback is where the provider sends it back. A good answer ends as the e-mailed
 * code does, in the service's own session cookie, and on the dashboard. Anything else ends on a
 * plain page that says what happened and offers to try again: never a 500, never a session.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod/v4';
import { setSessionCookie } from './dashboard-session-auth.ts';
import { CONTENT_SECURITY_POLICY, DASHBOARD_DIR } from './dashboard-static-routes.ts';
import type { DashboardSignIn } from './dashboard-sign-in-service.ts';
import { OidcRejected, OidcUnavailable, OidcUnverifiedEmail, type DashboardOidc } from './dashboard-oidc.ts';

const ATTEMPT_COOKIE = 'astro_oidc_attempt';
const tags = ['dashboard'];

/** The dashboard's own style sheet, as the built page shell names it (none when the bundle is not built). */
function styleSheetLink(): string {
  try {
    const shell = fs.readFileSync(path.join(DASHBOARD_DIR, 'index.html'), 'utf8');
    return /<link rel="stylesheet"[^>]*>/.exec(shell)?.[0] ?? '';
  } catch {
    return '';
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of our own for a sign-in that did not work: the same strict CSP as the dashboard. */
function problemPage(reply: FastifyReply, status: number, title: string, text: string) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">${styleSheetLink()}
<title>${escapeHtml(title)} · Astrology API dashboard</title></head>
<body><main class="sign-in" id="oidc-problem"><h1>${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(text)}</p>
<p><a href="/dashboard/sign-in">Back to sign-in</a></p></div></main></body></html>`;
  return reply
    .code(status)
    .headers({ 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' })
    .type('text/html; charset=utf-8')
    .send(html);
}

export const dashboardOidcRoutes =
  (deps: {
    oidc: DashboardOidc | null;
    signIn: DashboardSignIn;
    sessionTtlSeconds: number;
    log: (error: unknown, message: string) => void;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/dashboard/oidc',
      {
        schema: {
          tags,
          summary: 'Whether the operator configured an OpenID Connect provider to sign in with',
          response: {
            200: z.object({
              enabled: z.boolean().describe('True when OIDC_ISSUER_URL and the client are configured'),
              name: z.string().nullable().describe('The name on the button (OIDC_PROVIDER_NAME); null when not enabled'),
              start_url: z.string().nullable().describe('Where the browser goes to sign in with it; null when not enabled'),
            }),
          },
        },
      },
      async () =>
        deps.oidc
          ? { enabled: true, name: deps.oidc.settings.name, start_url: '/api/v1/dashboard/oidc/start' }
          : { enabled: false, name: null, start_url: null },
    );

    app.get(
      '/api/v1/dashboard/oidc/start',
      { schema: { tags, summary: "Sends the browser to the provider's sign-in (a redirect, or a page saying why not)", hide: true } },
      async (request, reply) => {
        if (!deps.oidc)
          return problemPage(reply, 404, 'No sign-in provider', 'This service has no OpenID Connect provider configured: sign in with your e-mail address.');
        try {
          const { attemptId, url } = await deps.oidc.begin();
          // Lax, not Strict: the provider's redirect back is a top-level navigation from its site.
          reply.setCookie(ATTEMPT_COOKIE, attemptId, {
            path: '/api/v1/dashboard/oidc',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            maxAge: 600,
          });
          return reply.redirect(url, 303);
        } catch (error) {
          return failed(reply, error);
        }
      },
    );

    app.get(
      '/api/v1/dashboard/oidc/callback',
      { schema: { tags, summary: "The provider's answer: opens a session and goes to the dashboard", hide: true } },
      async (request, reply) => {
        if (!deps.oidc) return problemPage(reply, 404, 'No sign-in provider', 'This service has no OpenID Connect provider configured.');
        const attemptId = request.cookies?.[ATTEMPT_COOKIE] ?? null;
        reply.clearCookie(ATTEMPT_COOKIE, { path: '/api/v1/dashboard/oidc' });
        // The URL the provider called, as the provider saw it: the configured redirect with this query.
        const callbackUrl = new URL(deps.oidc.settings.redirectUri());
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        try {
          const email = await deps.oidc.finish(attemptId, callbackUrl);
          const session = await deps.signIn.openForVerifiedEmail(email);
          setSessionCookie(request, reply, session.sessionId, deps.sessionTtlSeconds);
          return reply.redirect('/dashboard/', 303);
        } catch (error) {
          return failed(reply, error);
        }
      },
    );

    function failed(reply: FastifyReply, error: unknown) {
      const name = deps.oidc?.settings.name ?? 'the provider';
      if (error instanceof OidcUnavailable) {
        deps.log(error, 'OpenID Connect provider unreachable');
        return problemPage(reply, 502, `${name} cannot be reached`, `${name} did not answer. Try again in a moment, or sign in with your e-mail address.`);
      }
      if (error instanceof OidcUnverifiedEmail)
        return problemPage(
          reply,
          403,
          'E-mail address not confirmed',
          `${name} did not confirm an e-mail address for you, so it cannot name your account here. Confirm your address with ${name}, or sign in with your e-mail address.`,
        );
      if (error instanceof OidcRejected)
        return problemPage(
          reply,
          400,
          'Sign-in not completed',
          `This answer from ${name} does not belong to a sign-in started in this browser, or was refused. Start again.`,
        );
      deps.log(error, 'OpenID Connect sign-in failed');
      return problemPage(reply, 502, 'Sign-in not completed', `Signing in with ${name} did not work. Try again, or sign in with your e-mail address.`);
    }
  };
