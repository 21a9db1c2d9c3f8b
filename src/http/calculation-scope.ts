/**
 * The calculation scope: every route registered in it needs an API key (or runs without the
 * platform layers in the benchmark's reference service), reads an explicit null as an absent field,
 * runs its compute as its account's (heavy work admitted and charged per account), and its POSTs
 * are billable calculations that take an Idempotency-Key unless a route says `billable: false`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeavyAdmission } from './heavy-admission.ts';
import { nullMeansAbsent } from './null-means-absent.ts';

export function calculationScope(options: {
  /** The API-key check; absent without the platform layers. */
  authenticate: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;
  heavy: HeavyAdmission;
  routes: (calc: FastifyInstance) => Promise<void>;
}) {
  return async (calc: FastifyInstance) => {
    if (options.authenticate) calc.addHook('onRequest', options.authenticate);
    calc.addHook('preValidation', nullMeansAbsent);
    calc.addHook('preHandler', options.heavy.hook());
    calc.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
      if (route.config?.billable === undefined && route.method === 'POST') route.config = { ...route.config, billable: true };
    });
    await options.routes(calc);
  };
}
