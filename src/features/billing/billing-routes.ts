/**
 * The billing endpoints. The plans and packs are public; everything else is the dashboard's
 * (bearer token) and scoped to the caller: a session, an offer or a subscription of someone else
 * is answered like one that does not exist (404).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { HttpError } from '../../http/errors.ts';
import { accountId, PROFILE_MISSING, requireUser } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { withProvider } from './provider-errors.ts';
import {
  billingDetailsResponse,
  checkoutRequest,
  checkoutResponse,
  checkoutStatusQuery,
  checkoutStatusResponse,
  creditPackResponse,
  planResponse,
  portalRequest,
  portalResponse,
  productQuery,
  requestPackCheckoutRequest,
  requestPackResponse,
  userIdParams,
} from './billing-schemas.ts';
import type { BillingService } from './billing-service.ts';

export const billingPublicRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/billing/plans',
      {
        schema: { tags: ['billing'], summary: 'The public plans: price, request limits, report credits', response: { 200: planResponse.array() } },
      },
      async () =>
        (await billing.catalog.publicPlans()).map((p) => ({
          code: p.code,
          name: p.name,
          price_cents: p.price_cents,
          currency: p.currency,
          interval: p.billing_interval,
          request_limit: p.request_limit,
          limit_period: p.limit_period,
          rps_limit: p.rps_limit,
          report_credits: p.report_credits,
        })),
    );

    app.get(
      '/api/v1/billing/credit-packs',
      {
        schema: { tags: ['billing'], summary: 'Report-credit packs for sale (one-off payments)', response: { 200: creditPackResponse.array() } },
      },
      async () =>
        (await billing.catalog.creditPacks()).map((p) => ({
          code: p.code,
          name: p.name,
          credits: p.credits,
          price_cents: p.price_cents,
          currency: p.currency,
        })),
    );
  };

/**
 * A request that declares a JSON body and sends none (`content-type: application/json` with
 * `content-length: 0`, as some HTTP clients send every POST) is taken as one without a body, for
 * a route whose body is optional: Fastify's JSON parser would refuse it as empty JSON.
 */
function emptyBodyIsNoBody(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  if (request.headers['content-length'] === '0' && request.headers['transfer-encoding'] === undefined) delete request.headers['content-type'];
  done();
}

export const billingAccountRoutes =
  (deps: { db: DatabasePool; billing: BillingService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { billing, db } = deps;

    app.post(
      '/api/v1/billing/checkout',
      {
        schema: {
          tags: ['billing'],
          summary: 'A Stripe Checkout Session for a paid plan (subscription) or a report-credit pack (payment)',
          body: checkoutRequest,
          response: { 200: checkoutResponse, 404: detailError, 409: detailError, 503: detailError },
        },
      },
      async (request) => {
        const user = await requireUser(db, request);
        const body = request.body;
        return withProvider(request.log, () =>
          billing.checkout(user, { productCode: body.product_code, successUrl: body.success_url, cancelUrl: body.cancel_url, quantity: body.quantity }),
        );
      },
    );

    app.get(
      '/api/v1/billing/checkout-status',
      {
        schema: {
          tags: ['billing'],
          summary: "The state of one of the caller's Checkout Sessions; a paid one is fulfilled now if the webhook has not done it yet",
          querystring: checkoutStatusQuery,
          response: { 200: checkoutStatusResponse, 404: detailError, 503: detailError },
        },
      },
      async (request) => withProvider(request.log, () => billing.checkoutStatus(accountId(request), request.query.session_id)),
    );

    app.post(
      '/api/v1/billing/portal',
      {
        schema: {
          tags: ['billing'],
          summary: 'A Stripe customer portal session (cards, invoices, plan changes, cancellation)',
          body: portalRequest,
          response: { 200: portalResponse, 404: detailError, 503: detailError },
        },
      },
      async (request) => {
        const user = await requireUser(db, request);
        return withProvider(request.log, () => billing.portal(user, request.body.return_url));
      },
    );

    app.get(
      '/api/v1/billing/customer',
      {
        schema: {
          tags: ['billing'],
          summary: "The caller's plan, subscription status, paid period, card and usage",
          querystring: productQuery,
          response: { 200: billingDetailsResponse, 404: detailError },
        },
      },
      async (request) => {
        const details = await billing.details(accountId(request), request.query.product_code);
        if (!details) throw new HttpError(404, PROFILE_MISSING);
        return details;
      },
    );

    app.get(
      '/api/v1/billing/request-pack',
      {
        schema: {
          tags: ['billing'],
          summary: 'The private offer of extra requests made for the caller, if any',
          response: { 200: requestPackResponse, 404: detailError },
        },
      },
      async (request) => {
        const offer = await billing.openRequestPack(accountId(request));
        if (!offer) throw new HttpError(404, 'No request pack is on offer for you');
        return {
          id: offer.id,
          requests: offer.requests,
          price_cents: offer.price_cents,
          currency: offer.currency,
          status: offer.status,
          expires_at: offer.expires_at,
          created_at: offer.created_at,
          note: offer.note,
        };
      },
    );

    app.post(
      '/api/v1/billing/request-pack/checkout',
      {
        onRequest: emptyBodyIsNoBody,
        schema: {
          tags: ['billing'],
          summary: "A Checkout Session for the caller's request pack (no body needed: the return URLs default to the dashboard)",
          body: requestPackCheckoutRequest.nullish(),
          response: { 200: checkoutResponse, 404: detailError, 409: detailError, 503: detailError },
        },
      },
      async (request) => {
        const user = await requireUser(db, request);
        return withProvider(request.log, () =>
          billing.requestPackCheckout(user, { successUrl: request.body?.success_url, cancelUrl: request.body?.cancel_url }),
        );
      },
    );
  };

/**
 * GET /api/v1/billing/subscription/{user_id}: the owner only (a dashboard token); anyone else gets
 * 404, as if the user did not exist. Operators have their own tokens, which the dashboard routes
 * do not take: they see a user's plan and status in the admin users listing.
 */
export const billingSubscriptionRoute =
  (deps: { billing: BillingService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/billing/subscription/:user_id',
      {
        schema: {
          tags: ['billing'],
          summary: "The caller's subscription with usage (the path names the caller; any other user is 404)",
          params: userIdParams,
          querystring: productQuery,
          response: { 200: billingDetailsResponse, 404: detailError },
        },
      },
      async (request) => {
        const { user_id } = request.params;
        const details = request.account?.userId === user_id ? await deps.billing.details(user_id, request.query.product_code) : null;
        if (!details) throw new HttpError(404, 'Subscription not found');
        return details;
      },
    );
  };
