/** One row per fulfilled Checkout Session: the redirect and the webhook fulfil it once between them. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const fulfilmentRow = z.object({
  session_id: z.string(),
  user_id: z.string(),
  kind: z.enum(['subscription', 'credit_pack', 'request_pack']),
  product_code: z.string().nullable(),
  credits_added: z.number(),
  requests_added: z.number(),
  fulfilled_at: z.string(),
});
export type FulfilmentRow = z.infer<typeof fulfilmentRow>;

export class CheckoutFulfilmentRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** True when this call recorded the fulfilment (the caller then does the work, in the same transaction). */
  async claim(input: Omit<FulfilmentRow, 'fulfilled_at'>): Promise<boolean> {
    const inserted = await this.db.maybeOneFirst(sql.type(z.object({ session_id: z.string() }))`
      insert into checkout_fulfilments (session_id, user_id, kind, product_code, credits_added, requests_added)
      values (${input.session_id}, ${input.user_id}, ${input.kind}, ${input.product_code}, ${input.credits_added}, ${input.requests_added})
      on conflict (session_id) do nothing returning session_id`);
    return inserted !== null;
  }

  async find(sessionId: string): Promise<FulfilmentRow | null> {
    return this.db.maybeOne(sql.type(fulfilmentRow)`
      select session_id, user_id, kind, product_code, credits_added, requests_added, fulfilled_at from checkout_fulfilments where session_id = ${sessionId}`);
  }
}
