/**
 * The embedded database inside its owning process: the one PGlite session is lent to one
 * transaction at a time, so the connections of a pool behave as separate sessions would under
 * serial execution; DATA_DIR's lock admits one owner and tells of a killed one; concurrent
 * migrations apply each file once (also on the PostgreSQL server when one is configured).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { openEmbeddedDatabase, DataDirBusyError, type EmbeddedDatabase } from '../../src/db/embedded/database.ts';
import { currentOwner, tryLockDirectory } from '../../src/db/embedded/directory-lock.ts';
import { migrate } from '../../src/db/migrate.ts';
import { PGlite } from '@electric-sql/pglite';
import { readyStatus, SessionServer } from '../../src/db/embedded/session-server.ts';
import { createTestDatabase, serverUrl } from '../helpers/database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-embedded-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

describe('the session lent to one transaction at a time', () => {
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    db = await openEmbeddedDatabase(tempDir());
    const c = await client(db.url);
    await c.query('create table t (id int primary key, v text)');
    await c.end();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('another connection runs only after the open transaction has committed', async () => {
    const a = await client(db.url);
    const b = await client(db.url);
    try {
      await a.query('begin');
      await a.query('insert into t values (1, $1)', ['a']);
      const order: string[] = [];
      // Issued while A's transaction is open: it must neither run inside it nor see its row early.
      const bRead = b.query<{ n: string }>('select count(*) as n from t').then((r) => {
        order.push('b read');
        return r;
      });
      await new Promise((r) => setTimeout(r, 200));
      await a.query('insert into t values (2, $1)', ['a']);
      order.push('a commit');
      await a.query('commit');
      expect((await bRead).rows[0]!.n).toBe('2');
      expect(order).toEqual(['a commit', 'b read']);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('parameterised statements of many connections at once each get their own parameters', async () => {
    const clients = await Promise.all([1, 2, 3, 4, 5, 6].map(() => client(db.url)));
    try {
      // Each connection sends its statements one after another; the six connections all at once.
      await Promise.all(
        clients.map(async (c, i) => {
          for (let j = 0; j < 20; j++) {
            const { rows } = await c.query<{ v: string; n: string }>('select $1::text as v, $2::bigint as n', [`c${i}-${j}`, String(i * 100 + j)]);
            expect(rows).toEqual([{ v: `c${i}-${j}`, n: String(i * 100 + j) }]);
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('a connection that disappears inside its transaction is rolled back, and the others go on', async () => {
    const a = await client(db.url);
    const b = await client(db.url);
    try {
      a.on('error', () => {});
      await a.query('begin');
      await a.query('insert into t values (10, $1)', ['lost']);
      const bRead = b.query<{ n: string }>('select count(*) as n from t where id = 10');
      (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      expect((await bRead).rows[0]!.n).toBe('0');
      // The session is usable and idle: a new transaction starts cleanly.
      await b.query('begin');
      await b.query('insert into t values (10, $1)', ['kept']);
      await b.query('commit');
      expect((await b.query('select v from t where id = 10')).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await a.end().catch(() => {});
      await b.end();
    }
  });

  it("a failed statement in one connection's transaction does not affect another connection", async () => {
    const a = await client(db.url);
    const b = await client(db.url);
    try {
      await a.query('begin');
      await expect(a.query('insert into t values (1, $1)', ['duplicate'])).rejects.toThrow(/duplicate key/);
      const bRead = b.query<{ n: string }>('select count(*) as n from t');
      await a.query('rollback');
      expect(Number((await bRead).rows[0]!.n)).toBeGreaterThanOrEqual(2);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('cuts off a connection idle in its transaction while others wait, instead of stopping the database', async () => {
    const memory = await PGlite.create();
    const server = new SessionServer(memory, 300);
    const url = await server.start();
    const a = await client(url);
    const b = await client(url);
    try {
      a.on('error', () => {});
      await a.query('begin');
      await a.query('create table idle_t (id int)');
      // B waits for A's transaction, which never ends: A is cut off, rolled back, and B goes on.
      expect((await b.query('select to_regclass($1) as t', ['idle_t'])).rows).toEqual([{ t: null }]);
      await expect(a.query('select 1')).rejects.toThrow();
    } finally {
      await a.end().catch(() => {});
      await b.end();
      await server.stop();
      await memory.close();
    }
  }, 120_000);

  it("refuses a connection without the process's password", async () => {
    const url = new URL(db.url);
    url.password = 'guessed';
    await expect(client(url.toString())).rejects.toThrow(/password authentication failed/);
  });

  it("reads the transaction status of an answer's last message only", () => {
    const ready = (status: string) => Buffer.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
    const complete = Buffer.concat([Buffer.from([0x43, 0, 0, 0, 13]), Buffer.from('SELECT 1\0', 'latin1')]);
    expect(readyStatus(Buffer.concat([complete, ready('I')]))).toBe('I');
    expect(readyStatus(Buffer.concat([complete, ready('T')]))).toBe('T');
    expect(readyStatus(complete)).toBeUndefined();
    expect(readyStatus(Buffer.alloc(0))).toBeUndefined();
    // Bytes that look like ReadyForQuery inside another message are not one.
    const parameterDescription = Buffer.from([0x74, 0, 0, 0, 14, 0, 2, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
    expect(parameterDescription.subarray(-6)).toEqual(ready('I'));
    expect(readyStatus(parameterDescription)).toBeUndefined();
  });
});

describe("DATA_DIR's lock", () => {
  it('admits one owner; the next one gets it as soon as the first closes', async () => {
    const dir = tempDir();
    const first = await openEmbeddedDatabase(dir);
    await expect(openEmbeddedDatabase(dir)).rejects.toBeInstanceOf(DataDirBusyError);
    await first.close();
    const second = await openEmbeddedDatabase(dir);
    expect(second.lock.abandoned).toBeUndefined();
    await second.close();
  });

  it('is free at once after its holder is killed, and the next owner hears of the killed one', async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `
      import(${JSON.stringify(built('src/db/embedded/directory-lock.ts'))}).then(({ tryLockDirectory }) => {
        const lock = tryLockDirectory(${JSON.stringify(dir)}, 'server');
        console.log(lock ? 'locked' : 'busy');
      });
      setInterval(() => {}, 1000);
    `,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const said = await new Promise<string>((resolve) => holder.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
    expect(said).toBe('locked');
    expect(tryLockDirectory(dir, 'command')).toBeUndefined();
    expect(currentOwner(dir)).toMatchObject({ pid: holder.pid, role: 'server' });
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(currentOwner(dir)).toBeUndefined();
    const lock = tryLockDirectory(dir, 'command');
    expect(lock?.abandoned).toMatchObject({ pid: holder.pid, role: 'server' });
    lock!.release();
    expect(fs.existsSync(path.join(dir, 'owner.json'))).toBe(false);
  }, 60_000);
});

describe('concurrent migrations', () => {
  it('apply each file exactly once over several connections of the embedded database', async () => {
    const db = await openEmbeddedDatabase(tempDir());
    try {
      const runs = await Promise.all([1, 2, 3, 4].map(() => migrate(db.url)));
      const all = runs.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);
      expect(await migrate(db.url)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it.runIf(serverUrl)('apply each file exactly once on a PostgreSQL server', async () => {
    const database = await createTestDatabase({ migrateTo: '001_accounts.sql' });
    try {
      const runs = await Promise.all([1, 2, 3, 4].map(() => migrate(database.url)));
      const all = runs.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
