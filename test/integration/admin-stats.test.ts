/**
 * Usage rollups maintained with each usage-log batch (per day × user × key × route × status
 * class, per day × route × class, per user), the first-request milestones, the raw log's
 * retention, and the statistics that read the rollups: requests per day (zero-filled, cached),
 * new users per day, and the global figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken } from '../helpers/admin.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { UsageLogRepository } from '../../src/db/usage-logs.ts';

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const DAY = 86_400_000;
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let server: TestServer;
let peer: TestServer;
let token: string;
beforeAll(async () => {
  const env = await adminEnv({ USAGE_FLUSH_INTERVAL_MS: '60000', USAGE_LOG_RETENTION_DAYS: '90' });
  server = await startTestServer({ env });
  peer = await startTestServer({ peer: server, env });
  token = await adminToken(server);
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

const rollupRow = z.object({
  day: z.string(),
  user_id: z.string(),
  api_key_id: z.string().nullable(),
  route: z.string(),
  status_class: z.number(),
  requests: z.number(),
});
const rollupsOf = (userId: string) =>
  server.db.any(sql.type(rollupRow)`
  select to_char(day, 'YYYY-MM-DD') as day, user_id, api_key_id::text, route, status_class, requests::int8 from usage_rollups
  where user_id = ${userId} order by route, status_class`);
const milestones = (userId: string) =>
  server.db.any(sql.type(z.object({ name: z.string(), occurred_at: z.string() }))`
  select name, occurred_at from analytics_events where user_id = ${userId} and source = 'service' order by name`);
const flushAll = () => Promise.all([server.app.usage.flush(), peer.app.usage.flush()]);

describe('rollups', () => {
  it("counts each batch per day × user × key × route template × status class, with the user's totals", async () => {
    const alice = await createKeyForEmail(server.db, { email: 'alice-rollup@example.com', plan: 'unlimited' });
    const before = Date.now();
    await server.post('/api/v1/natal/calculate?include_minor=true', natal, { 'x-api-key': alice.key });
    await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': alice.key });
    await server.post('/api/v1/natal/calculate', { ...natal, lat: 99 }, { 'x-api-key': alice.key });
    await server.get('/api/v1/numerology/alphabets', { 'x-api-key': alice.key });
    await flushAll();
    expect(await rollupsOf(alice.user_id)).toEqual([
      { day: utcDay(), user_id: alice.user_id, api_key_id: alice.id, route: '/api/v1/natal/calculate', status_class: 2, requests: 2 },
      { day: utcDay(), user_id: alice.user_id, api_key_id: alice.id, route: '/api/v1/natal/calculate', status_class: 4, requests: 1 },
      { day: utcDay(), user_id: alice.user_id, api_key_id: alice.id, route: '/api/v1/numerology/alphabets', status_class: 2, requests: 1 },
    ]);
    const activity = await server.db.one(sql.type(
      z.object({ request_count: z.number(), first_request_at: z.string(), last_active_at: z.string(), first_success_at: z.string().nullable() }),
    )`
      select request_count::int8, first_request_at, last_active_at, first_success_at from user_activity where user_id = ${alice.user_id}`);
    expect(activity.request_count).toBe(4);
    expect(Date.parse(activity.first_request_at)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(activity.last_active_at)).toBeGreaterThanOrEqual(Date.parse(activity.first_request_at));
    expect(activity.first_success_at).toBe(activity.first_request_at);
    // Requests of the next batch, from another process, add to the same rows.
    await peer.post('/api/v1/natal/calculate', natal, { 'x-api-key': alice.key });
    await flushAll();
    expect((await rollupsOf(alice.user_id))[0]!.requests).toBe(3);
    expect(
      await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select request_count::int8 as n from user_activity where user_id = ${alice.user_id}`),
    ).toBe(5);
  });

  it('records the milestones once: first request, first successful request (not before one succeeds), first key, signup', async () => {
    const bob = await createKeyForEmail(server.db, { email: 'bob-rollup@example.com', plan: 'unlimited' });
    await server.post('/api/v1/natal/calculate', { ...natal, lat: 99 }, { 'x-api-key': bob.key });
    await flushAll();
    expect((await milestones(bob.user_id)).map((m) => m.name)).toEqual(['first_api_key', 'first_request', 'signup']);
    await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': bob.key });
    await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': bob.key });
    await flushAll();
    await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': bob.key });
    await flushAll();
    const events = await milestones(bob.user_id);
    expect(events.map((m) => m.name)).toEqual(['first_api_key', 'first_request', 'first_successful_request', 'signup']);
    const at = Object.fromEntries(events.map((e) => [e.name, Date.parse(e.occurred_at)]));
    expect(at.first_successful_request).toBeGreaterThan(at.first_request!);
  });

  it('the same rows written by two processes at once add up exactly (no deadlock, no lost batch)', async () => {
    const carol = await createKeyForEmail(server.db, { email: 'carol-rollup@example.com', plan: 'unlimited' });
    const dave = await createKeyForEmail(server.db, { email: 'dave-rollup@example.com', plan: 'unlimited' });
    for (let round = 0; round < 5; round++) {
      await Promise.all([server, peer].flatMap((s) => [carol, dave].map((k) => s.get('/api/v1/numerology/alphabets', { 'x-api-key': k.key }))));
      await flushAll();
    }
    for (const k of [carol, dave]) expect((await rollupsOf(k.user_id))[0]!.requests).toBe(10);
  });

  it('USAGE_ROLLUPS=false writes the log alone', async () => {
    const off = await startTestServer({ env: { USAGE_ROLLUPS: 'false', USAGE_FLUSH_INTERVAL_MS: '60000' } });
    try {
      const erin = await createKeyForEmail(off.db, { email: 'erin@example.com', plan: 'unlimited' });
      await off.get('/api/v1/numerology/alphabets', { 'x-api-key': erin.key });
      await off.app.usage.flush();
      const count = (table: 'usage_rollups' | 'user_activity') =>
        off.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int8 as n from ${sql.identifier([table])} where user_id = ${erin.user_id}`);
      expect(await count('usage_rollups')).toBe(0);
      expect(await count('user_activity')).toBe(0);
      expect(await off.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int8 as n from usage_logs where user_id = ${erin.user_id}`)).toBe(1);
    } finally {
      await off.close();
    }
  });
});

describe('retention', () => {
  it('prunes raw log segments older than USAGE_LOG_RETENTION_DAYS and keeps the rollups', async () => {
    const logs = new UsageLogRepository(server.db);
    const record = (daysAgo: number) => ({
      userId: 'retention-user',
      apiKeyId: null,
      method: 'GET',
      path: '/api/v1/numerology/alphabets',
      statusCode: 200,
      durationMs: 1,
      replayed: false,
      startedAt: Date.now() - daysAgo * DAY,
    });
    await logs.insertBatch([record(120)]);
    await logs.insertBatch([record(91)]);
    await logs.insertBatch([record(89)]);
    await logs.insertBatch([record(0)]);
    const result = await server.app.maintenance.runOnce();
    expect(result.prunedSegments).toBe(2);
    const kept = await server.db.any(
      sql.type(z.object({ created_at: z.string() }))`select created_at from usage_logs where user_id = 'retention-user' order by created_at`,
    );
    expect(kept).toHaveLength(2);
    expect(
      await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select sum(requests)::int8 as n from usage_rollups where user_id = 'retention-user'`),
    ).toBe(4);
  });

  it('removes expired operator sessions', async () => {
    await server.db.query(
      sql.unsafe`insert into admin_sessions (token_hash, username, expires_at) values ('old-session', 'operator', now() - interval '1 minute')`,
    );
    expect((await server.app.maintenance.runOnce()).expiredSessions).toBe(1);
  });
});

describe('statistics', () => {
  it('requests per day: one zero-filled entry per UTC day up to today, all routes or one', async () => {
    await server.db.query(sql.unsafe`insert into usage_daily_totals (day, route, status_class, requests) values
      ((now() at time zone 'UTC')::date - 3, '/natal', 2, 40), ((now() at time zone 'UTC')::date - 3, '/natal', 4, 2),
      ((now() at time zone 'UTC')::date - 3, '/api/v1/transits/calculate', 2, 7), ((now() at time zone 'UTC')::date - 10, '/natal', 2, 99)`);
    const res = await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day?days=7&endpoint=/natal', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.body).toEqual([-6, -5, -4, -3, -2, -1, 0].map((d) => ({ date: utcDay(d), count: d === -3 ? 42 : 0 })));
    const all = await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day?days=11', token);
    expect(all.body).toHaveLength(11);
    expect(all.body[0]).toEqual({ date: utcDay(-10), count: 99 });
    expect(all.body[7]).toEqual({ date: utcDay(-3), count: 49 });
    expect(all.body[10].date).toBe(utcDay());
    expect(all.body[10].count).toBeGreaterThan(0);
    expect((await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day', token)).body).toHaveLength(30);
  });

  it('requests per day are cached for 5 minutes', async () => {
    const first = await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day?days=5&endpoint=/api/v1/transits/calculate', token);
    await server.db.query(
      sql.unsafe`insert into usage_daily_totals (day, route, status_class, requests) values ((now() at time zone 'UTC')::date - 1, '/api/v1/transits/calculate', 2, 5)`,
    );
    const again = await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day?days=5&endpoint=/api/v1/transits/calculate', token);
    expect(again.body).toEqual(first.body);
    // Another process has no copy yet and reads the rollups.
    const fromPeer = await admin(peer, 'GET', '/api/v1/admin/stats/requests-per-day?days=5&endpoint=/api/v1/transits/calculate', token);
    expect(fromPeer.body[3]).toEqual({ date: utcDay(-1), count: 5 });
  });

  it('requests per day refuse an unknown route and out-of-bounds days (422)', async () => {
    const unknown = await admin(server, 'GET', '/api/v1/admin/stats/requests-per-day?endpoint=/api/v1/nothing', token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['query', 'endpoint']);
    for (const days of ['0', '367', 'x']) expect((await admin(server, 'GET', `/api/v1/admin/stats/requests-per-day?days=${days}`, token)).status).toBe(422);
  });

  it('new users per UTC day, zero-filled', async () => {
    await server.db.query(sql.unsafe`insert into users (id, email, created_at) values
      ('n1', 'n1@example.com', (((now() at time zone 'UTC')::date - 2) + time '00:00:01') at time zone 'UTC'),
      ('n2', 'n2@example.com', (((now() at time zone 'UTC')::date - 2) + time '23:59:59') at time zone 'UTC'),
      ('n3', 'n3@example.com', (((now() at time zone 'UTC')::date - 1) + time '00:00:00') at time zone 'UTC'),
      ('n4', 'n4@example.com', now() - interval '40 days')`);
    const res = await admin(server, 'GET', '/api/v1/admin/stats/new-users-daily?days=4', token);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 3)).toEqual([
      { date: utcDay(-3), count: 0 },
      { date: utcDay(-2), count: 2 },
      { date: utcDay(-1), count: 1 },
    ]);
    expect(res.body[3].date).toBe(utcDay());
    expect(res.body[3].count).toBeGreaterThanOrEqual(4); // the key users of this file
  });

  it('global figures from the rollups, and report jobs by state', async () => {
    await server.db.query(sql.unsafe`insert into users (id, email) values ('payer', 'payer@example.com'), ('lapsed', 'lapsed@example.com')`);
    await server.db.query(
      sql.unsafe`insert into subscriptions (user_id, plan_code, status) values ('payer', 'entry', 'active'), ('lapsed', 'high', 'canceled')`,
    );
    await server.db.query(sql.unsafe`insert into user_activity (user_id, request_count, first_request_at, last_active_at) values
      ('payer', 10, now() - interval '20 days', now() - interval '20 days')`);
    const res = await admin(server, 'GET', '/api/v1/admin/stats/usage', token);
    expect(res.status).toBe(200);
    const expected = await server.db.one(sql.type(z.object({ users: z.number(), active: z.number(), today: z.number(), month: z.number() }))`
      select (select count(*) from users)::int8 as users,
             (select count(*) from user_activity where last_active_at > now() - interval '7 days')::int8 as active,
             (select sum(requests) from usage_daily_totals where day = (now() at time zone 'UTC')::date)::int8 as today,
             (select sum(requests) from usage_daily_totals where day > (now() at time zone 'UTC')::date - 30)::int8 as month`);
    expect(res.body).toEqual({
      total_users: expected.users,
      active_users_7d: expected.active,
      active_users_30d: expected.active + 1,
      requests_today: expected.today,
      requests_30d: expected.month,
      requests_by_status_class_30d: expect.objectContaining({ '2xx': expect.any(Number), '4xx': expect.any(Number) }),
      paying_users: 1,
      report_jobs: { queued: 0, running: 0, completed: 0, failed: 0 },
    });
    expect(res.body.requests_by_status_class_30d['2xx'] + res.body.requests_by_status_class_30d['4xx']).toBe(expected.month);
  });

  it('report jobs by state', async () => {
    const job = (status: string, i: number) => sql.fragment`(${`stats-job-${i}`}, 'payer', ${status}, '{}'::jsonb, '{}'::jsonb, true)`;
    await server.db.query(sql.unsafe`insert into report_jobs (id, user_id, status, birth, options, credit_reserved) values
      ${sql.join(['queued', 'queued', 'running', 'completed', 'failed', 'failed', 'failed'].map(job), sql.fragment`, `)}`);
    const res = await admin(server, 'GET', '/api/v1/admin/stats/usage', token);
    expect(res.body.report_jobs).toEqual({ queued: 2, running: 1, completed: 1, failed: 3 });
  });
});
