/**
 * Rate limits per user: the plan's quota per period and its per-second limit, counted in one
 * atomic store operation per request (see rate-limit-store.ts). Every authenticated response,
 * errors included, carries X-RateLimit-Limit / -Remaining / -Reset, and with a per-second limit
 * X-RateLimit-Limit-Second / -Remaining-Second; over a limit the answer is
 * 429 {"detail":"Rate limit exceeded"} with Retry-After.
 *
 * A billable POST carrying an Idempotency-Key is only looked at here (cost 0): the idempotency
 * layer spends the request once it knows the request is not a replay, because replays are free.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { periodWindow, type LimitPeriod } from './rate-limit-period.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/** X-RateLimit-Limit of a plan without a quota: large, so that naive clients never back off. */
export const NO_QUOTA_LIMIT = 2_147_483_647;

export interface QuotaSubject {
  userId: string;
  keyId: string | null;
  requestLimit: number | null;
  limitPeriod: LimitPeriod;
  rpsLimit: number | null;
}

export interface RateDecision {
  outcome: 'allowed' | 'peek' | 'quota_exceeded' | 'rps_exceeded';
  limit: number;
  remaining: number;
  /** Epoch seconds at which the period quota resets. */
  resetAt: number;
  retryAfterSeconds: number;
  /** The per-second limit and what is left of it in the current second; null without one. */
  second: { limit: number; remaining: number } | null;
}

interface RateState {
  decision: RateDecision;
  /** True while a deferred (idempotent) request has not been charged yet. */
  pending: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    rate: RateState | null;
  }
  interface FastifyContextConfig {
    /** A billable calculation: accepts Idempotency-Key; replays of it are free. */
    billable?: boolean;
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly onReject: (reason: 'quota' | 'rps') => void = () => {},
  ) {}

  /** Spends `cost` units of the quota (0 = look only). 'revoked' when the key was revoked on any process. */
  async take(subject: QuotaSubject, cost: number): Promise<RateDecision | 'revoked'> {
    const now = Date.now();
    const period = periodWindow(subject.limitPeriod, now);
    let reply;
    try {
      reply = await this.store.take({ userId: subject.userId, keyId: subject.keyId, quota: subject.requestLimit, rps: subject.rpsLimit, period, cost });
    } catch {
      throw new HttpError(503, 'Rate limiter unavailable, retry later', { 'retry-after': '1' });
    }
    if (reply.outcome === 'revoked') return 'revoked';
    const limit = subject.requestLimit ?? NO_QUOTA_LIMIT;
    const retryAfterSeconds = reply.outcome === 'quota_exceeded' ? Math.max(1, Math.ceil(period.end - now / 1000)) : 1;
    if (reply.outcome === 'quota_exceeded') this.onReject('quota');
    if (reply.outcome === 'rps_exceeded') this.onReject('rps');
    const second = subject.rpsLimit === null ? null : { limit: subject.rpsLimit, remaining: Math.max(0, subject.rpsLimit - reply.usedThisSecond) };
    return { outcome: reply.outcome, limit, remaining: Math.max(0, limit - reply.used), resetAt: period.end, retryAfterSeconds, second };
  }

  /** Requests counted in the user's current period. */
  async used(userId: string, period: LimitPeriod): Promise<number> {
    return this.store.used(userId, periodWindow(period, Date.now()));
  }
}

export const isRejected = (d: RateDecision) => d.outcome === 'quota_exceeded' || d.outcome === 'rps_exceeded';

/** 429 sent directly (not thrown): route-level error handlers (numerology problem+json) must not rewrite it. */
export function sendRateLimited(reply: FastifyReply, decision: RateDecision) {
  return reply.code(429).header('retry-after', String(decision.retryAfterSeconds)).send({ detail: 'Rate limit exceeded' });
}

const isDeferred = (request: FastifyRequest) => request.routeOptions.config?.billable === true && request.headers['idempotency-key'] !== undefined;

/**
 * Runs right after API-key authentication (from the auth hook, so that it also covers routes
 * that authenticate per route). 'rejected' means a 429 was sent.
 */
export function admitApiRequest(limiter: RateLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<'ok' | 'revoked' | 'rejected'> => {
    const principal = request.principal!;
    const deferred = isDeferred(request);
    const decision = await limiter.take(principal, deferred ? 0 : 1);
    if (decision === 'revoked') return 'revoked';
    request.rate = { decision, pending: deferred };
    if (isRejected(decision)) {
      sendRateLimited(reply, decision);
      return 'rejected';
    }
    return 'ok';
  };
}

function setHeaders(reply: FastifyReply, d: RateDecision): void {
  reply.header('x-ratelimit-limit', String(d.limit));
  reply.header('x-ratelimit-remaining', String(d.remaining));
  reply.header('x-ratelimit-reset', String(d.resetAt));
  if (d.second) {
    reply.header('x-ratelimit-limit-second', String(d.second.limit));
    reply.header('x-ratelimit-remaining-second', String(d.second.remaining));
  }
}

/**
 * Headers on every response that has a rate state. A deferred request that ended before the
 * idempotency layer charged it (a 422 of its body, say) is charged here, like any other request.
 */
export function registerRateLimitHeaders(app: FastifyInstance, limiter: RateLimiter) {
  app.decorateRequest('rate', null);
  // A callback hook: only a request still to be charged waits for the store; an async hook
  // would cost a promise on every response.
  app.addHook('onSend', (request, reply, payload, done) => {
    const rate = request.rate;
    if (!rate) return done(null, payload);
    if (!rate.pending || !request.principal) {
      setHeaders(reply, rate.decision);
      return done(null, payload);
    }
    rate.pending = false;
    limiter
      .take(request.principal, 1)
      .then(
        (charged) => {
          if (charged !== 'revoked') rate.decision = charged;
        },
        () => {},
      )
      .finally(() => {
        setHeaders(reply, rate.decision);
        done(null, payload);
      });
  });
}

/**
 * Dashboard (bearer) requests spend nothing but still carry the headers, so that the dashboard
 * can show the quota: the counters are read (cost 0) for the user's current plan, if any. The
 * onRequest hook reads them before the route runs; the onSend hook reads them again for a
 * request that had no plan then and may have one now (the first sync creates the user).
 */
export function peekForAccount(limiter: RateLimiter, quotaOf: (userId: string) => Promise<QuotaSubject | null>) {
  const peek = async (request: FastifyRequest): Promise<RateDecision | null> => {
    if (!request.account) return null;
    const subject = await quotaOf(request.account.userId).catch(() => null);
    const decision = subject ? await limiter.take(subject, 0).catch(() => null) : null;
    if (!decision || decision === 'revoked') return null;
    request.rate = { decision, pending: false };
    return decision;
  };
  return {
    onRequest: async (request: FastifyRequest) => {
      await peek(request);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.rate || !request.account) return payload;
      const decision = await peek(request);
      if (decision) setHeaders(reply, decision);
      return payload;
    },
  };
}
