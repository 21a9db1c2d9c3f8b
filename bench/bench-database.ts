/** A new database on the PostgreSQL server of DATABASE_URL, migrated, dropped when done. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../src/db/migrate.ts';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(serverUrl: string, prefix = 'astro_bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
