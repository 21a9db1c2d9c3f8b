/**
 * The request log of API usage: written in batches (one multi-row INSERT per batch through
 * unnest), read back per user, most recent first.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export interface UsageRecord {
  userId: string;
  apiKeyId: string | null;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
  replayed: boolean;
  /** ISO timestamp of the request. */
  createdAt: string;
}

export const logEntryRow = z.object({
  id: z.string(), created_at: z.string(), method: z.string(), path: z.string(), status_code: z.number(),
  duration_ms: z.number(), api_key_id: z.string().nullable(), idempotency_replayed: z.boolean(),
});
export type LogEntryRow = z.infer<typeof logEntryRow>;

export class UsageLogRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /**
   * The batch travels as one JSON document that PostgreSQL unpacks: serialising it is a single
   * native JSON.stringify, where array parameters cost an escape per value on the event loop.
   */
  async insertBatch(records: readonly UsageRecord[]): Promise<void> {
    if (!records.length) return;
    const rows = JSON.stringify(records.map((r) => [r.userId, r.apiKeyId, r.method, r.path, r.statusCode, r.durationMs, r.replayed, r.createdAt]));
    await this.db.query(sql.unsafe`
      insert into usage_logs (user_id, api_key_id, method, path, status_code, duration_ms, idempotency_replayed, created_at)
      select r->>0, (r->>1)::uuid, r->>2, r->>3, (r->>4)::int2, (r->>5)::float8, (r->>6)::bool, (r->>7)::timestamptz
      from jsonb_array_elements(${rows}::jsonb) as r`);
  }

  async recentForUser(userId: string, limit: number): Promise<readonly LogEntryRow[]> {
    return this.db.any(sql.type(logEntryRow)`
      select id::text as id, created_at, method, path, status_code, duration_ms, api_key_id::text as api_key_id, idempotency_replayed
      from usage_logs where user_id = ${userId}
      order by created_at desc, id desc limit ${limit}`);
  }
}
