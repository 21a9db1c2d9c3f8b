/** A service wired to the Stripe stand-in, with prices for the paid plans and a way to sign users up. */
import { startTestServer, type TestServer, type TestServerOptions } from './app.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

export const DASHBOARD = 'https://app.example.com';

export interface BillingWorld {
  server: TestServer;
  stripe: StripeStandIn;
  prices: { entry: string; high: string };
  /** A dashboard user (synced, with one API key): their token, id and key. */
  signUp(name: string): Promise<{ userId: string; email: string; token: string; key: string }>;
  close(): Promise<void>;
}

let counter = 0;

export interface BillingWorldOptions extends TestServerOptions {
  /** Webhook secrets accepted besides the stand-in's own (a rotation in progress). */
  extraWebhookSecrets?: string[];
}

export async function startBillingWorld(options: BillingWorldOptions = {}): Promise<BillingWorld> {
  const stripe = await startStripeStandIn();
  const entry = stripe.createPrice({ unitAmount: 800, interval: 'month' }).id;
  const high = stripe.createPrice({ unitAmount: 4000, interval: 'month' }).id;
  const server = await startTestServer({
    ...options,
    env: {
      ...stripe.env({ STRIPE_PRICES: `entry=${entry},high=${high}`, BILLING_REDIRECT_ORIGINS: DASHBOARD }),
      STRIPE_WEBHOOK_SECRETS: [...(options.extraWebhookSecrets ?? []), stripe.webhookSecret].join(','),
      ...options.env,
    },
  });
  stripe.webhookUrl = `${server.url}/api/v1/webhooks/stripe`;
  return {
    server,
    stripe,
    prices: { entry, high },
    async signUp(name) {
      const userId = `user-${name}-${process.pid}-${counter++}`;
      const email = `${userId}@example.com`;
      const token = await server.token(userId, email);
      const synced = await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: userId, email });
      if (synced.status !== 200) throw new Error(`sync failed: ${synced.status}`);
      const key = await server.bearer('POST', '/api/v1/auth/keys', token, { name: 'test' });
      return { userId, email, token, key: key.body.key };
    },
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}

/** Starts a Checkout for `product` and returns the session id. */
export async function checkout(world: BillingWorld, token: string, product: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await world.server.bearer('POST', '/api/v1/billing/checkout', token, {
    product_code: product,
    success_url: `${DASHBOARD}/billing/done?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${DASHBOARD}/billing`,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.session_id;
}
