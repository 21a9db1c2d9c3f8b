/**
 * Every setting of the service, read from the environment in one place and validated. Nothing
 * else reads `process.env`. With no variables set the service runs embedded: PGlite under
 * DATA_DIR instead of a PostgreSQL server, in-process stand-ins for Redis.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod/v4';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL server; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Redis server; unset = in-process stand-ins (one API process only). */
  REDIS_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** `pool`: Piscina worker threads; `inline`: on the event loop (see bench/ for the figures). */
  COMPUTE_MODE: z.enum(['pool', 'inline']).default('pool'),
  COMPUTE_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, os.availableParallelism())),
  /** Tasks waiting for a worker beyond this are refused with 503 and Retry-After. */
  COMPUTE_MAX_QUEUE: z.coerce.number().int().min(1).max(100_000).default(512),
  /** Tasks handed to one worker thread ahead of time (it runs them one after another). */
  COMPUTE_TASKS_PER_THREAD: z.coerce.number().int().min(1).max(64).default(8),
  KEY_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  KEY_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Apply pending migrations at start (the CLI's `migrate` does it on demand). */
  MIGRATE_ON_START: bool.default(true),

  /** Namespace of every Redis key and channel of this deployment (tests give each app its own). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).regex(/^[A-Za-z0-9:_.-]+$/).default('astro:'),

  /** Dashboard identity: the identity provider's JWKS endpoint (RS256/ES256/EdDSA tokens)... */
  AUTH_JWKS_URL: z.string().url().optional(),
  /** ...and/or an HS256 shared secret. With neither, one is generated and kept in DATA_DIR. */
  AUTH_JWT_SECRET: z.string().min(32, 'at least 32 characters (256 bits for HS256)').optional(),
  AUTH_JWT_AUDIENCE: z.string().optional(),
  AUTH_JWT_ISSUER: z.string().optional(),

  /** Usage log: rows are buffered and written in one INSERT per batch. */
  USAGE_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  USAGE_FLUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Rows kept while the database cannot take them; beyond this the oldest are dropped (and counted). */
  USAGE_BUFFER_MAX: z.coerce.number().int().min(100).max(10_000_000).default(200_000),

  /** Idempotency records: how long a completed response is replayed, and how long an in-flight claim holds. */
  IDEMPOTENCY_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86400).default(86400),
  IDEMPOTENCY_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Responses larger than this are not stored for replay (a retry recomputes). */
  IDEMPOTENCY_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(8 * 1024 * 1024),

  /** Active API keys one user may hold. */
  KEYS_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(25),
});

export type Config = z.output<typeof configSchema> & { dataDir: string };

/** Largest `limit` of GET /api/v1/auth/logs (field-reference §11 "Limits"). */
export const LOGS_MAX_LIMIT = 500;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(Object.keys(configSchema.shape).filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
