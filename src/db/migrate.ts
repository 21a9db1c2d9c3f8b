/**
 * Numbered plain-SQL migrations from sql/, applied in order by umzug over one dedicated `pg`
 * connection (a migration file holds several statements, which slonik refuses by design).
 *
 * Each file runs in one transaction that first takes a transaction-level advisory lock and then
 * checks again whether the file is already recorded: of several processes migrating at once
 * (API processes starting together, the CLI), exactly one applies it and the others skip it.
 * The lock and the check live inside the transaction on purpose: a session-level lock would
 * outlive it, and on the embedded database, whose one session the connections of its process
 * take turns on, only a transaction is a unit that runs alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Umzug, type UmzugStorage } from 'umzug';
import { projectPath } from '../project-paths.ts';

export const MIGRATIONS_DIR = projectPath('sql');
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
    const { rows } = await this.client.query<{ name: string }>('select name from schema_migrations order by name');
    return rows.map((r) => r.name);
  }
}

async function inLockedTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Applies the pending migrations (all, or up to and including `to`); returns the names this call
 * applied (not those another process applied meanwhile). `onApplied` hears of each one.
 */
/** The migration files of this build, in order. */
function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
}

/** The migrations of this build that the database has not recorded (all of them on an empty one). */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ recorded: string[] | null }>(
      "select case when to_regclass('schema_migrations') is null then null else (select array_agg(name) from schema_migrations) end as recorded",
    );
    const recorded = new Set(rows[0]?.recorded ?? []);
    return migrationFiles().filter((f) => !recorded.has(f));
  } finally {
    await client.end();
  }
}

export class SchemaWaitTimeoutError extends Error {}

/**
 * Waits until every migration of this build is recorded, for a process that does not migrate
 * itself (MIGRATE_ON_START=false) while another applies them (a Kubernetes Job before the rollout,
 * `cli migrate`): it would otherwise serve 500s on missing tables. An unreachable database counts
 * as not ready yet. `onWaiting` hears once what is missing.
 */
export async function waitForSchema(
  databaseUrl: string,
  timeoutMs: number,
  onWaiting: (pending: string[] | Error) => void = () => {},
  pollMs = 1000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    let missing: string[] | Error;
    try {
      missing = await pendingMigrations(databaseUrl);
      if (missing.length === 0) return;
    } catch (error) {
      missing = error instanceof Error ? error : new Error(String(error));
    }
    if (Date.now() >= deadline) {
      const what =
        missing instanceof Error ? `the database did not answer (${missing.message})` : `${missing.length} migrations are not applied (${missing[0]} first)`;
      throw new SchemaWaitTimeoutError(
        `the schema was not ready after ${Math.round(timeoutMs / 1000)} s: ${what}; run the migrations (\`cli migrate\`, the migrate Job) or start with MIGRATE_ON_START=true`,
      );
    }
    if (!told) onWaiting(missing);
    told = true;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export async function migrate(databaseUrl: string, onApplied: (name: string) => void = () => {}, to?: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await inLockedTransaction(client, () =>
      client.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())'),
    );
    const umzug = new Umzug({
      migrations: migrationFiles().map((file) => ({
        name: file,
        up: async () => {
          const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
          const done = await inLockedTransaction(client, async () => {
            if ((await client.query('select 1 from schema_migrations where name = $1', [file])).rowCount) return false;
            await client.query(text);
            await client.query('insert into schema_migrations (name) values ($1)', [file]);
            return true;
          });
          if (done) {
            applied.push(file);
            onApplied(file);
          }
        },
      })),
      storage: new PostgresStorage(client),
      logger: undefined,
    });
    await umzug.up(to ? { to } : {});
    return applied;
  } finally {
    await client.end();
  }
}
