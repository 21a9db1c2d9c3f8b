/**
 * Where request counters live: Redis (shared by every API process) or, embedded, this process's
 * memory. Both answer one question atomically — "may this user spend `cost` requests now?" —
 * checking the key's revocation marker, the period quota and the per-second limit together, so
 * that a request costs exactly one Redis round trip and counting is exact under concurrency.
 */
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import { defineScript } from '../db/redis.ts';
import type { PeriodWindow } from './rate-limit-period.ts';

export interface CounterRequest {
  userId: string;
  /** The API key used; a revoked key is refused here too (see markRevoked). Null for dashboard requests. */
  keyId: string | null;
  /** Requests per period; null = no quota (usage is still counted). */
  quota: number | null;
  /** Requests per second; null = no per-second limit. */
  rps: number | null;
  period: PeriodWindow;
  /** 0 reads the counters without spending (replays, dashboard headers). */
  cost: 0 | 1;
}

export type CounterReply =
  | { outcome: 'allowed' | 'peek' | 'quota_exceeded' | 'rps_exceeded'; used: number }
  | { outcome: 'revoked' };

export interface RateLimitStore {
  take(request: CounterRequest): Promise<CounterReply>;
  /**
   * Marks a key revoked for `ttlSeconds` (longer than any key-cache entry can live), so that every
   * API process refuses it on its next request even before its cache hears of the revocation.
   */
  markRevoked(keyId: string, ttlSeconds: number): Promise<void>;
  /** Requests counted so far in the period (for usage reports). */
  used(userId: string, period: PeriodWindow): Promise<number>;
}

/** Counter TTL: the rest of the period plus a margin, so that a counter never outlives its use. */
const counterTtlSeconds = (period: PeriodWindow, nowMs: number) => Math.max(1, Math.ceil(period.end - nowMs / 1000)) + 3600;

// The per-second window comes from the Redis clock (TIME), so API processes on machines with
// slightly different clocks still share one window. Rejected requests spend nothing.
const TAKE_LUA = `
if redis.call('EXISTS', KEYS[3]) == 1 then return {-3, 0} end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[3])
if cost == 0 then return {0, used} end
local quota = tonumber(ARGV[1])
if quota >= 0 and used + cost > quota then return {-1, used} end
local rps = tonumber(ARGV[2])
if rps >= 0 then
  local second = KEYS[2] .. ':' .. redis.call('TIME')[1]
  local n = tonumber(redis.call('GET', second) or '0')
  if n + cost > rps then return {-2, used} end
  redis.call('INCRBY', second, cost)
  redis.call('EXPIRE', second, 2)
end
used = redis.call('INCRBY', KEYS[1], cost)
if used == cost then redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4])) end
return {1, used}
`;

const OUTCOMES = { 1: 'allowed', 0: 'peek', [-1]: 'quota_exceeded', [-2]: 'rps_exceeded' } as const;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly script: (keys: string[], args: (string | number)[]) => Promise<[number, number]>;

  constructor(private readonly redis: Redis, private readonly prefix: string) {
    this.script = defineScript(redis, TAKE_LUA);
  }

  private quotaKey(userId: string, period: PeriodWindow) {
    return `${this.prefix}rl:q:${userId}:${period.start}`;
  }

  private revokedKey(keyId: string | null) {
    return `${this.prefix}revoked:${keyId ?? '-'}`;
  }

  async take(r: CounterRequest): Promise<CounterReply> {
    const [code, used] = await this.script(
      [this.quotaKey(r.userId, r.period), `${this.prefix}rl:s:${r.userId}`, this.revokedKey(r.keyId)],
      [r.quota ?? -1, r.rps ?? -1, r.cost, counterTtlSeconds(r.period, Date.now())],
    );
    if (code === -3) return { outcome: 'revoked' };
    return { outcome: OUTCOMES[code as keyof typeof OUTCOMES], used };
  }

  async markRevoked(keyId: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.revokedKey(keyId), '1', 'EX', ttlSeconds);
  }

  async used(userId: string, period: PeriodWindow): Promise<number> {
    return Number((await this.redis.get(this.quotaKey(userId, period))) ?? 0);
  }
}

/** The embedded stand-in: the same rules in one process. Bounded; JavaScript runs it atomically. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new LRUCache<string, { n: number }>({ max: 500_000 });
  private readonly revoked = new LRUCache<string, true>({ max: 100_000 });

  async take(r: CounterRequest): Promise<CounterReply> {
    if (r.keyId && this.revoked.get(r.keyId)) return { outcome: 'revoked' };
    const now = Date.now();
    const quotaKey = `q:${r.userId}:${r.period.start}`;
    const quota = this.counters.get(quotaKey) ?? { n: 0 };
    if (r.cost === 0) return { outcome: 'peek', used: quota.n };
    if (r.quota !== null && quota.n + r.cost > r.quota) return { outcome: 'quota_exceeded', used: quota.n };
    if (r.rps !== null) {
      const secondKey = `s:${r.userId}:${Math.floor(now / 1000)}`;
      const second = this.counters.get(secondKey) ?? { n: 0 };
      if (second.n + r.cost > r.rps) return { outcome: 'rps_exceeded', used: quota.n };
      second.n += r.cost;
      this.counters.set(secondKey, second, { ttl: 2000 });
    }
    quota.n += r.cost;
    if (quota.n === r.cost) this.counters.set(quotaKey, quota, { ttl: counterTtlSeconds(r.period, now) * 1000 });
    return { outcome: 'allowed', used: quota.n };
  }

  async markRevoked(keyId: string, ttlSeconds: number): Promise<void> {
    this.revoked.set(keyId, true, { ttl: ttlSeconds * 1000 });
  }

  async used(userId: string, period: PeriodWindow): Promise<number> {
    return this.counters.get(`q:${userId}:${period.start}`)?.n ?? 0;
  }
}
