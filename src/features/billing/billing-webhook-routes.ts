/**
 * POST /api/v1/webhooks/stripe. The raw body is verified against the `stripe-signature` header
 * (webhook-signature.ts: each configured secret, a timestamp within the tolerance either side of
 * now); a bad or missing signature is 400 and changes nothing. Each event id is processed
 * once; an event whose processing failed answers 5xx so that Stripe sends it again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type Stripe from 'stripe';
import { z } from 'zod/v4';
import { StripeEventRepository } from '../../db/stripe-events.ts';
import { HttpError } from '../../http/errors.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { webhookAck } from './billing-schemas.ts';
import type { BillingService } from './billing-service.ts';
import { isProviderUnavailable } from './stripe-client.ts';
import { verifyWebhook } from './webhook-signature.ts';

export interface WebhookDeps {
  db: DatabasePool;
  stripe: Stripe | null;
  billing: BillingService;
  secrets: readonly string[];
  toleranceSeconds: number;
}

/**
 * What every event of Stripe's has, read before anything is stored: a well-signed body without it
 * (made by hand with the secret: Stripe sends none) is refused with 400 instead of failing on it.
 */
const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.object({ object: z.looseObject({ id: z.string().max(255).optional() }) }),
});

export const stripeWebhookRoutes =
  (deps: WebhookDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes Stripe sent: keep them, parse nothing.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const events = new StripeEventRepository(deps.db);

    app.post(
      '/api/v1/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Stripe webhook events (signed with the `stripe-signature` header)',
          description:
            'Verified against every secret of STRIPE_WEBHOOK_SECRETS. Each event id is processed once; redeliveries answer `duplicate: true`. Other event types are acknowledged.',
          headers: z.object({ 'stripe-signature': z.string().optional().describe("Stripe's signature of the raw body (t=..., v1=...).") }).passthrough(),
          response: { 200: webhookAck, 400: detailError, 503: detailError },
        },
      },
      async (request) => {
        if (!deps.stripe || !deps.secrets.length) throw new HttpError(503, 'Stripe webhooks are not configured on this server');
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const event = verifyWebhook(deps.stripe, deps.secrets, deps.toleranceSeconds, payload, Array.isArray(header) ? undefined : header);
        if (!event) throw new HttpError(400, 'Invalid signature');
        if (event === 'not_json') throw new HttpError(400, 'Malformed event: the signed body is not JSON');
        const envelope = eventEnvelope.safeParse(event);
        if (!envelope.success) throw new HttpError(400, `Malformed event: ${envelope.error.issues[0]!.path.join('.')}`);
        const objectId = envelope.data.data.object.id ?? null;
        if ((await events.begin({ id: event.id, type: event.type, objectId, created: event.created })) === 'done')
          return { received: true as const, duplicate: true };
        try {
          await deps.billing.handleEvent(event);
        } catch (error) {
          await events.failed(event.id, error instanceof Error ? error.message : String(error)).catch(() => {});
          if (isProviderUnavailable(error)) throw new HttpError(503, 'Payment provider unavailable; send the event again later', { 'retry-after': '30' });
          throw error;
        }
        await events.processed(event.id);
        request.log.info({ eventId: event.id, type: event.type }, 'stripe event processed');
        return { received: true as const };
      },
    );
  };
