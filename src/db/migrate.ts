/**
 * Numbered plain-SQL migrations from sql/, applied in order by umzug over one dedicated `pg`
 * connection (a migration file holds several statements, which slonik refuses by design).
 * A PostgreSQL advisory lock makes concurrent starts (several API processes, the CLI) apply
 * each migration exactly once; each file runs in one transaction with its bookkeeping row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Umzug, type UmzugStorage } from 'umzug';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../sql', import.meta.url));
const MIGRATION_LOCK_ID = 727_001;

class PostgresStorage implements UmzugStorage {
  constructor(private readonly client: pg.Client) {}
  /** Recorded inside the migration's own transaction (see `up`); this is only a safety net. */
  async logMigration({ name }: { name: string }) {
    await this.client.query('insert into schema_migrations (name) values ($1) on conflict do nothing', [name]);
  }
  async unlogMigration({ name }: { name: string }) {
    await this.client.query('delete from schema_migrations where name = $1', [name]);
  }
  async executed() {
    await this.client.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const { rows } = await this.client.query<{ name: string }>('select name from schema_migrations order by name');
    return rows.map((r) => r.name);
  }
}

/** Applies the pending migrations (all, or up to and including `to`); returns the names applied. */
export async function migrate(databaseUrl: string, log: (message: string) => void = () => {}, to?: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const umzug = new Umzug({
      migrations: fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => /^\d+_.*\.sql$/.test(f))
        .sort()
        .map((file) => ({
          name: file,
          up: async () => {
            const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
            await client.query('begin');
            try {
              await client.query(text);
              await client.query('insert into schema_migrations (name) values ($1)', [file]);
              await client.query('commit');
            } catch (error) {
              await client.query('rollback');
              throw error;
            }
          },
        })),
      storage: new PostgresStorage(client),
      logger: undefined,
    });
    const applied = await umzug.up(to ? { to } : {});
    for (const m of applied) log(`applied migration ${m.name}`);
    return applied.map((m) => m.name);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
