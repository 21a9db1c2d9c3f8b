/**
 * The account scope: the dashboard's routes, called with a bearer token of the identity provider
 * (or the dashboard's session cookie standing in for one). Nothing here spends quota, but each
 * answer carries the caller's rate-limit headers, read for the plan the account holds, and none
 * is stored by a cache on the way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import { PlanRepository } from '../db/plans.ts';
import { holdsPlan } from '../db/subscription-status.ts';
import { noStore } from './browser-headers.ts';
import { peekForAccount, type RateLimiter } from './rate-limit.ts';

/** The quota an account's requests count against: its plan's, while the plan is held and its period runs. */
function quotaOfAccounts(db: DatabasePool) {
  const plans = new PlanRepository(db);
  return async (userId: string) => {
    const q = await plans.quotaOfUser(userId);
    if (!q || !holdsPlan(q.subscription_status) || (q.current_period_end && Date.parse(q.current_period_end) <= Date.now())) return null;
    return { userId, keyId: null, requestLimit: q.request_limit, limitPeriod: q.limit_period, rpsLimit: q.rps_limit };
  };
}

export function accountScope(options: {
  db: DatabasePool;
  rateLimiter: RateLimiter;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  routes: (account: FastifyInstance) => Promise<void>;
}) {
  return async (account: FastifyInstance) => {
    account.addHook('onSend', noStore);
    account.addHook('onRequest', options.authenticate);
    const accountRate = peekForAccount(options.rateLimiter, quotaOfAccounts(options.db));
    account.addHook('onRequest', accountRate.onRequest);
    account.addHook('onSend', accountRate.onSend);
    account.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    await options.routes(account);
  };
}
