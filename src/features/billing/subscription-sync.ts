/**
 * A subscription event never trusts its payload: the subscription is read again from Stripe
 * (events come twice, late and out of order), stored in the mirror if the read is the newest,
 * and the user's plan follows.
 */
import type Stripe from 'stripe';
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';
import type { BillingContext } from './context.ts';
import { applyEntitlement, lockUser } from './entitlements.ts';
import { isMissingResource } from './stripe-client.ts';
import { idOf, subscriptionMirror } from './stripe-objects.ts';

/** Whose subscription it is: the customer we linked, else the user id we put in its metadata. */
async function ownerOf(ctx: BillingContext, sub: Stripe.Subscription): Promise<string | null> {
  return (await new BillingCustomerRepository(ctx.db).userOf(idOf(sub.customer)!)) ?? (typeof sub.metadata?.user_id === 'string' ? sub.metadata.user_id : null);
}

export async function syncSubscription(ctx: BillingContext, subscriptionId: string): Promise<void> {
  const readAt = new Date().toISOString();
  let sub: Stripe.Subscription;
  try {
    sub = await ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    ctx.log.warn({ subscriptionId }, 'subscription no longer exists in Stripe');
    return;
  }
  const userId = await ownerOf(ctx, sub);
  const priceId = sub.items.data[0]?.price?.id;
  const planCode = priceId ? await ctx.catalog.planOfPrice(priceId) : null;
  if (!planCode) ctx.log.warn({ subscriptionId, priceId }, 'subscription price is not one of our plans');
  const changed = await ctx.db.transaction(async (tx) => {
    const userExists = userId ? await lockUser(tx, userId) : false;
    await new BillingSubscriptionRepository(tx).store(subscriptionMirror(sub, { userId, planCode, readAt }));
    return userExists ? applyEntitlement(tx, userId!, ctx.graceHours) : false;
  });
  if (changed) await ctx.forgetUserKeys(userId!);
}
