/**
 * Refunds and disputes, read again from Stripe into the mirror (the revenue analytics net them
 * out); the report credits of their payment follow (credit-reversals.ts).
 */
import type Stripe from 'stripe';
import { BillingRecordRepository } from '../../db/billing-records.ts';
import type { BillingContext } from './context.ts';
import { reconcileCreditsOfPayment } from './credit-reversals.ts';
import { isMissingResource } from './stripe-client.ts';
import { idOf, isoOf } from './stripe-objects.ts';

async function movementOf(ctx: BillingContext, object: Stripe.Refund | Stripe.Dispute, readAt: string) {
  const paymentId = idOf(object.payment_intent ?? null);
  return {
    id: object.id,
    payment_id: paymentId,
    charge_id: idOf(object.charge ?? null),
    user_id: paymentId ? await new BillingRecordRepository(ctx.db).userOfPayment(paymentId) : null,
    amount_cents: object.amount,
    currency: object.currency,
    status: object.status ?? 'unknown',
    reason: object.reason ?? null,
    created_at: isoOf(object.created)!,
    read_at: readAt,
  };
}

export async function syncRefund(ctx: BillingContext, refundId: string): Promise<void> {
  const readAt = new Date().toISOString();
  try {
    const refund = await ctx.stripe.refunds.retrieve(refundId);
    const movement = await movementOf(ctx, refund, readAt);
    await new BillingRecordRepository(ctx.db).storeRefund(movement);
    if (movement.payment_id) await reconcileCreditsOfPayment(ctx.db, movement.payment_id);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
  }
}

export async function syncRefundsOfCharge(ctx: BillingContext, chargeId: string): Promise<void> {
  const readAt = new Date().toISOString();
  const records = new BillingRecordRepository(ctx.db);
  const payments = new Set<string>();
  for await (const refund of ctx.stripe.refunds.list({ charge: chargeId, limit: 100 })) {
    const movement = await movementOf(ctx, refund, readAt);
    await records.storeRefund(movement);
    if (movement.payment_id) payments.add(movement.payment_id);
  }
  for (const paymentId of payments) await reconcileCreditsOfPayment(ctx.db, paymentId);
}

export async function syncDispute(ctx: BillingContext, disputeId: string): Promise<void> {
  const readAt = new Date().toISOString();
  try {
    const dispute = await ctx.stripe.disputes.retrieve(disputeId);
    const movement = await movementOf(ctx, dispute, readAt);
    await new BillingRecordRepository(ctx.db).storeDispute(movement);
    if (movement.payment_id) await reconcileCreditsOfPayment(ctx.db, movement.payment_id);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
  }
}
