/**
 * Configuration guards of billing: under the test runner (and with STRIPE_LOOPBACK_ONLY) the
 * Stripe SDK may only be pointed at the loopback, so no test can ever reach the real Stripe;
 * redirect origins must be origins; price pairs must be pairs.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createStripeClient } from '../../src/features/billing/stripe-client.ts';

describe('Stripe host guard', () => {
  it('refuses any host but the loopback under the test runner', () => {
    for (const host of ['api.stripe.com', 'files.stripe.com', '10.0.0.5', '192.168.1.20', 'example.com', '127.0.0.1.nip.io', '0.0.0.0']) {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_HOST: host }), host).toThrow(ConfigError);
      expect(() => loadConfig({ STRIPE_API_HOST: host }), host).toThrow(/not a loopback address/);
    }
  });

  it('refuses a secret key without a host: that would be api.stripe.com', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/'api\.stripe\.com' is not a loopback address/);
  });

  it('accepts the loopback, and the SDK goes there', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_HOST: host }).STRIPE_API_HOST).toBe(host);
    }
    const stripe = createStripeClient(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4010', STRIPE_API_PROTOCOL: 'http' }),
    )!;
    const settings = (stripe as unknown as { _api: { host: string; port: number | string; protocol: string } })._api;
    expect(settings).toMatchObject({ host: '127.0.0.1', port: 4010, protocol: 'http' });
  });

  it('without a secret key billing is off', () => {
    expect(createStripeClient(loadConfig({}))).toBeNull();
  });
});

describe('billing settings', () => {
  it('reads comma lists and code=price pairs', () => {
    const config = loadConfig({
      STRIPE_WEBHOOK_SECRETS: 'whsec_a, whsec_b',
      STRIPE_PRICES: 'entry=price_1, reports_5=price_2',
      BILLING_REDIRECT_ORIGINS: 'https://app.example.com,http://localhost:5173',
    });
    expect(config.STRIPE_WEBHOOK_SECRETS).toEqual(['whsec_a', 'whsec_b']);
    expect(config.STRIPE_PRICES).toEqual({ entry: 'price_1', reports_5: 'price_2' });
    expect(config.BILLING_PAST_DUE_GRACE_HOURS).toBe(168);
  });

  it('refuses malformed pairs and origins that are not origins', () => {
    expect(() => loadConfig({ STRIPE_PRICES: 'entry' })).toThrow(/not code=value/);
    expect(() => loadConfig({ BILLING_REDIRECT_ORIGINS: 'https://app.example.com/billing' })).toThrow(/not an origin/);
    expect(() => loadConfig({ BILLING_REDIRECT_ORIGINS: 'ftp://files.example.com' })).toThrow(/not an origin/);
  });
});
