/**
 * The shared state of the platform layers: in Redis when the deployment has one (several API
 * processes see the same counters and records), otherwise in this process (embedded mode, with
 * the same semantics behind the same interfaces).
 */
import type { RedisConnections } from '../db/redis.ts';
import { MemoryIdempotencyStore, RedisIdempotencyStore, type IdempotencyStore } from './idempotency-store.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { MemoryHeavyLeaseStore, RedisHeavyLeaseStore, type HeavyLeaseStore } from './heavy-leases.ts';

export interface PlatformStores {
  rateLimits: RateLimitStore;
  idempotency: IdempotencyStore;
  heavyLeases: HeavyLeaseStore;
}

export function createPlatformStores(redis: RedisConnections | undefined, options: { idempotencyBytesPerUser: number }): PlatformStores {
  if (!redis)
    return {
      rateLimits: new MemoryRateLimitStore(),
      idempotency: new MemoryIdempotencyStore(options.idempotencyBytesPerUser),
      heavyLeases: new MemoryHeavyLeaseStore(),
    };
  return {
    rateLimits: new RedisRateLimitStore(redis.client, redis.prefix),
    idempotency: new RedisIdempotencyStore(redis.client, redis.prefix, options.idempotencyBytesPerUser),
    heavyLeases: new RedisHeavyLeaseStore(redis.client, redis.prefix),
  };
}
