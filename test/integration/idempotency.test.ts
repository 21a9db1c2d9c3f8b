/**
 * Idempotency-Key on billable POSTs: identical retries replay the stored response without
 * recomputing or spending quota (on any API process), a reused key with another request is 409,
 * a duplicate in flight is 409 with Retry-After, failures (5xx) and refusals of the body (422,
 * however checked) are not stored, records live ~24 h.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import type { App } from '../../src/app.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { HttpError } from '../../src/http/errors.ts';

let a: TestServer;
let b: TestServer;
let releaseSlow: () => void = () => {};
let slowCalls = 0;
let flakyCalls = 0;
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

/** Test-only billable routes: one that waits for the test, one that fails once with 503. */
function testRoutes(app: App) {
  app.app.post('/test/slow', { onRequest: app.authenticator.hook(), config: { billable: true } }, async () => {
    slowCalls++;
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    return { done: slowCalls };
  });
  app.app.post('/test/flaky', { onRequest: app.authenticator.hook(), config: { billable: true } }, async () => {
    if (++flakyCalls === 1) throw new HttpError(503, 'try again', { 'retry-after': '1' });
    return { attempt: flakyCalls };
  });
}

beforeAll(async () => {
  a = await startTestServer({ beforeListen: testRoutes });
  // Without Redis (embedded stand-ins) processes share nothing: the same tests then run on one.
  b = process.env.REDIS_URL ? await startTestServer({ peer: a }) : a;
  await a.db.query(sql.unsafe`insert into plans (code, name, request_limit, limit_period, rps_limit, public) values ('idem3', 'idem3', 3, 'day', null, false)`);
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

const withKey = (key: string, idempotencyKey?: string) => ({ 'x-api-key': key, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });

describe('replays', () => {
  it('an identical retry returns the stored response, marked, on any process, without spending quota', async () => {
    const { key, user_id } = await createKeyForEmail(a.db, { email: 'i1@example.com', plan: 'entry' });
    const first = await a.post('/api/v1/natal/calculate?include_minor=true', natal, withKey(key, 'op-1'));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    expect(first.headers.get('x-ratelimit-remaining')).toBe('49999');
    for (const server of [a, b]) {
      const again = await server.post('/api/v1/natal/calculate?include_minor=true', natal, withKey(key, 'op-1'));
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-ratelimit-remaining')).toBe('49999');
    }
    expect(await a.app.rateLimiter.used(user_id, 'month')).toBe(1);
  });

  it('nothing is recomputed: a transit "now" replays the first instant', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'i2@example.com', plan: 'unlimited' })).key;
    const first = await a.post('/api/v1/transits/calculate', { natal }, withKey(key, 'transit-now'));
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const replay = await b.post('/api/v1/transits/calculate', { natal }, withKey(key, 'transit-now'));
    expect(replay.body).toEqual(first.body);
    const fresh = await a.post('/api/v1/transits/calculate', { natal }, withKey(key));
    expect(fresh.body).not.toEqual(first.body);
  });

  it('replays are free even when the quota is spent', async () => {
    const { key } = await createKeyForEmail(a.db, { email: 'i3@example.com', plan: 'idem3' });
    expect((await a.post('/natal', natal, withKey(key, 'before-limit'))).status).toBe(200);
    expect((await a.post('/natal', natal, withKey(key))).status).toBe(200);
    expect((await a.post('/natal', natal, withKey(key))).status).toBe(200);
    expect((await a.post('/natal', natal, withKey(key))).status).toBe(429);
    const replay = await b.post('/natal', natal, withKey(key, 'before-limit'));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.headers.get('x-ratelimit-remaining')).toBe('0');
    // A new key over the limit is refused, and does not claim the key for later.
    const refused = await a.post('/natal', natal, withKey(key, 'after-limit'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
  });

  it('covers the numerology profile route: its validation problems (422) leave the key free, a profile replays', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'i4@example.com', plan: 'unlimited' })).key;
    const invalid = { method: { system: 'pythagorean' }, subject: { birth_date: 'not a date' } };
    const first = await a.post('/api/v1/numerology/profile', invalid, withKey(key, 'num-1'));
    expect(first.status).toBe(422);
    expect(first.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const again = await b.post('/api/v1/numerology/profile', invalid, withKey(key, 'num-1'));
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    // The corrected request under the same key is computed, then replayed.
    const valid = { method: { system: 'pythagorean' }, subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } } };
    const fixed = await a.post('/api/v1/numerology/profile', valid, withKey(key, 'num-1'));
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotency-replayed')).toBeNull();
    const replayed = await b.post('/api/v1/numerology/profile', valid, withKey(key, 'num-1'));
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');
    const reused = await a.post('/api/v1/numerology/profile', invalid, withKey(key, 'num-1'));
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('idempotency_key_reused');
  });
});

