/**
 * Through a stock PgBouncer in transaction pooling mode (Debian's package, started here on a
 * port of its own): the pool connects although the pooler refuses session startup parameters,
 * what the service does inside transactions works, and a server that leaves migrating to
 * another process (MIGRATE_ON_START=false, SCHEMA_WAIT_SECONDS) waits for the schema through it
 * and then serves. CI also runs a subset of the integration suite through one (.ci/run).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrate, pendingMigrations, SchemaWaitTimeoutError, waitForSchema } from '../../src/db/migrate.ts';
import { createDatabasePool, type SessionTimeouts } from '../../src/db/pool.ts';
import { sql } from '../../src/db/sql.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { serverUrl, withClient } from '../helpers/database.ts';

const hasPgbouncer = spawnSync('sh', ['-c', 'command -v pgbouncer']).status === 0;
const repo = path.resolve(import.meta.dirname, '../..');

describe.runIf(serverUrl && process.env.REDIS_URL && hasPgbouncer)('through PgBouncer in transaction mode', () => {
  let dir: string;
  let port: number;
  const database = `astro_pgbouncer_${randomBytes(5).toString('hex')}`;
  const urlVia = (base: string, p?: number) => {
    const url = new URL(base);
    url.pathname = `/${database}`;
    if (p) url.port = String(p);
    return url.toString();
  };
  let pooled: string;
  let direct: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-pgbouncer-'));
    port = await freePort();
    const started = spawnSync('bash', [path.join(repo, 'test/infra/start-pgbouncer.sh'), dir], {
      env: { ...process.env, PGBOUNCER_PORT: String(port) },
      encoding: 'utf8',
    });
    expect(started.status, started.stderr).toBe(0);
    await withClient(serverUrl!, (c) => c.query(`create database ${database}`));
    pooled = urlVia(serverUrl!, port);
    direct = urlVia(serverUrl!);
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    const pid = Number(fs.readFileSync(path.join(dir, 'pgbouncer.pid'), 'utf8'));
    process.kill(pid, 'SIGTERM');
    await withClient(serverUrl!, (c) => c.query(`drop database if exists ${database} with (force)`));
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('refuses the startup parameters a direct connection takes, and the pool connects without them', async () => {
    const sources: SessionTimeouts[] = [];
    const viaPooler = await createDatabasePool(pooled, 3, { onSessionTimeouts: (s) => sources.push(s) });
    const viaServer = await createDatabasePool(direct, 1, { onSessionTimeouts: (s) => sources.push(s) });
    try {
      expect(sources).toEqual(['pooler', 'startup']);
      expect(await viaServer.oneFirst(sql.type(z.object({ t: z.string() }))`show statement_timeout`)).toBe('1min');
      expect(await viaPooler.oneFirst(sql.type(z.object({ n: z.number() }))`select 1 + 1 as n`)).toBe(2);
    } finally {
      await viaPooler.end();
      await viaServer.end();
    }
  });

  it('waits for the schema, applies it through the pooler, and runs transactions with SET LOCAL and advisory locks', async () => {
    await expect(waitForSchema(pooled, 300, () => {}, 100)).rejects.toBeInstanceOf(SchemaWaitTimeoutError);
    const waiting = waitForSchema(pooled, 60_000, () => {}, 100);
    expect((await migrate(pooled)).length).toBeGreaterThan(0);
    await waiting;
    expect(await pendingMigrations(pooled)).toEqual([]);

    const pool = await createDatabasePool(pooled, 4);
    try {
      // Concurrent transactions, each on whichever server connection the pooler gives it.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          pool.transaction(async (tx) => {
            await tx.query(sql.unsafe`set local work_mem = '8MB'`);
            await tx.query(sql.unsafe`select pg_advisory_xact_lock(727999)`);
            const memory = await tx.oneFirst(sql.type(z.object({ work_mem: z.string() }))`show work_mem`);
            return `${i}:${memory}`;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 12 }, (_, i) => `${i}:8MB`));
      // SET LOCAL ended with its transaction: no server connection kept it for the next client.
      expect(await pool.oneFirst(sql.type(z.object({ work_mem: z.string() }))`show work_mem`)).not.toBe('8MB');
    } finally {
      await pool.end();
    }
  });

  it('starts a server with MIGRATE_ON_START=false that waits for the migrations, then serves', async () => {
    const fresh = `${database}_b`;
    await withClient(serverUrl!, (c) => c.query(`create database ${fresh}`));
    const freshPooled = new URL(pooled);
    freshPooled.pathname = `/${fresh}`;
    const freshDirect = new URL(direct);
    freshDirect.pathname = `/${fresh}`;
    try {
      const apiPort = await freePort();
      let output = '';
      server = spawn(process.execPath, ['dist/src/main.js'], {
        cwd: repo,
        env: {
          ...process.env,
          PORT: String(apiPort),
          DATABASE_URL: freshPooled.toString(),
          DATABASE_DIRECT_URL: freshDirect.toString(),
          MIGRATE_ON_START: 'false',
          SCHEMA_WAIT_SECONDS: '120',
          AUTH_JWT_SECRET: 'p'.repeat(40),
          REDIS_KEY_PREFIX: `pgb${randomBytes(4).toString('hex')}:`,
          REPORT_WORKER: 'external',
          COMPUTE_THREADS: '1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (let i = 0; i < 600 && !output.includes('waiting for the migrations'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain('waiting for the migrations');
      expect(await waitUntilReady(apiPort, 500)).toBe(false);
      // The migrations Job's part: the direct URL, as the manifests give it.
      await migrate(freshDirect.toString());
      expect(await waitUntilReady(apiPort)).toBe(true);
      expect(output).toContain('refuses session startup parameters');
    } finally {
      const child = server;
      if (child && child.exitCode === null) await new Promise((r) => child.once('exit', r).kill('SIGTERM'));
      server = undefined;
      await withClient(serverUrl!, (c) => c.query(`drop database if exists ${fresh} with (force)`));
    }
  });
});
