/**
 * The report queue's order and the demo bounds. The claim picks what runs, whatever job id woke
 * the worker: paid jobs before free (demo) ones, then the account with the fewest jobs running,
 * then the one served longest ago, then the oldest job. With a real worker process on each
 * transport (BullMQ on Redis, PostgreSQL polling), a paying account's job submitted after another
 * account's backlog of demo jobs is claimed first. Demo reports are refused beyond their bounds
 * (429 for the account, 503 for the deployment) without making a job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { useTestDatabasePool } from '../helpers/database.ts';
import { BIRTH, DEMO, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { startWorkerProcess, type WorkerProcess } from '../helpers/report-worker-process.ts';
import { newReportJobId, ReportJobRepository } from '../../src/reports/store/report-jobs.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { waitFor } from '../helpers/wait-for.ts';

const database = useTestDatabasePool();

describe('the claim order', () => {
  async function account(name: string): Promise<string> {
    return (await createKeyForEmail(database.pool, { email: `${name}-${process.pid}@example.com`, plan: 'unlimited' })).user_id;
  }
  async function job(userId: string, paid: boolean): Promise<string> {
    const id = newReportJobId();
    await database.pool.transaction((tx) =>
      new ReportJobRepository(database.pool).insert(tx, { id, userId, idempotencyKey: null, birth: {}, options: {}, creditReserved: paid, maxAttempts: 3 }),
    );
    return id;
  }
  const finish = (id: string) => database.pool.query(sql.unsafe`update report_jobs set status = 'completed', lease_until = null where id = ${id}`);

  it('runs paid jobs first, then goes round the accounts with free jobs, oldest job first within one', async () => {
    const jobs = new ReportJobRepository(database.pool);
    const [backlog, payer, visitor] = [await account('backlog'), await account('payer'), await account('visitor')];
    const a = [];
    for (let i = 0; i < 4; i++) a.push(await job(backlog, false));
    const paid = await job(payer, true);
    const demo = await job(visitor, false);

    // One worker slot: each job ends before the next is claimed.
    const order: string[] = [];
    for (let claimed = await jobs.claimNext('w1', 30); claimed; claimed = await jobs.claimNext('w1', 30)) {
      order.push(claimed.id);
      await finish(claimed.id);
    }
    expect(order).toEqual([paid, a[0], demo, a[1], a[2], a[3]]);
  });

  it('prefers an account with nothing running over one whose job is running', async () => {
    const jobs = new ReportJobRepository(database.pool);
    const [busy, idle] = [await account('busy'), await account('idle')];
    const busyJobs = [await job(busy, false), await job(busy, false)];
    const idleJob = await job(idle, false);
    // Two slots: the busy account's first job runs; the second slot goes to the idle account's job,
    // although the busy account's second job is older.
    expect((await jobs.claimNext('w1', 30))?.id).toBe(busyJobs[0]);
    expect((await jobs.claimNext('w2', 30))?.id).toBe(idleJob);
    expect((await jobs.claimNext('w1', 30))?.id).toBe(busyJobs[1]);
    expect(await jobs.claimNext('w1', 30)).toBeNull();
  });
});

/** Starts a test server without Redis, so that its reports use the PostgreSQL transport. */
async function withoutRedis<T>(start: () => Promise<T>): Promise<T> {
  const saved = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  try {
    return await start();
  } finally {
    if (saved !== undefined) process.env.REDIS_URL = saved;
  }
}

const transports = [
  { name: 'BullMQ on Redis', start: (env: Record<string, string>) => startTestServer({ env }), runs: Boolean(process.env.REDIS_URL) },
  { name: 'PostgreSQL polling', start: (env: Record<string, string>) => withoutRedis(() => startTestServer({ env })), runs: true },
];

describe.each(transports)('a paying account behind a demo backlog ($name)', ({ start, runs, name }) => {
  let server: TestServer;
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    if (!runs) return;
    server = await start({ REPORT_WORKER: 'external', REPORT_DEMO_MAX_PER_ACCOUNT: '10' });
  });
  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await server?.close();
  });

  it.runIf(runs)("has its job claimed before the backlog's waiting jobs", async () => {
    expect(server.config.REDIS_URL ? 'BullMQ on Redis' : 'PostgreSQL polling').toBe(name);
    worker = await startWorkerProcess(server, { REPORT_WORKER_CONCURRENCY: '1' });
    // Frozen only once it has announced itself, so that the API accepts reports meanwhile.
    await waitFor(
      async () => (await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_workers`)) > 0,
      'the worker to announce itself',
    );
    // The worker is frozen while the jobs are submitted: every job is waiting when it takes its first.
    process.kill(worker.child.pid!, 'SIGSTOP');
    const backlog = await userWithCredits(server, 0);
    for (let i = 0; i < 4; i++) {
      const res = await server.post('/api/v1/natal/calculate', { ...DEMO, psychological_report: { enabled: true } }, { 'x-api-key': backlog.key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.report.credit_charged).toBe(false);
    }
    const payer = await userWithCredits(server, 1);
    const paid = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': payer.key });
    expect(paid.status).toBe(200);
    const paidId = paid.body.report.job_id as string;
    process.kill(worker.child.pid!, 'SIGCONT');

    expect((await waitForJob(server, paidId, payer.key, 120_000)).status).toBe('completed');
    const started = await server.db.any(sql.type(z.object({ id: z.string() }))`
      select id from report_jobs where started_at is not null order by started_at, id`);
    expect(started[0]?.id).toBe(paidId);
  });
});

describe('the demo bounds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { REPORT_WORKER: 'external', REPORT_DEMO_MAX_PER_ACCOUNT: '2', REPORT_DEMO_MAX_OPEN: '3' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a third waiting demo report of one account with 429, and any beyond the deployment's bound with 503, making no job", async () => {
    // A worker that announced itself and takes nothing: the demo jobs stay waiting.
    await server.db.query(sql.unsafe`insert into report_workers (id, hostname, pid, chromium) values ('idle-worker', 'test', 1, '/usr/bin/chromium')`);
    const submit = (key: string) => server.post('/api/v1/natal/calculate', { ...DEMO, psychological_report: { enabled: true } }, { 'x-api-key': key });
    const [first, second, third] = [await userWithCredits(server, 0), await userWithCredits(server, 0), await userWithCredits(server, 1)];
    for (let i = 0; i < 2; i++) {
      const res = await submit(first.key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const mine = await submit(first.key);
    expect(mine.status).toBe(429);
    expect(mine.body).toMatchObject({ code: 'demo_report_limit', detail: expect.stringContaining('at most 2') });
    expect(mine.headers.get('retry-after')).toMatch(/^\d+$/);

    expect((await submit(second.key)).status).toBe(200);
    const all = await submit(third.key);
    expect(all.status).toBe(503);
    expect(all.body).toMatchObject({ code: 'demo_reports_busy' });
    expect(all.headers.get('retry-after')).toMatch(/^\d+$/);

    // A paid report is not bounded by the demo reports.
    const paid = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': third.key });
    expect(paid.status).toBe(200);
    const counts = await server.db.one(sql.type(z.object({ free: z.number(), paid: z.number() }))`
      select count(*) filter (where not credit_reserved)::int as free, count(*) filter (where credit_reserved)::int as paid from report_jobs`);
    expect(counts).toEqual({ free: 3, paid: 1 });
  });
});
