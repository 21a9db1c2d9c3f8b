/**
 * Private request packs: made for one user by the operator (CLI or the service function the
 * admin API calls), visible and payable only by that user, paid once, and added to the quota of
 * the period in which they are paid — at once, on the user's keys.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { DASHBOARD, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';
import { createRequestPackOffer, OfferInputError } from '../../src/features/billing/request-packs.ts';
import { QuotaExtraRepository } from '../../src/db/quota-extras.ts';
import { PlanRepository } from '../../src/db/plans.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ env: { DASHBOARD_URL: `${DASHBOARD}/` } });
});
afterAll(async () => {
  await world?.close();
});

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const limitOf = async (key: string) => (await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': key })).headers.get('x-ratelimit-limit');

describe('request packs', () => {
  it("only the owner sees the offer; paying it adds the requests to this period's quota, once", async () => {
    const alice = await world.signUp('pack-alice');
    const bob = await world.signUp('pack-bob');
    expect((await world.server.bearer('GET', '/api/v1/billing/request-pack', alice.token)).status).toBe(404);
    const offer = await createRequestPackOffer(world.server.db, { userId: alice.userId, requests: 1000, priceCents: 900, note: 'For your launch week' });

    const shown = await world.server.bearer('GET', '/api/v1/billing/request-pack', alice.token);
    expect(shown.body).toEqual({
      id: offer.id,
      requests: 1000,
      price_cents: 900,
      currency: 'usd',
      status: 'open',
      expires_at: null,
      created_at: offer.created_at,
      note: 'For your launch week',
    });
    expect((await world.server.bearer('GET', '/api/v1/billing/request-pack', bob.token)).status).toBe(404);
    const bobs = await world.server.bearer('POST', '/api/v1/billing/request-pack/checkout', bob.token);
    expect(bobs.status, JSON.stringify(bobs.body)).toBe(404);

    // No body: the return URLs are the dashboard's.
    const first = await world.server.bearer('POST', '/api/v1/billing/request-pack/checkout', alice.token);
    expect(first.status).toBe(200);
    const session = world.stripe.sessions.get(first.body.session_id)!;
    expect(session.success_url).toBe(`${DASHBOARD}/billing?request_pack=paid&session_id=${session.id}`);
    expect(session.amount_total).toBe(900);
    expect(session.mode).toBe('payment');
    // Asked again while it is open: the same session, so the offer can be paid only once.
    expect((await world.server.bearer('POST', '/api/v1/billing/request-pack/checkout', alice.token)).body.session_id).toBe(session.id);

    expect(await limitOf(alice.key)).toBe('80');
    world.stripe.completeCheckout(session.id);
    await world.stripe.deliverAll({ times: 2 });
    expect(await limitOf(alice.key)).toBe('1080');
    expect(await limitOf(bob.key)).toBe('80');
    const status = await world.server.bearer('GET', `/api/v1/billing/checkout-status?session_id=${session.id}`, alice.token);
    expect(status.body).toMatchObject({ status: 'complete', fulfilled: true, requests_added: 1000, product_code: 'request_pack' });
    expect((await world.server.bearer('GET', '/api/v1/billing/customer', alice.token)).body.usage.requests_limit).toBe(1080);
    expect((await world.server.bearer('GET', '/api/v1/billing/request-pack', alice.token)).status).toBe(404);
    const extras = await world.server.db.any(
      sql.unsafe`select extra_requests, period_end - period_start as length from quota_extras where user_id = ${alice.userId}`,
    );
    expect(extras).toHaveLength(1);
    expect((extras[0] as { extra_requests: number }).extra_requests).toBe(1000);
    const payment = await world.server.db.one(sql.unsafe`select kind, amount_cents, currency from billing_payments where checkout_session_id = ${session.id}`);
    expect(payment).toEqual({ kind: 'request_pack', amount_cents: 900, currency: 'usd' });
  });

  it("a pack is for the period of the plan it was bought under: on the first of a month, a day's and a month's are two, and each plan counts its own", async () => {
    const user = await world.signUp('pack-first-of-month');
    const extras = new QuotaExtraRepository(world.server.db);
    const firstOfMonth = Date.UTC(2026, 11, 1, 10);
    await extras.add(user.userId, 'day', 100, firstOfMonth);
    await extras.add(user.userId, 'month', 1000, firstOfMonth);
    await extras.add(user.userId, 'month', 500, firstOfMonth);
    const rows = await world.server.db.any(sql.type(z.object({ limit_period: z.string(), extra_requests: z.number(), days: z.number() }))`
      select limit_period, extra_requests, extract(day from period_end - period_start)::int as days from quota_extras where user_id = ${user.userId} order by limit_period`);
    expect(rows).toEqual([
      { limit_period: 'day', extra_requests: 100, days: 1 },
      { limit_period: 'month', extra_requests: 1500, days: 31 },
    ]);
    // Packs of now: a month's counts for a monthly plan, and not for a daily one.
    await world.server.db.query(sql.unsafe`delete from quota_extras where user_id = ${user.userId}`);
    await extras.add(user.userId, 'month', 1000);
    const plans = new PlanRepository(world.server.db);
    await world.server.db.query(
      sql.unsafe`update subscriptions set plan_code = 'entry', status = 'active', current_period_end = now() + interval '20 days' where user_id = ${user.userId}`,
    );
    expect((await plans.quotaOfUser(user.userId))!.request_limit).toBe(51_000);
    await world.server.db.query(sql.unsafe`update subscriptions set plan_code = 'free' where user_id = ${user.userId}`);
    expect((await plans.quotaOfUser(user.userId))!.request_limit).toBe(80);
  });

  it('takes a request declaring JSON with an empty body as one without a body; a body that is not JSON stays 422', async () => {
    const user = await world.signUp('pack-empty-json');
    await createRequestPackOffer(world.server.db, { userId: user.userId, requests: 300, priceCents: 300 });
    const post = (body: string) =>
      fetch(`${world.server.url}/api/v1/billing/request-pack/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body,
      });
    const empty = await post('');
    expect(empty.status).toBe(200);
    const session = world.stripe.sessions.get((await empty.json()).session_id)!;
    expect(session.success_url).toBe(`${DASHBOARD}/billing?request_pack=paid&session_id=${session.id}`);
    const broken = await post('{');
    expect(broken.status).toBe(422);
    expect((await broken.json()).detail[0].type).toBe('json_invalid');
    // Elsewhere an empty JSON body is still what it was: a body that does not decode.
    const checkout = await fetch(`${world.server.url}/api/v1/billing/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '',
    });
    expect(checkout.status).toBe(422);
  });

  it('an expired checkout frees the offer for a new one', async () => {
    const user = await world.signUp('pack-expired');
    await createRequestPackOffer(world.server.db, { userId: user.userId, requests: 500, priceCents: 500 });
    const first = (await world.server.bearer('POST', '/api/v1/billing/request-pack/checkout', user.token)).body.session_id;
    world.stripe.expireCheckout(first);
    await world.stripe.deliverAll();
    const second = await world.server.bearer('POST', '/api/v1/billing/request-pack/checkout', user.token, {
      success_url: `${DASHBOARD}/ok`,
      cancel_url: `${DASHBOARD}/no`,
    });
    expect(second.status).toBe(200);
    expect(second.body.session_id).not.toBe(first);
  });

  it('a new offer replaces the open one; bad offers are refused', async () => {
    const user = await world.signUp('pack-replace');
    const old = await createRequestPackOffer(world.server.db, { userId: user.userId, requests: 100, priceCents: 100 });
    const fresh = await createRequestPackOffer(world.server.db, {
      userId: user.userId,
      requests: 200,
      priceCents: 150,
      currency: 'EUR',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const shown = (await world.server.bearer('GET', '/api/v1/billing/request-pack', user.token)).body;
    expect(shown).toMatchObject({ id: fresh.id, requests: 200, currency: 'eur' });
    expect(await world.server.db.oneFirst(sql.type(z.object({ status: z.string() }))`select status from request_pack_offers where id = ${old.id}`)).toBe(
      'withdrawn',
    );
    for (const [input, field] of [
      [{ requests: 0.5 }, 'requests'],
      [{ priceCents: 10 }, 'price_cents'],
      [{ currency: 'dollars' }, 'currency'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ userId: 'nobody' }, 'user_id'],
    ] as const) {
      const error = await createRequestPackOffer(world.server.db, { ...{ userId: user.userId, requests: 10, priceCents: 100 }, ...input }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OfferInputError);
      expect((error as OfferInputError).field).toBe(field);
    }
  });

  it('the operator makes an offer with the CLI', async () => {
    const user = await world.signUp('pack-cli');
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'REDIS_URL'));
    const { stdout } = await run(
      process.execPath,
      [built('src/cli.ts'), 'billing', 'offer', '--email', user.email, '--requests', '25000', '--price-cents', '1900', '--expires-days', '14', '--json'],
      {
        cwd: root,
        env: { ...env, DATABASE_URL: world.server.config.DATABASE_URL!, LOG_LEVEL: 'silent' },
      },
    );
    const offer = JSON.parse(stdout.trim());
    expect(offer).toMatchObject({ user_id: user.userId, requests: 25000, price_cents: 1900, currency: 'usd', status: 'open' });
    const shown = (await world.server.bearer('GET', '/api/v1/billing/request-pack', user.token)).body;
    expect(shown.id).toBe(offer.id);
    expect(Date.parse(shown.expires_at) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  }, 60_000);
});
