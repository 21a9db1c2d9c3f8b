/**
 * Product analytics: dashboard events (closed list, bounded properties), funnels (CRUD with their
 * arithmetic: order, conversion window, period), matured signup cohorts (young ones left out),
 * the Vedic chat figures and the bounded analytics cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken } from '../helpers/admin.ts';

const DAY = 86_400_000;
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv({ ANALYTICS_CACHE_MAX_ENTRIES: '3' }) });
  token = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
});

const insertEvent = (userId: string, name: string, at: Date, source: 'service' | 'dashboard' = 'service') =>
  server.db.query(sql.unsafe`insert into analytics_events (name, user_id, source, occurred_at) values (${name}, ${userId}, ${source}, ${at.toISOString()})`);

describe('POST /api/v1/analytics/events', () => {
  let user: string;
  beforeAll(async () => {
    user = await server.token('ev-user', 'ev-user@example.com');
    await server.bearer('POST', '/api/v1/auth/sync', user, { user_id: 'ev-user', email: 'ev-user@example.com' });
  });

  it("records a whitelisted dashboard event with its properties under the caller and the server's time", async () => {
    const res = await server.bearer('POST', '/api/v1/analytics/events', user, {
      name: 'vedic_chat.session_started',
      properties: { session_id: 's-1', model: 'jyotish', turn: 1, beta: true, note: null },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true, name: 'vedic_chat.session_started' });
    const row = await server.db.one(sql.type(z.object({ user_id: z.string(), source: z.string(), properties: z.unknown(), occurred_at: z.string() }))`
      select user_id, source, properties, occurred_at from analytics_events where name = 'vedic_chat.session_started' and user_id = 'ev-user'`);
    expect(row).toMatchObject({
      user_id: 'ev-user',
      source: 'dashboard',
      properties: { session_id: 's-1', model: 'jyotish', turn: 1, beta: true, note: null },
    });
    expect(Math.abs(Date.parse(row.occurred_at) - Date.now())).toBeLessThan(60_000);
  });

  it('takes constructor and toString as property names like any other (a JSON object is plain)', async () => {
    const res = await server.bearer('POST', '/api/v1/analytics/events', user, { name: 'docs.viewed', properties: { constructor: null, tostring: 1 } });
    expect(res.status).toBe(202);
    const odd = await server.bearer('POST', '/api/v1/analytics/events', user, { name: 'docs.viewed', properties: { constructor: 5 } });
    expect(odd.status).toBe(202);
  });

  it('refuses names outside the list (milestones included), and unbounded properties (422)', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ name: 'anything.else' }, ['body', 'name']],
      [{ name: 'signup' }, ['body', 'name']],
      [{ name: 'docs.viewed', properties: { nested: { a: 1 } } }, ['body', 'properties', 'nested']],
      [{ name: 'docs.viewed', properties: { text: 'x'.repeat(201) } }, ['body', 'properties', 'text']],
      [{ name: 'docs.viewed', properties: { 'Bad-Key': 1 } }, ['body', 'properties', 'Bad-Key']],
      [{ name: 'docs.viewed', properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }, ['body', 'properties']],
      [{ name: 'docs.viewed', properties: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'y'.repeat(190)])) }, ['body', 'properties']],
    ];
    for (const [body, loc] of cases) {
      const res = await server.bearer('POST', '/api/v1/analytics/events', user, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
  });

  it('needs a dashboard token of a known user: no token 401, an operator token 401, no profile 404', async () => {
    expect((await server.request('POST', '/api/v1/analytics/events', { name: 'docs.viewed' }, { 'x-api-key': '' })).status).toBe(401);
    expect((await server.bearer('POST', '/api/v1/analytics/events', token, { name: 'docs.viewed' })).status).toBe(401);
    const stranger = await server.token('never-synced');
    expect((await server.bearer('POST', '/api/v1/analytics/events', stranger, { name: 'docs.viewed' })).status).toBe(404);
  });
});

describe('funnels', () => {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const steps = ['signup', 'first_api_key', 'first_request', 'first_successful_request', 'first_payment'].map((event) => ({ event }));

  beforeAll(async () => {
    await server.db.query(sql.unsafe`delete from analytics_events`);
    // a: every step in order within 7 days of signup
    for (const [name, d] of [
      ['signup', -20],
      ['first_api_key', -19],
      ['first_request', -18],
      ['first_successful_request', -18],
      ['first_payment', -14],
    ] as const)
      await insertEvent('a', name, at(d));
    // b: the request comes 10 days after signup, outside a 7-day window
    for (const [name, d] of [
      ['signup', -25],
      ['first_api_key', -24],
      ['first_request', -15],
      ['first_successful_request', -15],
    ] as const)
      await insertEvent('b', name, at(d));
    // c: requested before creating the key (impossible in life, but the order is what counts)
    for (const [name, d] of [
      ['signup', -10],
      ['first_request', -9.5],
      ['first_api_key', -9],
    ] as const)
      await insertEvent('c', name, at(d));
    // d: signed up before the period
    for (const [name, d] of [
      ['signup', -40],
      ['first_api_key', -39],
    ] as const)
      await insertEvent('d', name, at(d));
    // e: signed up only
    await insertEvent('e', 'signup', at(-1));
    // a second funnel of repeated dashboard events
    for (const [user, name, d] of [
      ['a', 'vedic_chat.session_started', -3],
      ['a', 'vedic_chat.message_sent', -2.9],
      ['b', 'vedic_chat.session_started', -2],
      ['c', 'vedic_chat.message_sent', -2],
    ] as const)
      await insertEvent(user, name, at(d), 'dashboard');
  });

  let funnelId: string;

  it('POST defines a funnel and answers it evaluated: counts, conversion, drop-off', async () => {
    const res = await admin(server, 'POST', '/api/v1/admin/analytics/funnels', token, {
      name: 'Signup to payment',
      steps,
      conversion_window_days: 7,
      period_days: 30,
    });
    expect(res.status).toBe(200);
    funnelId = res.body.id;
    expect(res.body).toMatchObject({ name: 'Signup to payment', conversion_window_days: 7, period_days: 30, conversion: 0.25 });
    expect(res.body.steps).toEqual([
      { event: 'signup', label: 'signup', count: 4, conversion_from_previous: 1, conversion_from_start: 1, drop_off: 0 },
      { event: 'first_api_key', label: 'first_api_key', count: 3, conversion_from_previous: 0.75, conversion_from_start: 0.75, drop_off: 1 },
      { event: 'first_request', label: 'first_request', count: 1, conversion_from_previous: 0.3333, conversion_from_start: 0.25, drop_off: 2 },
      { event: 'first_successful_request', label: 'first_successful_request', count: 1, conversion_from_previous: 1, conversion_from_start: 0.25, drop_off: 0 },
      { event: 'first_payment', label: 'first_payment', count: 1, conversion_from_previous: 1, conversion_from_start: 0.25, drop_off: 0 },
    ]);
    expect(res.body.evaluated_at).toEqual(expect.any(String));
  });

  it('PUT replaces the definition: a longer window lets the late request count', async () => {
    const res = await admin(server, 'PUT', `/api/v1/admin/analytics/funnels/${funnelId}`, token, {
      name: 'Signup to request',
      steps: steps.slice(0, 3).map((s) => ({ ...s, label: s.event.toUpperCase() })),
      conversion_window_days: 14,
      period_days: 30,
    });
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { label: string; count: number }) => [s.label, s.count])).toEqual([
      ['SIGNUP', 4],
      ['FIRST_API_KEY', 3],
      ['FIRST_REQUEST', 2],
    ]);
    expect(res.body.conversion).toBe(0.5);
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(res.body.created_at));
  });

  it('a longer period takes in older entrants; dashboard events count as steps', async () => {
    const wider = await admin(server, 'POST', '/api/v1/admin/analytics/funnels', token, { name: 'Wider', steps: steps.slice(0, 2), period_days: 60 });
    expect(wider.body.steps.map((s: { count: number }) => s.count)).toEqual([5, 4]);
    expect(wider.body.conversion_window_days).toBe(7);
    const chat = await admin(server, 'POST', '/api/v1/admin/analytics/funnels', token, {
      name: 'Chat',
      steps: [{ event: 'vedic_chat.session_started' }, { event: 'vedic_chat.message_sent' }],
      conversion_window_days: 1,
    });
    expect(chat.body.steps.map((s: { count: number }) => s.count)).toEqual([2, 1]);
  });

  it('GET lists every funnel evaluated; DELETE removes one', async () => {
    const list = await admin(server, 'GET', '/api/v1/admin/analytics/funnels', token);
    expect(list.status).toBe(200);
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['Signup to request', 'Wider', 'Chat']);
    expect(list.body[0].steps[2].count).toBe(2);
    const deleted = await admin(server, 'DELETE', `/api/v1/admin/analytics/funnels/${funnelId}`, token);
    expect(deleted.body).toEqual({ id: funnelId, deleted: true });
    expect((await admin(server, 'DELETE', `/api/v1/admin/analytics/funnels/${funnelId}`, token)).status).toBe(404);
    expect((await admin(server, 'PUT', `/api/v1/admin/analytics/funnels/${funnelId}`, token, { name: 'x', steps })).status).toBe(404);
    expect((await admin(server, 'PUT', '/api/v1/admin/analytics/funnels/not-a-uuid', token, { name: 'x', steps })).status).toBe(404);
    expect((await admin(server, 'GET', '/api/v1/admin/analytics/funnels', token)).body).toHaveLength(2);
  });

  it('refuses unknown events, a single step and bad windows (422)', async () => {
    for (const [body, loc] of [
      [{ name: 'x', steps: [{ event: 'signup' }, { event: 'made.up' }] }, ['body', 'steps', 1, 'event']],
      [{ name: 'x', steps: [{ event: 'signup' }] }, ['body', 'steps']],
      [{ name: 'x', steps, conversion_window_days: 0 }, ['body', 'conversion_window_days']],
      [{ name: 'x', steps, period_days: 367 }, ['body', 'period_days']],
      [{ steps }, ['body', 'name']],
    ] as const) {
      const res = await admin(server, 'POST', '/api/v1/admin/analytics/funnels', token, body);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
  });
});

describe('matured signup funnel', () => {
  const mondayOf = (ms: number) => {
    const d = new Date(ms);
    const day = Math.floor(ms / DAY) * DAY;
    return day - ((d.getUTCDay() + 6) % 7) * DAY;
  };

  it('weekly cohorts whose cohort_days have passed for every member, with the share reaching each milestone in time', async () => {
    const newest = mondayOf(Date.now() - 67 * DAY);
    const users: [string, number][] = [
      ['m1', newest + 1.05 * DAY],
      ['m2', newest + 3 * DAY],
      ['m3', newest - 5 * DAY],
      ['young', Date.now() - 50 * DAY],
    ];
    for (const [id, t] of users)
      await server.db.query(sql.unsafe`insert into users (id, email, created_at) values (${id}, ${`${id}@cohort.example`}, ${new Date(t).toISOString()})`);
    await insertEvent('m1', 'first_api_key', new Date(newest + 2 * DAY));
    await insertEvent('m1', 'first_request', new Date(newest + 70 * DAY)); // beyond 60 days of its signup
    await insertEvent('m1', 'first_payment', new Date(newest + 30 * DAY));
    await insertEvent('m3', 'first_api_key', new Date(newest - 4 * DAY));
    await insertEvent('m3', 'first_request', new Date(newest - 4 * DAY));
    await insertEvent('m3', 'first_successful_request', new Date(newest - 3 * DAY));
    await insertEvent('young', 'first_payment', new Date(Date.now() - 49 * DAY));

    const res = await admin(server, 'GET', '/api/v1/admin/analytics/matured-signup-funnel?cohort_days=60&cohorts=3', token);
    expect(res.status).toBe(200);
    expect(res.body.cohort_days).toBe(60);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(res.body.cohorts.map((c: { cohort_start: string }) => c.cohort_start)).toEqual([iso(newest - 14 * DAY), iso(newest - 7 * DAY), iso(newest)]);
    const [oldest, previous, latest] = res.body.cohorts;
    expect(oldest).toMatchObject({ signups: 0, activated: 0, converted: 0, milestones: { first_api_key: { count: 0, share: null } } });
    expect(previous).toEqual({
      cohort_start: iso(newest - 7 * DAY),
      cohort_end: iso(newest),
      signups: 1,
      activated: 1,
      converted: 0,
      milestones: {
        first_api_key: { count: 1, share: 1 },
        first_request: { count: 1, share: 1 },
        first_successful_request: { count: 1, share: 1 },
        first_payment: { count: 0, share: 0 },
      },
    });
    expect(latest).toEqual({
      cohort_start: iso(newest),
      cohort_end: iso(newest + 7 * DAY),
      signups: 2,
      activated: 0,
      converted: 1,
      milestones: {
        first_api_key: { count: 1, share: 0.5 },
        first_request: { count: 0, share: 0 },
        first_successful_request: { count: 0, share: 0 },
        first_payment: { count: 1, share: 0.5 },
      },
    });
    expect((await admin(server, 'GET', '/api/v1/admin/analytics/matured-signup-funnel', token)).body.cohorts).toHaveLength(12);
    expect((await admin(server, 'GET', '/api/v1/admin/analytics/matured-signup-funnel?cohort_days=0', token)).status).toBe(422);
  });
});

describe('Vedic chat metrics', () => {
  it('sessions, messages and users per UTC day, zero-filled, from the vedic_chat.* events', async () => {
    await server.db.query(sql.unsafe`delete from analytics_events where name like 'vedic_chat.%'`);
    for (const id of ['chat-1', 'chat-2']) {
      const t = await server.token(id, `${id}@example.com`);
      await server.bearer('POST', '/api/v1/auth/sync', t, { user_id: id, email: `${id}@example.com` });
      await server.bearer('POST', '/api/v1/analytics/events', t, { name: 'vedic_chat.session_started' });
      await server.bearer('POST', '/api/v1/analytics/events', t, { name: 'vedic_chat.message_sent', properties: { length: 42 } });
    }
    await insertEvent('chat-1', 'vedic_chat.message_sent', new Date(Date.now() - 2 * DAY), 'dashboard');
    await insertEvent('chat-3', 'vedic_chat.message_sent', new Date(Date.now() - 9 * DAY), 'dashboard');
    const res = await admin(server, 'GET', '/api/v1/admin/vedic-chat/metrics?days=3', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      days: 3,
      sessions: 2,
      messages: 3,
      users: 2,
      messages_per_session: 1.5,
      series: [
        { date: utcDay(-2), sessions: 0, messages: 1, users: 1 },
        { date: utcDay(-1), sessions: 0, messages: 0, users: 0 },
        { date: utcDay(), sessions: 2, messages: 2, users: 2 },
      ],
    });
    expect((await admin(server, 'GET', '/api/v1/admin/vedic-chat/metrics', token)).body.series).toHaveLength(30);
  });
});

describe('analytics cache', () => {
  it('stores JSON under a key, with an optional expiry', async () => {
    const value = { rows: [1, 2, 3], label: 'weekly', nested: { ok: true } };
    const set = await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'report:weekly', value });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ cache_key: 'report:weekly', expires_at: null, updated_at: expect.any(String) });
    const got = await admin(server, 'GET', '/api/v1/admin/analytics/cache?cache_key=report:weekly', token);
    expect(got.body).toEqual({ cache_key: 'report:weekly', value, expires_at: null, updated_at: set.body.updated_at });
    const expiring = await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'short', value: 7, ttl_seconds: 60 });
    expect(Date.parse(expiring.body.expires_at) - Date.now()).toBeGreaterThan(50_000);
    await server.db.query(sql.unsafe`update analytics_cache set expires_at = now() - interval '1 second' where cache_key = 'short'`);
    const expired = await admin(server, 'GET', '/api/v1/admin/analytics/cache?cache_key=short', token);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ detail: 'Cache entry not found' });
  });

  it('holds at most ANALYTICS_CACHE_MAX_ENTRIES, dropping expired and then the least recently written', async () => {
    for (const key of ['k1', 'k2', 'k3']) await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: key, value: key });
    const keys = await server.db.anyFirst(sql.type(z.object({ cache_key: z.string() }))`select cache_key from analytics_cache order by cache_key`);
    expect(keys).toEqual(['k1', 'k2', 'k3']);
    await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'k1', value: 'again' });
    await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'k4', value: 'k4' });
    expect(await server.db.anyFirst(sql.type(z.object({ cache_key: z.string() }))`select cache_key from analytics_cache order by cache_key`)).toEqual([
      'k1',
      'k3',
      'k4',
    ]);
  });

  it('refuses a missing key, a value over 64 KiB and a bad expiry (422)', async () => {
    expect((await admin(server, 'GET', '/api/v1/admin/analytics/cache', token)).body.detail[0].loc).toEqual(['query', 'cache_key']);
    const big = await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'big', value: 'x'.repeat(70_000) });
    expect(big.status).toBe(422);
    expect(big.body.detail[0].loc).toEqual(['body', 'value']);
    expect((await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'bad', value: 1, ttl_seconds: 0 })).status).toBe(422);
    expect((await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'has space', value: 1 })).status).toBe(422);
    const noValue = await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'no-value' });
    expect(noValue.status).toBe(422);
    expect(noValue.body.detail[0].loc).toEqual(['body', 'value']);
    // null is a value like any other.
    expect((await admin(server, 'POST', '/api/v1/admin/analytics/cache', token, { cache_key: 'null-value', value: null })).status).toBe(200);
    expect((await admin(server, 'GET', '/api/v1/admin/analytics/cache?cache_key=null-value', token)).body.value).toBeNull();
  });
});
