/** Request and response schemas of the billing endpoints (field-reference §11 "Billing"). */
import { z } from 'zod/v4';
import { SUBSCRIPTION_STATUSES } from '../../db/subscription-status.ts';

/** Money and codes the same way in every billing answer. */
const priceCents = () => z.number().int().describe('Price in the smallest unit of the currency (cents)');
const currency = () => z.string().describe('ISO 4217 currency code, lower case as Stripe gives it (usd, eur)');

export const planResponse = z
  .object({
    code: z.string().describe("The plan's code (free, entry, high …), as product_code of a checkout"),
    name: z.string().describe("The plan's display name"),
    price_cents: priceCents(),
    currency: currency(),
    interval: z.string().describe('Billing interval of the price (`month`).'),
    request_limit: z.number().int().nullable().describe('Requests per `limit_period`; null: no quota.'),
    limit_period: z.enum(['day', 'month']).describe('Whether request_limit counts per UTC day or per UTC calendar month'),
    rps_limit: z.number().int().nullable().describe('Requests per second; null: no per-second limit.'),
    report_credits: z.number().int().describe('Report credits included in each period.'),
  })
  .meta({ id: 'Plan' });

export const creditPackResponse = z
  .object({
    code: z.string().describe("The pack's code, as product_code of a checkout"),
    name: z.string().describe("The pack's display name"),
    credits: z.number().int().describe('Report credits the pack adds'),
    price_cents: priceCents(),
    currency: currency(),
  })
  .meta({ id: 'CreditPack' });

const url = z.string().min(1).max(2048);

export const checkoutRequest = z
  .object({
    product_code: z
      .string()
      .min(1)
      .max(64)
      .describe('A paid plan (`entry`, `high`: a subscription) or a report-credit pack (`reports_5`, `reports_20`: one payment).'),
    success_url: url.describe(
      'Where Stripe sends the customer after paying; `{CHECKOUT_SESSION_ID}` in it is replaced by the session id. Its origin must be allowed (BILLING_REDIRECT_ORIGINS).',
    ),
    cancel_url: url.describe('Where Stripe sends the customer who gives up; same origin rule.'),
    quantity: z.number().int().min(1).max(100).optional().describe('Packs only: how many of the pack (default 1).'),
  })
  .meta({
    id: 'CheckoutRequest',
    example: { product_code: 'entry', success_url: 'http://localhost:3000/billing?session={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/billing' },
  });

export const checkoutResponse = z
  .object({
    session_id: z.string().describe('The Stripe Checkout session id'),
    checkout_url: z.string().describe('The Stripe page to send the customer to'),
  })
  .meta({ id: 'CheckoutResponse' });

export const checkoutStatusQuery = z.object({
  session_id: z.string().min(1).max(255).describe('The Stripe Checkout session id that the success URL carried.').meta({ example: 'cs_test_a1b2c3' }),
});

export const checkoutStatusResponse = z
  .object({
    session_id: z.string().describe('The Stripe Checkout session id asked about'),
    status: z.string().describe('`open`, `complete` or `expired`.'),
    payment_status: z.string().describe('`paid`, `unpaid` or `no_payment_required`.'),
    product_code: z.string().nullable().describe('The plan or pack bought; null when the session does not name one'),
    fulfilled: z.boolean().describe('What was bought is in the account (plan active, credits or requests added).'),
    credits_added: z.number().int().optional().describe('Credit packs only, once fulfilled: report credits added'),
    requests_added: z.number().int().optional().describe('Request packs only, once fulfilled: requests added'),
  })
  .meta({ id: 'CheckoutStatusResponse' });

export const portalRequest = z
  .object({ return_url: url.describe("Where the portal's back link leads; its origin must be allowed.") })
  .meta({ id: 'PortalRequest', example: { return_url: 'http://localhost:3000/billing' } });
