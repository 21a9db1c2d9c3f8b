/**
 * Webhook events received from Stripe. An event id is processed once: a redelivery of a processed
 * event is acknowledged without doing anything; one whose processing failed is tried again.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export class StripeEventRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** 'process' when the event still has to be handled (first time, or after a failure), 'done' otherwise. */
  async begin(event: { id: string; type: string; objectId: string | null; created: number }): Promise<'process' | 'done'> {
    await this.db.query(sql.unsafe`
      insert into stripe_events (event_id, type, object_id, stripe_created_at)
      values (${event.id}, ${event.type}, ${event.objectId}, to_timestamp(${event.created}))
      on conflict (event_id) do nothing`);
    const open = await this.db.maybeOneFirst(sql.type(z.object({ event_id: z.string() }))`
      update stripe_events set attempts = attempts + 1 where event_id = ${event.id} and processed_at is null returning event_id`);
    return open === null ? 'done' : 'process';
  }

  async processed(eventId: string): Promise<void> {
    await this.db.query(sql.unsafe`update stripe_events set processed_at = now(), last_error = null where event_id = ${eventId}`);
  }

  async failed(eventId: string, message: string): Promise<void> {
    await this.db.query(sql.unsafe`update stripe_events set last_error = ${message.slice(0, 1000)} where event_id = ${eventId}`);
  }
}
