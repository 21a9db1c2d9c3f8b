/**
 * Heavy work per account: the compute runner asks the caller of each heavy task (ComputeCaller)
 * to admit it and to settle its cost; this is that caller for a request with an API key.
 * - Admission: the account may have HEAVY_MAX_PER_ACCOUNT heavy requests (or its plan's number)
 *   running or waiting at once, across processes (heavy-leases.ts); beyond, 429 with Retry-After.
 * - Cost: a heavy request costs one unit of the request quota per HEAVY_MS_PER_UNIT milliseconds
 *   of compute it took, rounded up (at least one: the unit every request is charged when it is
 *   admitted). The extra units are charged when the work ends, up to what is left of the
 *   period's quota (the work is done and answered); the answer says its cost in X-Request-Cost
 *   and its compute in X-Compute-Ms, and its rate-limit headers show the quota after the charge.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { computeCallers, HeavyWorkLimitError, type ComputeCaller } from '../compute/compute-caller.ts';
import type { RateLimiter, QuotaSubject } from './rate-limit.ts';
import type { HeavyLeaseStore } from './heavy-leases.ts';

export interface HeavyAdmissionOptions {
  leases: HeavyLeaseStore;
  limiter?: RateLimiter;
  maxPerAccount: number;
  maxPerAccountByPlan: Record<string, number>;
  msPerUnit: number;
}

/** Writes a heavy request's cost and compute on its answer (REST and MCP alike). */
export const costHeaders =
  (reply: FastifyReply) =>
  (units: number, cpuMs: number): void => {
    reply.header('x-request-cost', String(units));
    reply.header('x-compute-ms', String(Math.round(cpuMs)));
  };

/** Seconds a refused heavy request is told to wait: about one heavy task's time. */
const RETRY_AFTER_SECONDS = 2;

export class HeavyAdmission {
  constructor(private readonly options: HeavyAdmissionOptions) {}

  limitOf(planCode: string): number {
    return this.options.maxPerAccountByPlan[planCode] ?? this.options.maxPerAccount;
  }

  costOf(cpuMs: number): number {
    return Math.max(1, Math.ceil(cpuMs / this.options.msPerUnit));
  }

  /**
   * The caller of an account's work. `onCharged` hears of the quota after an extra charge, and
   * `onCost` of the cost and the compute, so that the answer can carry them.
   */
  callerOf(
    account: { userId: string; planCode: string; quota: QuotaSubject },
    hooks: { onCost(units: number, cpuMs: number): void; onCharged?(decision: Awaited<ReturnType<RateLimiter['take']>>): void },
  ): ComputeCaller {
    const limit = this.limitOf(account.planCode);
    return {
      id: account.userId,
      admit: async () => {
        const lease = await this.options.leases.acquire(account.userId, limit);
        if (!lease) throw new HeavyWorkLimitError(limit, RETRY_AFTER_SECONDS);
        return () => lease.release();
      },
      settle: async (cpuMs) => {
        const units = this.costOf(cpuMs);
        hooks.onCost(units, cpuMs);
        if (units <= 1 || !this.options.limiter) return;
        // The per-second limit counted this request already: the extra units are quota only.
        const subject = { ...account.quota, rpsLimit: null };
        try {
          let decision = await this.options.limiter.take(subject, units - 1);
          // The work is done and answered: what does not fit spends the rest of the period's quota.
          if (decision !== 'revoked' && decision.outcome === 'quota_exceeded' && decision.remaining > 0)
            decision = await this.options.limiter.take(subject, decision.remaining);
          hooks.onCharged?.(decision);
        } catch {
          // The counters are out of reach (Redis away): the work is done, and losing its extra
          // units is better than losing its answer.
        }
      },
    };
  }

  /** The caller of a REST request with a key (none without one: the platform layers are off). */
  callerOfRequest(request: FastifyRequest, reply: FastifyReply): ComputeCaller | undefined {
    const principal = request.principal;
    if (!principal) return undefined;
    return this.callerOf(
      { userId: principal.userId, planCode: principal.planCode, quota: principal },
      {
        onCost: costHeaders(reply),
        onCharged: (decision) => {
          if (decision === 'revoked') return;
          const second = request.rate?.decision.second ?? null;
          request.rate = { decision: { ...decision, second }, pending: false };
        },
      },
    );
  }

  /** A preHandler hook: the route's compute runs as its account's work. */
  hook() {
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const caller = this.callerOfRequest(request, reply);
      if (!caller) return done();
      computeCallers.run(caller, done);
    };
  }
}
