/**
 * The dashboard's browser session on the account endpoints. A request with an `authorization`
 * header is the bearer tokens' (API clients and identity providers keep working unchanged);
 * otherwise the session cookie counts. The cookie is httpOnly (no script reads it), SameSite=Strict
 * (no other site's page sends it), and Secure with the `__Host-` prefix behind https. A call that
 * changes anything must also carry the session's CSRF token in `x-csrf-token` (a header no other
 * origin may send here: CORS does not allow it) and, when the browser names one, our own Origin.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { DashboardSignIn } from './dashboard-sign-in-service.ts';

const COOKIE = 'astro_dashboard';
const SECURE_COOKIE = `__Host-${COOKIE}`;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isSecure = (request: FastifyRequest) => request.protocol === 'https';
export const cookieName = (request: FastifyRequest) => (isSecure(request) ? SECURE_COOKIE : COOKIE);

/**
 * The CSRF token of a session: a digest of its id. Only who holds the id (the browser's
 * httpOnly cookie) can know it, so nothing needs storing or signing.
 */
export const csrfTokenOf = (sessionId: string) => createHash('sha256').update(`dashboard csrf ${sessionId}`, 'utf8').digest('base64url');

export function sessionIdOf(request: FastifyRequest): string | null {
  const value = request.cookies?.[cookieName(request)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string, maxAgeSeconds: number): void {
  reply.setCookie(cookieName(request), sessionId, { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecure(request), maxAge: maxAgeSeconds });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecure(request) });
}

/** Refuses a state-changing call without the session's CSRF token or from another origin. */
export function checkCsrf(request: FastifyRequest, sessionId: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) throw new HttpError(403, 'Cross-origin request refused');
  if (request.headers['x-csrf-token'] !== csrfTokenOf(sessionId)) throw new HttpError(403, 'Missing or wrong x-csrf-token header');
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The account routes' authentication: the bearer hook for `authorization`, else the session cookie. */
export function sessionOrBearer(signIn: DashboardSignIn, bearer: Hook, isDeleted: (userId: string) => Promise<boolean>): Hook {
  return async (request, reply) => {
    const sessionId = request.headers.authorization === undefined ? sessionIdOf(request) : null;
    if (!sessionId) return bearer(request, reply);
    const session = await signIn.session(sessionId);
    if (!session) throw new HttpError(401, 'Session expired; sign in again');
    checkCsrf(request, sessionId);
    if (await isDeleted(session.user_id)) throw new HttpError(401, 'This account has been deleted');
    request.account = { userId: session.user_id, email: session.email };
  };
}
