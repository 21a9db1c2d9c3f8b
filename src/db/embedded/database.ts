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

/** Opens the database files of a DATA_DIR whose lock is already ours; closes the lock on failure. */
export async function openLockedDatabase(dataDir: string, lock: DirectoryLock): Promise<EmbeddedDatabase> {
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(path.join(dataDir, 'pglite'));
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
  return openLockedDatabase(dataDir, lock);
}
