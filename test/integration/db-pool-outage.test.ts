/**
 * The connection pool through a PostgreSQL outage (a proxy in front of the real server drops every
 * connection and refuses new ones): queries running or queued when the server goes away fail
 * promptly instead of waiting forever, and once it is back the pool has every one of its slots.
 * The installed slonik needed two fixes for this (patches/): a connection whose query failed as it
 * was destroyed held its slot for good, and a query queued behind a failed connection attempt
 * waited until some other connection happened to be released. A report worker with a few slots
 * stopped for good after a cut that caught queries in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabasePool } from 'slonik';
import { sql } from '../../src/db/sql.ts';
import { createDatabasePool } from '../../src/db/pool.ts';
import { serverUrl } from '../helpers/database.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const POOL_SIZE = 3;
/** Far above what a failed query takes (milliseconds), far below a hang. */
const PROMPT_MS = 10_000;

let proxy: TcpProxy;
let pool: DatabasePool;

beforeAll(async () => {
  if (!serverUrl) return;
  const url = new URL(serverUrl);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  pool = await createDatabasePool(proxy.urlFor(serverUrl), POOL_SIZE);
});
afterAll(async () => {
  await pool?.end();
  await proxy?.close();
});

/** The promise's outcome, or 'hung' when it has none within PROMPT_MS. */
function outcome(promise: Promise<unknown>): Promise<'ok' | 'failed' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), PROMPT_MS);
  });
  return Promise.race([
    promise.then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    hung,
  ]).finally(() => clearTimeout(timer));
}

/** Holds every slot of the pool at once: resolves only if POOL_SIZE connections can be held together. */
async function holdEverySlot(): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await Promise.all(
    Array.from({ length: POOL_SIZE }, () =>
      pool.connect(async (connection) => {
        await connection.query(sql.unsafe`select 1`);
        if (++held === POOL_SIZE) release();
        await released;
      }),
    ),
  );
}

describe.runIf(serverUrl)('the connection pool through a PostgreSQL outage', () => {
  it('fails what runs and what waits while the server is away, and has all its slots once it is back', async () => {
    for (let cut = 0; cut < 3; cut++) {
      // More queries than slots, so that some run (in flight when the server goes) and some wait.
      const running = Array.from({ length: POOL_SIZE * 3 }, () => pool.query(sql.unsafe`select pg_sleep(0.5)`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      proxy.down();
      const during = await Promise.all(running.map(outcome));
      expect(during).not.toContain('hung');
      expect(during).toContain('failed');
      expect(await outcome(pool.query(sql.unsafe`select 1`))).toBe('failed');

      proxy.up();
      expect(await outcome(holdEverySlot())).toBe('ok');
      expect(pool.state()).toMatchObject({ pendingDestroyConnections: 0, waitingClients: 0 });
    }
  }, 120_000);
});
