/** Operator sessions: opaque tokens stored by their SHA-256, each with an expiry. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const adminSessionRow = z.object({ username: z.string(), created_at: z.string(), expires_at: z.string() });
export type AdminSessionRow = z.infer<typeof adminSessionRow>;

export class AdminSessionRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async create(input: { tokenHash: string; username: string; ttlSeconds: number; ip: string | null; userAgent: string | null }): Promise<AdminSessionRow> {
    return this.db.one(sql.type(adminSessionRow)`
      insert into admin_sessions (token_hash, username, expires_at, ip, user_agent)
      values (${input.tokenHash}, ${input.username}, now() + make_interval(secs => ${input.ttlSeconds}), ${input.ip}, ${input.userAgent})
      returning username, created_at, expires_at`);
  }

  /** The live session of a token hash; null when unknown, ended or expired. */
  async findLive(tokenHash: string): Promise<AdminSessionRow | null> {
    return this.db.maybeOne(sql.type(adminSessionRow)`
      select username, created_at, expires_at from admin_sessions where token_hash = ${tokenHash} and expires_at > now()`);
  }

  async end(tokenHash: string): Promise<boolean> {
    return (await this.db.query(sql.unsafe`delete from admin_sessions where token_hash = ${tokenHash}`)).rowCount > 0;
  }

  async deleteExpired(): Promise<number> {
    return (await this.db.query(sql.unsafe`delete from admin_sessions where expires_at <= now()`)).rowCount;
  }
}
