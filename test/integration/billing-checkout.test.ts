/**
 * Billing through Stripe (a local stand-in of its API, reached by the official SDK), with the
 * real PostgreSQL and Redis: plans, checkout → webhook → plan active → higher limits at once,
 * the redirect before the webhook and the webhook twice fulfilling once, events in reverse
 * order, signatures (bad, missing, old, rotated), and the checkout's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { checkout, DASHBOARD, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';

let world: BillingWorld;
const OLD_SECRET = 'whsec_previous_secret_still_accepted_during_rotation';
beforeAll(async () => {
  world = await startBillingWorld({ extraWebhookSecrets: [OLD_SECRET] });
});
afterAll(async () => {
  await world?.close();
});

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const count = (query: ReturnType<typeof sql.unsafe>) =>
  world.server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from (${query}) q`);

describe('GET /api/v1/billing/plans and /credit-packs', () => {
  it('lists the public plans without any header', async () => {
    const res = await world.server.request('GET', '/api/v1/billing/plans', undefined, { 'x-api-key': '' });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { code: string }) => p.code)).toEqual(['free', 'entry', 'high']);
    expect(res.body[1]).toEqual({
      code: 'entry',
      name: 'Entry',
      price_cents: 800,
      currency: 'usd',
      interval: 'month',
      request_limit: 50000,
      limit_period: 'month',
      rps_limit: 5,
      report_credits: 2,
    });
  });

  it('lists the credit packs', async () => {
    const res = await world.server.request('GET', '/api/v1/billing/credit-packs', undefined, { 'x-api-key': '' });
    expect(res.body).toEqual([
      { code: 'reports_5', name: '5 report credits', credits: 5, price_cents: 1500, currency: 'usd' },
      { code: 'reports_20', name: '20 report credits', credits: 20, price_cents: 5000, currency: 'usd' },
    ]);
  });
});

describe('a plan bought through Checkout', () => {
  it('checkout → webhook → plan active → higher limits at once', async () => {
    const alice = await world.signUp('alice');
    const before = await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': alice.key });
    expect(before.headers.get('x-ratelimit-limit')).toBe('80');

    const res = await world.server.bearer('POST', '/api/v1/billing/checkout', alice.token, {
      product_code: 'entry',
      success_url: `${DASHBOARD}/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${DASHBOARD}/billing`,
    });
    expect(res.status).toBe(200);
    expect(res.body.checkout_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
    const session = world.stripe.sessions.get(res.body.session_id)!;
    // The customer was created and linked first; the price came from configuration, not the client.
    expect(session.customer).toMatch(/^cus_/);
    expect(session.line_items).toEqual([{ price: world.prices.entry, quantity: 1, amount: 800 }]);
    expect(session.success_url).toBe(`${DASHBOARD}/done?session_id=${session.id}`);
    expect(
      await world.server.db.oneFirst(
        sql.type(z.object({ user_id: z.string() }))`select user_id from billing_customers where customer_id = ${session.customer}`,
      ),
    ).toBe(alice.userId);

    world.stripe.completeCheckout(session.id, { card: { brand: 'mastercard', last4: '4444' } });
    expect(world.stripe.pending.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    await world.stripe.deliverAll();

    const me = await world.server.bearer('GET', '/api/v1/auth/me', alice.token);
    expect(me.body).toMatchObject({ plan_code: 'entry', subscription_status: 'active' });
    // The admin statistics see a paying user: the milestone, at the payment's time, and the user's row of milestones.
    const paidAt = await world.server.db.oneFirst(
      sql.type(z.object({ paid_at: z.number() }))`select paid_at from billing_payments where user_id = ${alice.userId}`,
    );
    expect(
      await world.server.db.oneFirst(
        sql.type(z.object({ occurred_at: z.number() }))`select occurred_at from analytics_events where user_id = ${alice.userId} and name = 'first_payment'`,
      ),
    ).toBe(paidAt);
    expect(await count(sql.unsafe`select 1 from user_milestones where user_id = ${alice.userId} and first_payment is not null`)).toBe(1);
    // The same key, right away (its cached verdict was dropped): the entry plan's limits.
    const after = await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': alice.key });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-limit')).toBe('50000');
    const credits = await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': alice.key });
    expect(credits.body).toMatchObject({ remaining: 2, included_per_period: 2, used_this_period: 0 });

    const details = await world.server.bearer('GET', '/api/v1/billing/customer', alice.token);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      user_id: alice.userId,
      plan_code: 'entry',
      plan_name: 'Entry',
      status: 'active',
      cancel_at_period_end: false,
      grace_until: null,
      card: { brand: 'mastercard', last4: '4444' },
      usage: { requests_used: 2, requests_limit: 50000 },
      payments_available: true,
    });
    expect(Date.parse(details.body.current_period_end)).toBeGreaterThan(Date.now());
    const sameBySubscription = await world.server.bearer('GET', `/api/v1/billing/subscription/${alice.userId}`, alice.token);
    expect(sameBySubscription.body).toEqual(details.body);

    // The mirror the revenue analytics read: subscription with its MRR, invoice, payment.
    const sub = await world.server.db.one(
      sql.unsafe`select status, plan_code, mrr_cents, currency, unit_amount_cents from billing_subscriptions where user_id = ${alice.userId}`,
    );
    expect(sub).toEqual({ status: 'active', plan_code: 'entry', mrr_cents: 800, currency: 'usd', unit_amount_cents: 800 });
    const invoice = await world.server.db.one(
      sql.unsafe`select status, amount_paid_cents, currency, plan_code, billing_reason from billing_invoices where user_id = ${alice.userId}`,
    );
    expect(invoice).toEqual({ status: 'paid', amount_paid_cents: 800, currency: 'usd', plan_code: 'entry', billing_reason: 'subscription_create' });
    expect(
      await count(
        sql.unsafe`select 1 from billing_payments where user_id = ${alice.userId} and kind = 'subscription' and amount_cents = 800 and paid_at is not null`,
      ),
    ).toBe(1);
    expect(await count(sql.unsafe`select 1 from billing_mrr_changes where user_id = ${alice.userId} and kind = 'new' and mrr_cents = 800`)).toBe(1);

    // A second plan is refused: changes go through the portal.
    const again = await world.server.bearer('POST', '/api/v1/billing/checkout', alice.token, {
      product_code: 'high',
      success_url: `${DASHBOARD}/ok`,
      cancel_url: `${DASHBOARD}/no`,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/portal/);
  });

  it('events delivered in reverse order (invoice and checkout before the subscription exists for us) end in the same state', async () => {
    const bob = await world.signUp('bob');
    const sessionId = await checkout(world, bob.token, 'high');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll({ reverse: true });
    expect((await world.server.bearer('GET', '/api/v1/auth/me', bob.token)).body.plan_code).toBe('high');
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': bob.key })).body.remaining).toBe(10);
  });

  it('an old snapshot arriving after the cancellation does not bring the plan back (objects are read again)', async () => {
    const carol = await world.signUp('carol');
    const sessionId = await checkout(world, carol.token, 'entry');
    world.stripe.completeCheckout(sessionId);
    const [created] = world.stripe.takePending('customer.subscription.created');
    await world.stripe.deliverAll();
    const subscriptionId = world.stripe.sessions.get(sessionId)!.subscription;
    world.stripe.endAfterFailedRetries(subscriptionId, 'canceled');
    await world.stripe.deliverAll();
    expect((await world.server.bearer('GET', '/api/v1/auth/me', carol.token)).body).toMatchObject({ plan_code: 'free', subscription_status: 'active' });
    // "created" (with an active snapshot) arrives last.
    expect((await world.stripe.deliver(created!)).status).toBe(200);
    expect((await world.server.bearer('GET', '/api/v1/auth/me', carol.token)).body.plan_code).toBe('free');
    const after = await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': carol.key });
    expect(after.headers.get('x-ratelimit-limit')).toBe('80');
    expect(await count(sql.unsafe`select 1 from billing_mrr_changes where user_id = ${carol.userId} and kind = 'churn'`)).toBe(1);
  });
});

describe('one fulfilment, whoever comes first', () => {
  it('the redirect before the webhook, then the webhook twice: the credits are added once', async () => {
    const dave = await world.signUp('dave');
    const sessionId = await checkout(world, dave.token, 'reports_5', { quantity: 2 });
    const pending = await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${sessionId}`, dave.token);
    expect(pending.body).toEqual({ session_id: sessionId, status: 'open', payment_status: 'unpaid', product_code: 'reports_5', fulfilled: false });
    world.stripe.completeCheckout(sessionId);
    const [first, second] = await Promise.all([
      world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${sessionId}`, dave.token),
      world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${sessionId}`, dave.token),
    ]);
    for (const res of [first, second])
      expect(res.body).toEqual({
        session_id: sessionId,
        status: 'complete',
        payment_status: 'paid',
        product_code: 'reports_5',
        fulfilled: true,
        credits_added: 10,
      });
    const [event] = world.stripe.pending;
    const deliveries = [await world.stripe.deliver(event!), await world.stripe.deliver(event!)];
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(JSON.parse(deliveries[1]!.body)).toEqual({ received: true, duplicate: true });
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': dave.key })).body.remaining).toBe(10);
    expect(await count(sql.unsafe`select 1 from report_credit_ledger where user_id = ${dave.userId} and reason = 'purchase'`)).toBe(1);
    expect(await count(sql.unsafe`select 1 from billing_payments where user_id = ${dave.userId} and kind = 'credit_pack' and amount_cents = 3000`)).toBe(1);
  });

  it('the webhook before the redirect, and a delayed (asynchronous) payment fulfils only once paid', async () => {
    const erin = await world.signUp('erin');
    const sessionId = await checkout(world, erin.token, 'reports_20');
    world.stripe.completeCheckout(sessionId, { asyncPayment: true });
    await world.stripe.deliverAll();
    expect((await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${sessionId}`, erin.token)).body.fulfilled).toBe(false);
    world.stripe.settleAsyncPayment(sessionId, true);
    await world.stripe.deliverAll();
    const status = await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${sessionId}`, erin.token);
    expect(status.body).toMatchObject({ payment_status: 'paid', fulfilled: true, credits_added: 20 });
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': erin.key })).body.remaining).toBe(20);
  });
});

describe('webhook signatures', () => {
  const someEvent = async () => {
    const user = await world.signUp('sig');
    const sessionId = await checkout(world, user.token, 'reports_5');
    world.stripe.completeCheckout(sessionId);
    return { user, event: world.stripe.takePending()[0]! };
  };
  const received = async (eventId: string) => count(sql.unsafe`select 1 from stripe_events where event_id = ${eventId}`);

  it('a bad, missing, stale or foreign signature is 400 and changes nothing', async () => {
    const { user, event } = await someEvent();
    const payload = JSON.stringify(event);
    const post = (signature: string | undefined, body = payload) =>
      fetch(world.stripe.webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });
    const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, id: 'cs_test_other' } } });
    for (const res of [
      await post(undefined),
      await post('t=1,v1=00'),
      await post(world.stripe.sign(payload, 'whsec_someone_else')),
      await post(world.stripe.sign(payload), tampered),
      await post(world.stripe.sign(payload, world.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 3600)),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'Invalid signature' });
    }
    expect(await received(event.id)).toBe(0);
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': user.key })).body.remaining).toBe(0);
  });

  it('a signature dated further ahead than the tolerance is refused like a stale one; within it, accepted', async () => {
    const { event } = await someEvent();
    const tolerance = world.server.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS;
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [100_000, tolerance + 60]) {
      const res = await world.stripe.deliver(event, { timestamp: now + ahead });
      expect(res.status, `${ahead} s ahead`).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ detail: 'Invalid signature' });
    }
    // A later `t` is the one the SDK checks: a header with two is judged by it here too.
    const payload = JSON.stringify(event);
    const signed = world.stripe.sign(payload, world.stripe.webhookSecret, now + 100_000);
    const twoStamps = await world.stripe.deliver(event, { signature: `t=${now},${signed}` });
    expect(twoStamps.status).toBe(400);
    expect(await received(event.id)).toBe(0);
    // Clocks disagree a little: a few seconds ahead is fine.
    expect((await world.stripe.deliver(event, { timestamp: now + 30 })).status).toBe(200);
    expect(await received(event.id)).toBe(1);
  });

  it('a well-signed body that is no event (no id, no object) is 400 and stores nothing', async () => {
    const { event } = await someEvent();
    const { id: _id, ...withoutId } = event;
    for (const [body, field] of [
      [withoutId, 'id'],
      [{ ...event, id: `${event.id}_null`, data: { object: null } }, 'data.object'],
    ] as const) {
      const payload = JSON.stringify(body);
      const res = await fetch(world.stripe.webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': world.stripe.sign(payload) },
        body: payload,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: `Malformed event: ${field}` });
    }
    expect(await received(`${event.id}_null`)).toBe(0);
    // A well-signed body that is not JSON at all: named as such, not as a bad signature.
    const notJson = '{"id": "evt_cut_short", "type": "checkout.se';
    const cut = await fetch(world.stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': world.stripe.sign(notJson) },
      body: notJson,
    });
    expect(cut.status).toBe(400);
    expect(await cut.json()).toEqual({ detail: 'Malformed event: the signed body is not JSON' });
  });

  it('either secret of a rotation is accepted', async () => {
    const { user, event } = await someEvent();
    expect((await world.stripe.deliver(event, { secret: OLD_SECRET })).status).toBe(200);
    expect(await received(event.id)).toBe(1);
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': user.key })).body.remaining).toBe(5);
  });

  it('event types the service does not handle are acknowledged', async () => {
    const event = world.stripe.emitOther('product.created', { id: 'prod_123', object: 'product' });
    world.stripe.takePending();
    const res = await world.stripe.deliver(event);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true });
  });
});

describe('checkout refusals', () => {
  it('unknown product, plan quantity, foreign origins: 422 on the field', async () => {
    const user = await world.signUp('refusals');
    const post = (body: Record<string, unknown>) =>
      world.server.bearer('POST', '/api/v1/billing/checkout', user.token, {
        product_code: 'entry',
        success_url: `${DASHBOARD}/ok`,
        cancel_url: `${DASHBOARD}/no`,
        ...body,
      });
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ product_code: 'platinum' }, ['body', 'product_code']],
      [{ product_code: 'free' }, ['body', 'product_code']],
      [{ product_code: 'unlimited' }, ['body', 'product_code']],
      [{ quantity: 2 }, ['body', 'quantity']],
      [{ quantity: 0 }, ['body', 'quantity']],
      [{ success_url: 'https://evil.example.net/ok' }, ['body', 'success_url']],
      [{ cancel_url: 'javascript:alert(1)' }, ['body', 'cancel_url']],
      [{ success_url: `https://user:pw@app.example.com/ok` }, ['body', 'success_url']],
      [{ success_url: 'not a url' }, ['body', 'success_url']],
    ];
    for (const [body, loc] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
    expect(world.stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === user.userId)).toHaveLength(0);
  });

  it('a user who has not synced is 404; no token is 401', async () => {
    const token = await world.server.token('never-synced', 'never@example.com');
    expect(
      (
        await world.server.bearer('POST', '/api/v1/billing/checkout', token, {
          product_code: 'entry',
          success_url: `${DASHBOARD}/a`,
          cancel_url: `${DASHBOARD}/b`,
        })
      ).status,
    ).toBe(404);
    expect((await world.server.request('POST', '/api/v1/billing/checkout', { product_code: 'entry' }, { 'x-api-key': '' })).status).toBe(401);
  });

  it('Stripe down: 503 with Retry-After, nothing half-made', async () => {
    const user = await world.signUp('down');
    world.stripe.down = true;
    try {
      const res = await world.server.bearer('POST', '/api/v1/billing/checkout', user.token, {
        product_code: 'reports_5',
        success_url: `${DASHBOARD}/a`,
        cancel_url: `${DASHBOARD}/b`,
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      world.stripe.down = false;
    }
    // It works once Stripe is back, and one customer is made.
    await checkout(world, user.token, 'reports_5');
    expect(await count(sql.unsafe`select 1 from billing_customers where user_id = ${user.userId}`)).toBe(1);
  });
});
