/**
 * `x-api-key` authentication for the calculation endpoints. Keys are looked up by the SHA-256
 * of the secret through a bounded LRU cache in front of PostgreSQL, so a request costs no
 * database query. Entries expire after a short TTL so that a lapsed subscription takes effect
 * without a restart; a revocation takes effect at once on every process (key-revocation.ts:
 * pub/sub invalidation, and a revocation marker that the rate-limit step checks in the same
 * round trip).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LRUCache } from 'lru-cache';
import { growingCache } from '../growing-cache.ts';
import type { DatabasePool } from 'slonik';
import { ApiKeyRepository, type KeyPrincipalRow } from '../db/api-keys.ts';
import { holdsPlan } from '../db/subscription-status.ts';
import { hashApiKey } from '../features/keys/secret.ts';
import { HttpError } from './errors.ts';
import type { AuthFailureThrottle } from './auth-failure-throttle.ts';

export interface Principal {
  keyId: string;
  userId: string;
  email: string;
  planCode: string;
  requestLimit: number | null;
  limitPeriod: 'day' | 'month';
  rpsLimit: number | null;
  /** Most rows of one export on the plan; null = the service's own bound. */
  exportRowLimit: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** `validUntil`: the key's or the subscription period's end, checked on every cache hit too. */
type Verdict = { kind: 'ok'; principal: Principal; validUntil: number } | { kind: 'invalid' } | { kind: 'no_subscription' };

/** Longest key we hash: anything longer is not one of ours, and hashing megabytes is a DoS lever. */
const MAX_KEY_LENGTH = 200;

export function verdictOf(row: KeyPrincipalRow | null, now = Date.now()): Verdict {
  if (!row || row.key_status !== 'active' || (row.expires_at && Date.parse(row.expires_at) <= now)) return { kind: 'invalid' };
  const periodOver = row.current_period_end !== null && Date.parse(row.current_period_end) <= now;
  if (!row.plan_code || !row.subscription_status || !holdsPlan(row.subscription_status) || periodOver) return { kind: 'no_subscription' };
  return {
    kind: 'ok',
    validUntil: Math.min(
      row.expires_at ? Date.parse(row.expires_at) : Infinity,
      row.current_period_end ? Date.parse(row.current_period_end) : Infinity,
      row.quota_extra_until ? Date.parse(row.quota_extra_until) : Infinity,
    ),
    principal: {
      keyId: row.key_id,
      userId: row.user_id,
      email: row.email,
      planCode: row.plan_code,
      requestLimit: row.request_limit,
      limitPeriod: row.limit_period ?? 'month',
      rpsLimit: row.rps_limit,
      exportRowLimit: row.export_row_limit,
    },
  };
}

export class ApiKeyAuthenticator {
  private readonly cache: LRUCache<string, Verdict>;
  /** Lookups under way: a burst of requests with a key not cached yet makes one query, not one each. */
  private readonly lookups = new Map<string, Promise<{ verdict: Verdict; retryAfter: number }>>();
  private readonly keys: ApiKeyRepository;

  constructor(
    pool: DatabasePool,
    private readonly options: {
      cacheSize: number;
      ttlSeconds: number;
      onFailure?: (reason: string) => void;
      /** Counts a key looked up in the database (a cache miss). */
      onLookup?: () => void;
      /** Failed lookups per client address: beyond its limit, unknown keys get 429 and the address's lookups run one at a time. */
      throttle?: AuthFailureThrottle;
      /** Runs after a key is accepted (the rate limit); 'revoked' turns the request into 401, 'rejected' means it answered. */
      admit?: (request: FastifyRequest, reply: FastifyReply) => Promise<'ok' | 'revoked' | 'rejected'>;
    },
  ) {
    this.keys = new ApiKeyRepository(pool);
    this.cache = growingCache({ entries: options.cacheSize, ttlMs: options.ttlSeconds * 1000 });
  }

  /**
   * The verdict on a key outside the hook (the MCP endpoint, the consent page). With
   * `clientAddress`, an unknown key from an address past its failed lookups is refused with 429,
   * as in the hook: every place that takes a key typed by a stranger counts their failures.
   */
  async verdict(secret: string, clientAddress?: string): Promise<Verdict> {
    if (secret.length > MAX_KEY_LENGTH) return { kind: 'invalid' };
    return this.verdictByHash(hashApiKey(secret), clientAddress);
  }

  /**
   * `clientAddress`: where the request came from, for the failure throttle (a lookup that finds
   * no valid key counts once against it, however many requests waited for that lookup).
   */
  private async verdictByHash(hash: string, clientAddress?: string): Promise<Verdict> {
    const cached = this.cache.get(hash);
    if (cached && !(cached.kind === 'ok' && cached.validUntil <= Date.now())) return cached;
    const throttle = clientAddress === undefined ? undefined : this.options.throttle;
    let lookup = this.lookups.get(hash);
    if (!lookup) {
      const find = () => {
        this.options.onLookup?.();
        return this.keys.findPrincipalByHash(hash);
      };
      lookup = (throttle ? throttle.lookup(clientAddress!, find) : find())
        .then((row) => {
          const verdict = verdictOf(row);
          this.cache.set(hash, verdict);
          // Only a key that does not exist is refused for its address's failures; a valid one passes.
          const retryAfter = verdict.kind === 'invalid' ? (throttle?.failed(clientAddress!) ?? 0) : 0;
          return { verdict, retryAfter };
        })
        .finally(() => this.lookups.delete(hash));
      this.lookups.set(hash, lookup);
    }
    const { verdict, retryAfter } = await lookup;
    if (retryAfter > 0) {
      this.options.onFailure?.('throttled');
      throw new HttpError(429, 'Too many failed API key lookups from this address; retry later', { 'retry-after': String(retryAfter) });
    }
    return verdict;
  }

  /** Forget a key at once (after revocation or a plan change). */
  invalidate(secretHash: string): void {
    this.cache.delete(secretHash);
  }

  clear(): void {
    this.cache.clear();
  }

  /** A refusal, counted by its reason. */
  private failure(reason: string, status: number, detail: string): HttpError {
    this.options.onFailure?.(reason);
    return new HttpError(status, detail);
  }

  /**
   * The onRequest hook for routes that need a key: sets `request.principal` or answers 401/403.
   * `invalidKeyStatus` exists for the numerology registry, which the interface has answer 403.
   */
  hook(options: { invalidKeyStatus?: 401 | 403 } = {}) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers['x-api-key'];
      const secret = (Array.isArray(header) ? header[0] : header)?.trim();
      if (!secret) throw this.failure('missing_key', 401, 'Missing API key');
      if (secret.length > MAX_KEY_LENGTH) throw this.failure('invalid_key', options.invalidKeyStatus ?? 401, 'Invalid API key');
      const hash = hashApiKey(secret);
      const verdict = await this.verdictByHash(hash, request.ip);
      if (verdict.kind === 'invalid') throw this.failure('invalid_key', options.invalidKeyStatus ?? 401, 'Invalid API key');
      if (verdict.kind === 'no_subscription') throw this.failure('subscription_required', 403, 'Subscription required');
      request.principal = verdict.principal;
      if (!this.options.admit) return;
      const admitted = await this.options.admit(request, reply);
      if (admitted === 'revoked') {
        // Revoked on some process whose invalidation has not reached our cache yet.
        this.invalidate(hash);
        request.principal = undefined;
        throw this.failure('revoked_key', options.invalidKeyStatus ?? 401, 'Invalid API key');
      }
      if (admitted === 'rejected') return reply;
    };
  }
}
