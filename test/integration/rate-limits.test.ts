/**
 * Rate limits: the plan's period quota and per-second limit, counted exactly in Redis across two
 * API processes, the X-RateLimit-* headers on every authenticated response (errors included),
 * 429 with Retry-After, usage counted on every plan — and the same rules embedded, without Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { UserRepository } from '../../src/db/users.ts';
import { NO_QUOTA_LIMIT } from '../../src/http/rate-limit.ts';

let a: TestServer;
let b: TestServer;
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const CHEAP = '/api/v1/numerology/alphabets';

async function plan(server: TestServer, code: string, requestLimit: number | null, rps: number | null, period: 'day' | 'month' = 'day') {
  await server.db.query(
    sql.unsafe`insert into plans (code, name, request_limit, limit_period, rps_limit, public) values (${code}, ${code}, ${requestLimit}, ${period}, ${rps}, false)`,
  );
}
const keyOn = async (server: TestServer, email: string, planCode: string) => (await createKeyForEmail(server.db, { email, plan: planCode })).key;

beforeAll(async () => {
  a = await startTestServer();
  // Without Redis (embedded stand-ins) processes share nothing: the same tests then run on one.
  b = process.env.REDIS_URL ? await startTestServer({ peer: a }) : a;
  await plan(a, 'quota20', 20, null);
  await plan(a, 'rps3', 100_000, 3, 'month');
  await plan(a, 'quota3', 3, null);
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

const epochOfNextUtcDay = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
};

describe('headers', () => {
  it('on a success: limit, remaining and the reset instant (epoch seconds) of the period', async () => {
    const key = await keyOn(a, 'h1@example.com', 'free');
    const res = await a.post('/api/v1/natal/calculate', natal, { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('80');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('79');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(epochOfNextUtcDay());
  });

  it('on errors of authenticated requests (422, 404 problem), and a 422 counts', async () => {
    const key = await keyOn(a, 'h2@example.com', 'quota20');
    const bad = await a.post('/api/v1/natal/calculate', { ...natal, lat: 123 }, { 'x-api-key': key });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('x-ratelimit-limit')).toBe('20');
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('19');
    const broken = await a.post('/api/v1/natal/calculate', '{not json', { 'x-api-key': key });
    expect(broken.status).toBe(422);
    expect(broken.headers.get('x-ratelimit-remaining')).toBe('18');
    const problem = await a.post('/api/v1/numerology/profile', { nope: true }, { 'x-api-key': key });
    expect(problem.status).toBe(422);
    expect(problem.headers.get('content-type')).toMatch(/problem\+json/);
    expect(problem.headers.get('x-ratelimit-remaining')).toBe('17');
  });

  it('not on requests refused by authentication (no user)', async () => {
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'ask_nope' }]) {
      const res = await a.post('/api/v1/natal/calculate', natal, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const lapsed = await createKeyForEmail(a.db, { email: 'h3@example.com', plan: 'free' });
    await new UserRepository(a.db).setSubscriptionStatus(lapsed.user_id, 'canceled');
    const res = await a.post('/api/v1/natal/calculate', natal, { 'x-api-key': lapsed.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Subscription required' });
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('unlimited plans are counted too', async () => {
    const key = await keyOn(a, 'h4@example.com', 'unlimited');
    const first = await a.get(CHEAP, { 'x-api-key': key });
    const second = await b.get(CHEAP, { 'x-api-key': key });
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(NO_QUOTA_LIMIT));
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(NO_QUOTA_LIMIT - 1);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(NO_QUOTA_LIMIT - 2);
    const user = await new UserRepository(a.db).findByEmail('h4@example.com');
    expect(await a.app.rateLimiter.used(user!.id, 'month')).toBe(2);
  });
});

describe('the period quota', () => {
  it('is exact under concurrency across two API processes sharing Redis', async () => {
    const key = await keyOn(a, 'q1@example.com', 'quota20');
    // Warm both key caches so that the burst below is all rate-limit work.
    const warm = await Promise.all([a, b].map((s) => s.get(CHEAP, { 'x-api-key': key })));
    expect(warm.map((r) => r.status)).toEqual([200, 200]);
    const all = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).get(CHEAP, { 'x-api-key': key })));
    const ok = all.filter((r) => r.status === 200);
    const limited = all.filter((r) => r.status === 429);
    expect(ok).toHaveLength(18);
    expect(limited).toHaveLength(42);
    // Every admitted request saw a distinct remaining count: nothing was counted twice or lost.
    expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    const refused = limited[0]!;
    expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('20');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(Math.abs(Date.now() / 1000 + retryAfter - Number(refused.headers.get('x-ratelimit-reset')))).toBeLessThan(3);
  });

  it('answers 429 on every kind of route once spent, and refused requests spend nothing', async () => {
    const created = await createKeyForEmail(a.db, { email: 'q2@example.com', plan: 'quota3' });
    for (let i = 0; i < 3; i++) expect((await a.get(CHEAP, { 'x-api-key': created.key })).status).toBe(200);
    for (const res of [
      await a.post('/api/v1/natal/calculate', natal, { 'x-api-key': created.key }),
      await b.post('/api/v1/numerology/profile', {}, { 'x-api-key': created.key }),
      await b.get('/api/v1/numerology/methods', { 'x-api-key': created.key }),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: 'Rate limit exceeded' });
      expect(res.headers.get('retry-after')).toBeTruthy();
    }
    expect(await a.app.rateLimiter.used(created.user_id, 'day')).toBe(3);
    const text = await (await fetch(`${a.url}/metrics`)).text();
    expect(text).toMatch(/rate_limit_rejections_total\{reason="quota"\} [1-9]/);
  });
});

describe('per-second headers', () => {
  it('a plan with a per-second limit shows it and what is left of the second; a plan without shows none', async () => {
    const key = await keyOn(a, 'r0@example.com', 'rps3');
    const res = await a.get(CHEAP, { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit-second')).toBe('3');
    expect(Number(res.headers.get('x-ratelimit-remaining-second'))).toBeLessThanOrEqual(2);
    const unlimited = await a.get(CHEAP);
    expect(unlimited.headers.get('x-ratelimit-limit-second')).toBeNull();
    expect(unlimited.headers.get('x-ratelimit-remaining-second')).toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)('the per-second limit', () => {
  it("admits at most the plan's requests per second, across both processes", async () => {
    const key = await keyOn(a, 'r1@example.com', 'rps3');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      await Promise.all([a, b].map((s) => s.get(CHEAP, { 'x-api-key': key })));
      // Start the burst early in a fresh second of the Redis clock (not the warm-up's).
      const [warmSecond] = await redis.time();
      for (;;) {
        const [second, micros] = await redis.time();
        if (Number(second) > Number(warmSecond) && Number(micros) < 300_000) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const [startSecond] = await redis.time();
      const all = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).get(CHEAP, { 'x-api-key': key })));
      const [endSecond] = await redis.time();
      const ok = all.filter((r) => r.status === 200).length;
      const seconds = Number(endSecond) - Number(startSecond) + 1;
      if (seconds === 1) expect(ok).toBe(3);
      else expect(ok).toBeLessThanOrEqual(3 * seconds);
      const limited = all.find((r) => r.status === 429)!;
      expect(limited.body).toEqual({ detail: 'Rate limit exceeded' });
      expect(limited.headers.get('retry-after')).toBe('1');
      // The per-second limit shows in headers too: the plan's 3, none left.
      expect(limited.headers.get('x-ratelimit-limit-second')).toBe('3');
      expect(limited.headers.get('x-ratelimit-remaining-second')).toBe('0');
      const admitted = all.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining-second')));
      if (seconds === 1) expect(admitted.sort()).toEqual([0, 1, 2]);
      // A per-second refusal leaves the period quota untouched.
      expect(Number(limited.headers.get('x-ratelimit-remaining'))).toBe(100_000 - 2 - ok);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await a.get(CHEAP, { 'x-api-key': key })).status).toBe(200);
    } finally {
      await redis.quit();
    }
    const text = await (await fetch(`${b.url}/metrics`)).text();
    expect(text).toMatch(/rate_limit_rejections_total\{reason="rps"\} [1-9]/);
  });
});

describe('Redis unavailable', () => {
  it('answers 503 with Retry-After at once instead of hanging', async () => {
    const orphan = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const started = Date.now();
      const res = await orphan.post('/natal', natal);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: 'Rate limiter unavailable, retry later' });
      expect(res.headers.get('retry-after')).toBe('1');
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await orphan.close();
    }
  });
});

describe('embedded (no Redis)', () => {
  it('keeps the same rules in process', async () => {
    const solo = await startTestServer({ env: { REDIS_URL: '' } });
    try {
      expect(solo.config.REDIS_URL).toBeUndefined();
      await plan(solo, 'quota5', 5, null);
      const key = await keyOn(solo, 'e1@example.com', 'quota5');
      const all = await Promise.all(Array.from({ length: 12 }, () => solo.get(CHEAP, { 'x-api-key': key })));
      expect(all.filter((r) => r.status === 200)).toHaveLength(5);
      expect(all.filter((r) => r.status === 429)).toHaveLength(7);
      expect(all[0]!.headers.get('x-ratelimit-limit')).toBe('5');
    } finally {
      await solo.close();
    }
  });
});
