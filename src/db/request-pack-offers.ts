/** Private offers of extra requests: one user each, at most one open offer per user. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const offerRow = z.object({
  id: z.string(),
  user_id: z.string(),
  requests: z.number(),
  price_cents: z.number(),
  currency: z.string(),
  status: z.enum(['open', 'purchased', 'withdrawn']),
  note: z.string().nullable(),
  expires_at: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  created_at: z.string(),
  purchased_at: z.string().nullable(),
});
export type OfferRow = z.infer<typeof offerRow>;

const columns = sql.fragment`id, user_id, requests, price_cents, currency, status, note, expires_at, checkout_session_id, created_at, purchased_at`;

export class RequestPackOfferRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** A new open offer; an open offer the user had is withdrawn (call inside a transaction). */
  async create(input: {
    userId: string;
    requests: number;
    priceCents: number;
    currency: string;
    expiresAt: string | null;
    note: string | null;
  }): Promise<OfferRow> {
    await this.db.query(sql.unsafe`update request_pack_offers set status = 'withdrawn' where user_id = ${input.userId} and status = 'open'`);
    return this.db.one(sql.type(offerRow)`
      insert into request_pack_offers (user_id, requests, price_cents, currency, expires_at, note)
      values (${input.userId}, ${input.requests}, ${input.priceCents}, ${input.currency}, ${input.expiresAt}, ${input.note})
      returning ${columns}`);
  }

  /** The user's open offer that has not expired. */
  async openOffer(userId: string): Promise<OfferRow | null> {
    return this.db.maybeOne(sql.type(offerRow)`
      select ${columns} from request_pack_offers where user_id = ${userId} and status = 'open' and (expires_at is null or expires_at > now())`);
  }

  async byIdForUpdate(id: string): Promise<OfferRow | null> {
    return this.db.maybeOne(sql.type(offerRow)`select ${columns} from request_pack_offers where id = ${id} for update`);
  }

  async setCheckoutSession(id: string, sessionId: string | null, expected?: string | null): Promise<void> {
    if (expected === undefined) await this.db.query(sql.unsafe`update request_pack_offers set checkout_session_id = ${sessionId} where id = ${id}`);
    else
      await this.db.query(
        sql.unsafe`update request_pack_offers set checkout_session_id = ${sessionId} where id = ${id} and checkout_session_id is not distinct from ${expected}`,
      );
  }

  async markPurchased(id: string): Promise<void> {
    await this.db.query(sql.unsafe`update request_pack_offers set status = 'purchased', purchased_at = now() where id = ${id}`);
  }

  async withdraw(id: string): Promise<boolean> {
    return (await this.db.query(sql.unsafe`update request_pack_offers set status = 'withdrawn' where id = ${id} and status = 'open'`)).rowCount > 0;
  }
}
