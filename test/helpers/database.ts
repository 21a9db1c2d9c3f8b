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
    return { url: embedded.url, close: async () => { await embedded.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `astro_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString(), undefined, options.migrateTo);
  return {
    url: url.toString(),
    async close() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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
