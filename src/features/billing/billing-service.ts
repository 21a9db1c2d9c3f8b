/**
 * The billing service: what the billing routes, the webhook, the account deletion job and the
 * operator's tools call. Without STRIPE_SECRET_KEY everything that needs Stripe throws
 * BillingDisabledError (503); the catalogue still reads.
 */
import type { DatabasePool } from 'slonik';
import type Stripe from 'stripe';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import type { Config } from '../../config.ts';
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import { BillingSubscriptionRepository } from '../../db/billing-subscriptions.ts';
import { CheckoutFulfilmentRepository } from '../../db/checkout-fulfilments.ts';
import { PlanRepository } from '../../db/plans.ts';
import { RequestPackOfferRepository, type OfferRow } from '../../db/request-pack-offers.ts';
import type { UserRow } from '../../db/users.ts';
import { HttpError } from '../../http/errors.ts';
import { periodWindow, type LimitPeriod } from '../../http/rate-limit-period.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { Catalog } from './catalog.ts';
import { createCheckout, createRequestPackCheckout, type CheckoutInput } from './checkout.ts';
import { ensureCustomer } from './customers.ts';
import { BillingDisabledError, type BillingContext, type PaymentFailure } from './context.ts';
import { fulfilCheckoutSession, ownerOfSession } from './fulfilment.ts';
import { RedirectPolicy } from './redirect-urls.ts';
import { stopBilling } from './stop-billing.ts';
import { isSubscriptionStatus } from '../../db/subscription-status.ts';
import { isMissingResource } from './stripe-client.ts';
import { handleStripeEvent } from './webhook-events.ts';

export interface BillingServiceDeps {
  db: DatabasePool;
  stripe: Stripe | null;
  config: Config;
  forgetUserKeys: (userId: string) => Promise<void>;
  paymentFailed: (userId: string, failure: PaymentFailure) => Promise<void>;
  /** Requests counted in the user's current limit period. */
  usedRequests(userId: string, period: LimitPeriod): Promise<number>;
  log: BillingContext['log'];
}

const effectiveRow = z.object({
  plan_code: z.string(),
  plan_name: z.string(),
  status: z.string(),
  provider_subscription_id: z.string().nullable(),
  grace_until: z.string().nullable(),
});

export class BillingService {
  readonly catalog: Catalog;
  readonly redirects: RedirectPolicy;
  private readonly ctx: BillingContext | null;

  constructor(private readonly deps: BillingServiceDeps) {
    this.catalog = new Catalog(deps.db, deps.config.STRIPE_PRICES);
    this.redirects = new RedirectPolicy(deps.config.BILLING_REDIRECT_ORIGINS, deps.config.DASHBOARD_URL);
    this.ctx = deps.stripe
      ? {
          db: deps.db,
          stripe: deps.stripe,
          catalog: this.catalog,
          graceHours: deps.config.BILLING_PAST_DUE_GRACE_HOURS,
          forgetUserKeys: deps.forgetUserKeys,
          paymentFailed: deps.paymentFailed,
          log: deps.log,
        }
      : null;
  }

  get enabled(): boolean {
    return this.ctx !== null;
  }

  /** The shared context, or BillingDisabledError when Stripe is not configured. */
  context(): BillingContext {
    if (!this.ctx) throw new BillingDisabledError();
    return this.ctx;
  }

  // Each payment call asks for the context first: without Stripe the customer learns that
  // payments are not set up here, not which redirect origins the operator has not configured.
  async checkout(user: UserRow, input: CheckoutInput) {
    const ctx = this.context();
    this.redirects.check(input.successUrl, 'success_url');
    this.redirects.check(input.cancelUrl, 'cancel_url');
    return createCheckout(ctx, user, input);
  }

