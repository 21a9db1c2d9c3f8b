/**
 * Wires configuration to the external parts: the database (a server or embedded PGlite), the
 * migrations and Redis. Shared by `serve` and the CLI. (The compute runner, which loads the whole
 * calculation stack, is made by compute/runner.ts: a command of the CLI never needs it.)
 */
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded/database.ts';
import type { OwnerRecord, OwnerRole } from './db/embedded/directory-lock.ts';
import { createDatabasePool, type SessionTimeouts } from './db/pool.ts';
import { migrate, waitForSchema } from './db/migrate.ts';
import { openRedis, type RedisConnections } from './db/redis.ts';

export interface Database {
  /** Where migrations run: DATABASE_DIRECT_URL when set (DATABASE_URL may be a pooler), else the pool's. */
  url: string;
  pool: DatabasePool;
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Embedded mode: who takes DATA_DIR (other processes read it in owner.json). */
  role: OwnerRole;
  migrate: boolean;
  onApplied?: (migration: string) => void;
  /** Not migrating, and SCHEMA_WAIT_SECONDS is set: told once that the schema is not ready yet. */
  onWaitingForSchema?: (pending: string[] | Error) => void;
  /** Told how the pool's connections get their timeouts (from a pooler they are the pooler's). */
  onSessionTimeouts?: (source: SessionTimeouts) => void;
  /** Embedded mode: the previous owner of DATA_DIR was killed without closing. */
  onAbandoned?: (previous: OwnerRecord) => void;
}

/**
 * The database of the configuration: a pool to the PostgreSQL server, or, embedded, DATA_DIR's
 * PGlite opened by this process. Embedded, it throws DataDirBusyError when another process holds
 * DATA_DIR (the caller decides whether to wait, hand its work over, or give up).
 */
export async function openDatabase(config: Config, options: OpenDatabaseOptions): Promise<Database> {
  const embedded = config.DATABASE_URL ? undefined : await openEmbeddedDatabase(config.dataDir, options.role, options.onAbandoned);
  const url = config.DATABASE_URL ?? embedded!.url;
  const migrationUrl = config.DATABASE_URL ? (config.DATABASE_DIRECT_URL ?? url) : url;
  try {
    if (options.migrate) await migrate(migrationUrl, options.onApplied);
    else await waitForSchemaOf(config, migrationUrl, options.onWaitingForSchema);
    // The embedded session runs one transaction at a time whatever the pool size; a few
    // connections are enough to queue on it.
    const pool = await createDatabasePool(url, embedded ? 4 : config.DATABASE_POOL_SIZE, { onSessionTimeouts: options.onSessionTimeouts });
    return {
      url: migrationUrl,
      pool,
      embedded,
      async close() {
        // After a database outage the pool may hold a connection whose last query failed: ending
        // it rejects with that old failure, yet the pool is closed all the same.
        await pool.end().catch(() => {});
        await embedded?.close();
      },
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}

/**
 * A process that leaves migrating to another (MIGRATE_ON_START=false) waits SCHEMA_WAIT_SECONDS
 * for the schema of its build. Embedded, the server is the one that migrates: nothing to wait for.
 */
export async function waitForSchemaOf(config: Config, url: string, onWaiting?: (pending: string[] | Error) => void): Promise<void> {
  if (config.DATABASE_URL && config.SCHEMA_WAIT_SECONDS > 0) await waitForSchema(url, config.SCHEMA_WAIT_SECONDS * 1000, onWaiting);
}

/** Redis for the shared platform state; undefined in embedded mode (in-process stand-ins). */
export function openRedisFor(config: Config): RedisConnections | undefined {
  return config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, config.REDIS_CLUSTER) : undefined;
}
