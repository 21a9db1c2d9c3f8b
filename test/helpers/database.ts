/**
 * A fresh database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL / DATABASE_URL (as CI runs it), or an embedded PGlite in a temporary
 * directory when no server is configured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { afterAll, beforeAll } from 'vitest';
import { openEmbeddedDatabase } from '../../src/db/embedded/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createDatabasePool } from '../../src/db/pool.ts';

export interface TestDatabase {
  url: string;
  close(): Promise<void>;
}

export const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** `migrateTo`: stop after this migration (to test a later one against data of an older schema). */
export async function createTestDatabase(options: { migrateTo?: string } = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-test-'));
    const embedded = await openEmbeddedDatabase(dir);
    await migrate(embedded.url, undefined, options.migrateTo);
    return {
      url: embedded.url,
      close: async () => {
        await embedded.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return createServerDatabase(serverUrl, options);
}

/** One connection of its own to `url` for `work`, closed after it however it ends (no pool needed). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server of `url` (creating or dropping a database). */
async function onServer(url: string, statement: string): Promise<void> {
  await withClient(url, (client) => client.query(statement));
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL server of `url`, migrated (up to
 * `migrateTo`); `close` drops it. The benchmarks make theirs with it too.
 */
export async function createServerDatabase(url: string, options: { prefix?: string; migrateTo?: string } = {}): Promise<TestDatabase> {
  const name = `${options.prefix ?? 'astro_test'}_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  await migrate(databaseUrl.toString(), undefined, options.migrateTo);
  return { url: databaseUrl.toString(), close: () => onServer(url, `drop database if exists ${name} with (force)`) };
}

/**
 * For a test file: a fresh database (see createTestDatabase) and a pool of two connections on it,
 * made before the file's tests and dropped after them. Read `pool` and `url` inside tests.
 */
export function useTestDatabasePool(options: { migrateTo?: string } = {}): { readonly pool: DatabasePool; readonly url: string } {
  let database: TestDatabase | undefined;
  let pool: DatabasePool | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
    pool = await createDatabasePool(database.url, 2);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });
  return {
    get pool() {
      if (!pool) throw new Error('the test database is made before the tests run');
      return pool;
    },
    get url() {
      if (!database) throw new Error('the test database is made before the tests run');
      return database.url;
    },
  };
}
