/** How Stripe's failures reach clients: never as a 500, never with Stripe's own text. */
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { HttpError } from '../../http/errors.ts';
import { BillingDisabledError } from './context.ts';
import { isProviderUnavailable } from './stripe-client.ts';

export async function withProvider<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BillingDisabledError) throw new HttpError(503, error.message);
    if (isProviderUnavailable(error)) {
      log.warn({ err: error }, 'Stripe unavailable');
      throw new HttpError(503, 'Payment provider unavailable, retry later', { 'retry-after': '5' });
    }
    if (error instanceof Stripe.errors.StripeError) {
      log.error({ err: error, stripeCode: error.code, stripeType: error.type }, 'Stripe refused a request');
      throw new HttpError(502, 'The payment provider refused the request');
    }
    throw error;
  }
}
