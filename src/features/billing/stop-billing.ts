/**
 * Stopping a user's billing before their account is erased: every subscription of theirs is
 * cancelled at once and their Stripe customers are deleted. Safe to run again after a failure
 * (what is already cancelled or deleted is skipped); it throws while Stripe cannot be reached,
 * and the deletion job retries.
 */
import type Stripe from 'stripe';
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';
import type { BillingContext } from './context.ts';
import { isMissingResource } from './stripe-client.ts';

const ENDED = new Set(['canceled', 'incomplete_expired']);

async function cancel(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
  } catch (error) {
    if (isMissingResource(error)) return;
    // Cancelled meanwhile (by Stripe or a previous attempt): fine; anything else is a failure.
    const current = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
    if (current && ENDED.has(current.status)) return;
    throw error;
  }
}

export async function stopBilling(ctx: BillingContext, userId: string): Promise<{ subscriptionsCancelled: number; customersDeleted: number }> {
  const customers = new BillingCustomerRepository(ctx.db);
  const known = await customers.customersOf(userId);
  const subscriptionIds = new Set<string>();
  for (const sub of await new BillingSubscriptionRepository(ctx.db).forUser(userId)) if (!ENDED.has(sub.status)) subscriptionIds.add(sub.subscription_id);
  for (const customer of known.filter((c) => !c.deleted_at)) {
    // Stripe may know subscriptions whose events have not reached us yet.
    for await (const sub of ctx.stripe.subscriptions.list({ customer: customer.customer_id, status: 'all', limit: 100 })) {
      if (!ENDED.has(sub.status)) subscriptionIds.add(sub.id);
    }
  }
  for (const id of subscriptionIds) await cancel(ctx.stripe, id);
  let customersDeleted = 0;
  for (const customer of known.filter((c) => !c.deleted_at)) {
    try {
      await ctx.stripe.customers.del(customer.customer_id);
    } catch (error) {
      if (!isMissingResource(error)) throw error;
    }
    await customers.markDeleted(customer.customer_id);
    customersDeleted++;
  }
  return { subscriptionsCancelled: subscriptionIds.size, customersDeleted };
}