describe('conflicts', () => {
  it('the same key with another body, query or path → 409 idempotency_key_reused', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'c1@example.com', plan: 'unlimited' })).key;
    expect((await a.post('/api/v1/natal/calculate', natal, withKey(key, 'op-x'))).status).toBe(200);
    for (const [path, body] of [
      ['/api/v1/natal/calculate', { ...natal, minute: 31 }],
      ['/api/v1/natal/calculate?include_minor=true', natal],
      ['/natal', natal],
    ] as const) {
      const res = await b.post(path, body, withKey(key, 'op-x'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'idempotency_key_reused', detail: expect.any(String) });
      expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    }
    // Accept can choose the format of the answer: another Accept is another request.
    const eph = { start: '2024-01-01', end: '2024-01-03' };
    expect((await a.post('/api/v1/ephemeris/calculate', eph, withKey(key, 'op-eph'))).status).toBe(200);
    const csv = await a.post('/api/v1/ephemeris/calculate', eph, { ...withKey(key, 'op-eph'), accept: 'text/csv' });
    expect(csv.status).toBe(409);
  });

  it('keys belong to one user: another user with the same key gets their own computation', async () => {
    const k1 = (await createKeyForEmail(a.db, { email: 'c2@example.com', plan: 'unlimited' })).key;
    const k2 = (await createKeyForEmail(a.db, { email: 'c3@example.com', plan: 'unlimited' })).key;
    expect((await a.post('/natal', natal, withKey(k1, 'shared-name'))).status).toBe(200);
    const other = await a.post('/natal', { ...natal, day: 16 }, withKey(k2, 'shared-name'));
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotency-replayed')).toBeNull();
  });

  it('a duplicate while the first is in flight → 409 request_in_progress with Retry-After; afterwards it replays', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'c4@example.com', plan: 'unlimited' })).key;
    slowCalls = 0;
    const first = a.post('/test/slow', { n: 1 }, withKey(key, 'slow-1'));
    while (slowCalls === 0) await new Promise((r) => setTimeout(r, 10));
    const duplicate = await a.post('/test/slow', { n: 1 }, withKey(key, 'slow-1'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: 'request_in_progress', retry_after_ms: expect.any(Number) });
    expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A different body with the key in flight is a reuse, not a wait.
    expect((await a.post('/test/slow', { n: 2 }, withKey(key, 'slow-1'))).body.error).toBe('idempotency_key_reused');
    releaseSlow();
    expect((await first).body).toEqual({ done: 1 });
    const replay = await a.post('/test/slow', { n: 1 }, withKey(key, 'slow-1'));
    expect(replay.body).toEqual({ done: 1 });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(slowCalls).toBe(1);
  });

  it('concurrent identical requests on two processes: computed and charged once', async () => {
    const { key, user_id } = await createKeyForEmail(a.db, { email: 'c5@example.com', plan: 'high' });
    await Promise.all([a, b].map((s) => s.get('/api/v1/numerology/alphabets', withKey(key))));
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).post('/api/v1/natal/calculate', natal, withKey(key, 'burst'))));
    const computed = all.filter((r) => r.status === 200 && r.headers.get('idempotency-replayed') === null);
    expect(computed).toHaveLength(1);
    for (const r of all) {
      if (r.status === 409) expect(r.body.error).toBe('request_in_progress');
      else expect(r.body).toEqual(computed[0]!.body);
    }
    expect(await a.app.rateLimiter.used(user_id, 'month')).toBe(3);
  });
});

describe('what is stored', () => {
  it('a 5xx is not stored: the retry runs again, then replays', async () => {
    const key = (await createKeyForEmail(a.db, { email: 's1@example.com', plan: 'unlimited' })).key;
    flakyCalls = 0;
    expect((await a.post('/test/flaky', {}, withKey(key, 'flaky'))).status).toBe(503);
    const retry = await a.post('/test/flaky', {}, withKey(key, 'flaky'));
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ attempt: 2 });
    const replay = await a.post('/test/flaky', {}, withKey(key, 'flaky'));
    expect(replay.body).toEqual({ attempt: 2 });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
  });

  it('a body refused by validation does not claim the key', async () => {
    const key = (await createKeyForEmail(a.db, { email: 's2@example.com', plan: 'unlimited' })).key;
    expect((await a.post('/api/v1/natal/calculate', { ...natal, lat: 500 }, withKey(key, 'fix-me'))).status).toBe(422);
    const fixed = await a.post('/api/v1/natal/calculate', natal, withKey(key, 'fix-me'));
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotency-replayed')).toBeNull();
  });

  it('422 for a malformed Idempotency-Key; GETs ignore the header', async () => {
    const key = (await createKeyForEmail(a.db, { email: 's3@example.com', plan: 'unlimited' })).key;
    const res = await a.post('/natal', natal, withKey(key, 'x'.repeat(256)));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['header', 'idempotency-key']);
    const get = await a.get('/api/v1/numerology/alphabets', withKey(key, 'ignored'));
    expect(get.status).toBe(200);
    expect(get.headers.get('idempotency-replayed')).toBeNull();
  });

  it.runIf(process.env.REDIS_URL)('records live about 24 hours, and replays are marked in the usage log', async () => {
    const { key, user_id } = await createKeyForEmail(a.db, { email: 's4@example.com', plan: 'unlimited' });
    await a.post('/natal', natal, withKey(key, 'ttl-check'));
    await a.post('/natal', natal, withKey(key, 'ttl-check'));
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const keys = await redis.keys(`${a.config.REDIS_KEY_PREFIX}idem:{${user_id}}:*`);
      expect(keys).toHaveLength(1);
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(23.9 * 3600_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    } finally {
      await redis.quit();
    }
    await a.app.usage.flush();
    const flags = await a.db.anyFirst(
      sql.type(z.object({ idempotency_replayed: z.boolean() }))`select idempotency_replayed from usage_logs where user_id = ${user_id} order by created_at`,
    );
    expect(flags).toEqual([false, true]);
  });
});

