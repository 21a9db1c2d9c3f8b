/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) with its data under
 * DATA_DIR, served on a loopback socket so that the rest of the service talks to it through the
 * same `pg`/slonik driver as to a real server.
 *
 * PGlite allows one process per data directory. The first process to take the directory's lock
 * owns it and serves it; any other process (a CLI command while the server runs, a second
 * CLI) connects to the owner's socket instead of opening the files, so concurrent use never
 * corrupts the database.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  /** True when this process opened the files (and serves them to others). */
  owner: boolean;
  close(): Promise<void>;
}

interface ServerFile {
  port: number;
  pid: number;
}

const serverFileOf = (dir: string) => path.join(dir, 'pglite-server.json');
const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

function readServerFile(dir: string): ServerFile | undefined {
  try {
    return JSON.parse(fs.readFileSync(serverFileOf(dir), 'utf8')) as ServerFile;
  } catch {
    return undefined;
  }
}

/**
 * Other processes may be using the database through our socket (a CLI command next to the
 * server, or the other way round): wait until they have disconnected and stayed away briefly
 * before closing, so that nobody loses the database in the middle of its work.
 */
async function drainConnections(server: PGLiteSocketServer, maxWaitMs = 60_000): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  let quietChecks = 0;
  while (quietChecks < 3 && Date.now() < deadline) {
    quietChecks = server.getStats().activeConnections === 0 ? quietChecks + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openAsOwner(dir: string, release: () => Promise<void>): Promise<EmbeddedDatabase> {
  const db = await PGlite.create(path.join(dir, 'pglite'));
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 64 });
  await server.start();
  const port = (server as unknown as { port: number }).port;
  fs.writeFileSync(serverFileOf(dir), JSON.stringify({ port, pid: process.pid } satisfies ServerFile));
  let closed = false;
  return {
    url: urlOf(port), owner: true,
    async close() {
      if (closed) return;
      closed = true;
      await drainConnections(server);
      await server.stop();
      await db.close();
      fs.rmSync(serverFileOf(dir), { force: true });
      await release();
    },
  };
}

export async function openEmbeddedDatabase(dataDir: string, timeoutMs = 30_000): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // A lock older than `stale` whose holder stopped refreshing it (a killed process) is taken over.
      const release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'pglite.lock'), stale: 10_000, update: 2_000 });
      return await openAsOwner(dataDir, release);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    }
    const owner = readServerFile(dataDir);
    if (owner && (await canConnect(owner.port))) return { url: urlOf(owner.port), owner: false, close: async () => {} };
    if (Date.now() > deadline) throw new Error(`the embedded database in ${dataDir} is locked by another process that does not serve it`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
