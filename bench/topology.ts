/**
 * The deployment topology beyond one machine, on one: 3 API processes and 2 report workers
 * (from dist/), against PostgreSQL through PgBouncer in transaction mode and a six-node Redis
 * Cluster, all started here; clients spread mixed load over the API processes (natal charts,
 * ephemeris exports, transit timelines, paid reports with an Idempotency-Key) while a random
 * process is killed (SIGKILL) every few seconds and started again. Returns the figures:
 *
 * - requests, and how each ended: answered, refused with a retryable status (429 or 503 with
 *   Retry-After, 409 request_in_progress), cut by a kill (connection refused or reset: retryable;
 *   the clients then avoid that process for a second, as a load balancer would), or lost
 *   (anything else);
 * - kills (and, optionally, of the Redis master holding the report queue); report orders, the
 *   jobs they made (one per Idempotency-Key), completed, failed, lost (unfinished long after),
 *   charged twice, jobs made twice for one order, credits spent;
 * - the rate limit: a key whose plan allows QUOTA requests a day sends 3 × QUOTA over the run to
 *   all three processes; how many were allowed (drift = allowed − quota);
 * - the metrics of every process scraped at the end, and the processes that ended by themselves.
 *
 * Used by `npm run bench:topology` (long form, figures to bench/results/) and by
 * test/integration/topology.test.ts (short form, in CI). Needs DATABASE_URL (PostgreSQL),
 * pgbouncer, redis-server and Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createDatabasePool } from '../src/db/pool.ts';
import { ReportCreditRepository } from '../src/db/report-credits.ts';
import { sql } from '../src/db/sql.ts';
import { createKeyForEmail } from '../src/features/keys/keys-service.ts';
import { freePort, redisClusterBase, waitUntilReady } from '../test/helpers/child-server.ts';
import { createServerDatabase } from '../test/helpers/database.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIRTH = { name: 'Ada Quillfeather', year: 1988, month: 3, day: 14, hour: 9, minute: 45, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };
const TIMELINE = {
  natal: { ...BIRTH, time_known: true },
  range_start: '2026-03-01',
  range_end: '2026-03-31',
  transit_planets: ['sun', 'mars', 'jupiter', 'saturn'],
};
const EXPORT = { start: '1990-01-01', end: '1990-12-31', step: '1d', bodies: ['Sun', 'Moon'], format: 'csv' };

export interface TopologyOptions {
  serverUrl: string;
  durationSeconds: number;
  killEverySeconds: number;
  clients: number;
  quota: number;
  /** Halfway through, SIGKILL the Redis master holding the report queue: its replica takes over. */
  redisFailover?: boolean;
  log?: (line: string) => void;
}

