/**
 * A fresh database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL / DATABASE_URL (as CI runs it), a copy of a migrated template, or an embedded
 * PGlite in a temporary directory when no server is configured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
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
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  if (options.migrateTo) {
    await onServer(url, `create database ${name}`);
    await migrate(databaseUrl.toString(), undefined, options.migrateTo);
  } else {
    await copyOfMigrated(url, name);
  }
  return { url: databaseUrl.toString(), close: () => onServer(url, `drop database if exists ${name} with (force)`) };
}

/** The name of the migrated template on the server: after what decides its contents, every migration's name and text. */
function templateName(): string {
  const hash = createHash('sha256');
  const sqlDir = path.resolve(import.meta.dirname, '../../sql');
  for (const file of fs.readdirSync(sqlDir).sort()) hash.update(file).update(fs.readFileSync(path.join(sqlDir, file)));
  return `astro_migrated_${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/**
 * A migrated database made once per set of migrations and kept on the server, as a template: a
 * copy of it costs a fraction of applying the 20-odd migrations again (the suite makes a database
 * for most of its files, a few hundred in all). Made under another name and renamed when
 * complete, so a copy never sees half of it; whoever renames first keeps theirs. Connections to it
 * are refused (CREATE DATABASE … TEMPLATE needs it unused).
 */
async function migratedTemplate(url: string): Promise<string> {
  const name = templateName();
  const exists = await withClient(url, (client) => client.query('select 1 from pg_database where datname = $1', [name]));
  if (exists.rowCount) return name;
  const making = `astro_migrating_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${making}`);
  const makingUrl = new URL(url);
  makingUrl.pathname = `/${making}`;
  await migrate(makingUrl.toString());
  try {
    await onServer(url, `alter database ${making} rename to ${name}`);
    await onServer(url, `alter database ${name} with is_template true allow_connections false`);
  } catch (error) {
    await onServer(url, `drop database if exists ${making} with (force)`);
    // Another test process renamed theirs first: theirs is the same. PostgreSQL says so as duplicate_database, or, when
    // the two renames commit at the same moment, as a unique_violation of the catalog's name index.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  }
  return name;
}

/** A new database `name`: a copy of the migrated template. */
async function copyOfMigrated(url: string, name: string): Promise<void> {
  // A failed attempt is not kept: the next file of this process tries again.
  template ??= migratedTemplate(url).catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  const source = await template;
  for (let attempt = 1; ; attempt++) {
    try {
      return await onServer(url, `create database ${name} template ${source}`);
    } catch (error) {
      // object_in_use: a connection to the template (autovacuum's, say) is ending; try again.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
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
