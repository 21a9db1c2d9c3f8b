/**
 * Where request counters live: Redis (shared by every API process) or, embedded, this process's
 * memory. Both answer one question atomically — "may this user spend `cost` requests now?" —
 * checking the key's revocation marker, the period quota and the per-second limit together, so
 * that a request costs exactly one Redis round trip and counting is exact under concurrency. The
 * requests one key makes in the same event-loop turn share one script call.
 */
import { growingCache } from '../growing-cache.ts';
import type { Redis } from 'ioredis';
import { defineCoalescingScript, isCluster, slotTag } from '../db/redis.ts';
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
  /**
   * Units of the period quota this request spends (an export of many rows spends several); 0
   * reads the counters without spending (replays, dashboard headers). A request that spends
   * counts once against the per-second limit, whatever its cost.
   */
  cost: number;
}

export type CounterReply =
  | {
      outcome: 'allowed' | 'peek' | 'quota_exceeded' | 'rps_exceeded';
      /** Units spent in the period, this request included when allowed. */
      used: number;
      /** Requests counted in the current second (0 without a per-second limit). */
      usedThisSecond: number;
    }
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
//
// One call answers ARGV[5] equal requests of one key (coalesced in one event-loop turn), each
// costing ARGV[3] units of the quota, exactly as if they had come one after another: the first
// `taken` are admitted; the others are refused for the limit that stopped the first of them.
// Reply {taken, used, refusal, second}: `used` after the call; refusal -1 quota, -2 per second,
// -3 revoked key, 0 none; `second` the requests counted in the current second after the call.
const TAKE_LUA = `
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return {0, 0, -3, 0} end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local rps = tonumber(ARGV[2])
local second, spent = nil, 0
if rps >= 0 then
  second = KEYS[2] .. ':' .. redis.call('TIME')[1]
  spent = tonumber(redis.call('GET', second) or '0')
end
local cost = tonumber(ARGV[3])
if cost == 0 then return {0, used, 0, spent} end
local taken, refusal = tonumber(ARGV[5]), 0
local quota = tonumber(ARGV[1])
if quota >= 0 and used + taken * cost > quota then taken = math.max(0, math.floor((quota - used) / cost)); refusal = -1 end
if rps >= 0 and taken > 0 then
  if spent + taken > rps then taken = math.max(0, rps - spent); refusal = -2 end
  if taken > 0 then
    spent = redis.call('INCRBY', second, taken)
    redis.call('EXPIRE', second, 2)
  end
end
if taken > 0 then
  used = redis.call('INCRBY', KEYS[1], taken * cost)
  if used == taken * cost then redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4])) end
end
return {taken, used, refusal, spent}
`;

const REFUSALS = { [-1]: 'quota_exceeded', [-2]: 'rps_exceeded' } as const;

/** Splits a group's reply into the answers its requests would have had one after another. */
function splitTakeReply([taken, used, refusal, second]: [number, number, number, number], requests: readonly CounterRequest[]): CounterReply[] {
  if (refusal === -3) return requests.map(() => ({ outcome: 'revoked' }));
  const cost = requests[0]!.cost;
  if (cost === 0) return requests.map(() => ({ outcome: 'peek', used, usedThisSecond: second }));
  return requests.map((_, i) =>
    i < taken
      ? { outcome: 'allowed', used: used - (taken - i - 1) * cost, usedThisSecond: Math.max(0, second - (taken - i - 1)) }
      : { outcome: REFUSALS[refusal as -1 | -2], used, usedThisSecond: second },
  );
}

/**
 * A user's counters carry the user id as a hash tag, so that on a Redis Cluster the script's keys
 * share a slot. The revocation marker is named by the key, whose user the revoking code does not
 * always know: on a cluster it is read first, on its own, and the script counts without it.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly script: (request: CounterRequest) => Promise<CounterReply>;
  private readonly clustered: boolean;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.clustered = isCluster(redis);
    const keysOf = (r: CounterRequest) => {
      const counters = [this.quotaKey(r.userId, r.period), `${this.prefix}rl:s:${slotTag(r.userId)}`];
      return this.clustered ? counters : [...counters, this.revokedKey(r.keyId)];
    };
    this.script = defineCoalescingScript(redis, TAKE_LUA, {
      // The user id is last: the fields before it never contain a space, so the key is unambiguous.
      group: (r) => `${r.keyId} ${r.period.key} ${r.quota} ${r.rps} ${r.cost} ${r.userId}`,
      call: (group) => {
        const r = group[0]!;
        return { keys: keysOf(r), args: [r.quota ?? -1, r.rps ?? -1, r.cost, counterTtlSeconds(r.period, Date.now()), group.length] };
      },
      split: (reply, group) => splitTakeReply(reply as [number, number, number, number], group),
    });
  }

  private quotaKey(userId: string, period: PeriodWindow) {
    return `${this.prefix}rl:q:${slotTag(userId)}:${period.key}`;
  }

  private revokedKey(keyId: string | null) {
    return `${this.prefix}revoked:${keyId ?? '-'}`;
  }

  async take(r: CounterRequest): Promise<CounterReply> {
    if (this.clustered && r.keyId && (await this.redis.exists(this.revokedKey(r.keyId)))) return { outcome: 'revoked' };
    return this.script(r);
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
  private readonly counters = growingCache<string, { n: number }>({ entries: 500_000 });
  private readonly revoked = growingCache<string, true>({ entries: 100_000 });

  async take(r: CounterRequest): Promise<CounterReply> {
    if (r.keyId && this.revoked.get(r.keyId)) return { outcome: 'revoked' };
    const now = Date.now();
    const quotaKey = `q:${r.userId}:${r.period.key}`;
    const quota = this.counters.get(quotaKey) ?? { n: 0 };
    const secondKey = `s:${r.userId}:${Math.floor(now / 1000)}`;
    const second = r.rps !== null ? (this.counters.get(secondKey) ?? { n: 0 }) : { n: 0 };
    if (r.cost === 0) return { outcome: 'peek', used: quota.n, usedThisSecond: second.n };
    if (r.quota !== null && quota.n + r.cost > r.quota) return { outcome: 'quota_exceeded', used: quota.n, usedThisSecond: second.n };
    if (r.rps !== null) {
      if (second.n + 1 > r.rps) return { outcome: 'rps_exceeded', used: quota.n, usedThisSecond: second.n };
      second.n += 1;
      this.counters.set(secondKey, second, { ttl: 2000 });
    }
    quota.n += r.cost;
    if (quota.n === r.cost) this.counters.set(quotaKey, quota, { ttl: counterTtlSeconds(r.period, now) * 1000 });
    return { outcome: 'allowed', used: quota.n, usedThisSecond: second.n };
  }

  async markRevoked(keyId: string, ttlSeconds: number): Promise<void> {
    this.revoked.set(keyId, true, { ttl: ttlSeconds * 1000 });
  }

  async used(userId: string, period: PeriodWindow): Promise<number> {
    return this.counters.get(`q:${userId}:${period.key}`)?.n ?? 0;
  }
}
