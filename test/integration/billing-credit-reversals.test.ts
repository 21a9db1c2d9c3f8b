/**
 * Report credits follow the money back, through the Stripe stand-in and the signed webhook: a
 * refunded or disputed credit pack loses what is left of its credits (spent ones stay spent, the
 * ledger says both), a partial refund the same share rounded up, a failed refund or a won dispute
 * gives them back; a refunded plan invoice takes back its period's credits while the period
 * lasts. Each refund or dispute withdraws once, however many events tell of it and in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { checkout, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';

let world: BillingWorld;
let credits: ReportCreditRepository;
beforeAll(async () => {
  world = await startBillingWorld();
  credits = new ReportCreditRepository(world.server.db);
});
afterAll(async () => {
  await world?.close();
});

const ledgerRow = z.object({
  reason: z.string(),
  reference: z.string(),
  delta: z.number(),
  requested: z.number().nullable(),
  reverses: z.string().nullable(),
  note: z.string().nullable(),
});
const reversals = (userId: string) =>
  world.server.db.any(sql.type(ledgerRow)`
  select reason, reference, delta, requested, reverses, note from report_credit_ledger
  where user_id = ${userId} and reason in ('reversal', 'reversal_restored') order by id`);
/** The balance GET /api/v1/natal/report-credits answers (read here: a free key may ask once a second). */
const remaining = (userId: string) => credits.balance(userId);
/** Spends credits the way a report submission does: one reservation per job. */
async function spend(userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await world.server.db.transaction((tx) => credits.reserve(tx, userId, `job-${userId}-${Math.random()}`));
}

/** A user who bought `product` (fulfilled by the webhook); the PaymentIntent that paid for it. */
async function buyer(name: string, product = 'reports_5') {
  const user = await world.signUp(name);
  const sessionId = await checkout(world, user.token, product);
  world.stripe.completeCheckout(sessionId);
  await world.stripe.deliverAll();
  return { ...user, sessionId, paymentIntent: world.stripe.sessions.get(sessionId)!.payment_intent as string };
}

