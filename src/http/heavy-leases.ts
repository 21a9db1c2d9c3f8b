/**
 * The heavy places an account holds, counted across API processes: a lease per heavy request in
 * flight, in Redis when the deployment has one (a sorted set per account, scored by expiry) and in
 * this process otherwise. A lease lives LEASE_TTL_MS and is renewed while its request runs, so
 * the places of a process that died come free within that time instead of never.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { defineScript } from '../db/redis.ts';

export interface HeavyLease {
  release(): void;
}

export interface HeavyLeaseStore {
  /** One of the account's `limit` places, or null when every one is taken. */
  acquire(account: string, limit: number): Promise<HeavyLease | null>;
}

const LEASE_TTL_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

export class MemoryHeavyLeaseStore implements HeavyLeaseStore {
  private readonly held = new Map<string, number>();

  async acquire(account: string, limit: number): Promise<HeavyLease | null> {
    const count = this.held.get(account) ?? 0;
    if (count >= limit) return null;
    this.held.set(account, count + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.held.get(account) ?? 1) - 1;
        if (left > 0) this.held.set(account, left);
        else this.held.delete(account);
      },
    };
  }
}

// KEYS[1] the account's set; ARGV: now, limit, expiry, lease id, the set's own lifetime (ms).
const ACQUIRE_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

// KEYS[1] the account's set; ARGV: expiry, lease id, the set's lifetime. Only a lease still held is renewed.
const RENEW_LUA = `
if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

export class RedisHeavyLeaseStore implements HeavyLeaseStore {
  private readonly acquireScript: (keys: string[], args: (string | number)[]) => Promise<number>;
  private readonly renewScript: (keys: string[], args: (string | number)[]) => Promise<number>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.acquireScript = defineScript<number>(redis, ACQUIRE_LUA);
    this.renewScript = defineScript<number>(redis, RENEW_LUA);
  }

  /** The braces keep an account's set in one Redis Cluster slot. */
  private keyOf(account: string) {
    return `${this.prefix}heavy:{${account}}`;
  }

  async acquire(account: string, limit: number): Promise<HeavyLease | null> {
    const key = this.keyOf(account);
    const id = randomUUID();
    const now = Date.now();
    const taken = await this.acquireScript([key], [now, limit, now + LEASE_TTL_MS, id, LEASE_TTL_MS]);
    if (taken !== 1) return null;
    const renewal = setInterval(() => {
      this.renewScript([key], [Date.now() + LEASE_TTL_MS, id, LEASE_TTL_MS]).catch(() => {});
    }, RENEW_EVERY_MS);
    renewal.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        // Lost on a Redis failure: the lease then expires by itself.
        this.redis.zrem(key, id).catch(() => {});
      },
    };
  }
}
