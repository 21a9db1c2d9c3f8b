/**
 * Revenue analytics from the billing mirror: per currency (never summed across), refunds and lost
 * disputes taken off, a zero-filled daily series, by plan, current MRR and its movements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken } from '../helpers/admin.ts';
import { ensureBillingTables } from '../helpers/billing-tables.ts';
import { rangeDays } from '../../src/features/admin/admin-revenue-routes.ts';

const DAY = 86_400_000;
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
/** Noon UTC of a day some days ago: safely inside that day. */
const noon = (daysAgo: number) => `${utcDay(-daysAgo)}T12:00:00Z`;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv() });
  token = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
});

const revenue = (range?: string) => admin(server, 'GET', `/api/v1/admin/revenue-analytics${range ? `?range=${range}` : ''}`, token);

describe('revenue analytics', () => {
  it('per currency: gross, refunds, disputes, net, daily series and by plan, never summed across currencies', async () => {
    await ensureBillingTables(server.db);
    await server.db.query(sql.unsafe`insert into billing_payments (payment_id, user_id, kind, product_code, amount_cents, currency, status, paid_at) values
      ('p1', 'u1', 'subscription', 'entry', 800, 'usd', 'succeeded', ${noon(0)}),
      ('p2', 'u2', 'subscription', 'high', 4000, 'usd', 'succeeded', ${noon(2)}),
      ('p3', 'u3', 'credit_pack', 'reports_5', 1500, 'usd', 'succeeded', ${noon(2)}),
      ('p4', 'u4', 'subscription', 'entry', 750, 'EUR', 'succeeded', ${noon(1)}),
      ('p5', 'u5', 'subscription', 'high', 4000, 'usd', 'requires_payment_method', null),
      ('p6', 'u6', 'subscription', 'high', 4000, 'usd', 'succeeded', ${noon(20)}),
      ('p7', 'u7', 'request_pack', null, 2000, 'eur', 'succeeded', ${noon(3)})`);
    await server.db.query(sql.unsafe`insert into billing_refunds (refund_id, payment_id, amount_cents, currency, status, created_at, read_at) values
      ('r1', 'p3', 1500, 'usd', 'succeeded', ${noon(1)}, now()),
      ('r2', 'p2', 1000, 'usd', 'pending', ${noon(1)}, now()),
      ('r3', 'p6', 500, 'usd', 'succeeded', ${noon(15)}, now())`);
    await server.db.query(sql.unsafe`insert into billing_disputes (dispute_id, payment_id, amount_cents, currency, status, created_at, read_at) values
      ('d1', 'p4', 750, 'eur', 'lost', ${noon(0)}, now()), ('d2', 'p1', 800, 'usd', 'under_review', ${noon(0)}, now())`);

    const res = await revenue('7d');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ range: '7d', start_date: utcDay(-6), end_date: utcDay() });
    const [eur, usd] = res.body.currencies;
    expect(eur).toMatchObject({
      currency: 'eur',
      gross_cents: 2750,
      refunds_cents: 0,
      disputes_cents: 750,
      net_cents: 2000,
      payments: 2,
      by_plan: { entry: { gross_cents: 750, refunds_cents: 0, net_cents: 750 }, request_pack: { gross_cents: 2000, refunds_cents: 0, net_cents: 2000 } },
    });
    expect(usd).toMatchObject({
      currency: 'usd',
      gross_cents: 6300,
      refunds_cents: 1500,
      disputes_cents: 0,
      net_cents: 4800,
      payments: 3,
      by_plan: {
        entry: { gross_cents: 800, refunds_cents: 0, net_cents: 800 },
        high: { gross_cents: 4000, refunds_cents: 0, net_cents: 4000 },
        reports_5: { gross_cents: 1500, refunds_cents: 1500, net_cents: 0 },
      },
    });
    expect(usd.series).toHaveLength(7);
    expect(usd.series.map((p: { date: string }) => p.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(utcDay));
    expect(usd.series.slice(4)).toEqual([
      { date: utcDay(-2), gross_cents: 5500, refunds_cents: 0, net_cents: 5500 },
      { date: utcDay(-1), gross_cents: 0, refunds_cents: 1500, net_cents: -1500 },
      { date: utcDay(), gross_cents: 800, refunds_cents: 0, net_cents: 800 },
    ]);
    expect(eur.series[6]).toEqual({ date: utcDay(), gross_cents: 0, refunds_cents: 0, net_cents: -750 });
    // A longer range takes in the older payment and refund.
    const month = (await revenue('30d')).body.currencies.find((c: { currency: string }) => c.currency === 'usd');
    expect(month).toMatchObject({ gross_cents: 10300, refunds_cents: 2000, net_cents: 8300, payments: 4 });
    expect(month.series).toHaveLength(30);
  });

  it('current MRR and its movements in the range, per currency', async () => {
    await server.db.query(sql.unsafe`insert into billing_subscriptions (subscription_id, customer_id, status, currency, mrr_cents, created_at, read_at) values
      ('s1', 'c1', 'active', 'usd', 800, now(), now()), ('s2', 'c2', 'past_due', 'usd', 4000, now(), now()),
      ('s3', 'c3', 'canceled', 'usd', 0, now(), now()), ('s4', 'c4', 'active', 'eur', 750, now(), now())`);
    await server.db.query(sql.unsafe`insert into billing_mrr_changes (subscription_id, currency, previous_mrr_cents, mrr_cents, kind, occurred_at) values
      ('s1', 'usd', 0, 4000, 'new', ${noon(5)}), ('s1', 'usd', 4000, 800, 'contraction', ${noon(2)}),
      ('s2', 'usd', 0, 4000, 'new', ${noon(1)}), ('s3', 'usd', 800, 0, 'churn', ${noon(1)}),
      ('s3', 'usd', 0, 800, 'new', ${noon(40)}), ('s4', 'eur', 0, 750, 'new', ${noon(1)})`);
    const res = await revenue('7d');
    const [eur, usd] = res.body.currencies;
    expect(usd.mrr).toEqual({
      current_cents: 4800,
      subscriptions: 2,
      movements: { new_cents: 8000, expansion_cents: 0, reactivation_cents: 0, contraction_cents: -3200, churn_cents: -800, net_cents: 4000 },
    });
    expect(eur.mrr).toEqual({
      current_cents: 750,
      subscriptions: 1,
      movements: { new_cents: 750, expansion_cents: 0, reactivation_cents: 0, contraction_cents: 0, churn_cents: 0, net_cents: 750 },
    });
  });

  it('ranges: 7d (default), 30d, 90d, 12m; anything else 422', async () => {
    expect((await revenue()).body.range).toBe('7d');
    expect((await revenue('90d')).body.currencies[0].series).toHaveLength(90);
    const year = (await revenue('12m')).body;
    expect(year.end_date).toBe(utcDay());
    expect(year.currencies[0].series.length).toBe(rangeDays('12m').length);
    const bad = await revenue('1y');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'range']);
  });

  it('12m runs from the day after the same date a year before', () => {
    const days = rangeDays('12m', Date.parse('2024-03-01T10:00:00Z'));
    expect(days[0]).toBe('2023-03-02');
    expect(days.at(-1)).toBe('2024-03-01');
    expect(days).toHaveLength(366);
    expect(rangeDays('7d', Date.parse('2024-03-01T23:59:59Z'))).toEqual([
      '2024-02-24',
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});
