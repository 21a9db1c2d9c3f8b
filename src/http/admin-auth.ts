/**
 * `authorization: Bearer <operator token>` for the admin paths. The token is opaque (random, from
 * POST /api/v1/admin/login); its SHA-256 is looked up in PostgreSQL on every request, with no
 * cache, so that a logout or an expiry takes effect at once on every API process. Only admin
 * paths use this hook: an API key or a dashboard token is not an operator token, and an operator
 * token is neither of them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import { AdminSessionRepository } from '../db/admin-sessions.ts';
import { HttpError } from './errors.ts';

export interface AdminPrincipal {
  username: string;
  tokenHash: string;
  expiresAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

export const ADMIN_TOKEN_PREFIX = 'adm_';
/** Longer than any token we issue; hashing megabytes is a lever. */
const MAX_TOKEN_LENGTH = 200;

export function generateAdminToken(): { token: string; hash: string } {
  const token = ADMIN_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashAdminToken(token) };
}

export function hashAdminToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const challenge = (error?: string) => ({ 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' });

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : '';
}

export class AdminAuthenticator {
  private readonly sessions: AdminSessionRepository;

  constructor(
    db: DatabasePool,
    private readonly options: { enabled: () => boolean; onFailure?: (reason: string) => void },
  ) {
    this.sessions = new AdminSessionRepository(db);
  }

  private fail(reason: string, detail: string, error?: string): HttpError {
    this.options.onFailure?.(`admin_${reason}`);
    return new HttpError(401, detail, challenge(error));
  }

  /** The onRequest hook of the admin paths: sets `request.admin` or answers 401 (503 when admin is off). */
  hook() {
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!this.options.enabled()) throw new HttpError(503, 'Administration is not configured');
      const token = bearerToken(request);
      if (token === null) throw this.fail('missing_token', 'Not authenticated');
      if (!token || token.length > MAX_TOKEN_LENGTH || !token.startsWith(ADMIN_TOKEN_PREFIX))
        throw this.fail('invalid_token', 'Invalid token', 'invalid_token');
      const tokenHash = hashAdminToken(token);
      const session = await this.sessions.findLive(tokenHash);
      if (!session) throw this.fail('invalid_token', 'Invalid token', 'invalid_token');
      request.admin = { username: session.username, tokenHash, expiresAt: session.expires_at };
    };
  }
}
