/**
 * Ending a grant on every API process at once, as key revocation does (http/key-revocation.ts):
 * a marker in the rate-limit store, which every /mcp request checks in the round trip it makes
 * anyway (exact, even for a request reaching another process a moment later), and a pub/sub
 * message that drops the grant's tokens from every process's cache.
 */
import type { RedisConnections } from '../../db/redis.ts';
import type { RateLimitStore } from '../../http/rate-limit-store.ts';

/** The revocation marker's name: grants share the markers' namespace with API keys (whose ids are UUIDs, never this). */
export const grantMarker = (grantId: string) => `grant:${grantId}`;

export class GrantRevocations {
  private readonly channel: string;
  private readonly listeners = new Set<(grantId: string) => void>();

  constructor(
    private readonly store: RateLimitStore,
    /** Longer than an access-token cache entry may live, on any process. */
    private readonly markerTtlSeconds: number,
    private readonly redis?: RedisConnections,
  ) {
    this.channel = `${redis?.prefix ?? ''}oauth:grants:revoked`;
  }

  /** Called with the grant's id whenever a grant is revoked, here or on another process. */
  onRevoked(listener: (grantId: string) => void): void {
    this.listeners.add(listener);
  }

  async start(log: (message: string) => void = () => {}): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    redis.subscriber.on('message', (channel, grantId) => {
      if (channel === this.channel) for (const listener of this.listeners) listener(grantId);
    });
    const subscribe = () => redis.subscriber.subscribe(this.channel);
    redis.subscriber.on('ready', () => void subscribe().catch(() => {}));
    await subscribe().catch(() => log('Redis unavailable: grant revocations will be heard once it is back'));
  }

  /** After the database has the grant revoked: refuse its tokens everywhere from now on. */
  async revoked(grantId: string): Promise<void> {
    await this.store.markRevoked(grantMarker(grantId), this.markerTtlSeconds);
    for (const listener of this.listeners) listener(grantId);
    await this.redis?.client.publish(this.channel, grantId);
  }

  async close(): Promise<void> {
    await this.redis?.subscriber.unsubscribe(this.channel).catch(() => {});
  }
}
