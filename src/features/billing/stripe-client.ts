/**
 * The Stripe SDK client, from configuration. Tests point it at a local stand-in through the
 * SDK's own host/port/protocol options; configuration refuses any other host there (config.ts).
 */
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type { Stripe };

/** Null when no secret key is configured: billing is then off (plans still list). */
export function createStripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'astro-calc-service' },
  });
}

/** The SDK's error for a Stripe object that does not exist (any more). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);
}

/** Stripe could not be reached or failed on its side: worth retrying later. */
export function isProviderUnavailable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  );
}
