/** Request and response schemas of the billing endpoints (field-reference §11 "Billing"). */
import { z } from 'zod/v4';

export const planResponse = z.object({
  code: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  interval: z.string().describe('Billing interval of the price (`month`).'),
  request_limit: z.number().int().nullable().describe('Requests per `limit_period`; null: no quota.'),
  limit_period: z.enum(['day', 'month']),
  rps_limit: z.number().int().nullable().describe('Requests per second; null: no per-second limit.'),
  report_credits: z.number().int().describe('Report credits included in each period.'),
}).meta({ id: 'Plan' });

export const creditPackResponse = z.object({
  code: z.string(), name: z.string(), credits: z.number().int(), price_cents: z.number().int(), currency: z.string(),
}).meta({ id: 'CreditPack' });

const url = z.string().min(1).max(2048);

export const checkoutRequest = z.object({
  product_code: z.string().min(1).max(64).describe('A paid plan (`entry`, `high`: a subscription) or a report-credit pack (`reports_5`, `reports_20`: one payment).'),
  success_url: url.describe('Where Stripe sends the customer after paying; `{CHECKOUT_SESSION_ID}` in it is replaced by the session id. Its origin must be allowed (BILLING_REDIRECT_ORIGINS).'),
  cancel_url: url.describe('Where Stripe sends the customer who gives up; same origin rule.'),
  quantity: z.number().int().min(1).max(100).optional().describe('Packs only: how many of the pack (default 1).'),
}).meta({ id: 'CheckoutRequest', example: { product_code: 'entry', success_url: 'http://localhost:3000/billing?session={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/billing' } });

export const checkoutResponse = z.object({ session_id: z.string(), checkout_url: z.string() }).meta({ id: 'CheckoutResponse' });

export const checkoutStatusQuery = z.object({ session_id: z.string().min(1).max(255).describe('The Stripe Checkout session id that the success URL carried.').meta({ example: 'cs_test_a1b2c3' }) });

export const checkoutStatusResponse = z.object({
  session_id: z.string(),
  status: z.string().describe('`open`, `complete` or `expired`.'),
  payment_status: z.string().describe('`paid`, `unpaid` or `no_payment_required`.'),
  product_code: z.string().nullable(),
  fulfilled: z.boolean().describe('What was bought is in the account (plan active, credits or requests added).'),
  credits_added: z.number().int().optional(),
  requests_added: z.number().int().optional(),
}).meta({ id: 'CheckoutStatusResponse' });

export const portalRequest = z.object({ return_url: url.describe('Where the portal\'s back link leads; its origin must be allowed.') }).meta({ id: 'PortalRequest', example: { return_url: 'http://localhost:3000/billing' } });
export const portalResponse = z.object({ portal_url: z.string() }).meta({ id: 'PortalResponse' });

export const productQuery = z.object({ product_code: z.string().min(1).max(64).optional().describe('A plan code: the answer says whether the caller holds that plan.') });
export const userIdParams = z.object({ user_id: z.string().min(1).max(255).describe('The caller\'s own user id (the token\'s subject).').meta({ example: 'user-123' }) });

export const billingDetailsResponse = z.object({
  user_id: z.string(),
  plan_code: z.string(),
  plan_name: z.string(),
  status: z.enum(['active', 'trialing', 'past_due', 'canceled', 'inactive']),
  current_period_end: z.string().nullable().describe('End of the paid period (Stripe-billed plans).'),
  cancel_at_period_end: z.boolean(),
  grace_until: z.string().nullable().describe('A past-due subscription keeps its plan until then.'),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  usage: z.object({
    requests_used: z.number().int(),
    requests_limit: z.number().int().nullable().describe('null: no quota.'),
    resets_at: z.string(),
  }),
}).meta({ id: 'BillingDetails' });

export const requestPackResponse = z.object({
  id: z.string(), requests: z.number().int(), price_cents: z.number().int(), currency: z.string(),
  status: z.enum(['open', 'purchased', 'withdrawn']), expires_at: z.string().nullable(), created_at: z.string(),
  note: z.string().nullable(),
}).meta({ id: 'RequestPackOffer' });

export const requestPackCheckoutRequest = z.object({
  success_url: url.optional().describe('Default: DASHBOARD_URL\'s billing page.'),
  cancel_url: url.optional().describe('Where Stripe sends the customer who gives up; default: DASHBOARD_URL\'s billing page.'),
}).meta({ id: 'RequestPackCheckoutRequest', example: { success_url: 'http://localhost:3000/billing?paid=1', cancel_url: 'http://localhost:3000/billing' } });

export const webhookAck = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
