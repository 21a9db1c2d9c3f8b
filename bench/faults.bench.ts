/**
 * `npm run bench:faults`: reports, callbacks and the queue under faults and abuse, end to end with
 * real PostgreSQL and Redis (DATABASE_URL, REDIS_URL), one API process and one report worker
 * process (both from the sources, through tsx), and prints a table:
 *
 * (a) reports queued, then PostgreSQL cut for some seconds (a TCP proxy in front of it drops every
 *     connection and refuses new ones) and restored: jobs queued, completed, failed, lost (not
 *     finished long after), charged twice (two reservations), failed without their credit back;
 * (b) callbacks: receivers that answer at once, and one that drips a header line every second and
 *     never finishes, whose callbacks are due first: the delay from a job's completion to its
 *     callback's arrival at the fast receivers;
 * (c) a paying user's report latency (submit to completed; p50, p95) alone, and with 40 free
 *     demo jobs of another account waiting (topped up before each sample).
 *
 * Figures and the machine's description go to bench/results/faults-<time>.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { type DatabasePool } from 'slonik';
import { sql } from '../src/db/sql.ts';
import { z } from 'zod/v4';
import { createServerDatabase } from '../test/helpers/database.ts';
import { freePort, waitUntilReady } from '../test/helpers/child-server.ts';
import { startTcpProxy } from '../test/helpers/tcp-proxy.ts';
import { createDatabasePool } from '../src/db/pool.ts';
import { deleteKeysWithPrefix } from '../src/db/redis.ts';
import { createKeyForEmail } from '../src/features/keys/keys-service.ts';
import { ReportCreditRepository } from '../src/db/report-credits.ts';
import { machineDescription } from './machine.ts';
import { DEMO_SUBJECT } from '../src/reports/http/demo-birth.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIRTH = { name: 'Ada Quillfeather', year: 1988, month: 3, day: 14, hour: 9, minute: 45, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };
const DEMO = { ...DEMO_SUBJECT };
const OUTAGE_JOBS = Number(process.env.BENCH_OUTAGE_JOBS ?? 10);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 6);
const DEMO_BACKLOG = 40;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]! : NaN);

function spawnService(args: string[], env: Record<string, string>, readyLine?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${lines.slice(-20).join('\n')}`)), 120_000);
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (text: string) => {
        for (const line of text.split('\n')) {
          if (lines.push(line) > 200) lines.shift();
          if (readyLine && line.includes(readyLine)) {
            clearTimeout(timer);
            resolve(child);
          }
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}):\n${lines.slice(-20).join('\n')}`));
    });
    if (!readyLine) {
      clearTimeout(timer);
      resolve(child);
    }
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return exited.finally(() => clearTimeout(killer));
}

/** Answers "200 OK" and then a header line every second, never the blank line that ends them. */
async function drippingReceiver(): Promise<{ url: string; requests: () => number; close(): void }> {
  const sockets = new Set<net.Socket>();
  let requests = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', () => {
      requests++;
      socket.write('HTTP/1.1 200 OK\r\n');
      const timer = setInterval(() => socket.write('x-drip: still thinking\r\n'), 1000);
      socket.on('close', () => {
        clearInterval(timer);
        sockets.delete(socket);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    requests: () => requests,
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

/** A receiver that answers 204 at once and notes when each job's callback arrived. */
async function fastReceiver(arrivals: Map<string, number>): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const jobId = (JSON.parse(body) as { job_id: string }).job_id;
      if (!arrivals.has(jobId)) arrivals.set(jobId, Date.now());
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

class Client {
  constructor(
    private readonly url: string,
    private readonly db: DatabasePool,
  ) {}

  async account(credits: number): Promise<string> {
    const created = await createKeyForEmail(this.db, { email: `faults-${randomBytes(5).toString('hex')}@example.com`, plan: 'unlimited' });
    if (credits > 0)
      await new ReportCreditRepository(this.db).grant({ userId: created.user_id, reason: 'purchase', reference: `bench-${created.user_id}`, credits });
    return created.key;
  }

  /** The job id, or the refusal's status. */
  async submit(key: string, body: unknown): Promise<{ jobId: string } | { status: number; code?: string }> {
    const res = await fetch(`${this.url}/api/v1/natal/calculate`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { report?: { job_id: string }; code?: string };
    return answer.report ? { jobId: answer.report.job_id } : { status: res.status, code: answer.code };
  }

  async status(key: string, jobId: string): Promise<string> {
    const res = await fetch(`${this.url}/api/v1/natal/report/${jobId}`, { headers: { 'x-api-key': key } }).catch(() => null);
    if (!res?.ok) return 'unknown';
    return ((await res.json()) as { status: string }).status;
  }

  async waitFinished(key: string, jobId: string, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.status(key, jobId);
      if (status === 'completed' || status === 'failed' || Date.now() > deadline) return status;
      await sleep(50);
    }
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!serverUrl || !redisUrl) throw new Error('bench:faults needs DATABASE_URL and REDIS_URL (real PostgreSQL and Redis)');
  const database = await createServerDatabase(serverUrl, { prefix: 'astro_bench_faults' });
  const direct = await createDatabasePool(database.url, 4);
  const target = new URL(database.url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const prefix = `bench-faults:${randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: proxy.urlFor(database.url),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    REPORT_WORKER: 'external',
    REPORT_CALLBACK_ALLOW_LOOPBACK: 'true',
    REPORT_LEASE_SECONDS: '10',
    REPORT_SWEEP_INTERVAL_SECONDS: '2',
    REPORT_RETRY_BASE_SECONDS: '1',
    REPORT_CALLBACK_RETRY_BASE_SECONDS: '5',
    // The demo backlog of (c) is 40 jobs of one account: the bounds are opened for it (the test suite checks them).
    REPORT_DEMO_MAX_PER_ACCOUNT: '1000',
    REPORT_DEMO_MAX_OPEN: '1000',
  };
  let api: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  const closers: (() => void)[] = [];
  const figures: Record<string, unknown> = { commit: await gitHead() };
  try {
    api = await spawnService(['src/main.ts'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    if (!(await waitUntilReady(port))) throw new Error('the API did not become ready');
    worker = await spawnService(['src/cli.ts', 'worker', 'reports'], { ...env, REPORT_WORKER_CONCURRENCY: '2' }, 'report worker ready');
    const client = new Client(`http://127.0.0.1:${port}`, direct);
    // One report first: Chromium warm, the worker announced.
    const warmKey = await client.account(1);
    for (;;) {
      const first = await client.submit(warmKey, { ...BIRTH, psychological_report: { enabled: true } });
      if ('jobId' in first) {
        await client.waitFinished(warmKey, first.jobId, 120_000);
        break;
      }
      await sleep(500);
    }

    // (a) PostgreSQL cut under queued reports.
    const outageKey = await client.account(OUTAGE_JOBS);
    const queued: string[] = [];
    for (let i = 0; i < OUTAGE_JOBS; i++) {
      const res = await client.submit(outageKey, { ...BIRTH, psychological_report: { enabled: true } });
      if ('jobId' in res) queued.push(res.jobId);
    }
    proxy.down();
    await sleep(OUTAGE_SECONDS * 1000);
    proxy.up();
    const outcomes = await Promise.all(queued.map((id) => client.waitFinished(outageKey, id, 180_000)));
    const ledger = await direct.any(sql.type(z.object({ reference: z.string(), reason: z.string(), n: z.number() }))`
      select reference, reason, count(*)::int as n from report_credit_ledger where reference = any(${sql.array(queued, 'text')}) group by reference, reason`);
    const count = (id: string, reason: string) => ledger.find((r) => r.reference === id && r.reason === reason)?.n ?? 0;
    figures.outage = {
      seconds: OUTAGE_SECONDS,
      queued: queued.length,
      completed: outcomes.filter((s) => s === 'completed').length,
      failed: outcomes.filter((s) => s === 'failed').length,
      lost: outcomes.filter((s) => s !== 'completed' && s !== 'failed').length,
      chargedTwice: queued.filter((id) => count(id, 'reservation') > 1).length,
      failedWithoutRefund: queued.filter((id, i) => outcomes[i] === 'failed' && count(id, 'refund') < count(id, 'reservation')).length,
    };

    // (b) Callbacks with a slow receiver present: its callbacks are due first.
    const slow = await drippingReceiver();
    const arrivals = new Map<string, number>();
    const fast = await Promise.all(Array.from({ length: 3 }, () => fastReceiver(arrivals)));
    closers.push(() => slow.close(), ...fast.map((f) => () => f.close()));
    const hookKey = await client.account(8);
    const slowJobs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await client.submit(hookKey, { ...BIRTH, psychological_report: { enabled: true, callback_url: slow.url } });
      if ('jobId' in res) slowJobs.push(res.jobId);
    }
    await Promise.all(slowJobs.map((id) => client.waitFinished(hookKey, id, 120_000)));
    const fastJobs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.submit(hookKey, { ...BIRTH, psychological_report: { enabled: true, callback_url: fast[i % fast.length]!.url } });
      if ('jobId' in res) fastJobs.push(res.jobId);
    }
    await Promise.all(fastJobs.map((id) => client.waitFinished(hookKey, id, 120_000)));
    const callbackWaitMs = 60_000;
    for (const deadline = Date.now() + callbackWaitMs; Date.now() < deadline && fastJobs.some((id) => !arrivals.has(id));) await sleep(100);
    const completedAt = await direct.any(sql.type(z.object({ id: z.string(), ms: z.number() }))`
      select id, (extract(epoch from completed_at) * 1000)::float8 as ms from report_jobs where id = any(${sql.array(fastJobs, 'text')})`);
    const delays = completedAt.filter((j) => arrivals.has(j.id)).map((j) => arrivals.get(j.id)! - j.ms);
    figures.callbacks = {
      slowReceiverRequests: slow.requests(),
      fastCallbacks: fastJobs.length,
      delivered: delays.length,
      notDeliveredWithinSeconds: callbackWaitMs / 1000,
      p50Ms: Math.round(quantile(delays, 0.5)),
      maxMs: delays.length ? Math.round(Math.max(...delays)) : NaN,
    };

    // (c) A paying user's latency, alone and behind 40 demo jobs of another account.
    const payerKey = await client.account(SAMPLES * 2);
    const demoKey = await client.account(0);
    const paidLatency = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await client.submit(payerKey, { ...BIRTH, psychological_report: { enabled: true } });
      if (!('jobId' in res)) throw new Error(`paid submit refused: ${JSON.stringify(res)}`);
      await client.waitFinished(payerKey, res.jobId, 300_000);
      return performance.now() - t0;
    };
    const alone: number[] = [];
    for (let i = 0; i < SAMPLES; i++) alone.push(await paidLatency());
    const behind: number[] = [];
    let demoRefused = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const open = await direct.oneFirst(
        sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where status in ('queued', 'running') and not credit_reserved`,
      );
      for (let k = open; k < DEMO_BACKLOG; k++) {
        const res = await client.submit(demoKey, { ...DEMO, psychological_report: { enabled: true } });
        if (!('jobId' in res)) demoRefused++;
      }
      behind.push(await paidLatency());
    }
    const summary = (xs: number[]) => ({ samples: xs.length, p50Ms: Math.round(quantile(xs, 0.5)), p95Ms: Math.round(quantile(xs, 0.95)) });
    figures.fairness = { demoBacklog: DEMO_BACKLOG, demoRefused, alone: summary(alone), behindDemoBacklog: summary(behind) };
  } finally {
    for (const close of closers) close();
    await stop(worker);
    await stop(api);
    await proxy.close();
    await direct.end().catch(() => {});
    await database.close();
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    await deleteKeysWithPrefix(redis, prefix).catch(() => {});
    redis.disconnect();
  }
  print(figures);
  const file = path.join(ROOT, 'bench', 'results', `faults-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ machine: machineDescription(), ...figures }, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(ROOT, file)}`);
}

async function gitHead(): Promise<string> {
  const child = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  await new Promise((r) => child.once('close', r));
  return out.trim();
}

function print(f: Record<string, any>): void {
  const rows: [string, string][] = [];
  const o = f.outage;
  rows.push(['(a) PostgreSQL cut', `${o.seconds} s with ${o.queued} reports queued`]);
  rows.push(['    completed / failed', `${o.completed} / ${o.failed}`]);
  rows.push(['    lost (not finished in 180 s)', String(o.lost)]);
  rows.push(['    charged twice', String(o.chargedTwice)]);
  rows.push(['    failed without refund', String(o.failedWithoutRefund)]);
  const c = f.callbacks;
  rows.push(['(b) callbacks, one dripping receiver', `${c.slowReceiverRequests} requests to it`]);
  rows.push(['    fast callbacks delivered', `${c.delivered} of ${c.fastCallbacks} (waited ${c.notDeliveredWithinSeconds} s)`]);
  rows.push(['    delay after completion p50 / max', `${c.p50Ms} / ${c.maxMs} ms`]);
  const q = f.fairness;
  rows.push(['(c) paid report, queue empty p50 / p95', `${q.alone.p50Ms} / ${q.alone.p95Ms} ms (${q.alone.samples} samples)`]);
  rows.push([
    `    behind ${q.demoBacklog} demo jobs p50 / p95`,
    `${q.behindDemoBacklog.p50Ms} / ${q.behindDemoBacklog.p95Ms} ms (${q.behindDemoBacklog.samples} samples)`,
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nfaults bench at ${f.commit}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

await main();
