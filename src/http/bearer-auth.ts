/**
 * `authorization: Bearer <JWT>` for the dashboard endpoints. Tokens come from an external identity
 * provider and are verified with `jose`: against its JWKS (asymmetric algorithms only) or with an
 * HS256 shared secret (the embedded mode and `cli token`). Signature, expiry (required), a
 * lifetime no longer than AUTH_JWT_MAX_LIFETIME_SECONDS (a leaked token must not work for
 * years), and the audience/issuer when configured; `sub` is the user id, `email` the address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import { HttpError } from './errors.ts';

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export interface Account {
  userId: string;
  email: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
  }
}

export interface BearerAuthOptions {
  jwksUrl?: string;
  secret?: string;
  audience?: string;
  issuer?: string;
  /** Longest accepted lifetime: from `iat` to `exp`, and from now to `exp`. */
  maxLifetimeSeconds: number;
  onFailure?: (reason: string) => void;
  /** True for users whose tokens must be refused although they verify (an account being deleted). */
  isDeleted?: (userId: string) => Promise<boolean>;
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Longer than any real token; hashing or parsing megabytes is a DoS lever. */
const MAX_TOKEN_LENGTH = 8192;
const challenge = (error?: string) => ({ 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' });
/** Clock difference allowed between us and the identity provider, seconds. */
const CLOCK_TOLERANCE = 5;

export class BearerAuthenticator {
  private readonly jwks?: JWTVerifyGetKey;
  private readonly secret?: Uint8Array;

  constructor(private readonly options: BearerAuthOptions) {
    if (options.jwksUrl) this.jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    if (options.secret) this.secret = new TextEncoder().encode(options.secret);
  }

  private fail(reason: string, detail: string, error = 'invalid_token'): HttpError {
    this.options.onFailure?.(reason);
    return new HttpError(401, detail, challenge(error));
  }

  async verify(token: string): Promise<Account> {
    if (token.length > MAX_TOKEN_LENGTH) throw this.fail('invalid_token', 'Invalid token');
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw this.fail('invalid_token', 'Invalid token');
    }
    const common: JWTVerifyOptions = {
      audience: this.options.audience,
      issuer: this.options.issuer,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_TOLERANCE,
    };
    let payload: JWTPayload;
    try {
      if (alg === 'HS256' && this.secret) ({ payload } = await jwtVerify(token, this.secret, { ...common, algorithms: ['HS256'] }));
      else if (alg && ASYMMETRIC.includes(alg) && this.jwks) ({ payload } = await jwtVerify(token, this.jwks, { ...common, algorithms: ASYMMETRIC }));
      else throw this.fail('invalid_token', 'Invalid token');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof errors.JWTExpired) throw this.fail('expired_token', 'Token expired');
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) throw this.fail('invalid_token', 'Invalid token');
      // The identity provider's key set could not be fetched: not the caller's fault.
      throw new HttpError(503, 'Identity provider unavailable, retry later', { 'retry-after': '5' });
    }
    // `exp` is required (checked above); without `iat` the lifetime left is what counts.
    const max = this.options.maxLifetimeSeconds + CLOCK_TOLERANCE;
    const exp = payload.exp!;
    if (exp - Date.now() / 1000 > max || (typeof payload.iat === 'number' && exp - payload.iat > max)) {
      throw this.fail('lifetime_too_long', 'Token lifetime too long');
    }
    const sub = payload.sub;
    // A control character (NUL above all, which PostgreSQL cannot store) is in no user id or address.
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255 || CONTROL_CHARACTER.test(sub)) throw this.fail('invalid_token', 'Invalid token');
    const email = typeof payload.email === 'string' && payload.email.length <= 254 && !CONTROL_CHARACTER.test(payload.email) ? payload.email : null;
    return { userId: sub, email };
  }

  /** The onRequest hook of the dashboard routes: sets `request.account` or answers 401. */
  hook() {
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
      if (!header) throw this.fail('missing_token', 'Not authenticated', '');
      if (!match) throw this.fail('invalid_token', 'Invalid token');
      const account = await this.verify(match[1]!);
      if (this.options.isDeleted && (await this.options.isDeleted(account.userId))) throw this.fail('deleted_account', 'This account has been deleted');
      request.account = account;
    };
  }
}
