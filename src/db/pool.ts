/**
 * The slonik connection pool, to a PostgreSQL server, to a connection pooler in front of one
 * (PgBouncer in transaction mode) or to the embedded PGlite socket.
 */
import { createPool, createTypeParserPreset, type DatabasePool } from 'slonik';

export type { DatabasePool };

/** Where session timeouts of the pool's connections come from. */
export type SessionTimeouts = 'startup' | 'pooler';

export interface DatabasePoolOptions {
  /** Told once which way the pool's connections got their timeouts (see below). */
  onSessionTimeouts?: (source: SessionTimeouts) => void;
}

/** Slonik's own defaults: a runaway query or a forgotten transaction cannot hold a connection longer. */
const STATEMENT_TIMEOUT_MS = 60_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * PgBouncer (and poolers like it) refuses every startup parameter it does not track, and slonik
 * sends statement_timeout and idle_in_transaction_session_timeout as startup parameters.
 */
const refusedStartupParameter = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === '08P01' && /unsupported startup parameter/i.test(error.message);

/**
 * A pool of `maximumPoolSize` connections. Connected directly, each connection carries the
 * timeouts as startup parameters. Through a transaction-mode pooler that refuses them, the pool is
 * made again without them rather than setting them per session: in transaction mode a `SET`
 * lands on whichever server connection runs it and stays there for other clients. The timeouts
 * are then the pooler's (`query_timeout`, `idle_transaction_timeout`) or the database role's
 * (`ALTER ROLE … SET statement_timeout`), as docs/deployment.md describes. Nothing else the
 * service does needs a session: advisory locks are transaction-scoped, `SET` is `SET LOCAL`,
 * queries use unnamed statements and nothing LISTENs.
 */
export async function createDatabasePool(url: string, maximumPoolSize: number, options: DatabasePoolOptions = {}): Promise<DatabasePool> {
  const make = (withStartupTimeouts: boolean) =>
    createPool(url, {
      maximumPoolSize,
      statementTimeout: withStartupTimeouts ? STATEMENT_TIMEOUT_MS : 'DISABLE_TIMEOUT',
      idleInTransactionSessionTimeout: withStartupTimeouts ? IDLE_IN_TRANSACTION_TIMEOUT_MS : 'DISABLE_TIMEOUT',
      // Timestamps as ISO strings and counts as plain numbers: what the JSON responses carry.
      typeParsers: [
        ...createTypeParserPreset().filter((p) => !['timestamptz', 'timestamp', 'int8'].includes(p.name)),
        { name: 'timestamptz', parse: (v) => new Date(v).toISOString() },
        { name: 'timestamp', parse: (v) => new Date(`${v}Z`).toISOString() },
        { name: 'int8', parse: (v) => Number.parseInt(v, 10) },
      ],
    });
  try {
    const pool = await make(true);
    options.onSessionTimeouts?.('startup');
    return pool;
  } catch (error) {
    if (!refusedStartupParameter(error)) throw error;
    const pool = await make(false);
    options.onSessionTimeouts?.('pooler');
    return pool;
  }
}
