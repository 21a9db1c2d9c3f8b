/**
 * A report worker asked to stop (SIGTERM) whose running job cannot finish before the stop
 * deadline hands the job back to the queue at once (the attempt does not count); the next
 * worker completes it, with one credit spent.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { BIRTH, creditLedger, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { externalWorkerDeployment, holdJobsAfterClaim, startWorkerProcess } from '../helpers/report-worker-process.ts';

const world = externalWorkerDeployment();

const ledger = (jobId: string) => creditLedger(world.server, jobId);

describe('stopping a report worker', () => {
  it('hands a running job back when it cannot finish within the stop deadline', async () => {
    const slow = await startWorkerProcess(world.server, { SHUTDOWN_TIMEOUT_MS: '500' });
    world.workers.push(slow);
    // Its job cannot finish: it is held in the middle until the worker has handed it back.
    const hold = await holdJobsAfterClaim(world.server);
    const { key } = await userWithCredits(world.server, 1);
    const id = (await world.server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key })).body.report
      .job_id;
    const deadline = Date.now() + 30_000;
    while ((await world.server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body.status !== 'running') {
      if (Date.now() > deadline) throw new Error('job never ran');
      await new Promise((r) => setTimeout(r, 50));
    }
    slow.child.kill('SIGTERM');
    // The next worker starts meanwhile; it cannot take the job before it is handed back.
    const replacement = startWorkerProcess(world.server);
    expect(await slow.exited).toBe(1);
    await hold.release();
    expect(slow.lines.join('\n')).toContain('handed back to the queue');
    world.workers.push(await replacement);
    expect((await waitForJob(world.server, id, key, 60_000)).status).toBe('completed');
    // The handed-back attempt does not count: the job completed at its one counted attempt, the
    // replacement's. (Read once the job is done: the replacement may claim it, counting its own
    // attempt, at any moment after the hand-back.)
    const row = await world.server.db.one(
      sql.type(z.object({ status: z.string(), attempts: z.number() }))`select status, attempts from report_jobs where id = ${id}`,
    );
    expect(row).toEqual({ status: 'completed', attempts: 1 });
    expect((await ledger(id)).map((l) => l.reason)).toEqual(['reservation']);
  });
});
