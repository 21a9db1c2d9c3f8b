/**
 * Throttling of operator logins: failures are counted per login name and per client address in
 * a window (ADMIN_LOGIN_WINDOW_SECONDS); once either count reaches its limit, every attempt for
 * that name or from that address is refused with 429 until the window ends, even one with the
 * right password. Each attempt is counted before its password is checked (and given back when it
 * succeeds), so a burst of parallel guesses cannot slip past the limit. In Redis when the
 * deployment has one (all API processes share the counts), otherwise in this process.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RedisConnections } from '../../db/redis.ts';
import { defineScript } from '../../db/redis.ts';

export interface ThrottleLimits {
  windowSeconds: number;
  maxFailuresPerName: number;
  maxFailuresPerAddress: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; by: 'name' | 'address' };

export interface LoginThrottle {
  /** Counts an attempt for the name and the address, unless one of them is over its limit. */
  attempt(name: string, address: string): Promise<ThrottleVerdict>;
  /** The attempt succeeded: it is not a failure, so it is given back. */
  succeeded(name: string, address: string): Promise<void>;
}

/** Names are hashed in keys: any text may be sent as a name, and keys stay short. */
const nameKey = (name: string) => `name:${createHash('sha256').update(name, 'utf8').digest('hex')}`;
const addressKey = (address: string) => `addr:${address.slice(0, 100)}`;

const ATTEMPT_LUA = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return {0, redis.call('PTTL', KEYS[1]), 1} end
local a = tonumber(redis.call('GET', KEYS[2]) or '0')
if a >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[2]), 2} end
for i = 1, 2 do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
end
return {1, 0, 0}`;

const GIVE_BACK_LUA = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1`;

const verdictOf = (allowed: number, retryMs: number, which: number): ThrottleVerdict => allowed
  ? { allowed: true }
  : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)), by: which === 1 ? 'name' : 'address' };

export class RedisLoginThrottle implements LoginThrottle {
  private readonly attemptScript;
  private readonly giveBackScript;
  constructor(private readonly redis: RedisConnections, private readonly limits: ThrottleLimits) {
    this.attemptScript = defineScript<[number, number, number]>(redis.client, ATTEMPT_LUA);
    this.giveBackScript = defineScript<number>(redis.client, GIVE_BACK_LUA);
  }

  private keys(name: string, address: string) {
    return [`${this.redis.prefix}admin-login:${nameKey(name)}`, `${this.redis.prefix}admin-login:${addressKey(address)}`];
  }

  async attempt(name: string, address: string): Promise<ThrottleVerdict> {
    const [allowed, retryMs, which] = await this.attemptScript(this.keys(name, address), [
      this.limits.maxFailuresPerName, this.limits.maxFailuresPerAddress, this.limits.windowSeconds * 1000,
    ]);
    return verdictOf(allowed, retryMs, which);
  }

  async succeeded(name: string, address: string): Promise<void> {
    await this.giveBackScript(this.keys(name, address), []);
  }
}

/** The same rules in this process (embedded mode: one API process). */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counts = new LRUCache<string, { count: number; expiresAt: number }>({ max: 100_000 });
  constructor(private readonly limits: ThrottleLimits) {}

  private live(key: string, now: number) {
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  async attempt(name: string, address: string): Promise<ThrottleVerdict> {
    const now = Date.now();
    const byName = this.live(nameKey(name), now);
    if (byName && byName.count >= this.limits.maxFailuresPerName) return verdictOf(0, byName.expiresAt - now, 1);
    const byAddress = this.live(addressKey(address), now);
    if (byAddress && byAddress.count >= this.limits.maxFailuresPerAddress) return verdictOf(0, byAddress.expiresAt - now, 2);
    for (const [key, entry] of [[nameKey(name), byName], [addressKey(address), byAddress]] as const) {
      if (entry) entry.count++;
      else this.counts.set(key, { count: 1, expiresAt: now + this.limits.windowSeconds * 1000 });
    }
    return { allowed: true };
  }

  async succeeded(name: string, address: string): Promise<void> {
    const now = Date.now();
    for (const key of [nameKey(name), addressKey(address)]) {
      const entry = this.live(key, now);
      if (entry && entry.count > 0) entry.count--;
    }
  }
}

export function createLoginThrottle(limits: ThrottleLimits, redis?: RedisConnections): LoginThrottle {
  return redis ? new RedisLoginThrottle(redis, limits) : new MemoryLoginThrottle(limits);
}
