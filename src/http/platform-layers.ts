/**
 * The platform layers every API request passes: key auth → rate limit → idempotency → usage log,
 * with the admission of exports and of heavy work, and the Redis (or in-process) state they share
 * across processes. `createPlatformLayers` makes them; `registerPlatformHooks` puts their hooks on
 * every route (without them, the benchmark's reference service).
 */
import type { FastifyInstance } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Config } from '../config.ts';
import type { ComputeRunner } from '../compute/runner.ts';
import { openRedis, type RedisConnections } from '../db/redis.ts';
import { ApiKeyAuthenticator } from './api-key-auth.ts';
import { AuthFailureThrottle } from './auth-failure-throttle.ts';
import { ExportAdmission } from './export-admission.ts';
import { fingerprintKey } from './fingerprint-key.ts';
import { HeavyAdmission } from './heavy-admission.ts';
import { registerIdempotency } from './idempotency.ts';
import { KeyRevocations } from './key-revocation.ts';
import type { Metrics } from './metrics.ts';
import { createPlatformStores, type PlatformStores } from './platform-stores.ts';
import { admitApiRequest, RateLimiter, registerRateLimitHeaders } from './rate-limit.ts';
import { registerUsageLog, UsageLogWriter } from './usage-log.ts';

export interface PlatformLayers {
  /** Shared counters and records: the deps' own, or opened from REDIS_URL (then `owned`), or none (in-process). */
  redis: RedisConnections | undefined;
  ownedRedis: RedisConnections | undefined;
  stores: PlatformStores;
  rateLimiter: RateLimiter;
  authFailures: AuthFailureThrottle;
  authenticator: ApiKeyAuthenticator;
  revocations: KeyRevocations;
  usage: UsageLogWriter;
  exports: ExportAdmission;
  heavy: HeavyAdmission;
}

export async function createPlatformLayers(deps: {
  app: FastifyInstance;
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  redis?: RedisConnections;
  metrics: Metrics;
  /** False: no limits are charged (the reference service of the benchmark). */
  platform: boolean;
  /** Accounts whose usage was written (their usage alerts look again). */
  onUsageWritten: (userIds: ReadonlySet<string>) => void;
}): Promise<PlatformLayers> {
  const { app, config, metrics } = deps;
  const ownedRedis = !deps.redis && config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, config.REDIS_CLUSTER) : undefined;
  const redis = deps.redis ?? ownedRedis;
  const stores = createPlatformStores(redis, { idempotencyBytesPerUser: config.IDEMPOTENCY_MAX_BYTES_PER_USER });
  const rateLimiter = new RateLimiter(stores.rateLimits, (reason) => metrics.rateLimitRejections.inc({ reason }));
  // One count of failed lookups per client address, for API keys and OAuth access tokens alike.
  const authFailures = new AuthFailureThrottle(config.AUTH_FAILURES_PER_MINUTE, redis);
  const authenticator = new ApiKeyAuthenticator(deps.db, {
    cacheSize: config.KEY_CACHE_SIZE,
    ttlSeconds: config.KEY_CACHE_TTL_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason }),
    onLookup: () => metrics.keyLookups.inc(),
    throttle: authFailures,
    admit: admitApiRequest(rateLimiter),
  });
  const revocations = new KeyRevocations(authenticator, stores.rateLimits, config.KEY_CACHE_TTL_SECONDS + 60, redis, (message) => app.log.warn(message));
  await revocations.start();
  const usage = new UsageLogWriter(deps.db, {
    batchSize: config.USAGE_FLUSH_BATCH_SIZE,
    intervalMs: config.USAGE_FLUSH_INTERVAL_MS,
    maxBuffered: config.USAGE_BUFFER_MAX,
    rollups: config.USAGE_ROLLUPS,
    metrics: metrics.usageLog,
    log: (message, error) => app.log.error({ err: error }, message),
    onWritten: deps.onUsageWritten,
  });
  const limiter = deps.platform ? rateLimiter : undefined;
  const exports = new ExportAdmission({
    rowsPerUnit: config.EXPORT_ROWS_PER_UNIT,
    maxConcurrent: config.EXPORT_MAX_CONCURRENT,
    maxPerUser: config.EXPORT_MAX_PER_USER,
    // By default one slot per worker thread and one more: the workers stay busy, and a chart
    // waits behind at most about one chunk per thread.
    computeSlots: config.EXPORT_COMPUTE_SLOTS || Math.max(1, deps.compute.stats().threads) + 1,
    limiter,
    onReject: (reason) => metrics.exportRejections.inc({ reason }),
  });
  metrics.watchExports(() => exports.stats());
  // Heavy work (searches, timelines, long returns…): the places of an account across processes, and its cost by compute.
  const heavy = new HeavyAdmission({
    leases: stores.heavyLeases,
    limiter,
    maxPerAccount: config.HEAVY_MAX_PER_ACCOUNT,
    maxPerAccountByPlan: config.HEAVY_MAX_PER_ACCOUNT_BY_PLAN,
    msPerUnit: config.HEAVY_MS_PER_UNIT,
  });
  return { redis, ownedRedis, stores, rateLimiter, authFailures, authenticator, revocations, usage, exports, heavy };
}

/** The layers' hooks on every route: rate-limit headers, idempotent replays, the usage log. */
export function registerPlatformHooks(app: FastifyInstance, layers: PlatformLayers, config: Config, metrics: Metrics): void {
  registerRateLimitHeaders(app, layers.rateLimiter);
  registerIdempotency(app, {
    store: layers.stores.idempotency,
    limiter: layers.rateLimiter,
    options: {
      ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
      lockSeconds: config.IDEMPOTENCY_LOCK_SECONDS,
      maxResponseBytes: config.IDEMPOTENCY_MAX_RESPONSE_BYTES,
      fingerprintKey: fingerprintKey(config, app.log),
      onOutcome: (outcome) => metrics.idempotency.inc({ outcome }),
    },
  });
  registerUsageLog(app, layers.usage);
}
