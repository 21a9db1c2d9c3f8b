/**
 * Failed credential lookups (API keys, OAuth access tokens) per client address. The throttle is
 * on the guessing, not on the customers: a credential is always looked up first, so one that
 * exists is served whatever other credentials from its address did; only lookups that find
 * nothing count, and once an address has had `maxFailures` of them within a clock minute, its
 * further failures are answered 429 (not 401) until the minute is over. Guessing stays
 * expensive: while an address is over its limit, its lookups run one at a time (a flood of random
 * keys from it costs the database one query at a time, however many connections it opens), and
 * each answer waits for the ones before it.
 *
 * Counting is in memory first (the check costs no round trip); with Redis, each failure is also
 * added to a counter shared by every API process, whose total comes back with the increment, so
 * a process learns of an address's failures elsewhere at its next failure there.
 */
import { growingCache } from '../growing-cache.ts';
import type { RedisConnections } from '../db/redis.ts';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  failures: number;
}

export class AuthFailureThrottle {
  private readonly windows = growingCache<string, Window>({ entries: 100_000, ttlMs: 2 * WINDOW_MS });

  constructor(
    private readonly maxFailures: number,
    private readonly redis?: RedisConnections,
  ) {}

  private current(address: string, now: number): Window {
    const start = now - (now % WINDOW_MS);
    let window = this.windows.get(address);
    if (!window || window.start !== start) {
      window = { start, failures: 0 };
      this.windows.set(address, window);
    }
    return window;
  }

  /** Seconds until the address's failures are answered 401 again; 0 while they are now. */
  retryAfterSeconds(address: string, now = Date.now()): number {
    if (this.maxFailures <= 0) return 0;
    const window = this.windows.get(address);
    if (!window || window.start + WINDOW_MS <= now || window.failures < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
  }

  /** Lookups of each address over its limit, chained: the promise of the last one queued. */
  private readonly queues = new Map<string, Promise<void>>();

  /**
   * Runs a lookup for the address: at once while the address is within its limit, after the
   * address's lookups before it while it is over (never refused: a valid credential must pass).
   */
  lookup<T>(address: string, work: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.retryAfterSeconds(address, now) === 0 && !this.queues.has(address)) return work();
    const previous = this.queues.get(address) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.queues.set(address, tail);
    void tail.then(() => {
      if (this.queues.get(address) === tail) this.queues.delete(address);
    });
    return run;
  }

  /**
   * A lookup from this address found no valid key. Returns the seconds to tell it to wait when
   * the address was already at its limit (this failure is answered 429), else 0 (401).
   */
  failed(address: string, now = Date.now()): number {
    if (this.maxFailures <= 0) return 0;
    const wait = this.retryAfterSeconds(address, now);
    const window = this.current(address, now);
    window.failures++;
    const redis = this.redis;
    if (!redis) return wait;
    const key = `${redis.prefix}authfail:${address}:${window.start}`;
    redis.client
      .multi()
      .incr(key)
      .pexpire(key, 2 * WINDOW_MS)
      .exec()
      .then(
        (results) => {
          const total = Number(results?.[0]?.[1] ?? 0);
          // Another process may have counted more: the larger count holds.
          if (total > window.failures) window.failures = total;
        },
        () => {
          /* Redis away: the local count still holds */
        },
      );
    return wait;
  }
}
