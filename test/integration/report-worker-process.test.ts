/**
 * Reports made by a separate `cli worker reports` process (BullMQ on Redis): without a worker the
 * submit is refused before any credit is taken; a worker killed with SIGKILL in the middle of a
 * job loses nothing (another worker takes the job over once its lease runs out, and it completes
 * once, with one credit spent); SIGTERM stops a worker gracefully.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { BIRTH, creditLedger, fetchBytes, readPdf, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { externalWorkerDeployment, holdJobsAfterClaim, startWorkerProcess } from '../helpers/report-worker-process.ts';
import { freePort } from '../helpers/child-server.ts';

const world = externalWorkerDeployment();

const ledger = (jobId: string) => creditLedger(world.server, jobId);

describe('report worker processes', () => {
  it('refuses a report with 503 and a way out while no worker runs, before taking a credit', async () => {
    const { key, userId } = await userWithCredits(world.server, 1);
    const res = await world.server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key });
    expect(res.status).toBe(503);
    expect(res.body.detail).toContain('worker reports');
    expect(res.body.detail).toContain('apt-get install chromium');
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
    expect(await world.server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where user_id = ${userId}`)).toBe(0);
    expect((await world.server.get('/readyz')).body.checks.reports).toBe('unavailable');
  });

  it('completes a job once, with one credit, after its worker is killed in the middle of it', async () => {
    const first = await startWorkerProcess(world.server);
    world.workers.push(first);
    const hold = await holdJobsAfterClaim(world.server);
    const { key } = await userWithCredits(world.server, 2);
    const res = await world.server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key });
    expect(res.status).toBe(200);
    const id = res.body.report.job_id;
    // Wait until the first worker holds the job, then kill it without warning.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = (await world.server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body;
      if (status.status === 'running') break;
      if (Date.now() > deadline) throw new Error(`job never ran: ${JSON.stringify(status)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await hold.release();

    const metricsPort = await freePort();
    const second = await startWorkerProcess(world.server, {}, ['--metrics-port', String(metricsPort)]);
    world.workers.push(second);
    const done = await waitForJob(world.server, id, key, 60_000);
    expect(done.status).toBe('completed');
    const row = await world.server.db.one(
      sql.type(z.object({ attempts: z.number(), worker_id: z.string() }))`select attempts, worker_id from report_jobs where id = ${id}`,
    );
    expect(row.attempts).toBe(2);
    expect(second.lines.join('\n')).toContain(id);
    expect((await ledger(id)).map((l) => l.reason)).toEqual(['reservation']);
    expect((await world.server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
    const pdf = await fetchBytes(world.server, done.pdf_url, key);
    expect(readPdf(pdf.bytes).text).toContain('Ada Quillfeather');
    expect((await world.server.get('/readyz')).body.checks.reports).toBe('ok');
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toContain('report_jobs_finished_total{outcome="completed"} 1');
    expect(metrics).toMatch(/report_jobs\{state="completed"\} 1/);
  });

  it('stops gracefully on SIGTERM and says so in report_workers', async () => {
    const worker = world.workers[world.workers.length - 1]!;
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.lines.join('\n')).toContain('report worker stopped');
    const alive = await world.server.db.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_workers where pid = ${worker.child.pid!}`,
    );
    expect(alive).toBe(0);
  });
});
