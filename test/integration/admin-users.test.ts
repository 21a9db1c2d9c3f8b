/**
 * GET /api/v1/admin/users (filters, sorts, search, pagination) and a user's request log, on users
 * seeded with known plans, statuses, joining dates and activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken } from '../helpers/admin.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';

let server: TestServer;
let token: string;

// id, e-mail, name, plan (null: no subscription), status, days since joining, requests, days since last request
const seed: [string, string, string | null, string | null, string, number, number, number | null][] = [
  ['u1', 'ada@lovelace.org', 'Ada Lovelace', 'high', 'active', 300, 5000, 1],
  ['u2', 'Grace@Hopper.mil', 'Grace Hopper', 'entry', 'past_due', 200, 120, 10],
  ['u3', 'alan@turing.uk', 'Alan Turing', 'free', 'active', 100, 0, null],
  ['u4', 'edsger@dijkstra.nl', null, 'free', 'canceled', 50, 30, 40],
  ['u5', 'barbara@liskov.edu', 'Barbara Liskov', null, 'none', 10, 0, null],
  ['u6', 'per%cent_under@x.io', 'Percent Underscore', 'entry', 'trialing', 5, 700, 2],
];

beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv() });
  token = await adminToken(server);
  for (const [id, email, name, plan, status, joinedDaysAgo, requests, lastDaysAgo] of seed) {
    await server.db.query(
      sql.unsafe`insert into users (id, email, full_name, created_at) values (${id}, ${email}, ${name}, now() - make_interval(days => ${joinedDaysAgo}))`,
    );
    if (plan) await server.db.query(sql.unsafe`insert into subscriptions (user_id, plan_code, status) values (${id}, ${plan}, ${status})`);
    if (lastDaysAgo !== null) {
      await server.db.query(sql.unsafe`insert into user_activity (user_id, request_count, first_request_at, last_active_at)
        values (${id}, ${requests}, now() - make_interval(days => ${joinedDaysAgo}), now() - make_interval(days => ${lastDaysAgo}))`);
    }
  }
});
afterAll(async () => {
  await server?.close();
});

/** The seeded users only (the test server's own key user is left out). */
const list = async (query = '') => {
  const res = await admin(server, 'GET', `/api/v1/admin/users${query}`, token);
  expect(res.status).toBe(200);
  return res.body as { items: { id: string }[]; total: number; page: number; per_page: number };
};
const ids = async (query: string) => (await list(query)).items.map((u) => u.id).filter((id) => id.startsWith('u'));

