/**
 * A least-recently-used cache bounded by its number of entries that takes memory as it fills.
 *
 * lru-cache's `max` allocates and zeroes storage for every entry up front: the dozen per-process
 * limits and caches of the platform (half a million rate-limit counters, as many idempotency
 * marks, a hundred thousand of each throttle's windows) cost about 0.28 CPU s and some 40 MB at
 * every start of the service and every app a test builds, for caches that mostly hold a few
 * entries. Bounding by `maxSize` with each entry counting one gives the same eviction without the
 * preallocation.
 */
import { LRUCache } from 'lru-cache';

export function growingCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: { entries: number; ttlMs?: number }): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: options.entries, sizeCalculation: () => 1, ...(options.ttlMs ? { ttl: options.ttlMs } : {}) });
}
