/**
 * Report callbacks and final failures: a signed POST (Standard Webhooks) to callback_url when the
 * job completes, retried with the same webhook-id after the receiver answers 500 and delivered
 * once; the account's secret in GET /api/v1/auth/me, rotatable; internal addresses refused. A
 * job whose Chromium never starts fails after its attempts, answers 409 report_not_ready for
 * its PDF, gives its credit back exactly once and announces report.failed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { verifyWebhook } from '../../src/reports/callbacks/callback-signature.ts';
import { isInternalAddress, safeLookup, UnsafeCallbackTarget } from '../../src/reports/callbacks/safe-target.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';
import { chromiumThatStartsOnce } from '../helpers/report-worker-process.ts';
import { waitFor } from '../helpers/wait-for.ts';

interface Receipt {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

let server: TestServer;
let failing: TestServer;
let onceChromium: ReturnType<typeof chromiumThatStartsOnce> | undefined;
let receiver: http.Server;
let hookUrl = '';
const receipts: Receipt[] = [];
const answers = new Map<string, number[]>();
/** Paths answered with the same status however often they are called. */
const alwaysAnswers = new Map<string, number>();
/** The next request to a path is answered only once its promise settles. */
const held = new Map<string, Promise<void>>();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      receipts.push({ headers: req.headers, body, path: req.url! });
      const planned = answers.get(req.url!) ?? [];
      res.statusCode = alwaysAnswers.get(req.url!) ?? planned.shift() ?? 204;
      const hold = held.get(req.url!);
      held.delete(req.url!);
      if (hold) void hold.then(() => res.end());
      else res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const callbackEnv = {
    REPORT_WORKER: 'in_process',
    REPORT_SWEEP_INTERVAL_SECONDS: '1',
    REPORT_CALLBACK_ALLOW_LOOPBACK: 'true',
    REPORT_CALLBACK_RETRY_BASE_SECONDS: '0.3',
    REPORT_CALLBACK_MAX_ATTEMPTS: '20',
    REPORT_CALLBACK_TIMEOUT_MS: '60000',
  };
  server = await startTestServer({ env: callbackEnv });
  // A Chromium that starts once (the worker's probe passes) and never again once the test ended
  // that first one: every job's attempt is a transient fault, retried until the attempts are spent.
  onceChromium = chromiumThatStartsOnce();
  failing = await startTestServer({ env: { ...callbackEnv, CHROMIUM_PATH: onceChromium.path, REPORT_MAX_ATTEMPTS: '2', REPORT_RETRY_BASE_SECONDS: '0.2' } });
});
afterAll(async () => {
  await server?.close();
  await failing?.close();
  onceChromium?.remove();
  receiver?.close();
});

const callbackRow = (target: TestServer, jobId: string) =>
  target.db.maybeOne(sql.type(z.object({ status: z.string(), attempts: z.number(), last_error: z.string().nullable() }))`
  select status, attempts, last_error from report_callbacks where job_id = ${jobId}`);

