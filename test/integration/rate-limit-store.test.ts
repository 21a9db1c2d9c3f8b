/**
 * The Redis counter store: the requests one key makes in one event-loop turn share one script
 * call, and each still gets the answer it would have had alone, in order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore, type CounterRequest, type RateLimitStore } from '../../src/http/rate-limit-store.ts';
import { periodWindow } from '../../src/http/rate-limit-period.ts';
import { watchRedis, type WatchedRedis } from '../helpers/redis-monitor.ts';

const url = process.env.REDIS_URL;
let watched: WatchedRedis;

beforeAll(async () => {
  if (url) watched = await watchRedis(url, 'rl-store');
});
afterAll(async () => {
  await watched?.close();
});

/** Script calls (EVALSHA, or EVAL) that reached the server so far. */
const scriptCalls = () => watched.commands.filter((args) => /^eval/i.test(args[0] ?? '')).length;
const request = (userId: string, over: Partial<CounterRequest> = {}): CounterRequest => ({
  userId,
  keyId: randomUUID(),
  quota: null,
  rps: null,
  period: periodWindow('month', Date.now()),
  cost: 1,
  ...over,
});

describe.skipIf(!url)('RedisRateLimitStore', () => {
  it('answers a burst of one key with one script call, admitting up to the quota in order', async () => {
    const store = new RedisRateLimitStore(watched.redis.client, watched.prefix);
    const r = request('burst-user', { quota: 6 });
    await store.take(request('warm-up-user')); // the server may have to load the script first
    await watched.settle();
    const callsBefore = scriptCalls();
    const replies = await Promise.all(Array.from({ length: 10 }, () => store.take({ ...r })));
    expect(replies).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((used) => ({ outcome: 'allowed', used, usedThisSecond: 0 })),
      ...Array.from({ length: 4 }, () => ({ outcome: 'quota_exceeded', used: 6, usedThisSecond: 0 })),
    ]);
    await watched.settle();
    expect(scriptCalls() - callsBefore).toBe(1);
    expect(await store.used('burst-user', r.period)).toBe(6);
  });

  it('refuses beyond the per-second limit for that reason, spending nothing for the refused', async () => {
    const store = new RedisRateLimitStore(watched.redis.client, watched.prefix);
    const r = request('rps-user', { quota: 100, rps: 3 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => store.take({ ...r })));
    expect(replies.map((x) => x.outcome)).toEqual(['allowed', 'allowed', 'allowed', 'rps_exceeded', 'rps_exceeded']);
    // What each saw of the current second: its own place in it, then full.
    expect(replies.map((x) => (x as { usedThisSecond: number }).usedThisSecond)).toEqual([1, 2, 3, 3, 3]);
    // The window may have turned between the calls, but never more than 3 per window.
    expect(await store.used('rps-user', r.period)).toBe(3);
  });

  it('a request may cost several units of the quota, and still counts once per second', async () => {
    const store = new RedisRateLimitStore(watched.redis.client, watched.prefix);
    const r = request('cost-user', { quota: 10, rps: 5 });
    const replies = await Promise.all([store.take({ ...r, cost: 4 }), store.take({ ...r, cost: 4 }), store.take({ ...r, cost: 4 })]);
    expect(replies).toEqual([
      { outcome: 'allowed', used: 4, usedThisSecond: 1 },
      { outcome: 'allowed', used: 8, usedThisSecond: 2 },
      { outcome: 'quota_exceeded', used: 8, usedThisSecond: 2 },
    ]);
    expect(await store.take({ ...r, cost: 2 })).toMatchObject({ outcome: 'allowed', used: 10 });
    expect(await store.used('cost-user', r.period)).toBe(10);
  });

  it('keeps different keys, users and costs apart within one turn', async () => {
    const store = new RedisRateLimitStore(watched.redis.client, watched.prefix);
    const a = request('user-a', { quota: 2 });
    const b = request('user-b', { quota: 1 });
    const revokedKey = randomUUID();
    await store.markRevoked(revokedKey, 60);
    const [a1, peek, b1, a2, revoked, b2, a3] = await Promise.all([
      store.take({ ...a }),
      store.take({ ...a, cost: 0 }),
      store.take({ ...b }),
      store.take({ ...a }),
      store.take({ ...a, keyId: revokedKey }),
      store.take({ ...b }),
      store.take({ ...a }),
    ]);
    expect([a1, a2, a3]).toEqual([
      { outcome: 'allowed', used: 1, usedThisSecond: 0 },
      { outcome: 'allowed', used: 2, usedThisSecond: 0 },
      { outcome: 'quota_exceeded', used: 2, usedThisSecond: 0 },
    ]);
    expect([b1, b2]).toEqual([
      { outcome: 'allowed', used: 1, usedThisSecond: 0 },
      { outcome: 'quota_exceeded', used: 1, usedThisSecond: 0 },
    ]);
    // Groups are answered in the order of their first request: the look comes after user a's group.
    expect(peek).toEqual({ outcome: 'peek', used: 2, usedThisSecond: 0 });
    expect(revoked).toEqual({ outcome: 'revoked' });
  });
});

describe('the quota of a day and of a month that start at the same instant (the first of a month)', () => {
  const firstOfMonth = Date.UTC(2026, 11, 1, 10);
  const stores: [string, () => RateLimitStore][] = [['memory', () => new MemoryRateLimitStore()]];
  if (url) stores.push(['redis', () => new RedisRateLimitStore(watched.redis.client, watched.prefix)]);
  it.each(stores)('are two counters (%s): a month spent does not spend the day of a plan changed that day', async (_, make) => {
    const store = make();
    const userId = `first-of-month-${randomUUID()}`;
    const month = periodWindow('month', firstOfMonth);
    const day = periodWindow('day', firstOfMonth);
    expect(day.start).toBe(month.start);
    expect(day.key).not.toBe(month.key);
    // Any other day keeps the name windows had before (its start): counts carry over a deploy.
    expect(periodWindow('day', firstOfMonth + 86_400_000).key).toBe(String(day.start + 86_400));
    for (let i = 0; i < 5; i++) await store.take(request(userId, { quota: 100, period: month }));
    expect(await store.used(userId, month)).toBe(5);
    expect(await store.used(userId, day)).toBe(0);
    expect(await store.take(request(userId, { quota: 2, period: day }))).toMatchObject({ outcome: 'allowed', used: 1 });
  });
});
