/**
 * The usage log: every API-key request recorded through a batched writer (never one INSERT per
 * request), read back per user through GET /api/v1/auth/logs, and flushed on graceful shutdown
 * with nothing lost — the real server process included.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDatabasePool } from '../../src/db/pool.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { UserRepository } from '../../src/db/users.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { openRaw } from '../helpers/raw-http.ts';

const root = path.resolve(import.meta.dirname, '../..');
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const countRows = (server: TestServer, userId: string) =>
  server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from usage_logs where user_id = ${userId}`);

// A long interval: rows stay buffered until a batch fills, someone reads the log, or shutdown.
let server: TestServer;
let alice: string;
let bob: string;
let aliceKey: { id: string; key: string };
let bobKey: { id: string; key: string };

beforeAll(async () => {
  server = await startTestServer({ env: { USAGE_FLUSH_INTERVAL_MS: '60000', USAGE_FLUSH_BATCH_SIZE: '1000' } });
  alice = await server.token('u-alice', 'u-alice@example.com');
  bob = await server.token('u-bob', 'u-bob@example.com');
  for (const [token, id] of [
    [alice, 'u-alice'],
    [bob, 'u-bob'],
  ] as const) {
    await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: id, email: `${id}@example.com` });
    await new UserRepository(server.db).setPlan(id, 'unlimited');
  }
  aliceKey = (await server.bearer('POST', '/api/v1/auth/keys', alice, { name: 'a' })).body;
  bobKey = (await server.bearer('POST', '/api/v1/auth/keys', bob, { name: 'b' })).body;
});
afterAll(async () => {
  await server?.close();
});

describe('recording', () => {
  it('records every authenticated API request with user, key, method, path, status, duration and replay flag', async () => {
    await server.post('/api/v1/natal/calculate?include_minor=true', natal, { 'x-api-key': aliceKey.key });
    await server.post('/api/v1/natal/calculate', { ...natal, lat: 99 }, { 'x-api-key': aliceKey.key });
    await server.post('/natal', natal, { 'x-api-key': aliceKey.key, 'idempotency-key': 'log-1' });
    await server.post('/natal', natal, { 'x-api-key': aliceKey.key, 'idempotency-key': 'log-1' });
    await server.get('/api/v1/numerology/alphabets', { 'x-api-key': aliceKey.key });
    await server.post('/natal', natal, { 'x-api-key': 'ask_not-a-key' }); // refused by auth: nobody's request
    const res = await server.bearer('GET', '/api/v1/auth/logs', alice);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(
      res.body.map((e: { method: string; path: string; status_code: number; idempotency_replayed: boolean }) => [
        e.method,
        e.path,
        e.status_code,
        e.idempotency_replayed,
      ]),
    ).toEqual([
      ['GET', '/api/v1/numerology/alphabets', 200, false],
      ['POST', '/natal', 200, true],
      ['POST', '/natal', 200, false],
      ['POST', '/api/v1/natal/calculate', 422, false],
      ['POST', '/api/v1/natal/calculate', 200, false],
    ]);
    for (const entry of res.body) {
      expect(entry.api_key_id).toBe(aliceKey.id);
      expect(entry.api_key_name).toBe('a');
      expect(entry.duration_ms).toBeGreaterThan(0);
      expect(Object.keys(entry).sort()).toEqual([
        'api_key_id',
        'api_key_name',
        'created_at',
        'duration_ms',
        'id',
        'idempotency_replayed',
        'method',
        'path',
        'status_code',
      ]);
    }
    // Dashboard requests are not API usage.
    expect(res.body.some((e: { path: string }) => e.path.startsWith('/api/v1/auth'))).toBe(false);
  });

  it('two users see only their own requests', async () => {
    await server.get('/api/v1/numerology/alphabets', { 'x-api-key': bobKey.key });
    const bobs = await server.bearer('GET', '/api/v1/auth/logs', bob);
    expect(bobs.body).toHaveLength(1);
    expect(bobs.body[0].api_key_id).toBe(bobKey.id);
    const alices = await server.bearer('GET', '/api/v1/auth/logs', alice);
    expect(alices.body.every((e: { api_key_id: string }) => e.api_key_id === aliceKey.id)).toBe(true);
  });

  it('`limit`: default 50, bounded to 1–500', async () => {
    await Promise.all(Array.from({ length: 55 }, () => server.get('/api/v1/numerology/alphabets', { 'x-api-key': aliceKey.key })));
    expect((await server.bearer('GET', '/api/v1/auth/logs', alice)).body).toHaveLength(50);
    const three = await server.bearer('GET', '/api/v1/auth/logs?limit=3', alice);
    expect(three.body).toHaveLength(3);
    const times = three.body.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await server.bearer('GET', '/api/v1/auth/logs?limit=500', alice)).body.length).toBeGreaterThanOrEqual(60);
    for (const limit of ['0', '501', 'abc', '2.5']) {
      const res = await server.bearer('GET', `/api/v1/auth/logs?limit=${limit}`, alice);
      expect(res.status, limit).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', 'limit']);
    }
  });

  it('needs a bearer token', async () => {
    expect((await server.get('/api/v1/auth/logs')).status).toBe(401);
  });
});

describe('a client that goes away', () => {
  const exportRequest = (key: string) => {
    const body = JSON.stringify({ start: '1900-01-01', end: '2100-01-01', step: '1d', format: 'csv' });
    return `POST /api/v1/ephemeris/calculate HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  };

  it('mid-answer (an export it stops reading): its request is recorded, as 499', async () => {
    const { key, user_id } = await createKeyForEmail(server.db, { email: 'gone-mid@example.com', plan: 'unlimited' });
    const connection = await openRaw(server.url);
    connection.socket.write(exportRequest(key));
    await connection.waitFor(/\r\n\r\n[\s\S]*timestamp_utc/);
    connection.socket.destroy();
    const logged = await loggedStatuses(user_id, 1);
    expect(logged).toEqual([499]);
    // Nor does it stay "in flight" in the metrics: only the scrape itself is.
    expect(await metric(server, 'http_requests_in_flight')).toBe(1);
  });

  it('right after it was admitted (its quota spent): its request is recorded too', async () => {
    const { key, user_id } = await createKeyForEmail(server.db, { email: 'gone-early@example.com', plan: 'unlimited' });
    const connection = await openRaw(server.url);
    connection.socket.write(exportRequest(key));
    while ((await server.app.rateLimiter.used(user_id, 'month')) === 0) await new Promise((r) => setTimeout(r, 5));
    connection.socket.destroy();
    const logged = await loggedStatuses(user_id, 1);
    expect(logged).toHaveLength(1);
    expect([200, 499]).toContain(logged[0]);
  });

  /** The statuses logged for a user, once `count` rows are there (the close reaches the server a moment after the socket). */
  async function loggedStatuses(userId: string, count: number): Promise<number[]> {
    const read = () => server.db.anyFirst(sql.type(z.object({ status_code: z.number() }))`select status_code from usage_logs where user_id = ${userId}`);
    for (let i = 0; i < 100; i++) {
      await server.app.usage.flush();
      const rows = await read();
      if (rows.length >= count) return [...rows];
      await new Promise((r) => setTimeout(r, 50));
    }
    return [...(await read())];
  }
});

