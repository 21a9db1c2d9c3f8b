/**
 * Revoking a key on every API process at once. Two mechanisms, because either alone has a gap:
 * - a revocation marker in the rate-limit store, which every request checks in the round trip it
 *   makes anyway: exact, even for a request that reaches another process a microsecond later;
 * - a pub/sub message that drops the key from every process's cache, so that the marker only has
 *   to outlive the cache TTL and the next lookup reads `revoked` from PostgreSQL.
 * Embedded (one process) the marker and the local cache are enough.
 *
 * Redis may be away when a key is revoked (the database has it revoked already). Then:
 * - the revoking process keeps the revocation and sends marker and message again as soon as its
 *   Redis connection is back (and every few seconds until they are through);
 * - every process whose Redis connection dropped forgets its whole key cache when it comes back,
 *   since it may have missed messages: the next lookup of each key reads the database.
 */
import type { RedisConnections } from '../db/redis.ts';
import type { ApiKeyAuthenticator } from './api-key-auth.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/** How often revocations that could not be sent are tried again while Redis stays away. */
const RETRY_MS = 5000;

export class KeyRevocations {
  private readonly channel: string;
  /** Key id → hash of revocations not yet through to Redis. */
  private readonly pending = new Map<string, string>();
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly listeners: { emitter: RedisConnections['client']; event: string; listener: (...args: string[]) => void }[] = [];

  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly store: RateLimitStore,
    /** Longer than any cache entry may live, on any process. */
    private readonly markerTtlSeconds: number,
    private readonly redis?: RedisConnections,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.channel = `${redis?.prefix ?? ''}keys:revoked`;
  }

  private on(emitter: RedisConnections['client'], event: string, listener: (...args: string[]) => void) {
    emitter.on(event, listener);
    this.listeners.push({ emitter, event, listener });
  }

  /**
   * Listens for revocations made by other processes. Redis being away at start does not stop the
   * API (the markers still make revocations exact): the subscription is made when it comes back.
   */
  async start(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    this.on(redis.subscriber, 'message', (channel, hash) => {
      if (channel === this.channel) this.authenticator.invalidate(hash);
    });
    const subscribe = () => redis.subscriber.subscribe(this.channel);
    // A connection that was lost and is back: what happened meanwhile was not heard.
    for (const connection of [redis.client, redis.subscriber]) {
      let lost = false;
      this.on(connection, 'close', () => {
        lost = true;
      });
      this.on(connection, 'ready', () => {
        if (!lost) return;
        lost = false;
        this.authenticator.clear();
        if (connection === redis.client) void this.flushPending();
      });
    }
    this.on(redis.subscriber, 'ready', () => void subscribe().catch(() => {}));
    await subscribe().catch(() => this.log('Redis unavailable: key revocations will be heard once it is back'));
  }

  /** Marker and message of one revocation; throws while Redis is away. */
  private async send(keyId: string, keyHash: string): Promise<void> {
    await this.store.markRevoked(keyId, this.markerTtlSeconds);
    await this.redis?.client.publish(this.channel, keyHash);
  }

  /** After the database has the key revoked: refuse it everywhere from now on. */
  async revoked(keyId: string, keyHash: string): Promise<void> {
    this.authenticator.invalidate(keyHash);
    try {
      await this.send(keyId, keyHash);
      this.pending.delete(keyId);
    } catch (error) {
      this.pending.set(keyId, keyHash);
      this.scheduleRetry();
      throw error;
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flushPending();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /** Sends the revocations that could not be sent; what still fails waits for the next try. */
  private async flushPending(): Promise<void> {
    for (const [keyId, keyHash] of [...this.pending]) {
      try {
        await this.send(keyId, keyHash);
        this.pending.delete(keyId);
      } catch {
        this.scheduleRetry();
        return;
      }
    }
    if (this.pending.size === 0 && this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
  }

  /** Revocations waiting for Redis. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * After a change of what keys may do (a plan, its limits, an account being deleted): every
   * process drops these keys from its cache, so that the next request reads the database.
   */
  async forget(keyHashes: readonly string[]): Promise<void> {
    for (const hash of keyHashes) this.authenticator.invalidate(hash);
    const redis = this.redis;
    if (redis && keyHashes.length) await Promise.all(keyHashes.map((hash) => redis.client.publish(this.channel, hash)));
  }

  async close(): Promise<void> {
    clearTimeout(this.retryTimer);
    // One last try: the process is going, and with it what it kept in memory.
    if (this.pending.size) {
      await this.flushPending();
      if (this.pending.size)
        this.log(`${this.pending.size} key revocations could not reach Redis before shutdown; other processes forget the keys within KEY_CACHE_TTL_SECONDS`);
    }
    for (const { emitter, event, listener } of this.listeners) emitter.off(event, listener);
    await this.redis?.subscriber.unsubscribe(this.channel).catch(() => {});
  }
}
