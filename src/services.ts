/**
 * Wires configuration to the external parts: the database (a server or embedded PGlite), the
 * migrations, Redis and the compute runner. Shared by `serve` and the CLI.
 */
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { createDatabasePool } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { createInlineRunner, createPoolRunner, type ComputeRunner } from './compute/runner.ts';
import { openRedis, type RedisConnections } from './db/redis.ts';

export interface Database {
  url: string;
  pool: DatabasePool;
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/**
 * The embedded database of DATA_DIR. When another process owns it, one connection is held for
 * as long as we use it: the owner waits for its users to leave before it closes, so holding a
 * connection keeps the database there. When the owner has just closed, open it again (and
 * become the owner).
 */
async function openEmbeddedHeld(dataDir: string): Promise<{ embedded: EmbeddedDatabase; release: () => Promise<void> }> {
  for (let attempt = 1; ; attempt++) {
    const embedded = await openEmbeddedDatabase(dataDir);
    if (embedded.owner) return { embedded, release: async () => {} };
    const client = new pg.Client({ connectionString: embedded.url });
    try {
      await client.connect();
      await client.query('select 1');
      return { embedded, release: () => client.end().catch(() => {}) };
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export async function openDatabase(config: Config, options: { migrate: boolean; log?: (m: string) => void }): Promise<Database> {
  const held = config.DATABASE_URL ? undefined : await openEmbeddedHeld(config.dataDir);
  const embedded = held?.embedded;
  // PGlite runs one query at a time whatever the pool size; keep its pool small.
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    if (options.migrate) await migrate(url, options.log);
  } catch (error) {
    await held?.release();
    await embedded?.close();
    throw error;
  }
  const pool = await createDatabasePool(url, embedded ? 4 : config.DATABASE_POOL_SIZE);
  return {
    url, pool, embedded,
    async close() {
      await pool.end();
      await held?.release();
      await embedded?.close();
    },
  };
}

export function createComputeRunner(config: Config): ComputeRunner {
  return config.COMPUTE_MODE === 'inline'
    ? createInlineRunner()
    : createPoolRunner({ threads: config.COMPUTE_THREADS, maxQueue: config.COMPUTE_MAX_QUEUE, tasksPerThread: config.COMPUTE_TASKS_PER_THREAD });
}

/** Redis for the shared platform state; undefined in embedded mode (in-process stand-ins). */
export function openRedisFor(config: Config): RedisConnections | undefined {
  return config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX) : undefined;
}
