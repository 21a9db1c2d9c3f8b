/**
 * PostgreSQL goes away (a proxy in front of the real server drops every connection): uncached
 * keys and dashboard calls answer 503 with Retry-After instead of 500, cached keys keep working,
 * and the usage log waits and writes its rows on its own schedule once the database is back,
 * without a write attempt per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { UsageLogWriter } from '../../src/http/usage-log.ts';

let database: TestDatabase;
let proxy: TcpProxy;
let direct: DatabasePool;
let server: TestServer;

// An outage needs a server to take away: with embedded PGlite there is none.
const withServer = describe.runIf(serverUrl);

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase();
  const url = new URL(database.url);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  direct = await createDatabasePool(database.url, 2);
  server = await startTestServer({ databaseUrl: proxy.urlFor(database.url), env: { USAGE_FLUSH_BATCH_SIZE: '1' } });
});
/**
 * Each closing step with a deadline of its own, generous (a slow step under a loaded full suite is
 * not the hang looked for), inside the hook's own 150 s: once in a full CI run the
 * hook timed out without saying which step hung (it never did when this file ran alone, even
 * several at once on a loaded box), so that a failure names the step.
 */
async function closingStep(label: string, work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label} did not finish within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

afterAll(async () => {
  proxy?.up();
  await closingStep("the test server's close (app, compute, pool, database, Redis keys)", server?.close(), 50_000);
  await closingStep("the direct pool's end", direct?.end(), 20_000);
  await closingStep("the proxy's close", proxy?.close(), 20_000);
  await closingStep("the test database's drop", database?.close(), 40_000);
}, 150_000);

const CHEAP = '/api/v1/numerology/alphabets';
const rowsOf = (userId: string) => direct.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from usage_logs where user_id = ${userId}`);

withServer('while PostgreSQL is away', () => {
  it('uncached keys and dashboard calls get 503 with Retry-After; cached keys are served; the log catches up alone', async () => {
    const cached = await createKeyForEmail(direct, { email: 'cached@example.com', plan: 'unlimited' });
    const uncached = await createKeyForEmail(direct, { email: 'uncached@example.com', plan: 'unlimited' });
    const token = await server.token('outage-user', 'outage@example.com');
    expect((await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: 'outage-user', email: 'outage@example.com' })).status).toBe(200);
    expect((await server.get(CHEAP, { 'x-api-key': cached.key })).status).toBe(200);
    await server.app.usage.flush();
    expect(await rowsOf(cached.user_id)).toBe(1);

    proxy.down();
    try {
      const refused = await server.get(CHEAP, { 'x-api-key': uncached.key });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: 'Database unavailable, retry later' });
      expect(refused.headers.get('retry-after')).toBe('5');
      const me = await server.bearer('GET', '/api/v1/auth/me', token);
      expect(me.status).toBe(503);
      expect(me.headers.get('retry-after')).toBe('5');
      expect(me.body).toEqual({ detail: 'Database unavailable, retry later' });
      for (let i = 0; i < 5; i++) expect((await server.get(CHEAP, { 'x-api-key': cached.key })).status).toBe(200);
    } finally {
      proxy.up();
    }
    // No request needed: the writer's own retries bring the five rows in.
    let rows = await rowsOf(cached.user_id);
    for (let waited = 0; rows < 6 && waited < 60_000; waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await rowsOf(cached.user_id);
    }
    expect(rows).toBe(6);
    expect((await server.get(CHEAP, { 'x-api-key': uncached.key })).status).toBe(200);
  }, 90_000);

  it('the usage writer retries on its own schedule, not on every request', async () => {
    const registry = new Registry();
    const failures = new Counter({ name: 'f', help: 'f', registers: [registry] });
    const pool = await createDatabasePool(proxy.urlFor(database.url), 1);
    const writer = new UsageLogWriter(pool, {
      batchSize: 1,
      intervalMs: 50,
      maxBuffered: 1000,
      retryBaseMs: 3_600_000,
      metrics: {
        bufferDepth: new Gauge({ name: 'd', help: 'd', registers: [registry] }),
        flushDuration: new Histogram({ name: 'h', help: 'h', registers: [registry] }),
        flushFailures: failures,
        droppedRows: new Counter({ name: 'x', help: 'x', registers: [registry] }),
      },
    });
    const { user_id, id: keyId } = await createKeyForEmail(direct, { email: 'writer@example.com', plan: 'free' });
    const row = () => ({ userId: user_id, apiKeyId: keyId, method: 'GET', path: '/x', statusCode: 200, durationMs: 1, replayed: false, startedAt: Date.now() });
    proxy.down();
    try {
      writer.record(row());
      await writer.flush();
      expect((await registry.getSingleMetric('f')!.get()).values[0]!.value).toBe(1);
      // Twenty more requests, and the interval ticking in between: no new attempt before the backoff ends.
      for (let i = 0; i < 20; i++) {
        writer.record(row());
        await new Promise((r) => setTimeout(r, 10));
      }
      expect((await registry.getSingleMetric('f')!.get()).values[0]!.value).toBe(1);
      expect(writer.depth).toBe(21);
    } finally {
      proxy.up();
    }
    // Closing writes what waited, backoff or not.
    await writer.close();
    expect(await rowsOf(user_id)).toBe(21);
    await pool.end();
  });
});
