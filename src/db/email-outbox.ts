/**
 * Every e-mail the service writes, with what became of it. Without SMTP an e-mail stays here,
 * `held`, for the operator to read (`npm run cli -- mail outbox`). Once sent, its text is dropped:
 * e-mails may carry links that must not outlive their delivery.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const outboxRow = z.object({
  id: z.number(),
  user_id: z.string().nullable(),
  to_address: z.string(),
  subject: z.string(),
  body_text: z.string(),
  kind: z.string(),
  status: z.enum(['held', 'sent', 'failed']),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

const columns = sql.fragment`id, user_id, to_address, subject, body_text, kind, status, last_error, created_at, sent_at`;

export class EmailOutboxRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async add(input: { userId: string | null; to: string; subject: string; text: string; kind: string; status: 'held' | 'failed' }): Promise<number> {
    return this.db.oneFirst(sql.type(z.object({ id: z.number() }))`
      insert into email_outbox (user_id, to_address, subject, body_text, kind, status)
      values (${input.userId}, ${input.to}, ${input.subject}, ${input.text}, ${input.kind}, ${input.status}) returning id`);
  }

  async markSent(id: number): Promise<void> {
    await this.db.query(sql.unsafe`update email_outbox set status = 'sent', sent_at = now(), body_text = '', last_error = null where id = ${id}`);
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db.query(sql.unsafe`update email_outbox set status = 'failed', last_error = ${error.slice(0, 1000)} where id = ${id}`);
  }

  async recent(input: { limit: number; status?: 'held' | 'sent' | 'failed' }): Promise<readonly OutboxRow[]> {
    const where = input.status ? sql.fragment`where status = ${input.status}` : sql.fragment``;
    return this.db.any(sql.type(outboxRow)`select ${columns} from email_outbox ${where} order by id desc limit ${input.limit}`);
  }

  /** Held and failed e-mails, oldest first (to send them once SMTP is there). */
  async unsent(limit: number): Promise<readonly OutboxRow[]> {
    return this.db.any(sql.type(outboxRow)`select ${columns} from email_outbox where status in ('held', 'failed') order by id limit ${limit}`);
  }
}
