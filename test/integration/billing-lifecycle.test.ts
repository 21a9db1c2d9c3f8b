/**
 * A subscription's life after Checkout, with the Stripe stand-in, a real SMTP server, PostgreSQL
 * and Redis: renewals grant the new period's credits once; a failed payment keeps the plan
 * through the grace period (and e-mails the user once), then the account counts as free; pause
 * and resume; refunds and disputes in the mirror; a customer deleted in Stripe; the portal; and
 * two users who never see each other's billing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { checkout, DASHBOARD, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

let world: BillingWorld;
let sink: SmtpSink;
const logLines: string[] = [];
beforeAll(async () => {
  sink = await startSmtpSink();
  world = await startBillingWorld({ logLines, env: { SMTP_URL: sink.url, MAIL_FROM: 'Astro Billing <billing@astro.test>' } });
});
afterAll(async () => {
  await world?.close();
  await sink?.close();
});

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const count = (query: ReturnType<typeof sql.unsafe>) =>
  world.server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from (${query}) q`);
const limitOf = async (key: string) => (await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': key })).headers.get('x-ratelimit-limit');

/** A user with a paid subscription, all of its events delivered. */
async function subscriber(name: string, plan: 'entry' | 'high' = 'high') {
  const user = await world.signUp(name);
  const sessionId = await checkout(world, user.token, plan);
  world.stripe.completeCheckout(sessionId);
  await world.stripe.deliverAll();
  return { ...user, subscriptionId: world.stripe.sessions.get(sessionId)!.subscription as string };
}

