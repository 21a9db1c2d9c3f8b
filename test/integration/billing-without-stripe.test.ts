/**
 * A server without Stripe takes no payments and says so: the subscription answer carries
 * `payments_available: false` for the dashboard to offer no buying, and checkout, the request
 * pack's checkout and the customer portal answer 503 "not configured" before any check of the
 * redirect addresses (which would only name the operator's settings to a customer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('billing on a server without Stripe', () => {
  it('reports payments unavailable and refuses every payment call with 503, whatever the redirect addresses', async () => {
    const { user_id } = await createKeyForEmail(server.db, { email: 'no-stripe@example.com', plan: 'free' });
    const token = await server.token(user_id, 'no-stripe@example.com');
    const details = await server.bearer('GET', `/api/v1/billing/subscription/${user_id}`, token);
    expect(details.status).toBe(200);
    expect(details.body.payments_available).toBe(false);
    const elsewhere = 'https://elsewhere.example/back';
    for (const [path, body] of [
      ['/api/v1/billing/checkout', { product_code: 'entry', success_url: elsewhere, cancel_url: elsewhere }],
      ['/api/v1/billing/request-pack/checkout', { success_url: elsewhere, cancel_url: elsewhere }],
      ['/api/v1/billing/portal', { return_url: elsewhere }],
    ] as const) {
      const res = await server.bearer('POST', path, token, body);
      expect(res.status, path).toBe(503);
      expect(res.body.detail, path).toMatch(/not configured/);
    }
  });
});
