/**
 * Who owns DATA_DIR. Exactly one process at a time opens the embedded database's files: the one
 * holding an exclusive `flock` on DATA_DIR/owner.lock. The kernel drops that lock when the
 * process ends in any way (exit, crash, `kill -9`), so a lock is never stale: the next process
 * gets it at once, with no waiting period and no timestamps to refresh (a refresh timer can be
 * starved by a busy event loop, which is how a lock of mtimes loses its owner to a live process).
 *
 * Beside the lock, DATA_DIR/owner.json says who holds it (pid, role, and for a server the address
 * of its operator endpoint), so that another process can tell what to do: wait for a command to
 * finish, hand its command to the server, or refuse to start a second server. The owner removes
 * the file when it closes; finding one when taking the lock means the previous owner was killed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const { flockSync } = createRequire(import.meta.url)('fs-ext') as { flockSync: (fd: number, flags: 'exnb' | 'un') => void };

export type OwnerRole = 'server' | 'command';

export interface OwnerRecord {
  pid: number;
  role: OwnerRole;
  since: string;
  /** A server's operator endpoint (loopback HTTP with a bearer token), once it takes commands. */
  control?: { url: string; token: string };
}

export interface DirectoryLock {
  /** The record a previous owner left behind: it ended without closing (killed, crashed). */
  readonly abandoned?: OwnerRecord;
  /** Rewrites owner.json (the lock holder's pid and role stay). */
  publish(extra: Pick<OwnerRecord, 'control'>): void;
  /** Removes owner.json, then lets the next process in. */
  release(): void;
}

const lockFileOf = (dir: string) => path.join(dir, 'owner.lock');
const recordFileOf = (dir: string) => path.join(dir, 'owner.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(dir: string): OwnerRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(recordFileOf(dir), 'utf8')) as OwnerRecord;
    return Number.isInteger(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces owner.json in one step (a reader never sees half a file); readable by the owner's user only: it holds the endpoint's token. */
function writeRecord(dir: string, record: OwnerRecord): void {
  const temporary = `${recordFileOf(dir)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(record), { mode: 0o600 });
  fs.renameSync(temporary, recordFileOf(dir));
}

/**
 * The current owner of `dir` as its owner.json describes it, when that process is alive. A record
 * naming a dead process is a killed owner's leftover that the next owner has not replaced yet.
 */
export function currentOwner(dir: string): OwnerRecord | undefined {
  const record = readRecord(dir);
  return record && record.pid !== process.pid && isAlive(record.pid) ? record : undefined;
}

/** Takes the lock of `dir` if nobody holds it; undefined when another process (or another open in this one) does. */
export function tryLockDirectory(dir: string, role: OwnerRole): DirectoryLock | undefined {
  fs.mkdirSync(dir, { recursive: true });
  const fd = fs.openSync(lockFileOf(dir), 'a', 0o600);
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    fs.closeSync(fd);
    if (['EAGAIN', 'EWOULDBLOCK', 'EACCES', 'EBUSY'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  // A clean release removes the record, so any record found here was left by a killed owner
  // (whatever its pid: in a container the restarted service often gets the same one).
  const abandoned = readRecord(dir);
  const record: OwnerRecord = { pid: process.pid, role, since: new Date().toISOString() };
  writeRecord(dir, record);
  let held = true;
  return {
    abandoned,
    publish(extra) {
      if (held) writeRecord(dir, { ...record, ...extra });
    },
    release() {
      if (!held) return;
      held = false;
      fs.rmSync(recordFileOf(dir), { force: true });
      // Closing the descriptor drops the lock; the file itself stays (removing it would let two
      // processes lock two different files of the same name).
      fs.closeSync(fd);
    },
  };
}
