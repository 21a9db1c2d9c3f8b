/**
 * The request log of API usage, stored in segments (sql/003_usage_log_segments.sql): each write
 * of a batch adds one row per API key, holding that key's requests as one JSON array. Read back
 * per user through the `usage_logs` view, most recent first.
 *
 * The same statement keeps the rollups the statistics read (sql/013_admin.sql): requests per UTC
 * day × user × key × route template × status class, their sum per day × route × status class,
 * each user's totals and last activity, and the first-request milestones. The batch is summed
 * here first, so the database does one upsert per group of the batch, not one per request.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export interface UsageRecord {
  userId: string;
  apiKeyId: string | null;
  method: string;
  path: string;
  /** The route template (`/api/v1/natal/calculate`); the path when no route matched. */
  route?: string;
  statusCode: number;
  durationMs: number;
  replayed: boolean;
  /** When the request started, epoch milliseconds (fractional: the server measures to the microsecond). */
  startedAt: number;
}

export const logEntryRow = z.object({
  id: z.string(),
  created_at: z.string(),
  method: z.string(),
  path: z.string(),
  status_code: z.number(),
  duration_ms: z.number(),
  api_key_id: z.string().nullable(),
  api_key_name: z.string().nullable(),
  idempotency_replayed: z.boolean(),
});
export type LogEntryRow = z.infer<typeof logEntryRow>;

/** The batch's requests grouped by user and key, in order: one segment each. */
function segmentsOf(records: readonly UsageRecord[]) {
  const segments = new Map<string, { userId: string; apiKeyId: string | null; first: number; last: number; entries: unknown[][] }>();
  for (const r of records) {
    // A key id is a UUID (no space): the user id after it keeps the map key unambiguous.
    const key = `${r.apiKeyId} ${r.userId}`;
    let segment = segments.get(key);
    if (!segment) segments.set(key, (segment = { userId: r.userId, apiKeyId: r.apiKeyId, first: r.startedAt, last: r.startedAt, entries: [] }));
    segment.first = Math.min(segment.first, r.startedAt);
    segment.last = Math.max(segment.last, r.startedAt);
    segment.entries.push([r.method, r.path, r.statusCode, r.durationMs, r.replayed, r.startedAt]);
  }
  return [...segments.values()].map((s) => [s.userId, s.apiKeyId, s.first, s.last, s.entries.length, s.entries]);
}

const DAY_MS = 86_400_000;
const isoDay = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/**
 * The batch summed per day × user × key × route × status class, and per user:
 * [day, user, key, route, class, requests, duration_ms] and [user, requests, first, last, first 2xx].
 */
export function rollupsOf(records: readonly UsageRecord[]) {
  const groups = new Map<
    string,
    { day: number; userId: string; apiKeyId: string | null; route: string; statusClass: number; requests: number; durationMs: number }
  >();
  const users = new Map<string, { requests: number; first: number; last: number; firstSuccess: number | null }>();
  for (const r of records) {
    const day = Math.floor(r.startedAt / DAY_MS);
    const route = r.route ?? r.path;
    const statusClass = Math.floor(r.statusCode / 100);
    const key = `${day} ${r.apiKeyId} ${statusClass} ${r.userId}\u0000${route}`;
    const group = groups.get(key);
    if (group) {
      group.requests++;
      group.durationMs += r.durationMs;
    } else {
      groups.set(key, { day, userId: r.userId, apiKeyId: r.apiKeyId, route, statusClass, requests: 1, durationMs: r.durationMs });
    }
    const success = statusClass === 2 ? r.startedAt : null;
    const user = users.get(r.userId);
    if (!user) users.set(r.userId, { requests: 1, first: r.startedAt, last: r.startedAt, firstSuccess: success });
    else {
      user.requests++;
      if (r.startedAt < user.first) user.first = r.startedAt;
      if (r.startedAt > user.last) user.last = r.startedAt;
      if (success !== null && (user.firstSuccess === null || success < user.firstSuccess)) user.firstSuccess = success;
    }
  }
  return {
    groups: [...groups.values()].map((g) => [isoDay(g.day), g.userId, g.apiKeyId, g.route, g.statusClass, g.requests, g.durationMs]),
    users: [...users].map(([userId, u]) => [userId, u.requests, u.first, u.last, u.firstSuccess]),
  };
}

