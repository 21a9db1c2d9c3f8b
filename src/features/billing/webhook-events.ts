/**
 * What each Stripe event does. Objects are read again from Stripe rather than taken from the
 * payload (events arrive twice, late and in any order; the read is the present state). Event
 * types not listed are acknowledged and ignored.
 */
import type Stripe from 'stripe';
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';
import { RequestPackOfferRepository } from '../../db/request-pack-offers.ts';
import type { BillingContext } from './context.ts';
import { applyEntitlement, lockUser } from './entitlements.ts';
import { fulfilCheckoutSession } from './fulfilment.ts';
import { syncInvoice } from './invoice-sync.ts';
import { syncDispute, syncRefund, syncRefundsOfCharge } from './refund-sync.ts';
import { isMissingResource } from './stripe-client.ts';
import { subscriptionOfInvoice } from './stripe-objects.ts';
import { syncSubscription } from './subscription-sync.ts';

export const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
]);

async function retrieveSession(ctx: BillingContext, id: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await ctx.stripe.checkout.sessions.retrieve(id);
  } catch (error) {
    if (isMissingResource(error)) return null;
    throw error;
  }
}

/** An expired or failed request-pack checkout frees its offer for a new checkout. */
async function checkoutClosed(ctx: BillingContext, sessionId: string): Promise<void> {
  const session = await retrieveSession(ctx, sessionId);
  const offerId = session?.metadata?.kind === 'request_pack' ? session.metadata.offer_id : undefined;
  if (offerId) await new RequestPackOfferRepository(ctx.db).setCheckoutSession(offerId, null, sessionId);
}

/** Stripe deleted the customer (it cancels their subscriptions too): the plan follows. */
async function customerDeleted(ctx: BillingContext, customerId: string): Promise<void> {
  const userId = await new BillingCustomerRepository(ctx.db).markDeleted(customerId);
  if (!userId) return;
  for (const sub of await new BillingSubscriptionRepository(ctx.db).forUser(userId)) {
    if (sub.customer_id === customerId && !['canceled', 'incomplete_expired'].includes(sub.status)) await syncSubscription(ctx, sub.subscription_id);
  }
  const changed = await ctx.db.transaction(async (tx) => (await lockUser(tx, userId)) && applyEntitlement(tx, userId, ctx.graceHours));
  if (changed) await ctx.forgetUserKeys(userId);
}

export async function handleStripeEvent(ctx: BillingContext, event: Stripe.Event): Promise<void> {
  const type = event.type as string;
  const objectId = (event.data.object as { id?: string }).id;
  if (!objectId) return;
  if (SUBSCRIPTION_EVENTS.has(type)) return syncSubscription(ctx, objectId);
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await retrieveSession(ctx, objectId);
      if (session) await fulfilCheckoutSession(ctx, session);
      return;
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return checkoutClosed(ctx, objectId);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.marked_uncollectible':
    case 'invoice.voided': {
      const synced = await syncInvoice(ctx, objectId);
      if (!synced) return;
      const subscriptionId = subscriptionOfInvoice(synced.invoice);
      if (subscriptionId) await syncSubscription(ctx, subscriptionId);
      if (type === 'invoice.payment_failed' && synced.userId && synced.invoice.status !== 'paid') {
        await ctx.paymentFailed(synced.userId, {
          invoiceId: synced.invoice.id,
          attempt: synced.invoice.attempt_count,
          amountCents: synced.invoice.amount_due,
          currency: synced.invoice.currency,
          planCode: synced.planCode,
        });
      }
      return;
    }
    case 'charge.refunded':
      return syncRefundsOfCharge(ctx, objectId);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return syncRefund(ctx, objectId);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return syncDispute(ctx, objectId);
    case 'customer.deleted':
      return customerDeleted(ctx, objectId);
    default:
      return;
  }
}
