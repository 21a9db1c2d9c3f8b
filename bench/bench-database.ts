/** A new database on the PostgreSQL server of DATABASE_URL, migrated, dropped when done. */
import { migrate } from '../src/db/migrate.ts';
import { createServerDatabase, withClient } from '../test/helpers/database.ts';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The database `name` on the server of `serverUrl`, kept between runs: created and migrated when
 * absent (`created` true; the caller seeds it), else only migrated (pending migrations applied).
 * Never dropped by the bench.
 */
export async function keptBenchDatabase(serverUrl: string, name: string): Promise<BenchDatabase & { created: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const created = await withClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database ${name}`);
    return true;
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return { url: url.toString(), created, drop: async () => {} };
}

export async function createBenchDatabase(serverUrl: string, prefix = 'astro_bench'): Promise<BenchDatabase> {
  const database = await createServerDatabase(serverUrl, { prefix });
  return { url: database.url, drop: () => database.close() };
}