export interface TopologyFigures {
  durationSeconds: number;
  processes: { api: number; workers: number };
  requests: { total: number; answered: number; retryableStatus: number; cutByKill: number; lost: number; lostSamples: string[] };
  kills: { total: number; api: number; worker: number; redisMaster: number };
  reports: {
    orders: number;
    /** Orders whose client learned its job id (during the load, or by asking again with its key after it). */
    jobs: number;
    /** Orders whose client learned its job only after the load: their first request was cut after the job was made. */
    settledAfterLoad: number;
    completed: number;
    failed: number;
    lost: number;
    chargedTwice: number;
    /** Jobs beyond one per order (per Idempotency-Key, counted in the database), and jobs of no order. */
    duplicateJobsPerOrder: number;
    /** Orders answered with a job other than the one the database holds for their key. */
    wrongJob: number;
    /** Credits reserved minus refunded: one per completed report when nothing is charged twice. */
    creditsSpent: number;
  };
  rateLimit: { quota: number; sent: number; allowed: number; drift: number };
  metrics: { processes: number; scraped: number };
  /** Processes that ended by themselves (and were started again), with their last lines. */
  crashes: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = 'answered' | 'retryable' | 'cut' | 'lost';

interface Proc {
  role: 'api' | 'worker';
  port: number;
  child?: ChildProcess;
}

const QUEUE_KEY = 'topology:bull:{reports}:wait';

const isReplicaOf = (port: number, master: number) =>
  spawnSync('redis-cli', ['-p', String(port), 'info', 'replication'], { encoding: 'utf8' }).stdout.includes(`master_port:${master}`);

/** The port of the master serving a key's slot, from the cluster's own map. */
function masterOfSlot(anyPort: number, key: string): number {
  const cli = (...args: string[]) => spawnSync('redis-cli', ['-p', String(anyPort), ...args], { encoding: 'utf8' }).stdout;
  const slot = Number(cli('cluster', 'keyslot', key).trim());
  for (const line of cli('cluster', 'nodes').trim().split('\n')) {
    const [, address, flags, , , , , , ...ranges] = line.split(' ');
    if (!flags!.includes('master')) continue;
    for (const range of ranges) {
      const [from, to = from] = range.split('-').map(Number);
      if (slot >= from! && slot <= to!) return Number(address!.split('@')[0]!.split(':')[1]);
    }
  }
  throw new Error(`no master serves slot ${slot}`);
}

export async function runTopology(options: TopologyOptions): Promise<TopologyFigures> {
  const log = options.log ?? (() => {});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-topology-'));
  // PgBouncer runs as another user when this runs as root: it must reach its directory inside.
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => void | Promise<void>)[] = [() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })];
  try {
    // PgBouncer and the Redis Cluster.
    const bouncerPort = await freePort();
    const bouncer = spawnSync('bash', [path.join(ROOT, 'test/infra/start-pgbouncer.sh'), path.join(dir, 'pgbouncer')], {
      env: { ...process.env, PGBOUNCER_PORT: String(bouncerPort) },
      encoding: 'utf8',
    });
    if (bouncer.status !== 0) throw new Error(`PgBouncer: ${bouncer.stderr}`);
    cleanups.push(() => void process.kill(Number(fs.readFileSync(path.join(dir, 'pgbouncer/pgbouncer.pid'), 'utf8')), 'SIGTERM'));
    const redisBase = await redisClusterBase();
    const cluster = spawnSync('bash', [path.join(ROOT, 'test/infra/start-redis-cluster.sh'), path.join(dir, 'redis'), String(redisBase)], { encoding: 'utf8' });
    cleanups.push(() => {
      for (const f of fs.readdirSync(path.join(dir, 'redis')).filter((name) => name.endsWith('.pid')))
        spawnSync('kill', [fs.readFileSync(path.join(dir, 'redis', f), 'utf8').trim()]);
    });
    if (cluster.status !== 0) throw new Error(`Redis Cluster: ${cluster.stderr}`);
    // The processes learn the cluster from a node that the failover below leaves alone.
    const queueMaster = masterOfSlot(redisBase, QUEUE_KEY);
    const seed = [0, 1, 2, 3, 4, 5].map((i) => redisBase + i).find((port) => port !== queueMaster && !isReplicaOf(port, queueMaster))!;

    // The database, migrated directly (the migrations Job's part); the processes go through the pooler.
    const database = await createServerDatabase(options.serverUrl, { prefix: 'astro_topology' });
    cleanups.push(() => database.close());
    const pooled = new URL(database.url);
    pooled.port = String(bouncerPort);
    const direct = await createDatabasePool(database.url, 4);
    cleanups.push(() => direct.end());

    const quotaPlan = `topo${randomBytes(3).toString('hex')}`;
    await direct.query(sql.unsafe`insert into plans (code, name, price_cents, request_limit, limit_period, rps_limit, report_credits, public)
      values (${quotaPlan}, 'Topology quota', 0, ${options.quota}, 'day', null, 0, false)`);
    const loadAccount = await createKeyForEmail(direct, { email: `topology-${randomBytes(4).toString('hex')}@example.com`, plan: 'unlimited' });
    await new ReportCreditRepository(direct).grant({
      userId: loadAccount.user_id,
      reason: 'purchase',
      reference: `topology-${loadAccount.user_id}`,
      credits: 10_000,
    });
    const limitAccount = await createKeyForEmail(direct, { email: `topology-limit-${randomBytes(4).toString('hex')}@example.com`, plan: quotaPlan });

    const opsToken = randomBytes(16).toString('hex');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pooled.toString(),
      DATABASE_DIRECT_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      MIGRATE_ON_START: 'false',
      SCHEMA_WAIT_SECONDS: '60',
      REDIS_URL: `redis://127.0.0.1:${seed}`,
      REDIS_CLUSTER: 'true',
      REDIS_KEY_PREFIX: 'topology:',
      AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
      OPS_TOKEN: opsToken,
      REPORT_WORKER: 'external',
      REPORT_WORKER_CONCURRENCY: '2',
      REPORT_LEASE_SECONDS: '6',
      REPORT_SWEEP_INTERVAL_SECONDS: '2',
      REPORT_RETRY_BASE_SECONDS: '1',
      COMPUTE_THREADS: '1',
      SHUTDOWN_TIMEOUT_MS: '2000',
      // A request cut by a kill holds its Idempotency-Key until the claim expires (a retry is told
      // 409 request_in_progress meanwhile); the default two minutes would outlast a short run.
      IDEMPOTENCY_LOCK_SECONDS: '10',
    };
    const procs: Proc[] = [];
    for (let i = 0; i < 3; i++) procs.push({ role: 'api', port: await freePort() });
    for (let i = 0; i < 2; i++) procs.push({ role: 'worker', port: await freePort() });
    // Like a kubelet: a process that ends by itself is counted, its last words kept, and started again.
    const crashes: string[] = [];
    let stopping = false;
    const start = (p: Proc) => {
      const args = p.role === 'api' ? ['dist/src/main.js'] : ['dist/src/cli.js', 'worker', 'reports', '--metrics-port', String(p.port)];
      const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, PORT: String(p.port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let tail = '';
      const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-2000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('exit', (code, signal) => {
        if (stopping || signal === 'SIGKILL' || p.child !== child) return;
        crashes.push(`${p.role} exited (${code ?? signal}): ${tail.trim().split('\n').slice(-3).join(' | ').slice(0, 600)}`);
        setTimeout(() => {
          if (!stopping && p.child === child) start(p);
        }, 1000);
      });
      p.child = child;
    };
    cleanups.push(() => {
      stopping = true;
      for (const p of procs) p.child?.kill('SIGKILL');
    });
    procs.forEach(start);
    const apis = procs.filter((p) => p.role === 'api');
    for (const api of apis) if (!(await waitUntilReady(api.port, 120_000))) throw new Error(`API on ${api.port} did not become ready`);
    // The API takes reports once a worker has announced itself.
    const reportsOpen = async () => {
      const res = await fetch(`http://127.0.0.1:${apis[0]!.port}/readyz`).catch(() => null);
      return res?.ok ?? false;
    };
    while (!(await reportsOpen())) await sleep(200);
    await sleep(3000);
    log('topology up: 3 API processes, 2 report workers, PgBouncer, a six-node Redis Cluster');

    // Requests.
    const counts = { total: 0, answered: 0, retryable: 0, cut: 0, lost: 0 };
    const lostSamples: string[] = [];
    // The clients pick a process as a load balancer would: at random among those that did not
    // refuse a connection in the last second.
    const downUntil = new Map<Proc, number>();
    const pick = async (): Promise<Proc> => {
      for (;;) {
        const up = apis.filter((a) => (downUntil.get(a) ?? 0) < Date.now());
        if (up.length) return up[Math.floor(Math.random() * up.length)]!;
        await sleep(100);
      }
    };
    const send = async (
      route: string,
      body: unknown,
      key: string,
      headers: Record<string, string> = {},
    ): Promise<{ outcome: Outcome; status: number; json?: unknown }> => {
      const api = await pick();
      counts.total++;
      let res: Response;
      try {
        res = await fetch(`http://127.0.0.1:${api.port}${route}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
      } catch {
        counts.cut++;
        downUntil.set(api, Date.now() + 1000);
        return { outcome: 'cut', status: 0 };
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        // The process died while the body was on its way.
        counts.cut++;
        return { outcome: 'cut', status: res.status };
      }
      if (res.ok) {
        counts.answered++;
        return { outcome: 'answered', status: res.status, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
      }
      // 429 and 503 carry Retry-After; 409 request_in_progress says when to ask again for the
      // answer of an Idempotency-Key whose first request is still running (or was cut).
      if (((res.status === 429 || res.status === 503) && res.headers.get('retry-after')) || (res.status === 409 && text.includes('request_in_progress'))) {
        counts.retryable++;
        return { outcome: 'retryable', status: res.status };
      }
      counts.lost++;
      if (lostSamples.length < 10) lostSamples.push(`${route} ${res.status} ${text.slice(0, 200)}`);
      return { outcome: 'lost', status: res.status };
    };

    const orders = new Map<string, string | null>();
    /** Sends an order until it is answered with its job, or `until`; false if it was refused for good. */
    const placeOrder = async (idempotencyKey: string, until: number): Promise<boolean> => {
      while (Date.now() < until) {
        const r = await send('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, loadAccount.key, {
          'idempotency-key': idempotencyKey,
        });
        const jobId = (r.json as { report?: { job_id: string } } | undefined)?.report?.job_id;
        if (jobId) {
          orders.set(idempotencyKey, jobId);
          return true;
        }
        if (r.outcome === 'lost') return false;
        await sleep(300);
      }
      return true;
    };
    const order = async () => {
      const idempotencyKey = randomUUID();
      orders.set(idempotencyKey, null);
      await placeOrder(idempotencyKey, deadline);
    };
    const mixed = [
      () => send('/api/v1/natal/calculate', BIRTH, loadAccount.key),
      () => send('/api/v1/ephemeris/calculate', EXPORT, loadAccount.key),
      () => send('/api/v1/western/transits/timeline', TIMELINE, loadAccount.key),
      order,
    ];

    const rateLimit = { sent: 0, allowed: 0 };
    const deadline = Date.now() + options.durationSeconds * 1000;
    const limitEveryMs = (options.durationSeconds * 1000) / (3 * options.quota);
    const limitLoop = async () => {
      while (Date.now() < deadline) {
        rateLimit.sent++;
        const r = await send('/api/v1/natal/calculate', BIRTH, limitAccount.key);
        if (r.outcome === 'answered') rateLimit.allowed++;
        await sleep(limitEveryMs);
      }
    };
    const client = async () => {
      while (Date.now() < deadline) await mixed[Math.floor(Math.random() * mixed.length)]!();
    };
    const kills = { total: 0, api: 0, worker: 0, redisMaster: 0 };
    const failover = async () => {
      if (!options.redisFailover) return;
      await sleep((options.durationSeconds * 1000) / 2);
      spawnSync('kill', ['-9', fs.readFileSync(path.join(dir, 'redis', `redis-${queueMaster}.pid`), 'utf8').trim()]);
      kills.redisMaster++;
      log(`killed the Redis master on ${queueMaster}, which held the report queue`);
    };
    // A kill every `killEverySeconds` while the load runs, counted in advance: on a busy box the
    // sleeps and restarts run late, and a loop bound by the clock killed fewer processes than planned.
    const plannedKills = Math.max(1, Math.ceil(options.durationSeconds / options.killEverySeconds) - 1);
    const killer = async () => {
      for (let planned = 0; planned < plannedKills; planned++) {
        await sleep(options.killEverySeconds * 1000);
        const victim = procs[Math.floor(Math.random() * procs.length)]!;
        const child = victim.child!;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exited;
        }
        kills.total++;
        kills[victim.role]++;
        start(victim);
      }
    };
    await Promise.all([killer(), failover(), limitLoop(), ...Array.from({ length: options.clients }, client)]);
    log(`load done: ${counts.total} requests, ${kills.total} kills`);
    for (const api of apis) await waitUntilReady(api.port, 120_000);
    // A client whose order was cut asks again with the same key: it must get the job the first
    // request made (once the cut request's claim on the key has expired), never a second one.
    const unsettled = [...orders].filter(([, jobId]) => jobId === null).map(([key]) => key);
    await Promise.all(unsettled.map((key) => placeOrder(key, Date.now() + 120_000)));
    const settledAfterLoad = unsettled.filter((key) => orders.get(key) !== null).length;

    // Every order's job finished (or not, long after), and what it was charged.
    const jobIds = [...orders.values()].filter((id): id is string => id !== null);
    const statuses = async () =>
      direct.any(sql.type(z.object({ id: z.string(), status: z.string() }))`select id, status from report_jobs where id = any(${sql.array(jobIds, 'text')})`);
    // The workers drain the queue at their own pace (a loaded machine prints slowly): a job is
    // lost only if it is still unfinished after the others stopped finishing for two minutes.
    const done = (jobs: readonly { status: string }[]) => jobs.filter((j) => j.status === 'completed' || j.status === 'failed').length;
    for (let last = -1, since = Date.now(); Date.now() - since < 120_000; await sleep(1000)) {
      const now = done(await statuses());
      if (now === jobIds.length) break;
      if (now !== last) [last, since] = [now, Date.now()];
    }
    const finished = await statuses();
    const ledger = await direct.any(sql.type(z.object({ reference: z.string(), reason: z.string(), n: z.number() }))`
      select reference, reason, count(*)::int as n from report_credit_ledger
      where reason in ('reservation', 'refund') and user_id = ${loadAccount.user_id} group by reference, reason`);
    const entries = (reason: string) => ledger.filter((r) => r.reason === reason).reduce((sum, r) => sum + r.n, 0);
    const jobsOfKeys = await direct.any(
      sql.type(z.object({ key: z.string().nullable(), ids: z.array(z.string()) }))`
        select idempotency_key as key, array_agg(id order by id) as ids from report_jobs where user_id = ${loadAccount.user_id} group by idempotency_key`,
    );
    const jobsByKey = new Map(jobsOfKeys.map((row) => [row.key, row.ids]));

    // The metrics of every process.
    // (A worker started again by the last kill opens its port once its Chromium printed a probe page.)
    let scraped = 0;
    for (const p of procs) {
      const url = `http://127.0.0.1:${p.port}/metrics`;
      for (const until = Date.now() + 90_000; Date.now() < until; await sleep(500)) {
        const res = await fetch(url, { headers: p.role === 'api' ? { authorization: `Bearer ${opsToken}` } : {} }).catch(() => null);
        if (res?.ok && (await res.text()).includes('process_cpu_seconds_total')) {
          scraped++;
          break;
        }
      }
    }

    const ordered = [...orders.values()].filter((id) => id !== null).length;
    return {
      durationSeconds: options.durationSeconds,
      processes: { api: 3, workers: 2 },
      requests: { total: counts.total, answered: counts.answered, retryableStatus: counts.retryable, cutByKill: counts.cut, lost: counts.lost, lostSamples },
      kills,
      reports: {
        orders: orders.size,
        jobs: ordered,
        completed: finished.filter((j) => j.status === 'completed').length,
        failed: finished.filter((j) => j.status === 'failed').length,
        lost: finished.filter((j) => j.status !== 'completed' && j.status !== 'failed').length + (jobIds.length - finished.length),
        settledAfterLoad,
        chargedTwice: ledger.filter((r) => r.reason === 'reservation' && r.n > 1).length,
        duplicateJobsPerOrder: jobsOfKeys.reduce((sum, row) => sum + (row.key !== null && orders.has(row.key) ? row.ids.length - 1 : row.ids.length), 0),
        wrongJob: [...orders].filter(([key, jobId]) => jobId !== null && jobsByKey.get(key)?.[0] !== jobId).length,
        creditsSpent: entries('reservation') - entries('refund'),
      },
      rateLimit: { quota: options.quota, sent: rateLimit.sent, allowed: rateLimit.allowed, drift: rateLimit.allowed - options.quota },
      metrics: { processes: procs.length, scraped },
      crashes,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // What is left of a stopped service is not this run's result.
      }
    }
  }
}
