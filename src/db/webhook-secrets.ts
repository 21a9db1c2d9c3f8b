/**
 * The signing secret of each account's report callbacks (Standard Webhooks: `whsec_` and 32
 * random bytes in base64). Made on first need; rotating replaces it at once.
 */
import { randomBytes } from 'node:crypto';
import { type DatabasePool } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export class WebhookSecretRepository {
  constructor(private readonly db: DatabasePool) {}

  async getOrCreate(userId: string): Promise<{ secret: string; created_at: string }> {
    await this.db.query(
      sql.unsafe`insert into webhook_secrets (user_id, secret) select id, ${newSecret()} from users where id = ${userId} on conflict (user_id) do nothing`,
    );
    return this.db.one(
      sql.type(z.object({ secret: z.string(), created_at: z.string() }))`select secret, created_at from webhook_secrets where user_id = ${userId}`,
    );
  }

  async rotate(userId: string): Promise<{ secret: string; created_at: string }> {
    return this.db.one(sql.type(z.object({ secret: z.string(), created_at: z.string() }))`
      insert into webhook_secrets (user_id, secret) values (${userId}, ${newSecret()})
      on conflict (user_id) do update set secret = excluded.secret, created_at = now()
      returning secret, created_at`);
  }
}