describe('bounded storage', () => {
  it.runIf(process.env.REDIS_URL)('a large body is stored compressed, and replays byte for byte', async () => {
    const { key, user_id } = await createKeyForEmail(a.db, { email: 'packed@example.com', plan: 'unlimited' });
    const first = await fetch(`${a.url}/api/v1/natal/calculate?include_minor=true`, {
      method: 'POST',
      headers: { ...withKey(key, 'packed'), 'content-type': 'application/json' },
      body: JSON.stringify(natal),
    });
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const again = await fetch(`${a.url}/api/v1/natal/calculate?include_minor=true`, {
      method: 'POST',
      headers: { ...withKey(key, 'packed'), 'content-type': 'application/json' },
      body: JSON.stringify(natal),
    });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const [recordKey] = await redis.keys(`${a.config.REDIS_KEY_PREFIX}idem:{${user_id}}:*`);
      const record = (await redis.get(recordKey!))!;
      expect(JSON.parse(record.slice(1)).r.encoding).toBe('deflate');
      expect(record.length).toBeLessThan(firstBytes.length / 2);
    } finally {
      await redis.quit();
    }
  });

  for (const mode of ['Redis', 'embedded'] as const) {
    it.runIf(mode === 'embedded' || process.env.REDIS_URL)(
      `${mode}: a user keeps at most IDEMPOTENCY_MAX_BYTES_PER_USER; beyond, answers are not stored (a retry runs again)`,
      async () => {
        const small = await startTestServer({ env: { IDEMPOTENCY_MAX_BYTES_PER_USER: '12000', ...(mode === 'embedded' ? { REDIS_URL: '' } : {}) } });
        try {
          const { key } = await createKeyForEmail(small.db, { email: 'budget@example.com', plan: 'unlimited' });
          const replayed: boolean[] = [];
          for (let i = 0; i < 12; i++) {
            const body = { ...natal, minute: i };
            await small.post('/api/v1/natal/calculate', body, withKey(key, `budget-${i}`));
            replayed.push((await small.post('/api/v1/natal/calculate', body, withKey(key, `budget-${i}`))).headers.get('idempotency-replayed') === 'true');
          }
          // The first ones are kept, then the budget is spent: those after are computed again.
          const kept = replayed.filter(Boolean).length;
          expect(kept).toBeGreaterThan(0);
          expect(kept).toBeLessThan(12);
          expect(replayed).toEqual([...Array(kept).fill(true), ...Array(12 - kept).fill(false)]);
          // Another user has their own budget.
          const other = (await createKeyForEmail(small.db, { email: 'budget-2@example.com', plan: 'unlimited' })).key;
          await small.post('/api/v1/natal/calculate', natal, withKey(other, 'mine'));
          expect((await small.post('/api/v1/natal/calculate', natal, withKey(other, 'mine'))).headers.get('idempotency-replayed')).toBe('true');
          const text = await (await fetch(`${small.url}/metrics`)).text();
          expect(text).toMatch(/idempotency_requests_total\{outcome="over_budget"\} [1-9]/);
        } finally {
          await small.close();
        }
      },
    );
  }
});

describe('embedded (no Redis)', () => {
  it('the same semantics in process', async () => {
    const solo = await startTestServer({ env: { REDIS_URL: '' } });
    try {
      const first = await solo.post('/natal', natal, { 'idempotency-key': 'embedded' });
      const replay = await solo.post('/natal', natal, { 'idempotency-key': 'embedded' });
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect((await solo.post('/natal', { ...natal, day: 2 }, { 'idempotency-key': 'embedded' })).status).toBe(409);
    } finally {
      await solo.close();
    }
  });
});
