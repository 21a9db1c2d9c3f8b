/**
 * Callback delivery under a slow receiver, with real receivers on loopback: one that drips a
 * header line now and then and never finishes its answer, one that answers at once. The fast
 * receiver's callback is delivered while the slow one's is still in flight (deliveries run side
 * by side, at most the per-host bound to one host), and the slow one is cut at the whole-request
 * deadline although its socket is never idle, then retried with the same webhook-id.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { loadConfig } from '../../src/config.ts';
import { ReportCallbackRepository } from '../../src/reports/store/report-callbacks.ts';
import { newReportJobId, ReportJobRepository } from '../../src/reports/store/report-jobs.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { CallbackDeliverer } from '../../src/reports/callbacks/callback-deliverer.ts';
import { useTestDatabasePool } from '../helpers/database.ts';
import { waitFor } from '../helpers/wait-for.ts';

const database = useTestDatabasePool();

/** Answers "200 OK" and then one header line every `dripMs`, never the blank line that ends them. */
class DrippingReceiver {
  readonly server: net.Server;
  readonly requests: { webhookId: string; closed: boolean }[] = [];
  readonly open = new Set<net.Socket>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(dripMs: number) {
    this.server = net.createServer((socket) => {
      this.open.add(socket);
      const request = { webhookId: '', closed: false };
      let head = '';
      socket.on('data', (chunk) => {
        if (request.webhookId) return;
        head += chunk.toString('latin1');
        const id = /\r\nwebhook-id: ([^\r\n]+)/i.exec(head)?.[1];
        if (!id || !head.includes('\r\n\r\n')) return;
        request.webhookId = id;
        this.requests.push(request);
        socket.write('HTTP/1.1 200 OK\r\n');
        let n = 0;
        const timer = setInterval(() => socket.write(`x-drip-${n++}: still thinking\r\n`), dripMs);
        this.timers.add(timer);
        socket.on('close', () => {
          clearInterval(timer);
          this.timers.delete(timer);
        });
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        request.closed = true;
        this.open.delete(socket);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hangUpAll(): void {
    for (const socket of this.open) socket.destroy();
  }

  /** Stops accepting first, then hangs up: a delivery started meanwhile cannot open a new drip. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.hangUpAll();
    await closed;
  }
}

let userId = '';
let fast: http.Server;
let fastUrl = '';
/** What the fast receiver saw: each request's webhook-id and how many slow deliveries were open then. */
const fastReceipts: { webhookId: string; slowOpen: number }[] = [];
let slowAtFastReceipt: () => number = () => 0;
const deliverers: CallbackDeliverer[] = [];
const receivers: DrippingReceiver[] = [];

beforeAll(async () => {
  userId = (await createKeyForEmail(database.pool, { email: `callback-delivery-${process.pid}@example.com`, plan: 'unlimited' })).user_id;
  fast = http.createServer((req, res) => {
    fastReceipts.push({ webhookId: String(req.headers['webhook-id']), slowOpen: slowAtFastReceipt() });
    req.resume();
    req.on('end', () => {
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve));
  fastUrl = `http://127.0.0.1:${(fast.address() as AddressInfo).port}`;
});
afterEach(async () => {
  const stopping = deliverers.splice(0).map((deliverer) => deliverer.close());
  for (const receiver of receivers.splice(0)) await receiver.close();
  await Promise.all(stopping);
  await database.pool.query(sql.unsafe`delete from report_callbacks`);
});
afterAll(async () => {
  fast?.close();
});

/** A finished job of the test account with a callback due to `url`; returns the callback's id. */
async function dueCallback(url: string): Promise<string> {
  const jobId = newReportJobId();
  await database.pool.transaction(async (tx) => {
    await new ReportJobRepository(database.pool).insert(tx, {
      id: jobId,
      userId,
      idempotencyKey: null,
      birth: {},
      options: { callback_url: url },
      creditReserved: false,
      maxAttempts: 3,
    });
    await new ReportCallbackRepository(database.pool).add(tx, {
      jobId,
      userId,
      event: 'report.completed',
      url,
      payload: { event: 'report.completed', job_id: jobId },
    });
  });
  return database.pool.oneFirst(sql.type(z.object({ id: z.string() }))`select id from report_callbacks where job_id = ${jobId}`);
}

function callbackRow(id: string) {
  return database.pool.one(sql.type(z.object({ status: z.string(), attempts: z.number(), last_error: z.string().nullable(), retry_in: z.number() }))`
    select status, attempts, last_error, extract(epoch from next_attempt_at - now())::float8 as retry_in from report_callbacks where id = ${id}`);
}

function startDeliverer(env: Record<string, string>): void {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, REPORT_CALLBACK_ALLOW_LOOPBACK: 'true', ...env });
  const deliverer = new CallbackDeliverer({ db: database.pool, config, log: () => {} });
  deliverers.push(deliverer);
  deliverer.start();
}

describe('callback delivery with a slow receiver', () => {
  it("delivers a fast receiver's callback while the slow receiver's is still in flight, one at a time to the slow host", async () => {
    const slow = new DrippingReceiver(100);
    receivers.push(slow);
    const slowUrl = await slow.listen();
    slowAtFastReceipt = () => slow.open.size;
    // The slow receiver's callbacks are due first: a delivery loop that takes them one by one
    // would hold the fast one behind them.
    const slowIds = [await dueCallback(`${slowUrl}/hook/a`), await dueCallback(`${slowUrl}/hook/b`)];
    // A deadline far beyond the test: the slow delivery is surely still in flight when the fast one ends.
    startDeliverer({ REPORT_CALLBACK_TIMEOUT_MS: '60000', REPORT_CALLBACK_CONCURRENCY: '4', REPORT_CALLBACK_CONCURRENCY_PER_HOST: '1' });
    // The fast callback falls due once the slow delivery's request has been read at its receiver:
    // had both been due together, the fast one could end before the slow connection was even made
    // (and a connection open but not yet read is not yet one of slow.requests, checked below).
    await waitFor(() => slow.open.size === 1 && slow.requests.length === 1, 'the slow delivery to be open and read');
    const fastId = await dueCallback(`${fastUrl}/hook`);

    await waitFor(async () => (await callbackRow(fastId)).status === 'delivered', "the fast receiver's callback to be delivered");
    const receipt = fastReceipts.find((r) => r.webhookId === fastId)!;
    expect(receipt.slowOpen).toBe(1);
    // The slow host had one delivery in flight (its bound), never finished; its second callback waits.
    expect(slow.requests).toHaveLength(1);
    expect(slow.requests[0]!.closed).toBe(false);
    const rows = await Promise.all(slowIds.map(callbackRow));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(rows.map((r) => r.attempts)).toEqual([1, 0]);
  });

  it('cuts a dripping answer at the whole-request deadline and retries it with the same webhook-id after the backoff', async () => {
    const slow = new DrippingReceiver(100);
    receivers.push(slow);
    const slowUrl = await slow.listen();
    const id = await dueCallback(`${slowUrl}/hook/drip`);
    // A line every 100 ms keeps the socket busy far more often than the 1 s deadline.
    startDeliverer({ REPORT_CALLBACK_TIMEOUT_MS: '1000', REPORT_CALLBACK_RETRY_BASE_SECONDS: '0.5', REPORT_CALLBACK_MAX_ATTEMPTS: '5' });

    await waitFor(() => slow.requests[0]?.closed, 'the deliverer to hang up on the dripping receiver');
    const afterCut = await waitFor(async () => {
      const row = await callbackRow(id);
      return row.last_error ? row : undefined;
    }, 'the cut attempt to be recorded');
    expect(afterCut.last_error).toContain('deadline');
    expect(afterCut.status).toBe('pending');
    // The existing backoff: the second attempt is due REPORT_CALLBACK_RETRY_BASE_SECONDS after the first.
    await waitFor(() => slow.requests.length >= 2, 'the retry');
    expect(slow.requests.map((r) => r.webhookId)).toEqual([id, id]);
    await waitFor(() => slow.requests[1]!.closed, 'the retry to be cut too');
    expect((await callbackRow(id)).attempts).toBeGreaterThanOrEqual(2);
  });
});