  /**
   * The customer is back from Checkout: read the session and fulfil it as the webhook would (the
   * redirect often comes first). Another user's session is answered like an unknown one.
   */
  async checkoutStatus(userId: string, sessionId: string) {
    const ctx = this.context();
    if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) throw new HttpError(404, 'Checkout session not found');
    let session: Stripe.Checkout.Session;
    try {
      session = await ctx.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissingResource(error)) throw new HttpError(404, 'Checkout session not found');
      throw error;
    }
    if (ownerOfSession(session) !== userId) throw new HttpError(404, 'Checkout session not found');
    const fulfilment = await fulfilCheckoutSession(ctx, session);
    return {
      session_id: session.id,
      status: session.status ?? 'open',
      payment_status: session.payment_status,
      product_code: session.metadata?.product_code ?? null,
      fulfilled: fulfilment !== null,
      ...(fulfilment?.kind === 'credit_pack' ? { credits_added: fulfilment.credits_added } : {}),
      ...(fulfilment?.kind === 'request_pack' ? { requests_added: fulfilment.requests_added } : {}),
    };
  }

  async portal(user: UserRow, returnUrl: string): Promise<{ portal_url: string }> {
    const ctx = this.context();
    this.redirects.check(returnUrl, 'return_url');
    const customer = await ensureCustomer(ctx, user);
    const session = await ctx.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return { portal_url: session.url };
  }

  /** Plan, status, paid period, card and usage of a user (the caller checked who may see them). */
  async details(userId: string, productCode?: string) {
    const db = this.deps.db;
    const effective = await db.maybeOne(sql.type(effectiveRow)`
      select s.plan_code, p.name as plan_name, s.status, s.provider_subscription_id, s.grace_until
      from effective_subscriptions s join plans p on p.code = s.plan_code where s.user_id = ${userId}`);
    const quota = await new PlanRepository(db).quotaOfUser(userId);
    if (!effective || !quota) return null;
    const window = periodWindow(quota.limit_period, Date.now());
    const usage = {
      requests_used: await this.deps.usedRequests(userId, quota.limit_period).catch(() => 0),
      requests_limit: quota.request_limit,
      resets_at: new Date(window.end * 1000).toISOString(),
    };
    const stripeSub = effective.provider_subscription_id ? await new BillingSubscriptionRepository(db).byId(effective.provider_subscription_id) : null;
    const offer = await this.openRequestPack(userId);
    const request_pack_offer = offer
      ? { id: offer.id, requests: offer.requests, price_cents: offer.price_cents, currency: offer.currency, expires_at: offer.expires_at, note: offer.note }
      : null;
    if (productCode !== undefined && productCode !== effective.plan_code) {
      const asked = await new PlanRepository(db).find(productCode);
      if (!asked) throw new RequestFieldError(['query', 'product_code'], `unknown plan '${productCode}'`, 'value_error.product');
      return {
        user_id: userId,
        plan_code: asked.code,
        plan_name: asked.name,
        status: 'inactive' as const,
        current_period_end: null,
        cancel_at_period_end: false,
        grace_until: null,
        card: null,
        usage,
        request_pack_offer,
        payments_available: this.enabled,
      };
    }
    return {
      user_id: userId,
      plan_code: effective.plan_code,
      plan_name: effective.plan_name,
      status: isSubscriptionStatus(effective.status) ? effective.status : 'inactive',
      current_period_end: stripeSub?.current_period_end ?? null,
      cancel_at_period_end: stripeSub?.cancel_at_period_end ?? false,
      grace_until: effective.status === 'past_due' ? effective.grace_until : null,
      card: stripeSub?.card_brand && stripeSub.card_last4 ? { brand: stripeSub.card_brand, last4: stripeSub.card_last4 } : null,
      usage,
      request_pack_offer,
      payments_available: this.enabled,
    };
  }

  async openRequestPack(userId: string): Promise<OfferRow | null> {
    return new RequestPackOfferRepository(this.deps.db).openOffer(userId);
  }

  async requestPackCheckout(user: UserRow, urls: { successUrl?: string; cancelUrl?: string }) {
    const ctx = this.context();
    const dashboard = this.deps.config.DASHBOARD_URL?.replace(/\/$/, '');
    const successUrl = urls.successUrl ?? (dashboard ? `${dashboard}/billing?request_pack=paid&session_id={CHECKOUT_SESSION_ID}` : undefined);
    const cancelUrl = urls.cancelUrl ?? (dashboard ? `${dashboard}/billing?request_pack=cancelled` : undefined);
    if (!successUrl || !cancelUrl)
      throw new RequestFieldError(
        ['body', successUrl ? 'cancel_url' : 'success_url'],
        'give success_url and cancel_url (this server has no DASHBOARD_URL to return to)',
        'missing',
      );
    this.redirects.check(successUrl, 'success_url');
    this.redirects.check(cancelUrl, 'cancel_url');
    const offer = await this.openRequestPack(user.id);
    if (!offer) throw new HttpError(404, 'No request pack is on offer for you');
    return createRequestPackCheckout(ctx, user, offer, { successUrl, cancelUrl });
  }

  async fulfilment(sessionId: string) {
    return new CheckoutFulfilmentRepository(this.deps.db).find(sessionId);
  }

  async handleEvent(event: Stripe.Event): Promise<void> {
    return handleStripeEvent(this.context(), event);
  }

  /** Cancels every subscription of the user and deletes their Stripe customers (account deletion). */
  async stopBilling(userId: string) {
    if (!this.ctx) {
      // Without Stripe there is nothing to stop, unless the user was billed before it was switched off.
      const live = (await new BillingCustomerRepository(this.deps.db).customersOf(userId)).filter((c) => !c.deleted_at);
      if (live.length) throw new BillingDisabledError();
      return { subscriptionsCancelled: 0, customersDeleted: 0 };
    }
    return stopBilling(this.ctx, userId);
  }
}
