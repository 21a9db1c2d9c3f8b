/**
 * The report-credit ledger: monthly credits of plans not billed through Stripe, paid periods,
 * purchases, reservations that never go below zero under concurrency and happen once per
 * reference, refunds once — and GET /api/v1/natal/report-credits for every key of the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { InsufficientCreditsError, ReportCreditRepository } from '../../src/db/report-credits.ts';

let server: TestServer;
let credits: ReportCreditRepository;
beforeAll(async () => {
  server = await startTestServer();
  credits = new ReportCreditRepository(server.db);
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function userOn(plan: string, options: { stripeManaged?: boolean } = {}): Promise<{ userId: string; key: string }> {
  const created = await createKeyForEmail(server.db, { email: `credits${n++}@example.com`, plan });
  if (options.stripeManaged) await server.db.query(sql.unsafe`update subscriptions set provider_subscription_id = 'sub_x' where user_id = ${created.user_id}`);
  return { userId: created.user_id, key: created.key };
}
const nextMonthStart = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};
const reserve = (userId: string, ref: string) => server.db.transaction((tx) => credits.reserve(tx, userId, ref));
const ledgerCount = async (userId: string) =>
  server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_credit_ledger where user_id = ${userId}`);

describe('monthly credits of plans not billed through Stripe', () => {
  it('a plan without credits: nothing to spend, the period is the calendar month', async () => {
    const { userId } = await userOn('free');
    expect(await credits.periodSummary(userId)).toEqual({ remaining: 0, included_per_period: 0, used_this_period: 0, period_resets_at: nextMonthStart() });
    await expect(reserve(userId, 'job-free-1')).rejects.toBeInstanceOf(InsufficientCreditsError);
  });

  it('the entry plan includes 2 a month: two reservations, the third refused, refunds once', async () => {
    const { userId } = await userOn('entry');
    expect((await credits.periodSummary(userId)).remaining).toBe(2);
    expect(await reserve(userId, 'job-e-1')).toEqual({ reserved: true, remaining: 1 });
    expect(await reserve(userId, 'job-e-2')).toEqual({ reserved: true, remaining: 0 });
    await expect(reserve(userId, 'job-e-3')).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await credits.periodSummary(userId)).toMatchObject({ remaining: 0, included_per_period: 2, used_this_period: 2 });
    expect(await credits.refund(userId, 'job-e-1')).toBe(true);
    expect(await credits.refund(userId, 'job-e-1')).toBe(false);
    expect(await credits.refund(userId, 'job-never')).toBe(false);
    expect(await credits.periodSummary(userId)).toMatchObject({ remaining: 1, used_this_period: 1 });
    // Asked again, the month's grant is not made twice.
    expect(await credits.balance(userId)).toBe(1);
  });

  it('a Stripe-billed plan gets nothing lazily: its credits come with its paid invoices', async () => {
    const { userId } = await userOn('high', { stripeManaged: true });
    expect((await credits.periodSummary(userId)).remaining).toBe(0);
  });
});

describe('reservations', () => {
  it("happen once per reference, and roll back with the caller's transaction", async () => {
    const { userId } = await userOn('high');
    expect((await reserve(userId, 'job-h-1')).reserved).toBe(true);
    expect(await reserve(userId, 'job-h-1')).toEqual({ reserved: false, remaining: 9 });
    await expect(
      server.db.transaction(async (tx) => {
        await credits.reserve(tx, userId, 'job-h-2');
        throw new Error('the job row could not be written');
      }),
    ).rejects.toThrow('job row');
    expect(await credits.balance(userId)).toBe(9);
    // Another user cannot claim the same reference.
    const other = await userOn('high');
    await expect(reserve(other.userId, 'job-h-1')).rejects.toThrow(/another user/);
  });

  it('concurrent reservations never take the balance below zero', async () => {
    const { userId } = await userOn('free');
    expect(await credits.grant({ userId, reason: 'purchase', reference: `checkout:cs_${userId}`, credits: 5 })).toBe(true);
    const outcomes = await Promise.allSettled(Array.from({ length: 24 }, (_, i) => reserve(userId, `job-c-${userId}-${i}`)));
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused.every((o) => o.reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await credits.balance(userId)).toBe(0);
    const sum = await server.db.oneFirst(
      sql.type(z.object({ s: z.number() }))`select coalesce(sum(delta), 0)::int as s from report_credit_ledger where user_id = ${userId}`,
    );
    expect(sum).toBe(0);
  });

  it('the same reference reserved concurrently takes one credit', async () => {
    const { userId } = await userOn('high');
    const results = await Promise.all(Array.from({ length: 8 }, () => reserve(userId, `job-same-${userId}`)));
    expect(results.filter((r) => r.reserved)).toHaveLength(1);
    expect(await credits.balance(userId)).toBe(9);
  });
});

describe('grants', () => {
  it('a purchase is granted once per reference; an adjustment never goes below zero', async () => {
    const { userId } = await userOn('free');
    expect(await credits.grant({ userId, reason: 'purchase', reference: 'checkout:cs_once', credits: 3 })).toBe(true);
    expect(await credits.grant({ userId, reason: 'purchase', reference: 'checkout:cs_once', credits: 3 })).toBe(false);
    expect(await credits.balance(userId)).toBe(3);
    await expect(credits.grant({ userId, reason: 'admin_adjustment', reference: 'adj-1', credits: -4 })).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await credits.grant({ userId, reason: 'admin_adjustment', reference: 'adj-2', credits: -1, note: 'goodwill reversed' })).toBe(true);
    expect(await credits.balance(userId)).toBe(2);
  });

  it('paid periods: a newer one replaces, the same one raises to an upgrade, an older one changes nothing', async () => {
    const { userId } = await userOn('entry', { stripeManaged: true });
    const day = 86_400_000;
    const t0 = Date.now() - 5 * day;
    const iso = (ms: number) => new Date(ms).toISOString();
    const grant = (reference: string, creditsOf: number, start: number, end: number) =>
      server.db.transaction((tx) => credits.grantPlanPeriod(tx, { userId, reference, credits: creditsOf, periodStart: iso(start), periodEnd: iso(end) }));
    expect(await grant('invoice:in_1', 2, t0, t0 + 30 * day)).toBe(true);
    expect(await grant('invoice:in_1', 2, t0, t0 + 30 * day)).toBe(false);
    await reserve(userId, `job-p-${userId}`);
    expect(await credits.periodSummary(userId)).toEqual({ remaining: 1, included_per_period: 2, used_this_period: 1, period_resets_at: iso(t0 + 30 * day) });
    // Upgraded to high in the same period: 10 included, the one used stays used.
    expect(await grant('invoice:in_2', 10, t0, t0 + 30 * day)).toBe(true);
    expect(await credits.periodSummary(userId)).toMatchObject({ remaining: 9, included_per_period: 10, used_this_period: 1 });
    // A late event for an older period: recorded, nothing changes.
    expect(await grant('invoice:in_0', 2, t0 - 30 * day, t0)).toBe(true);
    expect((await credits.periodSummary(userId)).remaining).toBe(9);
    // The next period: unused credits lapse, the new period's are there.
    expect(await grant('invoice:in_3', 10, t0 + 30 * day, t0 + 60 * day)).toBe(true);
    expect(await credits.periodSummary(userId)).toMatchObject({ remaining: 10, included_per_period: 10, period_resets_at: iso(t0 + 60 * day) });
    expect(await ledgerCount(userId)).toBe(5);
  });
});

describe('GET /api/v1/natal/report-credits', () => {
  it("every key of a user reads the owner's balance", async () => {
    const email = `credits-keys${n++}@example.com`;
    const first = await createKeyForEmail(server.db, { email, plan: 'high' });
    const second = await createKeyForEmail(server.db, { email });
    await reserve(first.user_id, `job-k-${first.user_id}`);
    for (const key of [first.key, second.key]) {
      const res = await server.get('/api/v1/natal/report-credits', { 'x-api-key': key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ remaining: 9, included_per_period: 10, used_this_period: 1, period_resets_at: nextMonthStart() });
    }
  });

  it('needs an API key', async () => {
    const res = await server.get('/api/v1/natal/report-credits', { 'x-api-key': '' });
    expect(res.status).toBe(401);
  });
});