export const portalResponse = z
  .object({ portal_url: z.string().describe('The Stripe customer portal page to send the customer to') })
  .meta({ id: 'PortalResponse' });

export const productQuery = z.object({
  product_code: z.string().min(1).max(64).optional().describe('A plan code: the answer says whether the caller holds that plan.'),
});
export const userIdParams = z.object({
  user_id: z.string().min(1).max(255).describe("The caller's own user id (the token's subject).").meta({ example: 'user-123' }),
});

export const billingDetailsResponse = z
  .object({
    user_id: z.string().describe("The caller's user id"),
    plan_code: z.string().describe('Code of the plan held (or of the plan asked about with product_code)'),
    plan_name: z.string().describe('Display name of that plan'),
    status: z.enum(SUBSCRIPTION_STATUSES).describe('State of the subscription; inactive when the caller does not hold the plan'),
    current_period_end: z.string().nullable().describe('End of the paid period (Stripe-billed plans).'),
    cancel_at_period_end: z.boolean().describe('True when the subscription ends at current_period_end instead of renewing'),
    grace_until: z.string().nullable().describe('A past-due subscription keeps its plan until then.'),
    card: z
      .object({
        brand: z.string().describe('Card brand as Stripe names it (visa, mastercard …)'),
        last4: z.string().describe('Last four digits of the card number'),
      })
      .nullable()
      .describe('The card the subscription is paid with; null when Stripe has none on record'),
    usage: z
      .object({
        requests_used: z.number().int().describe('Requests counted in the current limit period'),
        requests_limit: z.number().int().nullable().describe('null: no quota.'),
        resets_at: z.string().describe('When the count starts again, ISO 8601 UTC'),
      })
      .describe('Requests used in the current limit period'),
    request_pack_offer: z
      .object({
        id: z.string().describe('Id of the offer'),
        requests: z.number().int().describe("Extra requests the pack adds to the plan's limit"),
        price_cents: priceCents(),
        currency: currency(),
        expires_at: z.string().nullable().describe('When the offer can no longer be bought, ISO 8601 UTC; null: no end'),
        note: z.string().nullable().describe("The operator's words to the customer; null when none"),
      })
      .nullable()
      .describe(
        'The open request pack offered to the caller (GET /api/v1/billing/request-pack gives it in full), so that a page need not ask and get a 404; null when none is open',
      ),
    payments_available: z
      .boolean()
      .describe(
        'Whether this server takes payments (Stripe is configured): when false, checkout and the customer portal answer 503 and a page offers no buying',
      ),
  })
  .meta({ id: 'BillingDetails' });

export const requestPackResponse = z
  .object({
    id: z.string().describe('Id of the offer'),
    requests: z.number().int().describe("Extra requests the pack adds to the plan's limit"),
    price_cents: priceCents(),
    currency: currency(),
    status: z.enum(['open', 'purchased', 'withdrawn']).describe('open: can be bought; purchased: bought; withdrawn: taken back by the operator'),
    expires_at: z.string().nullable().describe('When the offer can no longer be bought, ISO 8601 UTC; null: no end'),
    created_at: z.string().describe('When the operator made the offer, ISO 8601 UTC'),
    note: z.string().nullable().describe("The operator's words to the customer; null when none"),
  })
  .meta({ id: 'RequestPackOffer' });

export const requestPackCheckoutRequest = z
  .object({
    success_url: url.optional().describe("Default: DASHBOARD_URL's billing page."),
    cancel_url: url.optional().describe("Where Stripe sends the customer who gives up; default: DASHBOARD_URL's billing page."),
  })
  .meta({ id: 'RequestPackCheckoutRequest', example: { success_url: 'http://localhost:3000/billing?paid=1', cancel_url: 'http://localhost:3000/billing' } });

export const webhookAck = z.object({
  received: z.literal(true).describe('The event was accepted'),
  duplicate: z.boolean().optional().describe('True when this event id was already processed (nothing done again)'),
});
