/**
 * Creating Checkout Sessions: a subscription for a paid plan, a one-off payment for a credit pack
 * or a private request pack. The customer is created and linked before the session; prices come
 * from the catalogue (or, for a pack without a Stripe Price, from its own row), never from the
 * client; return URLs must point to an allowed origin.
 */
import type Stripe from 'stripe';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';
import { RequestPackOfferRepository, type OfferRow } from '../../db/request-pack-offers.ts';
import type { UserRow } from '../../db/users.ts';
import { HttpError } from '../../http/errors.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import type { BillingContext } from './context.ts';
import { ensureCustomer } from './customers.ts';
import { isMissingResource } from './stripe-client.ts';

export interface CheckoutInput {
  productCode: string;
  successUrl: string;
  cancelUrl: string;
  quantity?: number;
}

const answer = (session: Stripe.Checkout.Session) => ({ session_id: session.id, checkout_url: session.url! });

export async function createCheckout(ctx: BillingContext, user: UserRow, input: CheckoutInput): Promise<{ session_id: string; checkout_url: string }> {
  const product = await ctx.catalog.product(input.productCode);
  if (!product)
    throw new RequestFieldError(
      ['body', 'product_code'],
      `unknown product '${input.productCode}' (see GET /api/v1/billing/plans and /credit-packs)`,
      'value_error.product',
    );
  const metadata: Record<string, string> = { user_id: user.id, product_code: product.code, kind: product.kind === 'plan' ? 'subscription' : 'credit_pack' };
  let params: Stripe.Checkout.SessionCreateParams;
  if (product.kind === 'plan') {
    if (input.quantity !== undefined && input.quantity !== 1)
      throw new RequestFieldError(['body', 'quantity'], 'a plan is bought once: quantity must be 1 or absent', 'value_error.quantity');
    if (!product.stripePriceId) throw new HttpError(409, `The ${product.name} plan cannot be bought yet: no Stripe Price is configured for it`);
    if (await new BillingSubscriptionRepository(ctx.db).governing(user.id)) {
      throw new HttpError(409, 'You already have a subscription; change or cancel it in the customer portal (POST /api/v1/billing/portal)');
    }
    params = {
      mode: 'subscription',
      line_items: [{ price: product.stripePriceId, quantity: 1 }],
      subscription_data: { metadata: { user_id: user.id, plan_code: product.code } },
    };
  } else {
    const quantity = input.quantity ?? 1;
    metadata.quantity = String(quantity);
    metadata.credits = String(product.credits * quantity);
    params = {
      mode: 'payment',
      line_items: [
        product.stripePriceId
          ? { price: product.stripePriceId, quantity }
          : { price_data: { currency: product.currency, unit_amount: product.priceCents, product_data: { name: product.name } }, quantity },
      ],
      payment_intent_data: { metadata },
    };
  }
  const customer = await ensureCustomer(ctx, user);
  const session = await ctx.stripe.checkout.sessions.create({
    ...params,
    customer,
    client_reference_id: user.id,
    metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
  return answer(session);
}

/**
 * A checkout for the user's private request pack. While a session for it is open, that same
 * session is answered again: one offer can be paid once.
 */
export async function createRequestPackCheckout(
  ctx: BillingContext,
  user: UserRow,
  offer: OfferRow,
  urls: { successUrl: string; cancelUrl: string },
): Promise<{ session_id: string; checkout_url: string }> {
  const offers = new RequestPackOfferRepository(ctx.db);
  if (offer.checkout_session_id) {
    try {
      const existing = await ctx.stripe.checkout.sessions.retrieve(offer.checkout_session_id);
      if (existing.status === 'open' && existing.url) return answer(existing);
      if (existing.status === 'complete') throw new HttpError(409, 'This request pack has been paid; it is being added to your quota');
    } catch (error) {
      if (!isMissingResource(error)) throw error;
    }
  }
  const metadata = { user_id: user.id, product_code: 'request_pack', kind: 'request_pack', offer_id: offer.id, requests: String(offer.requests) };
  const customer = await ensureCustomer(ctx, user);
  const session = await ctx.stripe.checkout.sessions.create({
    mode: 'payment',
    customer,
    client_reference_id: user.id,
    metadata,
    success_url: urls.successUrl,
    cancel_url: urls.cancelUrl,
    line_items: [
      {
        price_data: {
          currency: offer.currency,
          unit_amount: offer.price_cents,
          product_data: { name: `${offer.requests.toLocaleString('en-US')} extra API requests` },
        },
        quantity: 1,
      },
    ],
    payment_intent_data: { metadata },
  });
  await offers.setCheckoutSession(offer.id, session.id);
  return answer(session);
}
