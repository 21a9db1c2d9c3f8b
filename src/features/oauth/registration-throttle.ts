/**
 * Dynamic client registration is open to anyone, so it is bounded: at most `perAddress`
 * registrations from one client address and `total` from everywhere per clock hour; beyond,
 * 429 with the seconds to the next hour (metadata that is not valid is refused first and not
 * counted). Counted in Redis when the deployment has one (every API
 * process shares the counts), otherwise in this process. A refused registration counts too:
 * hammering the endpoint does not bring the next hour any closer.
 */
import { growingCache } from '../../growing-cache.ts';
import type { RedisConnections } from '../../db/redis.ts';
import { defineScript, slotTag } from '../../db/redis.ts';

const WINDOW_MS = 3_600_000;

export interface RegistrationLimits {
  perAddress: number;
  total: number;
}

const COUNT_LUA = `
local a = redis.call('INCR', KEYS[1])
if a == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if a > tonumber(ARGV[2]) then return 0 end
local t = redis.call('INCR', KEYS[2])
if t == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
if t > tonumber(ARGV[3]) then return 0 end
return 1`;

export class RegistrationThrottle {
  private readonly counts = growingCache<string, number>({ entries: 100_000, ttlMs: WINDOW_MS });
  private readonly countScript?: (keys: string[], args: (string | number)[]) => Promise<number>;

  constructor(
    private readonly limits: RegistrationLimits,
    private readonly redis?: RedisConnections,
  ) {
    if (redis) this.countScript = defineScript<number>(redis.client, COUNT_LUA);
  }

  /** Counts a registration from the address: 0 when it may register, else the seconds to wait. */
  async admit(address: string, now = Date.now()): Promise<number> {
    const start = now - (now % WINDOW_MS);
    const wait = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    // One hash tag for both: the script counts them together (one Redis Cluster slot).
    const keys = [`${slotTag('oauth-register')}:addr:${address.slice(0, 100)}:${start}`, `${slotTag('oauth-register')}:total:${start}`];
    if (this.redis && this.countScript) {
      const allowed = await this.countScript(
        keys.map((k) => this.redis!.prefix + k),
        [2 * WINDOW_MS, this.limits.perAddress, this.limits.total],
      );
      return allowed ? 0 : wait;
    }
    const byAddress = (this.counts.get(keys[0]!) ?? 0) + 1;
    this.counts.set(keys[0]!, byAddress);
    if (byAddress > this.limits.perAddress) return wait;
    const total = (this.counts.get(keys[1]!) ?? 0) + 1;
    this.counts.set(keys[1]!, total);
    return total > this.limits.total ? wait : 0;
  }
}
