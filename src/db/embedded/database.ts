/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) with its files under
 * DATA_DIR/pglite, opened by the one process that holds DATA_DIR's lock (directory-lock.ts) and
 * reached by that process's own `pg`/slonik connections through a loopback socket that lends the
 * single PGlite session to one transaction at a time (session-server.ts).
 *
 * No other process ever talks SQL to it: a command run next to a server hands its work to the
 * server's operator endpoint (src/operator/), and a command run alone takes the lock and opens
 * the files itself. That is what makes concurrent use safe: one process, one session, and
 * transactions that run one after another.
 */
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { tryLockDirectory, type DirectoryLock, type OwnerRecord, type OwnerRole } from './directory-lock.ts';
import { SessionServer } from './session-server.ts';

export interface EmbeddedDatabase {
  /** A `pg` connection string, valid in this process only (its password lives in memory). */
  url: string;
  lock: DirectoryLock;
  close(): Promise<void>;
}

export class DataDirBusyError extends Error {
  constructor(readonly dataDir: string) {
    super(`${dataDir} is in use by another process`);
  }
}

/**
 * PGlite for a server or for one command. A command opens the database for a few statements and
 * exits: V8's optimising compiler would spend more CPU on PostgreSQL's WebAssembly than its faster
 * code saves (a `keys create` against an existing DATA_DIR: 4.6 CPU s with it, 2.7 with the
 * baseline compiler alone; 12 and 9 against a new one). So a command's module is compiled by the
 * baseline compiler only; the flag is read when the module is compiled and put back at once, so a
 * server (in this process or another) keeps the optimising tier, which pays off over its life.
 * A command's buffer pool is small too: PostgreSQL sets up all of its 128 MB default at start,
 * which cost a command about 0.5 CPU s of its 2 (alternating runs on one DATA_DIR), for a few
 * statements that read a handful of pages.
 */
const COMMAND_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

async function createPGlite(dir: string, role: OwnerRole): Promise<PGlite> {
  if (role !== 'command') return PGlite.create(dir);
  setFlagsFromString('--liftoff-only');
  try {
    return await PGlite.create(dir, { startParams: COMMAND_START_PARAMS });
  } finally {
    setFlagsFromString('--no-liftoff-only');
  }
}

/** Opens the database files of a DATA_DIR whose lock is already ours; closes the lock on failure. */
export async function openLockedDatabase(dataDir: string, lock: DirectoryLock, role: OwnerRole = 'server'): Promise<EmbeddedDatabase> {
  let db: PGlite | undefined;
  try {
    db = await createPGlite(path.join(dataDir, 'pglite'), role);
    const server = new SessionServer(db);
    const url = await server.start();
    let closing: Promise<void> | undefined;
    return {
      url,
      lock,
      close() {
        closing ??= (async () => {
          try {
            await server.stop();
            await db!.close();
          } finally {
            lock.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

/**
 * Opens DATA_DIR's database if no other process holds it, else throws DataDirBusyError.
 * `onAbandoned` hears of a previous owner that was killed (PGlite recovers from its log).
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  role: OwnerRole = 'command',
  onAbandoned?: (previous: OwnerRecord) => void,
): Promise<EmbeddedDatabase> {
  const lock = tryLockDirectory(dataDir, role);
  if (!lock) throw new DataDirBusyError(dataDir);
  if (lock.abandoned) onAbandoned?.(lock.abandoned);
  return openLockedDatabase(dataDir, lock, role);
}
