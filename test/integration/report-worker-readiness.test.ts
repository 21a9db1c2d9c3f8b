/**
 * A report worker process counts as one that can make reports only once its Chromium printed a
 * probe page: one whose Chromium cannot start never announces itself, so the API refuses orders
 * with 503 reports_unavailable before any credit is taken. A clean stop withdraws the
 * announcement first thing, while the worker still finishes what it was doing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { startWorkerProcess, type WorkerProcess } from '../helpers/report-worker-process.ts';
import { waitFor } from '../helpers/wait-for.ts';

let server: TestServer;
const workers: WorkerProcess[] = [];
let receiver: http.Server;
let hookUrl = '';
const arrived: string[] = [];
/** Requests the receiver holds open until the test answers them. */
const waiting: http.ServerResponse[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.push(req.url!);
      waiting.push(res);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { REPORT_WORKER: 'external', REPORT_CALLBACK_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  for (const res of waiting) res.end();
  for (const w of workers) w.child.kill('SIGKILL');
  await server?.close();
  receiver?.close();
});

const announced = (pid: number) => server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_workers where pid = ${pid}`);
const order = (key: string, report: Record<string, unknown> = {}) =>
  server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true, ...report } }, { 'x-api-key': key });

describe('report worker readiness', () => {
  it('a worker whose Chromium cannot start never announces itself: orders are refused before any credit', async () => {
    // /bin/false is an executable that is found, and exits at once when started.
    const broken = await startWorkerProcess(server, { CHROMIUM_PATH: '/bin/false' }, [], { until: 'takes no report until Chromium prints the probe page' });
    workers.push(broken);
    // It went on trying at its sweeps (each one second here) and still has not announced itself.
    await waitFor(() => broken.lines.filter((l) => l.includes('Chromium cannot print the probe page')).length >= 2, 'a second failed probe');
    expect(await announced(broken.child.pid!)).toBe(0);
    const { key, userId } = await userWithCredits(server, 1);
    const res = await order(key);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('reports_unavailable');
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
    expect(await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where user_id = ${userId}`)).toBe(0);
    expect((await server.get('/readyz')).body.checks.reports).toBe('unavailable');
    broken.child.kill('SIGTERM');
    expect(await broken.exited).toBe(0);
  });

  it('a clean stop withdraws the announcement at once, before the worker has finished stopping', async () => {
    // The stop waits for a callback in flight (its receiver holds it): the worker is surely still stopping.
    const worker = await startWorkerProcess(server, {
      REPORT_CALLBACK_ALLOW_LOOPBACK: 'true',
      REPORT_CALLBACK_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '120000',
    });
    workers.push(worker);
    expect(await announced(worker.child.pid!)).toBe(1);
    const { key } = await userWithCredits(server, 2);
    const res = await order(key, { callback_url: `${hookUrl}/hook/held` });
    expect(res.status).toBe(200);
    expect((await waitForJob(server, res.body.report.job_id, key)).status).toBe('completed');
    await waitFor(() => arrived.includes('/hook/held'), 'the callback to arrive');

    worker.child.kill('SIGTERM');
    await waitFor(async () => (await announced(worker.child.pid!)) === 0, 'the announcement to be withdrawn');
    expect(worker.child.exitCode).toBeNull();
    // The API stops accepting orders (its answer is cached for two seconds) while the worker still stops.
    await waitFor(async () => (await server.get('/readyz')).body.checks.reports === 'unavailable', 'the API to see no worker');
    const refused = await order(key);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('reports_unavailable');
    expect(worker.child.exitCode).toBeNull();
    for (const held of waiting.splice(0)) held.end();
    expect(await worker.exited).toBe(0);
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
  });
});