describe('renewals', () => {
  it('each paid period grants its credits once; the unused ones of the last period lapse', async () => {
    const user = await subscriber('renewal');
    const reserve = (ref: string) =>
      world.server.db.transaction(async (tx) => {
        const { ReportCreditRepository } = await import('../../src/db/report-credits.ts');
        return new ReportCreditRepository(world.server.db).reserve(tx, user.userId, ref);
      });
    await reserve(`job-${user.userId}-1`);
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': user.key })).body).toMatchObject({ remaining: 9, used_this_period: 1 });
    const periodEnd = world.stripe.subscriptions.get(user.subscriptionId)!.items.data[0].current_period_end;
    world.stripe.renew(user.subscriptionId);
    await world.stripe.deliverAll({ times: 2 });
    const credits = (await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': user.key })).body;
    expect(credits).toMatchObject({ remaining: 10, included_per_period: 10, used_this_period: 0 });
    expect(credits.period_resets_at).toBe(new Date((periodEnd + 30 * 86400) * 1000).toISOString());
    expect(await count(sql.unsafe`select 1 from report_credit_ledger where user_id = ${user.userId} and reason = 'plan_grant'`)).toBe(2);
    expect(await count(sql.unsafe`select 1 from billing_invoices where user_id = ${user.userId} and status = 'paid'`)).toBe(2);
    // The same revenue: no MRR movement on a renewal.
    expect(await count(sql.unsafe`select 1 from billing_mrr_changes where user_id = ${user.userId}`)).toBe(1);
  });
});

describe('a failed payment', () => {
  it('past due → the plan stays through the grace period (one e-mail) → free once it ends → unpaid stays free', async () => {
    const user = await subscriber('pastdue');
    const invoice = world.stripe.failPayment(user.subscriptionId);
    await world.stripe.deliverAll({ times: 2 });

    const me = (await world.server.bearer('GET', '/api/v1/auth/me', user.token)).body;
    expect(me).toMatchObject({ plan_code: 'high', subscription_status: 'past_due' });
    expect(await limitOf(user.key)).toBe('500000');
    const details = (await world.server.bearer('GET', '/api/v1/billing/customer', user.token)).body;
    expect(details.status).toBe('past_due');
    const graceHours = (Date.parse(details.grace_until) - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(7 * 24 - 1);
    expect(graceHours).toBeLessThanOrEqual(7 * 24);

    const mail = await sink.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Your payment did not go through');
    expect(mail.text).toContain('40.00 USD');
    expect(mail.text).toContain(details.grace_until.slice(0, 10));
    expect(sink.to(user.email)).toHaveLength(1);
    expect(invoice.status).toBe('open');
    expect(await count(sql.unsafe`select 1 from billing_invoices where invoice_id = ${invoice.id} and status = 'open' and attempt_count = 1`)).toBe(1);

    // The grace period ends (moved into the past rather than waited for).
    await world.server.db.query(sql.unsafe`update subscriptions set grace_until = now() - interval '1 second' where user_id = ${user.userId}`);
    world.server.app.authenticator.clear();
    expect(await limitOf(user.key)).toBe('80');
    expect((await world.server.bearer('GET', '/api/v1/auth/me', user.token)).body).toMatchObject({ plan_code: 'free', subscription_status: 'active' });

    world.stripe.endAfterFailedRetries(user.subscriptionId, 'unpaid');
    await world.stripe.deliverAll();
    const row = await world.server.db.one(sql.unsafe`select plan_code, status, provider_subscription_id from subscriptions where user_id = ${user.userId}`);
    expect(row).toEqual({ plan_code: 'free', status: 'active', provider_subscription_id: null });
    expect(await limitOf(user.key)).toBe('80');
    expect(await count(sql.unsafe`select 1 from billing_mrr_changes where user_id = ${user.userId} and kind = 'churn'`)).toBe(1);
  });

  it('a paid retry within the grace period restores the subscription', async () => {
    const user = await subscriber('recovers', 'entry');
    world.stripe.failPayment(user.subscriptionId);
    await world.stripe.deliverAll();
    world.stripe.renew(user.subscriptionId);
    await world.stripe.deliverAll();
    expect((await world.server.bearer('GET', '/api/v1/billing/customer', user.token)).body).toMatchObject({
      status: 'active',
      grace_until: null,
      plan_code: 'entry',
    });
  });

  it('no e-mail when billing e-mails are turned off', async () => {
    const user = await subscriber('quiet');
    expect((await world.server.bearer('PUT', '/api/v1/settings/notifications', user.token, { billing_emails: false })).status).toBe(200);
    world.stripe.failPayment(user.subscriptionId);
    await world.stripe.deliverAll();
    expect((await world.server.bearer('GET', '/api/v1/auth/me', user.token)).body.subscription_status).toBe('past_due');
    // Another user's mail arrives after this one's would have: none came for this one.
    const other = await subscriber('loud');
    world.stripe.failPayment(other.subscriptionId);
    await world.stripe.deliverAll();
    await sink.waitFor((m) => m.to.includes(other.email));
    expect(sink.to(user.email)).toHaveLength(0);
  });
});

describe('pause, refunds, disputes, customer deleted', () => {
  it('a paused subscription counts as free; resumed, the plan is back', async () => {
    const user = await subscriber('pause', 'entry');
    world.stripe.pause(user.subscriptionId);
    await world.stripe.deliverAll();
    expect(await limitOf(user.key)).toBe('80');
    world.stripe.resume(user.subscriptionId);
    await world.stripe.deliverAll();
    expect(await limitOf(user.key)).toBe('50000');
    expect(await count(sql.unsafe`select 1 from billing_mrr_changes where user_id = ${user.userId} and kind = 'reactivation'`)).toBe(1);
  });

  it('refunds and disputes are mirrored with their user, amount and currency', async () => {
    const user = await world.signUp('refund');
    const sessionId = await checkout(world, user.token, 'reports_20');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    const intent = world.stripe.sessions.get(sessionId)!.payment_intent as string;
    const refund = world.stripe.refund(intent, 1000);
    const dispute = world.stripe.dispute(intent);
    await world.stripe.deliverAll({ times: 2 });
    const refunds = await world.server.db.any(
      sql.unsafe`select refund_id, payment_id, user_id, amount_cents, currency, status from billing_refunds where user_id = ${user.userId}`,
    );
    expect(refunds).toEqual([{ refund_id: refund.id, payment_id: intent, user_id: user.userId, amount_cents: 1000, currency: 'usd', status: 'succeeded' }]);
    const disputes = await world.server.db.any(sql.unsafe`select dispute_id, user_id, amount_cents, status from billing_disputes where payment_id = ${intent}`);
    expect(disputes).toEqual([{ dispute_id: dispute.id, user_id: user.userId, amount_cents: 5000, status: 'needs_response' }]);
  });

  it('a customer deleted in Stripe takes the user back to free, and the next checkout makes a new customer', async () => {
    const user = await subscriber('gone', 'entry');
    const customerId = world.stripe.subscriptions.get(user.subscriptionId)!.customer;
    const deleted = await fetch(`http://127.0.0.1:${world.stripe.port}/v1/customers/${customerId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${world.stripe.secretKey}` },
    });
    expect(deleted.status).toBe(200);
    await world.stripe.deliverAll();
    expect(await limitOf(user.key)).toBe('80');
    expect(
      await world.server.db.oneFirst(
        sql.type(z.object({ email: z.string().nullable() }))`select email from billing_customers where customer_id = ${customerId}`,
      ),
    ).toBeNull();
    const sessionId = await checkout(world, user.token, 'reports_5');
    expect(world.stripe.sessions.get(sessionId)!.customer).not.toBe(customerId);
  });
});