describe('batching', () => {
  it('buffers rows and writes a batch with one INSERT', async () => {
    const { key, user_id } = await createKeyForEmail(server.db, { email: 'batch@example.com', plan: 'unlimited' });
    const flushesBefore = await flushCount(server);
    await Promise.all(Array.from({ length: 25 }, () => server.get('/api/v1/numerology/alphabets', { 'x-api-key': key })));
    expect(await countRows(server, user_id)).toBe(0);
    expect(server.app.usage.depth).toBe(25);
    expect(await metric(server, 'usage_log_buffer_depth')).toBe(25);
    await server.app.usage.flush();
    expect(await countRows(server, user_id)).toBe(25);
    expect(await flushCount(server)).toBe(flushesBefore + 1);
    expect(server.app.usage.depth).toBe(0);
  });

  it('a flush writes the rows buffered when it began: rows arriving during its INSERT wait for the next one', async () => {
    // Under steady load a flush that also drained what came in during each write never ended:
    // it became a stream of INSERTs of a few dozen rows each, a statement's fixed cost per handful.
    const { user_id } = await createKeyForEmail(server.db, { email: 'drain@example.com', plan: 'unlimited' });
    const row = (i: number) => ({
      userId: user_id,
      apiKeyId: null,
      method: 'GET',
      path: `/drain/${i}`,
      statusCode: 200,
      durationMs: 1,
      replayed: false,
      startedAt: Date.now(),
    });
    for (let i = 0; i < 5; i++) server.app.usage.record(row(i));
    const flushesBefore = await flushCount(server);
    const first = server.app.usage.flush();
    // The first flush has taken its rows (synchronously); these come while its INSERT runs.
    for (let i = 5; i < 8; i++) server.app.usage.record(row(i));
    await first;
    expect(await countRows(server, user_id)).toBe(5);
    expect(server.app.usage.depth).toBe(3);
    expect(await flushCount(server)).toBe(flushesBefore + 1);
    // A caller arriving during a flush gets its rows written too: it waits for that flush and one more.
    const second = server.app.usage.flush();
    server.app.usage.record(row(8));
    const third = server.app.usage.flush();
    await Promise.all([second, third]);
    expect(await countRows(server, user_id)).toBe(9);
    expect(server.app.usage.depth).toBe(0);
  });

  it('a caller during a flush also waits for the flush that its end starts for a full batch', async () => {
    const small = await startTestServer({ env: { USAGE_FLUSH_INTERVAL_MS: '60000', USAGE_FLUSH_BATCH_SIZE: '10' } });
    try {
      const { user_id } = await createKeyForEmail(small.db, { email: 'chained@example.com', plan: 'unlimited' });
      const row = (i: number) => ({
        userId: user_id,
        apiKeyId: null,
        method: 'GET',
        path: `/chained/${i}`,
        statusCode: 200,
        durationMs: 1,
        replayed: false,
        startedAt: Date.now(),
      });
      // The tenth row fills a batch: its flush starts at once. Ten more (a batch, so that the next
      // flush leaves none behind) come during its INSERT.
      for (let i = 0; i < 10; i++) small.app.usage.record(row(i));
      for (let i = 10; i < 20; i++) small.app.usage.record(row(i));
      // Asked now, the caller's rows are in no flush yet; the first flush's end starts one for
      // them (a full batch), and the caller must wait for that one too.
      await small.app.usage.flush();
      // Read at once: nothing may still be writing when the caller's flush has ended.
      expect(small.app.usage.writing).toBe(false);
      expect(await countRows(small, user_id)).toBe(20);
      expect(small.app.usage.depth).toBe(0);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('a full batch is written without waiting for the timer', async () => {
    const small = await startTestServer({ env: { USAGE_FLUSH_INTERVAL_MS: '60000', USAGE_FLUSH_BATCH_SIZE: '10' } });
    try {
      const { key, user_id } = await createKeyForEmail(small.db, { email: 'full@example.com', plan: 'unlimited' });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await small.get('/api/v1/numerology/alphabets', { 'x-api-key': key })).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      // The timer is a minute away: rows written sooner got there because a batch filled. A
      // flush writes what was buffered when it began, and when it ends it starts another if a
      // full batch came in meanwhile, so at rest less than one batch waits for the timer and
      // every other row is in the table: at least 16 of 25. Polling (up to 30 s) rather than one fixed wait: when the
      // whole suite runs, other files create and drop databases, whose checkpoints can stall
      // PostgreSQL for seconds. (Rows in a write under way are in neither place.)
      const settled = async () => (await countRows(small, user_id)) + small.app.usage.depth === 25;
      for (let waited = 0; waited < 30_000 && !(await settled()); waited += 100) await new Promise((r) => setTimeout(r, 100));
      const rows = await countRows(small, user_id);
      expect(small.app.usage.depth).toBeLessThan(10);
      expect(rows).toBe(25 - small.app.usage.depth);
      expect(rows).toBeGreaterThanOrEqual(16);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('exposes buffer depth and flush latency metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of [
      'usage_log_buffer_depth',
      'usage_log_flush_duration_seconds_count',
      'usage_log_flush_failures_total',
      'usage_log_dropped_rows_total',
      'rate_limit_rejections_total',
      'auth_failures_total',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('closing the app writes everything still buffered', async () => {
    const other = await startTestServer({ env: { USAGE_FLUSH_INTERVAL_MS: '60000' } });
    const { key, user_id } = await createKeyForEmail(other.db, { email: 'close@example.com', plan: 'unlimited' });
    await Promise.all(Array.from({ length: 30 }, () => other.get('/api/v1/numerology/alphabets', { 'x-api-key': key })));
    const url = other.config.DATABASE_URL!;
    await other.app.app.close();
    const pool = await createDatabasePool(url, 1);
    try {
      expect(await pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from usage_logs where user_id = ${user_id}`)).toBe(30);
    } finally {
      await pool.end();
      await other.close();
    }
  });
});

describe('graceful shutdown of the server process', () => {
  it('SIGTERM while rows are buffered: nothing is lost', async () => {
    const database = await createTestDatabase();
    const pool = await createDatabasePool(database.url, 2);
    const port = await freePort();
    const { key, user_id } = await createKeyForEmail(pool, { email: 'sigterm@example.com', plan: 'unlimited' });
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const child = spawn(process.execPath, [built('src/main.ts')], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: prefix,
        AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        COMPUTE_MODE: 'inline',
        USAGE_FLUSH_INTERVAL_MS: '60000',
        USAGE_FLUSH_BATCH_SIZE: '10000',
      },
    });
    try {
      expect(await waitUntilReady(port)).toBe(true);
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`http://127.0.0.1:${port}/natal`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify(natal),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const n = () => pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from usage_logs where user_id = ${user_id}`);
      expect(await n()).toBe(0);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await n()).toBe(40);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await pool.end();
      await database.close();
      await forgetRedisNamespace(prefix);
    }
  }, 120_000);
});

describe('graceful shutdown with a deadline', () => {
  it('an export whose client stopped reading is ended at SHUTDOWN_TIMEOUT_MS; the process exits and its request is logged', async () => {
    const database = await createTestDatabase();
    const pool = await createDatabasePool(database.url, 2);
    const port = await freePort();
    const { key, user_id } = await createKeyForEmail(pool, { email: 'deadline@example.com', plan: 'unlimited' });
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const child = spawn(process.execPath, [built('src/main.ts')], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: prefix,
        AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        COMPUTE_MODE: 'inline',
        USAGE_FLUSH_INTERVAL_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '1000',
        IDLE_TIMEOUT_MS: '600000',
      },
    });
    try {
      expect(await waitUntilReady(port)).toBe(true);
      // Two centuries of hourly rows: far more than the socket buffers hold once the client stops reading.
      const body = JSON.stringify({ start: '1900-01-01', end: '2099-12-31', step: '1h', bodies: ['Sun'], format: 'ndjson' });
      const connection = await openRaw(`http://127.0.0.1:${port}`);
      connection.socket.write(
        `POST /api/v1/ephemeris/calculate HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await connection.waitFor(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n[\s\S]*\{/);
      connection.socket.pause();
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The server ended the connection: what is left in the buffers drains, then it closes.
      connection.socket.resume();
      await connection.closed;
      const logged = await pool.anyFirst(sql.type(z.object({ status_code: z.number() }))`select status_code from usage_logs where user_id = ${user_id}`);
      expect(logged).toEqual([499]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await pool.end();
      await database.close();
      await forgetRedisNamespace(prefix);
    }
  }, 120_000);
});

async function metric(server: TestServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}
const flushCount = (server: TestServer) => metric(server, 'usage_log_flush_duration_seconds_count');

/** The Redis keys a child server wrote under its namespace (counters, the report queue's metadata). */
async function forgetRedisNamespace(prefix: string): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  await deleteKeysWithPrefix(redis, prefix);
  redis.disconnect();
}
