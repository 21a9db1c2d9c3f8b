/**
 * Wires configuration to the external parts: the database (a server or embedded PGlite), the
 * migrations and Redis. Shared by `serve` and the CLI. (The compute runner, which loads the whole
 * calculation stack, is made by compute/runner.ts: a command of the CLI never needs it.)
 */
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded/database.ts';
import type { OwnerRecord, OwnerRole } from './db/embedded/directory-lock.ts';
import { createDatabasePool } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { openRedis, type RedisConnections } from './db/redis.ts';

export interface Database {
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
  try {
    if (options.migrate) await migrate(url, options.onApplied);
    // The embedded session runs one transaction at a time whatever the pool size; a few
    // connections are enough to queue on it.
    const pool = await createDatabasePool(url, embedded ? 4 : config.DATABASE_POOL_SIZE);
    return {
      url,
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

/** Redis for the shared platform state; undefined in embedded mode (in-process stand-ins). */
export function openRedisFor(config: Config): RedisConnections | undefined {
  return config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX) : undefined;
}
