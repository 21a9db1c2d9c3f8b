/**
 * Runs a command-line operation wherever the database is:
 * - a PostgreSQL server (DATABASE_URL): here, like any other client of it;
 * - embedded, nobody holding DATA_DIR: here, after taking DATA_DIR's lock (see
 *   db/embedded/directory-lock.ts), so a second command run meanwhile waits for this one;
 * - embedded, a server holding DATA_DIR: sent to the server's operator endpoint, which runs it;
 * - embedded, another command holding DATA_DIR: after it, when the lock is free.
 * A server that stops while we wait hands the lock over to us (its endpoint refuses connections
 * first, and a refused request never ran, so trying again cannot do anything twice).
 */
import type { Config } from '../config.ts';
import { openDatabase } from '../services.ts';
import { DataDirBusyError } from '../db/embedded/database.ts';
import { currentOwner, type OwnerRecord } from '../db/embedded/directory-lock.ts';
import { runOperation, type OperationName, type OperationResult } from './operations.ts';
import { callOwner, OwnerUnreachableError } from './client.ts';

const WAIT_LIMIT_MS = 120_000;
const POLL_MS = 50;
/** Say that we wait only when it lasts (a few concurrent commands take turns in a second or two). */
const QUIET_WAIT_MS = 2_000;

const describe = (owner: OwnerRecord | undefined) => (owner ? `the ${owner.role} with pid ${owner.pid}` : 'another process');

export async function runCommandOperation<N extends OperationName>(
  config: Config,
  name: N,
  input: unknown,
  notify: (line: string) => void,
): Promise<OperationResult<N>> {
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      const db = await openDatabase(config, {
        role: 'command',
        migrate: false,
        onAbandoned: (previous) =>
          notify(`${config.dataDir}: ${describe(previous)} ended without closing the database; taking it over (PGlite recovers from its log)`),
      });
      try {
        return await runOperation({ url: db.url, pool: db.pool, config }, name, input);
      } finally {
        await db.close();
      }
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
    }
    const owner = currentOwner(config.dataDir);
    if (owner?.role === 'server' && owner.control) {
      try {
        return await callOwner(owner.control, name, input);
      } catch (error) {
        if (!(error instanceof OwnerUnreachableError)) throw error;
      }
    }
    const waited = Date.now() - started;
    if (waited > WAIT_LIMIT_MS) throw new Error(`${config.dataDir} stayed in use by ${describe(owner)} for ${Math.round(waited / 1000)} s; giving up`);
    if (!told && waited > QUIET_WAIT_MS) {
      notify(`waiting for ${describe(owner)}, which holds ${config.dataDir}`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
