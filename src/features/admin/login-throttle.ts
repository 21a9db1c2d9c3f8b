/**
 * Throttling of operator logins, built so that nobody can lock the operator out:
 *
 * - failures of one name from one address (`maxFailuresPerName` in the window
 *   ADMIN_LOGIN_WINDOW_SECONDS): that name from that address is refused with 429 until the window
 *   ends, even with the right password; the same name from another address is not;
 * - failures from one address, whatever the name (`maxFailuresPerAddress`): that address is
 *   refused;
 * - failures of one name from everywhere (`maxFailuresTotal`, a ceiling against many addresses):
 *   past it the name is slowed, never locked: each attempt for it waits `window / maxFailuresTotal`
 *   (between 1 and 10 s) before its password is checked. A refusal here would be the lock-out
 *   again (whoever guesses from many addresses could take every turn); a wait costs each guess a
 *   held connection (bounded per address) while the operator, from a fresh address, gets in.
 *
 * Each attempt is counted before its password is checked (and given back when it succeeds), so a
 * burst of parallel guesses cannot slip past a limit. In Redis when the deployment has one (all
 * API processes share the counts), otherwise in this process.
 */
import { createHash } from 'node:crypto';
import { growingCache } from '../../growing-cache.ts';
import type { RedisConnections } from '../../db/redis.ts';
import { defineScript, slotTag } from '../../db/redis.ts';

export interface ThrottleLimits {
  windowSeconds: number;
  /** Failures of one name from one address. */
  maxFailuresPerName: number;
  maxFailuresPerAddress: number;
  /** Failures of one name from all addresses, past which its attempts are spaced out. */
  maxFailuresTotal: number;
}

/** `delayMs`: how long to wait before the password is checked (the name is past its ceiling). */
export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number; by: 'name' | 'address' };

export interface LoginThrottle {
  /** Counts an attempt for the name and the address, unless a limit refuses it. */
  attempt(name: string, address: string): Promise<ThrottleVerdict>;
  /** The attempt succeeded: it is not a failure, so it is given back. */
  succeeded(name: string, address: string): Promise<void>;
}

/** Names are hashed in keys: any text may be sent as a name, and keys stay short. */
const nameHash = (name: string) => createHash('sha256').update(name, 'utf8').digest('hex');
const counterKeys = (name: string, address: string) => {
  const hashed = nameHash(name);
  const from = address.slice(0, 100);
  return { pair: `pair:${hashed}:${from}`, address: `addr:${from}`, total: `name:${hashed}` };
};
/** Past the ceiling, each attempt for the name waits this long. */
const slowdownMs = (limits: ThrottleLimits) => Math.min(10_000, Math.max(1000, Math.floor((limits.windowSeconds * 1000) / limits.maxFailuresTotal)));

const ATTEMPT_LUA = `
local p = tonumber(redis.call('GET', KEYS[1]) or '0')
if p >= tonumber(ARGV[1]) then return {0, redis.call('PTTL', KEYS[1]), 1} end
local a = tonumber(redis.call('GET', KEYS[2]) or '0')
if a >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[2]), 2} end
local t = tonumber(redis.call('GET', KEYS[3]) or '0')
for i = 1, 3 do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
end
if t >= tonumber(ARGV[3]) then return {1, 1, 0} end
return {1, 0, 0}`;

const GIVE_BACK_LUA = `
for i = 1, 3 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1`;

const refusal = (retryMs: number, which: number): ThrottleVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
  by: which === 1 ? 'name' : 'address',
});

export class RedisLoginThrottle implements LoginThrottle {
  private readonly attemptScript;
  private readonly giveBackScript;
  constructor(
    private readonly redis: RedisConnections,
    private readonly limits: ThrottleLimits,
  ) {
    this.attemptScript = defineScript<[number, number, number]>(redis.client, ATTEMPT_LUA);
    this.giveBackScript = defineScript<number>(redis.client, GIVE_BACK_LUA);
  }

  private keys(name: string, address: string) {
    const k = counterKeys(name, address);
    // One hash tag for the three: the script counts them together (one Redis Cluster slot).
    return [k.pair, k.address, k.total].map((key) => `${this.redis.prefix}${slotTag('admin-login')}:${key}`);
  }

  async attempt(name: string, address: string): Promise<ThrottleVerdict> {
    const [allowed, retryMsOrSlowed, which] = await this.attemptScript(this.keys(name, address), [
      this.limits.maxFailuresPerName,
      this.limits.maxFailuresPerAddress,
      this.limits.maxFailuresTotal,
      this.limits.windowSeconds * 1000,
    ]);
    if (!allowed) return refusal(retryMsOrSlowed, which);
    return { allowed: true, delayMs: retryMsOrSlowed ? slowdownMs(this.limits) : 0 };
  }

  async succeeded(name: string, address: string): Promise<void> {
    await this.giveBackScript(this.keys(name, address), []);
  }
}

/** The same rules in this process (embedded mode: one API process). */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counts = growingCache<string, { count: number; expiresAt: number }>({ entries: 100_000 });
  constructor(private readonly limits: ThrottleLimits) {}

  private live(key: string, now: number) {
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  async attempt(name: string, address: string): Promise<ThrottleVerdict> {
    const now = Date.now();
    const k = counterKeys(name, address);
    const pair = this.live(k.pair, now);
    if (pair && pair.count >= this.limits.maxFailuresPerName) return refusal(pair.expiresAt - now, 1);
    const byAddress = this.live(k.address, now);
    if (byAddress && byAddress.count >= this.limits.maxFailuresPerAddress) return refusal(byAddress.expiresAt - now, 2);
    const total = this.live(k.total, now);
    const slowed = total !== undefined && total.count >= this.limits.maxFailuresTotal;
    for (const [key, entry] of [
      [k.pair, pair],
      [k.address, byAddress],
      [k.total, total],
    ] as const) {
      if (entry) entry.count++;
      else this.counts.set(key, { count: 1, expiresAt: now + this.limits.windowSeconds * 1000 });
    }
    return { allowed: true, delayMs: slowed ? slowdownMs(this.limits) : 0 };
  }

  async succeeded(name: string, address: string): Promise<void> {
    const now = Date.now();
    const k = counterKeys(name, address);
    for (const key of [k.pair, k.address, k.total]) {
      const entry = this.live(key, now);
      if (entry && entry.count > 0) entry.count--;
    }
  }
}

export function createLoginThrottle(limits: ThrottleLimits, redis?: RedisConnections): LoginThrottle {
  return redis ? new RedisLoginThrottle(redis, limits) : new MemoryLoginThrottle(limits);
}
