/**
 * POST /api/v1/admin/login and /logout. Credentials come from configuration (ADMIN_USERNAME,
 * ADMIN_PASSWORD_HASH); without them admin is off (503). Failures are throttled per name and
 * address and per address (429 with Retry-After), slowed past a ceiling per name, and logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { AdminSessionRepository } from '../../db/admin-sessions.ts';
import { generateAdminToken } from '../../http/admin-auth.ts';
import { HttpError } from '../../http/errors.ts';
import { detailError } from '../auth/auth-schemas.ts';
import type { AdminCredentials } from './credentials.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { adminLoginRequest, adminLoginResponse, logoutResponse } from './admin-login-schemas.ts';

export interface LoginDeps {
  db: DatabasePool;
  credentials: AdminCredentials;
  throttle: LoginThrottle;
  sessionTtlSeconds: number;
  onFailure?: (reason: string) => void;
}

/** Names are logged as sent, cut short: a password typed into the name field should not land whole in logs. */
const loggedName = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

export const loginRoutes =
  (deps: LoginDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sessions = new AdminSessionRepository(deps.db);

    app.post(
      '/api/v1/admin/login',
      {
        schema: {
          tags: ['admin'],
          summary: 'Operator login: an opaque session token',
          description:
            'Checks the configured `ADMIN_USERNAME` and Argon2id `ADMIN_PASSWORD_HASH`. Repeated failures for a name from one address, or from one address for any name, are answered 429 with `Retry-After` until the window ends; past the ceiling of failures for a name from everywhere, its attempts are slowed (never refused). 503 when admin is not configured.',
          body: adminLoginRequest,
          response: { 200: adminLoginResponse, 401: detailError, 429: detailError, 503: detailError },
        },
      },
      async (request) => {
        if (!deps.credentials.enabled) throw new HttpError(503, 'Administration is not configured');
        const { username, password } = request.body;
        const verdict = await deps.throttle.attempt(username, request.ip).catch((error: unknown) => {
          request.log.error({ err: error }, 'admin login throttle unavailable');
          throw new HttpError(503, 'Service unavailable, retry later', { 'retry-after': '5' });
        });
        if (!verdict.allowed) {
          deps.onFailure?.('admin_throttled');
          request.log.warn(
            { username: loggedName(username), ip: request.ip, by: verdict.by, retry_after_s: verdict.retryAfterSeconds },
            'admin login throttled',
          );
          throw new HttpError(429, 'Too many failed logins; retry later', { 'retry-after': String(verdict.retryAfterSeconds) });
        }
        if (verdict.delayMs > 0) {
          request.log.warn({ username: loggedName(username), ip: request.ip, delay_ms: verdict.delayMs }, 'admin login slowed');
          await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
        }
        if (!(await deps.credentials.check(username, password))) {
          deps.onFailure?.('admin_bad_credentials');
          request.log.warn({ username: loggedName(username), ip: request.ip }, 'admin login failed');
          throw new HttpError(401, 'Invalid username or password');
        }
        await deps.throttle.succeeded(username, request.ip).catch(() => {});
        const { token, hash } = generateAdminToken();
        const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
        const session = await sessions.create({ tokenHash: hash, username, ttlSeconds: deps.sessionTtlSeconds, ip: request.ip, userAgent });
        request.log.info({ username, ip: request.ip }, 'admin login');
        return { token, token_type: 'bearer' as const, expires_at: session.expires_at };
      },
    );
  };

/** Inside the authenticated admin scope. */
export const logoutRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const sessions = new AdminSessionRepository(db);
    app.post(
      '/api/v1/admin/logout',
      {
        schema: { tags: ['admin'], summary: 'End the operator session at once, on every API process', response: { 200: logoutResponse } },
      },
      async (request) => {
        await sessions.end(request.admin!.tokenHash);
        request.log.info({ username: request.admin!.username }, 'admin logout');
        return { status: 'logged_out' as const };
      },
    );
  };
