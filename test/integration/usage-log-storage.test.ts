/**
 * How the usage log is stored: one segment row per API key per written batch, one row per
 * request in the `usage_logs` view, the newest requests of a user found across segments, and
 * the rows of the older one-row-per-request table carried over by the migration (and still
 * taken from processes of the previous version).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { useTestDatabasePool } from '../helpers/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { UsageLogRepository, type UsageRecord } from '../../src/db/usage-logs.ts';

const testDatabase = useTestDatabasePool({ migrateTo: '002_account.sql' });

const viewRow = z.object({
  user_id: z.string(),
  api_key_id: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status_code: z.number(),
  duration_ms: z.number(),
  idempotency_replayed: z.boolean(),
  created_at: z.string(),
});
const viewRows = (userId: string) =>
  testDatabase.pool.any(sql.type(viewRow)`
  select user_id, api_key_id::text as api_key_id, method, path, status_code, duration_ms, idempotency_replayed, created_at
  from usage_logs where user_id = ${userId} order by created_at`);

describe('usage log storage', () => {
  it('the migration carries the rows of the one-row-per-request table over, unchanged', async () => {
    const key = randomUUID();
    await testDatabase.pool.query(sql.unsafe`
      insert into usage_logs (user_id, api_key_id, method, path, status_code, duration_ms, idempotency_replayed, created_at) values
        ('old-user', ${key}, 'POST', '/natal', 200, 12.5, false, '2026-01-02T03:04:05.678Z'),
        ('old-user', null, 'GET', '/api/v1/sky-events', 422, 0.25, true, '2026-01-02T03:04:06.001Z'),
        ('other-user', ${key}, 'POST', '/api/v1/natal/calculate', 429, 1, false, '2026-01-01T00:00:00Z')`);
    expect(await migrate(testDatabase.url, undefined, '003_usage_log_segments.sql')).toEqual(['003_usage_log_segments.sql']);
    expect(await viewRows('old-user')).toEqual([
      {
        user_id: 'old-user',
        api_key_id: key,
        method: 'POST',
        path: '/natal',
        status_code: 200,
        duration_ms: 12.5,
        idempotency_replayed: false,
        created_at: '2026-01-02T03:04:05.678Z',
      },
      {
        user_id: 'old-user',
        api_key_id: null,
        method: 'GET',
        path: '/api/v1/sky-events',
        status_code: 422,
        duration_ms: 0.25,
        idempotency_replayed: true,
        created_at: '2026-01-02T03:04:06.001Z',
      },
    ]);
    expect(await viewRows('other-user')).toHaveLength(1);
    // A process of the previous version, still writing the old way during a rolling deploy.
    await testDatabase.pool.query(sql.unsafe`
      insert into usage_logs (user_id, api_key_id, method, path, status_code, duration_ms, idempotency_replayed, created_at)
      select r->>0, (r->>1)::uuid, r->>2, r->>3, (r->>4)::int2, (r->>5)::float8, (r->>6)::bool, (r->>7)::timestamptz
      from jsonb_array_elements(${JSON.stringify([['old-user', key, 'POST', '/natal', 200, 7.5, false, '2026-01-02T03:04:07.250Z']])}::jsonb) as r`);
    expect((await viewRows('old-user')).at(-1)).toEqual({
      user_id: 'old-user',
      api_key_id: key,
      method: 'POST',
      path: '/natal',
      status_code: 200,
      duration_ms: 7.5,
      idempotency_replayed: false,
      created_at: '2026-01-02T03:04:07.250Z',
    });
    // The later migrations, for the tests below.
    await migrate(testDatabase.url);
  });

  it('compresses segments with LZ4 where the server has it', async () => {
    const hasLz4 = await testDatabase.pool.oneFirst(sql.type(z.object({ ok: z.boolean() }))`
      select 'lz4' = any(enumvals) as ok from pg_settings where name = 'default_toast_compression'`);
    const method = await testDatabase.pool.oneFirst(sql.type(z.object({ m: z.string() }))`
      select attcompression::text as m from pg_attribute where attrelid = 'usage_log_segments'::regclass and attname = 'entries'`);
    expect(method).toBe(hasLz4 ? 'l' : '');
  });

  it('writes one segment per user and key of a batch, and shows every request in the view', async () => {
    const logs = new UsageLogRepository(testDatabase.pool);
    const [k1, k2, k3] = [randomUUID(), randomUUID(), randomUUID()];
    const t0 = Date.parse('2026-11-21T10:00:00Z');
    const record = (userId: string, apiKeyId: string, at: number, path: string): UsageRecord => ({
      userId,
      apiKeyId,
      method: 'POST',
      path,
      statusCode: 200,
      durationMs: 3.25,
      replayed: false,
      startedAt: at,
    });
    // Keys 1 and 2 of user u interleave in time across two batches; user v has key 3.
    await logs.insertBatch([record('u', k1, t0 + 1, '/a1'), record('u', k2, t0 + 2, '/b1'), record('v', k3, t0 + 3, '/c1'), record('u', k1, t0 + 5, '/a2')]);
    await logs.insertBatch([record('u', k2, t0 + 4, '/b2'), record('u', k1, t0 + 6.5, '/a3')]);
    const segments = await testDatabase.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from usage_log_segments where user_id in ('u', 'v')`,
    );
    expect(segments).toBe(5);
    expect((await viewRows('u')).map((r) => r.path)).toEqual(['/a1', '/b1', '/b2', '/a2', '/a3']);
    expect((await viewRows('u'))[4]!.created_at).toBe('2026-11-21T10:00:00.006Z');
    // The newest n of user u, for every n: across segments, newest first, nothing of user v.
    const newestFirst = ['/a3', '/a2', '/b2', '/b1', '/a1'];
    for (let n = 1; n <= 6; n++) {
      const recent = await logs.recentForUser('u', n);
      expect(recent.map((r) => r.path)).toEqual(newestFirst.slice(0, n));
    }
    const ids = (await logs.recentForUser('u', 5)).map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
  });
});
