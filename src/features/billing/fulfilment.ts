/**
 * Fulfilling a paid Checkout Session, the same way whether the customer's redirect (checkout
 * status) or the webhook gets here first, and however often: the fulfilment row is claimed in
 * the transaction that grants what was bought, so it happens once.
 *
 * What was bought is read from the session as Stripe returns it (metadata we set when creating
 * it, with our secret key), never from the client.
 */
import type Stripe from 'stripe';
import { BillingRecordRepository } from '../../db/billing-records.ts';
import { CheckoutFulfilmentRepository, type FulfilmentRow } from '../../db/checkout-fulfilments.ts';
import { PlanRepository } from '../../db/plans.ts';
import { QuotaExtraRepository } from '../../db/quota-extras.ts';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { RequestPackOfferRepository } from '../../db/request-pack-offers.ts';
import type { BillingContext } from './context.ts';
import { reconcileCreditsOfPayment } from './credit-reversals.ts';
import { lockUser } from './entitlements.ts';
import { syncSubscription } from './subscription-sync.ts';
import { idOf } from './stripe-objects.ts';

export type CheckoutKind = 'subscription' | 'credit_pack' | 'request_pack';

/** The user a session belongs to: both places we wrote it must agree. */
export function ownerOfSession(session: Stripe.Checkout.Session): string | null {
  const reference = session.client_reference_id;
  return reference && session.metadata?.user_id === reference ? reference : null;
}

export const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

/** Fulfils a paid session once; returns its fulfilment (now or earlier), null while unpaid. */
export async function fulfilCheckoutSession(ctx: BillingContext, session: Stripe.Checkout.Session): Promise<FulfilmentRow | null> {
  const fulfilments = new CheckoutFulfilmentRepository(ctx.db);
  if (!isPaid(session)) return fulfilments.find(session.id);
  const userId = ownerOfSession(session);
  const kind = session.metadata?.kind as CheckoutKind | undefined;
  if (!userId || !kind || !['subscription', 'credit_pack', 'request_pack'].includes(kind)) {
    ctx.log.warn({ sessionId: session.id }, 'checkout session without our metadata: not fulfilled');
    return null;
  }
  const productCode = session.metadata?.product_code ?? null;
  if (kind === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) await syncSubscription(ctx, subscriptionId);
    await fulfilments.claim({ session_id: session.id, user_id: userId, kind, product_code: productCode, credits_added: 0, requests_added: 0 });
    return fulfilments.find(session.id);
  }
  const limitsChanged = await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) {
      ctx.log.warn({ sessionId: session.id, userId }, 'paid checkout session of a user who no longer exists');
      return false;
    }
    const repo = new CheckoutFulfilmentRepository(tx);
    const paymentId = idOf(session.payment_intent);
    const payment = {
      payment_id: paymentId ?? session.id,
      user_id: userId,
      customer_id: idOf(session.customer),
      invoice_id: null,
      checkout_session_id: session.id,
      kind,
      product_code: productCode,
      amount_cents: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      status: 'succeeded',
      paid_at: new Date().toISOString(),
    } as const;
    if (kind === 'credit_pack') {
      const credits = Number(session.metadata?.credits);
      if (!Number.isInteger(credits) || credits <= 0) throw new Error(`checkout session ${session.id} has no credit count`);
      if (!(await repo.claim({ session_id: session.id, user_id: userId, kind, product_code: productCode, credits_added: credits, requests_added: 0 })))
        return false;
      await new ReportCreditRepository(ctx.db).grant({ userId, reason: 'purchase', reference: `checkout:${session.id}`, credits }, tx);
      await new BillingRecordRepository(tx).storePayment(payment);
      return false;
    }
    const offers = new RequestPackOfferRepository(tx);
    const offerId = session.metadata?.offer_id;
    const offer = offerId ? await offers.byIdForUpdate(offerId) : null;
    if (!offer || offer.user_id !== userId) throw new Error(`checkout session ${session.id} names no offer of its user`);
    if (!(await repo.claim({ session_id: session.id, user_id: userId, kind, product_code: productCode, credits_added: 0, requests_added: offer.requests })))
      return false;
    await offers.markPurchased(offer.id);
    const quota = await new PlanRepository(tx).quotaOfUser(userId);
    await new QuotaExtraRepository(tx).add(userId, quota?.limit_period ?? 'month', offer.requests);
    await new BillingRecordRepository(tx).storePayment(payment);
    return true;
  });
  if (limitsChanged) await ctx.forgetUserKeys(userId);
  // A refund or dispute of this payment told of before the purchase was fulfilled.
  const paymentId = idOf(session.payment_intent);
  if (kind === 'credit_pack' && paymentId) await reconcileCreditsOfPayment(ctx.db, paymentId);
  return fulfilments.find(session.id);
}