describe('a refunded credit pack', () => {
  it('loses its unspent credits; what was spent stays spent, and the ledger says both', async () => {
    const ann = await buyer('ann');
    await spend(ann.userId, 2);
    expect(await remaining(ann.userId)).toBe(3);
    const refund = world.stripe.refund(ann.paymentIntent);
    expect(world.stripe.pending.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    await world.stripe.deliverAll();
    expect(await remaining(ann.userId)).toBe(0);
    expect(await reversals(ann.userId)).toEqual([
      {
        reason: 'reversal',
        reference: `refund:${refund.id}`,
        delta: -3,
        requested: 5,
        reverses: `checkout:${ann.sessionId}`,
        note: `refund ${refund.id} of checkout:${ann.sessionId}: 5 asked, 3 taken (2 already spent)`,
      },
    ]);
    // The ledger still adds up to the balance.
    expect(
      await world.server.db.oneFirst(
        sql.type(z.object({ s: z.number() }))`select sum(delta)::int as s from report_credit_ledger where user_id = ${ann.userId}`,
      ),
    ).toBe(0);
  });

  it('two events about one refund, delivered twice and in reverse order, and a later one for it: withdrawn once', async () => {
    const ben = await buyer('ben');
    await spend(ben.userId, 1);
    const refund = world.stripe.refund(ben.paymentIntent);
    await world.stripe.deliverAll({ reverse: true, times: 2 });
    // A new event (a new id, so not a duplicate delivery) about the same refund.
    world.stripe.emitOther('refund.updated', refund);
    await world.stripe.deliverAll();
    expect(await remaining(ben.userId)).toBe(0);
    expect((await reversals(ben.userId)).map((r) => [r.reason, r.delta])).toEqual([['reversal', -4]]);
    // Credits bought afterwards are not touched by the old refund's events.
    const later = await checkout(world, ben.token, 'reports_5');
    world.stripe.completeCheckout(later);
    await world.stripe.deliverAll();
    world.stripe.emitOther('refund.updated', refund);
    await world.stripe.deliverAll();
    expect(await remaining(ben.userId)).toBe(5);
  });

  it('a partial refund takes the same share rounded up; all refunds together never take more than the pack gave', async () => {
    const cat = await buyer('cat', 'reports_20');
    expect(await remaining(cat.userId)).toBe(20);
    // 1001 of 5000 cents: 4.004 credits, rounded up to 5.
    world.stripe.refund(cat.paymentIntent, 1001);
    await world.stripe.deliverAll();
    expect(await remaining(cat.userId)).toBe(15);
    // The rest (3999 cents, 15.996 credits, 16 rounded up): capped at the 15 the pack still counts.
    world.stripe.refund(cat.paymentIntent, 3999);
    await world.stripe.deliverAll();
    expect(await remaining(cat.userId)).toBe(0);
    expect((await reversals(cat.userId)).map((r) => [r.requested, r.delta])).toEqual([
      [5, -5],
      [15, -15],
    ]);
  });

  it('a refund that fails gives the credits back', async () => {
    const dan = await buyer('dan');
    const refund = world.stripe.refund(dan.paymentIntent);
    await world.stripe.deliverAll();
    expect(await remaining(dan.userId)).toBe(0);
    world.stripe.failRefund(refund.id);
    await world.stripe.deliverAll({ times: 2 });
    expect(await remaining(dan.userId)).toBe(5);
    expect((await reversals(dan.userId)).map((r) => [r.reason, r.delta])).toEqual([
      ['reversal', -5],
      ['reversal_restored', 5],
    ]);
  });

  it('a refund told of before the purchase was fulfilled is applied when it is', async () => {
    const eve = await world.signUp('eve');
    const sessionId = await checkout(world, eve.token, 'reports_5');
    world.stripe.completeCheckout(sessionId);
    const purchase = world.stripe.takePending();
    world.stripe.refund(world.stripe.sessions.get(sessionId)!.payment_intent);
    await world.stripe.deliverAll();
    expect(await remaining(eve.userId)).toBe(0);
    world.stripe.pending.push(...purchase);
    await world.stripe.deliverAll();
    expect(await remaining(eve.userId)).toBe(0);
    expect((await reversals(eve.userId)).map((r) => [r.reason, r.requested, r.delta])).toEqual([['reversal', 5, -5]]);
  });
});

describe('a disputed credit pack', () => {
  it('dispute created → unspent credits withdrawn; won → given back; redelivered → nothing more', async () => {
    const fay = await buyer('fay');
    await spend(fay.userId, 1);
    const dispute = world.stripe.dispute(fay.paymentIntent);
    const [created] = await world.stripe.deliverAll();
    expect(await remaining(fay.userId)).toBe(0);
    world.stripe.closeDispute(dispute.id, 'won');
    expect(world.stripe.pending.map((e) => e.type)).toEqual(['charge.dispute.closed', 'charge.dispute.funds_reinstated']);
    await world.stripe.deliverAll({ times: 2 });
    expect(await remaining(fay.userId)).toBe(4);
    // The "created" event once more: a duplicate, and the dispute as read now is won anyway.
    expect((await world.stripe.deliver(created!)).status).toBe(200);
    world.stripe.emitOther('charge.dispute.updated', dispute);
    await world.stripe.deliverAll();
    expect(await remaining(fay.userId)).toBe(4);
    expect((await reversals(fay.userId)).map((r) => [r.reason, r.reference, r.delta])).toEqual([
      ['reversal', `dispute:${dispute.id}`, -4],
      ['reversal_restored', `dispute:${dispute.id}`, 4],
    ]);
  });

  it('a lost dispute keeps them withdrawn; the close arriving before the creation ends the same', async () => {
    const gus = await buyer('gus');
    const dispute = world.stripe.dispute(gus.paymentIntent);
    world.stripe.closeDispute(dispute.id, 'lost');
    await world.stripe.deliverAll({ reverse: true });
    expect(await remaining(gus.userId)).toBe(0);
    expect((await reversals(gus.userId)).map((r) => [r.reason, r.delta])).toEqual([['reversal', -5]]);
  });

  it('a dispute won before any event was handled takes nothing', async () => {
    const hal = await buyer('hal');
    const dispute = world.stripe.dispute(hal.paymentIntent);
    world.stripe.closeDispute(dispute.id, 'won');
    await world.stripe.deliverAll();
    expect(await remaining(hal.userId)).toBe(5);
    expect(await reversals(hal.userId)).toEqual([]);
  });
});

describe('a refunded plan invoice', () => {
  async function subscriber(name: string) {
    const user = await world.signUp(name);
    const sessionId = await checkout(world, user.token, 'entry');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    const subscriptionId = world.stripe.sessions.get(sessionId)!.subscription as string;
    const invoiceId = world.stripe.subscriptions.get(subscriptionId)!.latest_invoice as string;
    const paymentOf = (id: string) => world.stripe.invoices.get(id)!.payments.data[0].payment.payment_intent as string;
    return { ...user, subscriptionId, invoiceId, paymentOf };
  }

  it("of the current period: the period's unspent credits are withdrawn", async () => {
    const ida = await subscriber('ida');
    expect(await remaining(ida.userId)).toBe(2);
    await spend(ida.userId, 1);
    world.stripe.refund(ida.paymentOf(ida.invoiceId));
    await world.stripe.deliverAll({ times: 2 });
    expect(await remaining(ida.userId)).toBe(0);
    expect((await reversals(ida.userId)).map((r) => [r.reverses, r.requested, r.delta])).toEqual([[`invoice:${ida.invoiceId}`, 2, -1]]);
  });

  it('of a period that is over: nothing to take (its credits lapsed), the ledger says so', async () => {
    const jo = await subscriber('jo');
    world.stripe.renew(jo.subscriptionId);
    await world.stripe.deliverAll();
    expect(await remaining(jo.userId)).toBe(2);
    const refund = world.stripe.refund(jo.paymentOf(jo.invoiceId));
    await world.stripe.deliverAll();
    expect(await remaining(jo.userId)).toBe(2);
    expect((await reversals(jo.userId)).map((r) => [r.reference, r.delta, r.note])).toEqual([
      [`refund:${refund.id}`, 0, `refund ${refund.id} of invoice:${jo.invoiceId}: 2 asked, 0 taken (the period is over)`],
    ]);
  });
});