describe('report callbacks', () => {
  it('signs the completion callback with the account secret, retries after a 500 and delivers once', async () => {
    const { key, userId } = await userWithCredits(server, 1);
    answers.set('/hook/ok', [500]);
    const res = await server.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, psychological_report: { enabled: true, callback_url: `${hookUrl}/hook/ok` } },
      { 'x-api-key': key },
    );
    expect(res.status).toBe(200);
    const id = res.body.report.job_id;
    await waitForJob(server, id, key);
    const mine = () => receipts.filter((r) => r.path === '/hook/ok');
    await waitFor(() => mine().length >= 2, 'the retried callback');
    await waitFor(async () => (await callbackRow(server, id))?.status === 'delivered', 'the delivery to be recorded');
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine()).toHaveLength(2);
    // The job's status says how its callback went.
    const job = (await server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body;
    expect(job.callback).toMatchObject({ url: `${hookUrl}/hook/ok`, status: 'delivered', attempts: 2, delivered_at: expect.stringMatching(/Z$/) });
    const [first, second] = mine();
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(JSON.parse(second!.body)).toMatchObject({ event: 'report.completed', job_id: id, status: 'completed' });

    const token = await server.token(userId);
    const me = await server.bearer('GET', '/api/v1/auth/me', token);
    expect(me.status).toBe(200);
    const secret = me.body.report_webhook_secret as string;
    expect(secret).toMatch(/^whsec_/);
    for (const receipt of [first!, second!]) {
      const headers = {
        id: String(receipt.headers['webhook-id']),
        timestamp: String(receipt.headers['webhook-timestamp']),
        signature: String(receipt.headers['webhook-signature']),
      };
      expect(headers.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(verifyWebhook(secret, headers, receipt.body)).toBe(true);
      expect(verifyWebhook(secret, headers, receipt.body.replace('completed', 'failed'))).toBe(false);
    }
    const rotated = await server.bearer('POST', '/api/v1/auth/webhook-secret/rotate', token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.report_webhook_secret).not.toBe(secret);
    expect((await server.bearer('GET', '/api/v1/auth/me', token)).body.report_webhook_secret).toBe(rotated.body.report_webhook_secret);
  });

  it('shows a failing delivery in the job status: pending, its attempts and the last answer', async () => {
    const { key } = await userWithCredits(server, 1);
    // Every attempt answers 503, and 20 attempts 0.3 s apart doubling take hours: whenever the
    // status is read, the delivery is pending and its last recorded answer is a 503.
    alwaysAnswers.set('/hook/down', 503);
    // The first attempt is answered only after the status was read while it was in flight.
    let answerFirst!: () => void;
    held.set(
      '/hook/down',
      new Promise<void>((resolve) => {
        answerFirst = resolve;
      }),
    );
    const res = await server.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, psychological_report: { enabled: true, callback_url: `${hookUrl}/hook/down` } },
      { 'x-api-key': key },
    );
    const id = res.body.report.job_id;
    await waitForJob(server, id, key);
    await waitFor(() => receipts.some((r) => r.path === '/hook/down'), 'the first delivery attempt');
    // An attempt in flight is not yet an attempt with an outcome: no count beside an answer it has not had.
    try {
      const inFlight = (await server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body;
      expect(inFlight.callback).toMatchObject({ status: 'pending', attempts: 0, last_status_code: null });
    } finally {
      answerFirst();
    }
    const job = await waitFor(async () => {
      const body = (await server.get(`/api/v1/natal/report/${id}`, { 'x-api-key': key })).body;
      return body.callback?.attempts >= 1 ? body : undefined;
    }, 'the attempt to be recorded');
    expect(job.callback).toMatchObject({ url: `${hookUrl}/hook/down`, status: 'pending', last_status_code: 503, delivered_at: null });
  });

  it('refuses callbacks to internal addresses and to plain http', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    // IPv6 forms that carry an internal IPv4 address: mapped in any spelling, compatible, NAT64, 6to4, Teredo; and site-local.
    for (const address of [
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:0:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      'fe80::1%eth0',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34', '::ffff:5db8:d822', '2a00:1450:4001::200e'])
      expect(isInternalAddress(address), address).toBe(false);
    // A name is checked on the address it resolves to, when the connection is made.
    const refused = await new Promise<Error | null>((resolve) => safeLookup({ allowLoopback: false })('localhost', {}, (error) => resolve(error)));
    expect(refused).toBeInstanceOf(UnsafeCallbackTarget);
    // Literal internal addresses and plain http are refused at submit, before any credit.
    const { key, userId } = await userWithCredits(server, 1);
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'http://example.com/hook',
      'https://10.0.0.5/hook',
      'https://[::1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[2002:a9fe:a9fe::]/hook',
      'https://localhost/hook',
      'https://api.LOCALHOST./hook',
    ]) {
      const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true, callback_url: url } }, { 'x-api-key': key });
      expect(res.status, url).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'psychological_report', 'callback_url']);
    }
    expect(await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where user_id = ${userId}`)).toBe(0);
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
  });
});

describe('a job that finally fails', () => {
  it('fails after its attempts, refunds its credit once, answers 409 for the PDF and calls back', async () => {
    const { key, userId } = await userWithCredits(failing, 2);
    // The worker's Chromium printed its probe page; it now goes away and cannot be started again.
    onceChromium!.killFirst();
    const res = await failing.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, psychological_report: { enabled: true, callback_url: `${hookUrl}/hook/failed` } },
      { 'x-api-key': key },
    );
    expect(res.status).toBe(200);
    const id = res.body.report.job_id;
    expect((await failing.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
    const done = await waitForJob(failing, id, key);
    expect(done).toMatchObject({ status: 'failed', result: null, pdf_url: null, next_poll_after_seconds: null });
    expect(done.error.code).toBe('report_generation_failed');
    // The service's own words, not the browser library's.
    expect(done.error.message).toBe('The report could not be made after 2 attempts; any credit it took was given back.');
    const pdf = await failing.get(`/api/v1/natal/report/${id}?format=pdf`, { 'x-api-key': key });
    expect(pdf.status).toBe(409);
    expect(pdf.body.code).toBe('report_not_ready');
    expect((await failing.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(2);
    expect(await new ReportCreditRepository(failing.db).refund(userId, id)).toBe(false);
    const reasons = await failing.db.anyFirst(
      sql.type(z.object({ reason: z.string() }))`select reason from report_credit_ledger where reference = ${id} order by id`,
    );
    expect(reasons).toEqual(['reservation', 'refund']);
    const receipt = await waitFor(() => receipts.find((r) => r.path === '/hook/failed'), 'the failure callback');
    expect(JSON.parse(receipt.body)).toMatchObject({ event: 'report.failed', job_id: id, status: 'failed', error: { code: 'report_generation_failed' } });
    // A worker whose Chromium no longer starts stops counting as one that can render: the next
    // order is refused before any credit is taken, in the service's words.
    const refused = await waitFor(async () => {
      const next = await failing.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key });
      return next.status === 503 ? next : undefined;
    }, 'the next order to be refused');
    expect(refused.body).toEqual({ code: 'reports_unavailable', detail: expect.stringContaining('No credit was taken') });
    expect((await failing.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(2);
    expect((await failing.get('/readyz')).body.checks.reports).toBe('unavailable');
  });
});
