/**
 * The request log of API usage, stored in segments (sql/003_usage_log_segments.sql): each write
 * of a batch adds one row per API key, holding that key's requests as one JSON array. Read back
 * per user through the `usage_logs` view, most recent first.
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
  /** When the request started, epoch milliseconds (fractional: the server measures to the microsecond). */
  startedAt: number;
}

export const logEntryRow = z.object({
  id: z.string(), created_at: z.string(), method: z.string(), path: z.string(), status_code: z.number(),
  duration_ms: z.number(), api_key_id: z.string().nullable(), idempotency_replayed: z.boolean(),
});
export type LogEntryRow = z.infer<typeof logEntryRow>;

/** The batch's requests grouped by user and key, in order: one segment each. */
function segmentsOf(records: readonly UsageRecord[]) {
  const segments = new Map<string, { userId: string; apiKeyId: string | null; first: number; last: number; entries: unknown[][] }>();
  for (const r of records) {
    // A key id is a UUID (no space): the user id after it keeps the map key unambiguous.
    const key = `${r.apiKeyId} ${r.userId}`;
    let segment = segments.get(key);
    if (!segment) segments.set(key, segment = { userId: r.userId, apiKeyId: r.apiKeyId, first: r.startedAt, last: r.startedAt, entries: [] });
    segment.first = Math.min(segment.first, r.startedAt);
    segment.last = Math.max(segment.last, r.startedAt);
    segment.entries.push([r.method, r.path, r.statusCode, r.durationMs, r.replayed, r.startedAt]);
  }
  return [...segments.values()].map((s) => [s.userId, s.apiKeyId, s.first, s.last, s.entries.length, s.entries]);
}

export class UsageLogRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /**
   * One INSERT for the whole batch. The segments travel as one JSON document (one native
   * JSON.stringify on the event loop); PostgreSQL keeps each segment's entries as JSON text
   * without parsing them into another form.
   */
  async insertBatch(records: readonly UsageRecord[]): Promise<void> {
    if (!records.length) return;
    await this.db.query(sql.unsafe`
      insert into usage_log_segments (user_id, api_key_id, first_at, last_at, requests, entries)
      select s->>0, (s->>1)::uuid, to_timestamp((s->>2)::float8 / 1000), to_timestamp((s->>3)::float8 / 1000), (s->>4)::int, s->5
      from json_array_elements(${JSON.stringify(segmentsOf(records))}::json) as s`);
  }

  /** The user's `limit` most recent requests; they lie in the user's `limit` most recent segments. */
  async recentForUser(userId: string, limit: number): Promise<readonly LogEntryRow[]> {
    return this.db.any(sql.type(logEntryRow)`
      select segment_id || '-' || position as id, created_at, method, path, status_code, duration_ms,
             api_key_id::text as api_key_id, idempotency_replayed
      from usage_logs
      where segment_id = any(array(
        select id from usage_log_segments where user_id = ${userId} order by last_at desc, id desc limit ${limit}))
      order by created_at desc, segment_id desc, position desc
      limit ${limit}`);
  }
}
