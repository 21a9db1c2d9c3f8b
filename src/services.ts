/**
 * Wires configuration to the external parts: the database (a server or embedded PGlite), the
 * migrations and the compute runner. Shared by `serve` and the CLI.
 */
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { createDatabasePool } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { createInlineRunner, createPoolRunner, type ComputeRunner } from './compute/runner.ts';

export interface Database {
  url: string;
  pool: DatabasePool;
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

export async function openDatabase(config: Config, options: { migrate: boolean; log?: (m: string) => void }): Promise<Database> {
  const embedded = config.DATABASE_URL ? undefined : await openEmbeddedDatabase(config.dataDir);
  // PGlite runs one query at a time whatever the pool size; keep its pool small.
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    if (options.migrate) await migrate(url, options.log);
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  const pool = await createDatabasePool(url, embedded ? 4 : config.DATABASE_POOL_SIZE);
  return {
    url, pool, embedded,
    async close() {
      await pool.end();
      await embedded?.close();
    },
  };
}

export function createComputeRunner(config: Config): ComputeRunner {
  return config.COMPUTE_MODE === 'inline'
    ? createInlineRunner()
    : createPoolRunner({ threads: config.COMPUTE_THREADS, maxQueue: config.COMPUTE_MAX_QUEUE });
}
