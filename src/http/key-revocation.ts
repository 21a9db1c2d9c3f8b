/**
 * Revoking a key on every API process at once. Two mechanisms, because either alone has a gap:
 * - a revocation marker in the rate-limit store, which every request checks in the round trip it
 *   makes anyway: exact, even for a request that reaches another process a microsecond later;
 * - a pub/sub message that drops the key from every process's cache, so that the marker only has
 *   to outlive the cache TTL and the next lookup reads `revoked` from PostgreSQL.
 * Embedded (one process) the marker and the local cache are enough.
 */
import type { RedisConnections } from '../db/redis.ts';
import type { ApiKeyAuthenticator } from './api-key-auth.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export class KeyRevocations {
  private readonly channel: string;

  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly store: RateLimitStore,
    /** Longer than any cache entry may live, on any process. */
    private readonly markerTtlSeconds: number,
    private readonly redis?: RedisConnections,
  ) {
    this.channel = `${redis?.prefix ?? ''}keys:revoked`;
  }

  /**
   * Listens for revocations made by other processes. Redis being away at start does not stop the
   * API (the markers still make revocations exact): the subscription is made when it comes back.
   */
  async start(log: (message: string) => void = () => {}): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    redis.subscriber.on('message', (channel, hash) => {
      if (channel === this.channel) this.authenticator.invalidate(hash);
    });
    const subscribe = () => redis.subscriber.subscribe(this.channel);
    redis.subscriber.on('ready', () => void subscribe().catch(() => {}));
    await subscribe().catch(() => log('Redis unavailable: key revocations will be heard once it is back'));
  }

  /** After the database has the key revoked: refuse it everywhere from now on. */
  async revoked(keyId: string, keyHash: string): Promise<void> {
    await this.store.markRevoked(keyId, this.markerTtlSeconds);
    this.authenticator.invalidate(keyHash);
    await this.redis?.client.publish(this.channel, keyHash);
  }

  async close(): Promise<void> {
    await this.redis?.subscriber.unsubscribe(this.channel).catch(() => {});
  }
}