export class UsageLogRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /**
   * One INSERT for the whole batch. The segments travel as one JSON document (one native
   * JSON.stringify on the event loop); PostgreSQL keeps each segment's entries as JSON text
   * without parsing them into another form.
   */
  async insertBatch(records: readonly UsageRecord[], options: { rollups: boolean } = { rollups: true }): Promise<void> {
    if (!records.length) return;
    const segments = sql.fragment`
      insert into usage_log_segments (user_id, api_key_id, first_at, last_at, requests, entries)
      select s->>0, (s->>1)::uuid, to_timestamp((s->>2)::float8 / 1000), to_timestamp((s->>3)::float8 / 1000), (s->>4)::int, s->5
      from json_array_elements(${JSON.stringify(segmentsOf(records))}::json) as s`;
    if (!options.rollups) {
      await this.db.query(sql.unsafe`${segments}`);
      return;
    }
    const { groups, users } = rollupsOf(records);
    // One statement, so one transaction: the log and its rollups are written together or not at
    // all (a failed batch is retried whole). Rows are upserted in key order, so that two API
    // processes writing at once lock shared rows in the same order and cannot deadlock.
    await this.db.query(sql.unsafe`
      with segments as (${segments}),
      groups as (select value as g from json_array_elements(${JSON.stringify(groups)}::json)),
      rollups as (
        insert into usage_rollups as r (day, user_id, api_key_id, route, status_class, requests, duration_ms_total)
        select (g->>0)::date, g->>1, (g->>2)::uuid, g->>3, (g->>4)::smallint, (g->>5)::int8, (g->>6)::float8
        from groups order by 1, 2, 3, 4, 5
        on conflict (day, user_id, api_key_id, route, status_class) do update
          set requests = r.requests + excluded.requests, duration_ms_total = r.duration_ms_total + excluded.duration_ms_total),
      totals as (
        insert into usage_daily_totals as t (day, route, status_class, requests)
        select (g->>0)::date, g->>3, (g->>4)::smallint, sum((g->>5)::int8) from groups group by 1, 2, 3 order by 1, 2, 3
        on conflict (day, route, status_class) do update set requests = t.requests + excluded.requests),
      batch_users as (
        select u->>0 as user_id, (u->>1)::int8 as requests, to_timestamp((u->>2)::float8 / 1000) as first_at,
               to_timestamp((u->>3)::float8 / 1000) as last_at, to_timestamp((u->>4)::float8 / 1000) as first_success_at
        from json_array_elements(${JSON.stringify(users)}::json) as u),
      activity as (
        insert into user_activity as a (user_id, request_count, first_request_at, last_active_at, first_success_at)
        select user_id, requests, first_at, last_at, first_success_at from batch_users order by user_id
        on conflict (user_id) do update set
          request_count = a.request_count + excluded.request_count,
          last_active_at = greatest(a.last_active_at, excluded.last_active_at),
          first_success_at = coalesce(a.first_success_at, excluded.first_success_at)
        returning user_id, first_request_at, first_success_at)
      -- A milestone whose time came from this batch was reached in it (the unique index keeps it once).
      insert into analytics_events (name, user_id, source, occurred_at)
      select 'first_request', a.user_id, 'service', a.first_request_at from activity a join batch_users b using (user_id) where a.first_request_at = b.first_at
      union all
      select 'first_successful_request', a.user_id, 'service', a.first_success_at from activity a join batch_users b using (user_id) where a.first_success_at = b.first_success_at
      on conflict do nothing`);
  }

  /**
   * The user's `limit` most recent requests. Segments of several keys and processes overlap in
   * time, so the newest segments are not simply the newest requests; but the fewest newest
   * segments that hold `limit` requests give a time t no answer is older than, and every request
   * at or after t lies in a segment that ended at or after t. Only those segments are expanded:
   * a few instead of `limit` (each up to a batch of requests).
   */
  async recentForUser(userId: string, limit: number): Promise<readonly LogEntryRow[]> {
    return this.db.any(sql.type(logEntryRow)`
      with newest as (
        select id, sum(requests) over (order by last_at desc, id desc) - requests as newer
        from (select id, last_at, requests from usage_log_segments where user_id = ${userId} order by last_at desc, id desc limit ${limit}) s),
      cutoff as (
        select min(created_at) as t from (
          select created_at from usage_logs where segment_id = any(array(select id from newest where newer < ${limit}))
          order by created_at desc limit ${limit}) x)
      select l.segment_id || '-' || l.position as id, l.created_at, l.method, l.path, l.status_code, l.duration_ms,
             l.api_key_id::text as api_key_id, k.name as api_key_name, l.idempotency_replayed
      from usage_logs l left join api_keys k on k.id = l.api_key_id
      where l.segment_id = any(array(
        -- A millisecond of slack: a segment's last_at and its entries' times are rounded apart.
        select s.id from usage_log_segments s, cutoff where s.user_id = ${userId} and s.last_at >= cutoff.t - interval '1 millisecond'))
      order by l.created_at desc, l.segment_id desc, l.position desc
      limit ${limit}`);
  }
}
