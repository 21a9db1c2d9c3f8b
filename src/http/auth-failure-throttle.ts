/**
 * Failed API-key lookups per client address. A key that is not in the cache costs a database
 * query; a flood of random keys would cost one each. Once an address has had `maxFailures`
 * lookups find no valid key within a minute, its further lookups of uncached keys are refused
 * with 429 until the minute is over, without a query (cached keys, valid ones included, still
 * pass: they cost nothing).
 *
 * Counting is in memory first (the check costs no round trip); with Redis, each failure is also
 * added to a counter shared by every API process, whose total comes back with the increment, so
 * a process learns of an address's failures elsewhere at its next failure there.
 */
import { LRUCache } from 'lru-cache';
import type { RedisConnections } from '../db/redis.ts';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  failures: number;
}

export class AuthFailureThrottle {
  private readonly windows = new LRUCache<string, Window>({ max: 100_000, ttl: 2 * WINDOW_MS });

  constructor(private readonly maxFailures: number, private readonly redis?: RedisConnections) {}

  private current(address: string, now: number): Window {
    const start = now - (now % WINDOW_MS);
    let window = this.windows.get(address);
    if (!window || window.start !== start) {
      window = { start, failures: 0 };
      this.windows.set(address, window);
    }
    return window;
  }

  /** Seconds until the address may look up keys again; 0 when it may now. */
  retryAfterSeconds(address: string, now = Date.now()): number {
    if (this.maxFailures <= 0) return 0;
    const window = this.windows.get(address);
    if (!window || window.start + WINDOW_MS <= now || window.failures < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
  }

  /** A lookup from this address found no valid key. */
  failed(address: string, now = Date.now()): void {
    if (this.maxFailures <= 0) return;
    const window = this.current(address, now);
    window.failures++;
    const redis = this.redis;
    if (!redis) return;
    const key = `${redis.prefix}authfail:${address}:${window.start}`;
    redis.client.multi().incr(key).pexpire(key, 2 * WINDOW_MS).exec().then((results) => {
      const total = Number(results?.[0]?.[1] ?? 0);
      // Another process may have counted more: the larger count holds.
      if (total > window.failures) window.failures = total;
    }, () => { /* Redis away: the local count still holds */ });
  }
}
