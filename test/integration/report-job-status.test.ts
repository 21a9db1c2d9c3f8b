/**
 * What a job's status says while it waits: its place in the queue and the estimated start and
 * finish (from recent reports); `stalled` with the time it is tried again once its worker died,
 * instead of `running` as the worker left it. A failed callback sent again by the job's owner
 * (POST /api/v1/natal/report/{job_id}/callback), and a delivery that then works clearing its error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { holdJobsAfterClaim, startWorkerProcess, type WorkerProcess } from '../helpers/report-worker-process.ts';
import { waitFor } from '../helpers/wait-for.ts';

let external: TestServer;
let inProcess: TestServer;
const workers: WorkerProcess[] = [];
let receiver: http.Server;
let hookUrl = '';
let hookAnswer = 500;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = hookAnswer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The API reads the deployment's lease and sweep settings to say when a stalled job is retried.
  external = await startTestServer({ env: { REPORT_WORKER: 'external', REPORT_LEASE_SECONDS: '3', REPORT_SWEEP_INTERVAL_SECONDS: '1' } });
  inProcess = await startTestServer({
    env: { REPORT_WORKER: 'in_process', REPORT_CALLBACK_ALLOW_LOOPBACK: 'true', REPORT_CALLBACK_MAX_ATTEMPTS: '2', REPORT_CALLBACK_RETRY_BASE_SECONDS: '0.05' },
  });
});
afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  await external?.close();
  await inProcess?.close();
  receiver?.close();
});

const statusOf = async (server: TestServer, id: string, key: string) => (await server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body;
const order = async (server: TestServer, key: string, report: Record<string, unknown> = {}) => {
  const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true, ...report } }, { 'x-api-key': key });
  expect(res.status).toBe(200);
  return res.body.report.job_id as string;
};
const killed = async (worker: WorkerProcess) => {
  worker.child.kill('SIGKILL');
  await worker.exited;
};

describe("a waiting job's status", () => {
  it('says its place in the queue and when it should start and finish; a job whose worker died says stalled and when it is retried', async () => {
    const { key } = await userWithCredits(external, 4);
    // One report made, for the estimates to go by; then the worker dies idle (its announcement
    // is still fresh, so orders are taken, and nothing runs them).
    const first = await startWorkerProcess(external, { REPORT_WORKER_CONCURRENCY: '1' });
    workers.push(first);
    expect((await waitForJob(external, await order(external, key), key)).status).toBe('completed');
    await killed(first);

    const ids = [await order(external, key), await order(external, key), await order(external, key)];
    for (const [index, id] of ids.entries()) {
      const job = await statusOf(external, id, key);
      expect(job).toMatchObject({ status: 'queued', queue_position: index + 1, retry_at: null });
      expect(Date.parse(job.estimated_finish_at)).toBeGreaterThan(Date.parse(job.estimated_start_at));
    }
    const [second, third] = await Promise.all(ids.slice(0, 2).map((id) => statusOf(external, id, key)));
    expect(Date.parse(third.estimated_start_at)).toBeGreaterThan(Date.parse(second.estimated_start_at));

    // A worker takes the first of them and dies in the middle of it (held there, so surely still running).
    const hold = await holdJobsAfterClaim(external);
    try {
      const doomed = await startWorkerProcess(external, { REPORT_WORKER_CONCURRENCY: '1' });
      workers.push(doomed);
      await waitFor(async () => (await statusOf(external, ids[0]!, key)).status === 'running', 'the job to run');
      await killed(doomed);
    } finally {
      await hold.release();
    }
    const stalled = await waitFor(async () => {
      const job = await statusOf(external, ids[0]!, key);
      return job.status === 'stalled' ? job : undefined;
    }, 'the job to show stalled');
    expect(stalled).toMatchObject({ stage: 'stalled', queue_position: null, next_poll_after_seconds: 2 });
    expect(Date.parse(stalled.retry_at)).toBeGreaterThan(Date.parse(stalled.updated_at));
    expect((await statusOf(external, ids[1]!, key)).queue_position).toBe(1);

    // A live worker retries it and makes the others; nothing is left to estimate once they end.
    workers.push(await startWorkerProcess(external));
    for (const id of ids) {
      const done = await waitForJob(external, id, key, 120_000);
      expect(done).toMatchObject({ status: 'completed', queue_position: null, estimated_start_at: null, estimated_finish_at: null, retry_at: null });
    }
    // Three worker processes started and four reports printed: over 100 s in CI, where two other
    // files load both cores.
  }, 300_000);
});

describe('sending a failed callback again', () => {
  it("is for the job's owner and a failed callback only; a delivery that works clears the error", async () => {
    const owner = await userWithCredits(inProcess, 2);
    const other = await userWithCredits(inProcess, 0);
    hookAnswer = 500;
    const id = await order(inProcess, owner.key, { callback_url: `${hookUrl}/hook/resend` });
    await waitForJob(inProcess, id, owner.key);
    const failed = await waitFor(async () => {
      const job = await statusOf(inProcess, id, owner.key);
      return job.callback?.status === 'failed' ? job : undefined;
    }, 'the callback to be given up');
    expect(failed.callback).toMatchObject({ attempts: 2, last_status_code: 500, last_error: 'answered 500' });

    const resend = (key: string, jobId = id) => inProcess.post(`/api/v1/natal/report/${jobId}/callback`, undefined, { 'x-api-key': key });
    const stranger = await resend(other.key);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('report_not_found');

    hookAnswer = 204;
    const accepted = await resend(owner.key);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ job_id: id, callback: { status: 'pending', attempts: 0 } });
    const delivered = await waitFor(async () => {
      const job = await statusOf(inProcess, id, owner.key);
      return job.callback?.status === 'delivered' ? job : undefined;
    }, 'the callback to be delivered');
    expect(delivered.callback).toMatchObject({ attempts: 1, last_status_code: 204, last_error: null });

    const again = await resend(owner.key);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('callback_not_resendable');
    const plain = await order(inProcess, owner.key);
    await waitForJob(inProcess, plain, owner.key);
    const none = await resend(owner.key, plain);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('callback_not_resendable');
  });
});