describe('users listing', () => {
  it('answers PaginatedUsersResponse, newest first by default', async () => {
    const page = await list();
    expect(page.page).toBe(1);
    expect(page.per_page).toBe(50);
    expect(page.total).toBe(seed.length + 1);
    const ada = page.items.find((u) => u.id === 'u1');
    expect(ada).toEqual({
      id: 'u1',
      email: 'ada@lovelace.org',
      full_name: 'Ada Lovelace',
      plan_code: 'high',
      status: 'active',
      joined_at: expect.any(String),
      last_active_at: expect.any(String),
      request_count: 5000,
      email_verified: false,
    });
    expect(page.items.find((u) => u.id === 'u5')).toMatchObject({ plan_code: null, status: 'none', last_active_at: null, request_count: 0 });
    expect(page.items.map((u) => u.id).filter((id) => id.startsWith('u'))).toEqual(['u6', 'u5', 'u4', 'u3', 'u2', 'u1']);
  });

  it('sorts by each key in both orders', async () => {
    expect(await ids('?sort_by=joined&order=asc')).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(await ids('?sort_by=requests&order=desc')).toEqual(['u1', 'u6', 'u2', 'u4', 'u5', 'u3']);
    expect(await ids('?sort_by=requests&order=asc')).toEqual(['u3', 'u5', 'u4', 'u2', 'u6', 'u1']);
    // Never active: last, whichever the order.
    expect(await ids('?sort_by=last_active&order=desc')).toEqual(['u1', 'u6', 'u2', 'u4', 'u5', 'u3']);
    expect(await ids('?sort_by=last_active&order=asc')).toEqual(['u4', 'u2', 'u6', 'u1', 'u3', 'u5']);
    expect(await ids('?sort_by=email&order=asc')).toEqual(['u1', 'u3', 'u5', 'u4', 'u2', 'u6']);
    expect(await ids('?sort_by=plan&order=asc')).toEqual(['u2', 'u6', 'u3', 'u4', 'u1', 'u5']);
  });

  it('filters by status, plan, requests and recent activity, and counts the total of the filter', async () => {
    expect(await ids('?status=active&sort_by=joined&order=asc')).toEqual(['u1', 'u3']);
    expect(await ids('?status=none')).toEqual(['u5']);
    expect(await ids('?plan=entry&sort_by=joined&order=asc')).toEqual(['u2', 'u6']);
    expect(await ids('?min_requests=100&sort_by=requests')).toEqual(['u1', 'u6', 'u2']);
    expect(await ids('?last_active_days=15&sort_by=last_active')).toEqual(['u1', 'u6', 'u2']);
    const combined = await list('?plan=entry&min_requests=500');
    expect(combined.items.map((u) => u.id)).toEqual(['u6']);
    expect(combined.total).toBe(1);
  });

  it('searches e-mail and name, in any case, with % and _ taken literally', async () => {
    expect(await ids('?search=HOPPER')).toEqual(['u2']);
    expect(await ids('?search=liskov')).toEqual(['u5']);
    expect(await ids('?search=ada%20love')).toEqual(['u1']);
    expect(await ids('?search=%25cent_')).toEqual(['u6']);
    expect(await ids('?search=_')).toEqual(['u6']);
    expect((await list('?search=nobody-here')).total).toBe(0);
  });

  it('pages through the result', async () => {
    const first = await list('?sort_by=joined&order=asc&per_page=2&page=1');
    const second = await list('?sort_by=joined&order=asc&per_page=2&page=2');
    const far = await list('?sort_by=joined&order=asc&per_page=2&page=100');
    expect(first.items.map((u) => u.id)).toEqual(['u1', 'u2']);
    expect(second.items.map((u) => u.id)).toEqual(['u3', 'u4']);
    expect(far.items).toEqual([]);
    expect(first.total).toBe(seed.length + 1);
  });

  it('refuses bad parameters with 422 naming the field', async () => {
    for (const [query, field] of [
      ['?per_page=201', 'per_page'],
      ['?page=0', 'page'],
      ['?sort_by=age', 'sort_by'],
      ['?order=up', 'order'],
      ['?status=gone', 'status'],
      ['?min_requests=-1', 'min_requests'],
      ['?last_active_days=0', 'last_active_days'],
      [`?search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await admin(server, 'GET', `/api/v1/admin/users${query}`, token);
      expect(res.status, query).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', field]);
    }
  });
});

describe("a user's request log", () => {
  it('lists the LogEntry rows of that user only, newest first, with a bounded limit', async () => {
    const created = await createKeyForEmail(server.db, { email: 'logged@example.com', plan: 'unlimited' });
    for (let i = 0; i < 3; i++) await server.get('/api/v1/numerology/alphabets', { 'x-api-key': created.key });
    await server.get('/api/v1/numerology/alphabets');
    const res = await admin(server, 'GET', `/api/v1/admin/users/${created.user_id}/logs`, token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    for (const entry of res.body)
      expect(entry).toMatchObject({
        method: 'GET',
        path: '/api/v1/numerology/alphabets',
        status_code: 200,
        api_key_id: created.id,
        idempotency_replayed: false,
      });
    expect((await admin(server, 'GET', `/api/v1/admin/users/${created.user_id}/logs?limit=2`, token)).body).toHaveLength(2);
    expect((await admin(server, 'GET', `/api/v1/admin/users/${created.user_id}/logs?limit=501`, token)).status).toBe(422);
  });

  it('404 for an unknown user', async () => {
    const res = await admin(server, 'GET', '/api/v1/admin/users/nobody/logs', token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'User not found' });
  });
});

describe('deleting a user', () => {
  it('schedules the account deletion: the key is refused at once, the data goes, and asking again answers the same job', async () => {
    const created = await createKeyForEmail(server.db, { email: 'leaving@example.com', plan: 'unlimited' });
    expect((await server.get('/api/v1/numerology/alphabets', { 'x-api-key': created.key })).status).toBe(200);
    const res = await admin(server, 'DELETE', `/api/v1/admin/users/${created.user_id}`, token);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ user_id: created.user_id, status: expect.stringMatching(/^(scheduled|billing_stopped|completed)$/) });
    expect((await server.get('/api/v1/numerology/alphabets', { 'x-api-key': created.key })).status).toBe(401);
    for (const deadline = Date.now() + 60_000; ;) {
      const row = (await server.db.maybeOne(sql.unsafe`select status from account_deletions where user_id = ${created.user_id}`)) as { status: string } | null;
      if (row?.status === 'completed') break;
      if (Date.now() > deadline) throw new Error(`deletion not completed: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await server.db.maybeOne(sql.unsafe`select id from users where id = ${created.user_id}`)).toBeNull();
    const again = await admin(server, 'DELETE', `/api/v1/admin/users/${created.user_id}`, token);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ user_id: created.user_id, status: 'completed', completed_at: expect.any(String) });
  });

  it('404 for an unknown user; a dashboard token or an API key cannot delete', async () => {
    expect((await admin(server, 'DELETE', '/api/v1/admin/users/nobody', token)).body).toEqual({ detail: 'User not found' });
    expect((await server.request('DELETE', '/api/v1/admin/users/u3', undefined)).status).toBe(401);
    expect((await server.bearer('DELETE', '/api/v1/admin/users/u3', await server.token('u3', 'alan@turing.uk'))).status).toBe(401);
    expect(await server.db.maybeOne(sql.unsafe`select id from users where id = 'u3'`)).not.toBeNull();
  });
});
