/**
 * The administration migration on a database with history: the rollups, the users' activity and
 * the milestones are built from the users, keys and raw request log already there.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { useTestDatabasePool } from '../helpers/database.ts';
import { migrate } from '../../src/db/migrate.ts';

const testDatabase = useTestDatabasePool({ migrateTo: '003_usage_log_segments.sql' });

describe('013_admin on existing data', () => {
  it('builds rollups, activity and milestones from the history', async () => {
    await testDatabase.pool.query(sql.unsafe`insert into users (id, email, created_at, onboarding_completed_at) values
      ('old-1', 'old-1@example.com', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'), ('old-2', 'old-2@example.com', '2026-01-05T10:00:00Z', null)`);
    const key = await testDatabase.pool.oneFirst(sql.type(z.object({ id: z.string() }))`
      insert into api_keys (user_id, name, prefix, key_hash, created_at) values ('old-1', 'k', 'ask_xxxx', 'hash-1', '2026-01-02T00:00:00Z') returning id`);
    await testDatabase.pool.query(sql.unsafe`insert into usage_logs (user_id, api_key_id, method, path, status_code, duration_ms, created_at) values
      ('old-1', ${key}, 'POST', '/natal', 422, 3, '2026-01-03T08:00:00Z'),
      ('old-1', ${key}, 'POST', '/natal', 200, 5, '2026-01-03T09:00:00Z'),
      ('old-1', ${key}, 'POST', '/natal', 200, 7, '2026-01-04T09:00:00Z')`);
    await migrate(testDatabase.url);
    const rollups = await testDatabase.pool.any(sql.type(
      z.object({ day: z.string(), route: z.string(), status_class: z.number(), requests: z.number(), duration_ms_total: z.number() }),
    )`
      select to_char(day, 'YYYY-MM-DD') as day, route, status_class, requests::int8, duration_ms_total from usage_rollups order by day, status_class`);
    expect(rollups).toEqual([
      { day: '2026-01-03', route: '/natal', status_class: 2, requests: 1, duration_ms_total: 5 },
      { day: '2026-01-03', route: '/natal', status_class: 4, requests: 1, duration_ms_total: 3 },
      { day: '2026-01-04', route: '/natal', status_class: 2, requests: 1, duration_ms_total: 7 },
    ]);
    const totals = await testDatabase.pool.any(sql.type(z.object({ day: z.string(), requests: z.number() }))`
      select to_char(day, 'YYYY-MM-DD') as day, sum(requests)::int8 as requests from usage_daily_totals group by day order by day`);
    expect(totals).toEqual([
      { day: '2026-01-03', requests: 2 },
      { day: '2026-01-04', requests: 1 },
    ]);
    expect(
      await testDatabase.pool.one(sql.type(
        z.object({ request_count: z.number(), first_request_at: z.string(), last_active_at: z.string(), first_success_at: z.string() }),
      )`
      select request_count::int8, first_request_at, last_active_at, first_success_at from user_activity where user_id = 'old-1'`),
    ).toEqual({
      request_count: 3,
      first_request_at: '2026-01-03T08:00:00.000Z',
      last_active_at: '2026-01-04T09:00:00.000Z',
      first_success_at: '2026-01-03T09:00:00.000Z',
    });
    const events = await testDatabase.pool.any(sql.type(z.object({ user_id: z.string(), name: z.string(), occurred_at: z.string() }))`
      select user_id, name, occurred_at from analytics_events order by user_id, occurred_at`);
    expect(events).toEqual([
      { user_id: 'old-1', name: 'signup', occurred_at: '2026-01-01T10:00:00.000Z' },
      { user_id: 'old-1', name: 'onboarding_completed', occurred_at: '2026-01-01T11:00:00.000Z' },
      { user_id: 'old-1', name: 'first_api_key', occurred_at: '2026-01-02T00:00:00.000Z' },
      { user_id: 'old-1', name: 'first_request', occurred_at: '2026-01-03T08:00:00.000Z' },
      { user_id: 'old-1', name: 'first_successful_request', occurred_at: '2026-01-03T09:00:00.000Z' },
      { user_id: 'old-2', name: 'signup', occurred_at: '2026-01-05T10:00:00.000Z' },
    ]);
  });

  it('after it, new users, keys and onboarding emit their milestones once', async () => {
    await testDatabase.pool.query(sql.unsafe`insert into users (id, email) values ('new-1', 'new-1@example.com')`);
    await testDatabase.pool.query(
      sql.unsafe`insert into api_keys (user_id, name, prefix, key_hash) values ('new-1', 'a', 'ask_aaaa', 'hash-a'), ('new-1', 'b', 'ask_bbbb', 'hash-b')`,
    );
    await testDatabase.pool.query(sql.unsafe`update users set onboarding_completed_at = now() where id = 'new-1'`);
    await testDatabase.pool.query(sql.unsafe`update users set onboarding_completed_at = now() where id = 'new-1'`);
    const names = await testDatabase.pool.anyFirst(
      sql.type(z.object({ name: z.string() }))`select name from analytics_events where user_id = 'new-1' order by name`,
    );
    expect(names).toEqual(['first_api_key', 'onboarding_completed', 'signup']);
  });
});