describe('the customer portal', () => {
  it('answers the portal URL for an allowed return URL and never logs it', async () => {
    const user = await subscriber('portal', 'entry');
    const res = await world.server.bearer('POST', '/api/v1/billing/portal', user.token, { return_url: `${DASHBOARD}/billing` });
    expect(res.status).toBe(200);
    expect(res.body.portal_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/[0-9a-f]{32}$/);
    const portal = [...world.stripe.portalSessions.values()].at(-1)!;
    expect(portal.return_url).toBe(`${DASHBOARD}/billing`);
    expect(portal.customer).toBe(world.stripe.subscriptions.get(user.subscriptionId)!.customer);
    // The portal request itself was logged (trace level), but not the URL it answered.
    expect(logLines.some((line) => line.includes('/api/v1/billing/portal'))).toBe(true);
    expect(logLines.some((line) => line.includes(res.body.portal_url.split('/portal/')[1]))).toBe(false);
    const foreign = await world.server.bearer('POST', '/api/v1/billing/portal', user.token, { return_url: 'https://phish.example.org/billing' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0].loc).toEqual(['body', 'return_url']);
  });
});

describe("two users never see each other's billing", () => {
  it('sessions, subscriptions and offers of one are 404 for the other', async () => {
    const alice = await subscriber('iso-alice', 'entry');
    const bob = await world.signUp('iso-bob');
    const aliceSession = await checkout(world, alice.token, 'reports_5');
    const seen = await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${aliceSession}`, bob.token);
    expect(seen.status).toBe(404);
    expect(seen.body).toEqual({ detail: 'Checkout session not found' });
    expect((await world.server.bearer('GET', '/api/v1/billing/checkout-status?session_id=cs_test_doesnotexist', bob.token)).body).toEqual(seen.body);
    const sub = await world.server.bearer('GET', `/api/v1/billing/subscription/${alice.userId}`, bob.token);
    expect(sub.status).toBe(404);
    expect((await world.server.bearer('GET', '/api/v1/billing/subscription/nobody-at-all', bob.token)).body).toEqual(sub.body);
    expect((await world.server.bearer('GET', `/api/v1/billing/subscription/${alice.userId}`, alice.token)).status).toBe(200);
    // Bob's own details say nothing of Alice's plan or card.
    const bobs = (await world.server.bearer('GET', '/api/v1/billing/customer', bob.token)).body;
    expect(bobs).toMatchObject({ user_id: bob.userId, plan_code: 'free', card: null, current_period_end: null });
    // Bob's fulfilment of Alice's session: none.
    world.stripe.completeCheckout(aliceSession);
    world.stripe.takePending();
    expect((await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${aliceSession}`, bob.token)).status).toBe(404);
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': bob.key })).body.remaining).toBe(0);
  });

  it('product_code asks whether the user holds that plan', async () => {
    const user = await subscriber('product', 'entry');
    expect((await world.server.bearer('GET', '/api/v1/billing/customer?product_code=entry', user.token)).body).toMatchObject({
      plan_code: 'entry',
      status: 'active',
    });
    expect((await world.server.bearer('GET', '/api/v1/billing/customer?product_code=high', user.token)).body).toMatchObject({
      plan_code: 'high',
      status: 'inactive',
      card: null,
    });
    const unknown = await world.server.bearer('GET', '/api/v1/billing/customer?product_code=gold', user.token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['query', 'product_code']);
  });
});
