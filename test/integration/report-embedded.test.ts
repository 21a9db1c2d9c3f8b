/**
 * Reports in the embedded mode: `npm start`'s server with no DATABASE_URL and no REDIS_URL runs
 * its report worker in-process on PGlite with the PostgreSQL-polling transport, and makes a PDF
 * end to end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { migratedDataDir } from '../helpers/migrated-data-dir.ts';
import { BIRTH, DEMO, readPdf } from '../helpers/reports.ts';
import { mintToken } from '../../src/features/auth/token.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('reports in the embedded mode', () => {
  it("makes a PDF with npm start's defaults: PGlite, no Redis, the worker in the server", async () => {
    // Migrated beforehand: a first start is other tests' business.
    const DATA_DIR = await migratedDataDir('astro-reports-');
    dirs.push(DATA_DIR);
    const port = await freePort();
    const secret = randomBytes(32).toString('hex');
    const server = spawn(process.execPath, [built('src/main.ts')], {
      cwd: root,
      env: { ...cleanEnv, DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', COMPUTE_MODE: 'inline', AUTH_JWT_SECRET: secret },
      stdio: 'ignore',
    });
    children.push(server);
    expect(await waitUntilReady(port)).toBe(true);
    const base = `http://127.0.0.1:${port}`;
    // A new user signs up through the dashboard API (free plan: no credits) and makes a key.
    const token = await mintToken({ userId: 'embedded-user', email: 'embedded@example.com', secret });
    const dashboard = (urlPath: string, body: unknown) =>
      fetch(base + urlPath, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await dashboard('/api/v1/auth/sync', { user_id: 'embedded-user', email: 'embedded@example.com' })).status).toBe(200);
    const key = ((await (await dashboard('/api/v1/auth/keys', { name: 'reports' })).json()) as { key: string }).key;
    // The free plan allows one request a second.
    const call = async (method: string, urlPath: string, body?: unknown) => {
      await new Promise((r) => setTimeout(r, 1050));
      const res = await fetch(base + urlPath, {
        method,
        headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
    };
    expect((await call('GET', '/readyz')).body.checks.reports).toBe('ok');
    expect((await call('GET', '/api/v1/natal/report-credits')).body.remaining).toBe(0);
    // The demo subject costs no credit; anything else would be a 402 on the free plan.
    const refused = await call('POST', '/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } });
    expect(refused.status).toBe(402);
    const submitted = await call('POST', '/api/v1/natal/calculate', { ...DEMO, psychological_report: { enabled: true, pdf_footer_label: 'Embedded' } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.report.credit_charged).toBe(false);
    const id = submitted.body.report.job_id;
    let status: any;
    // Generous: the whole test took 59 s in the full suite on a 2-core box, where other files load both cores.
    const deadline = Date.now() + 180_000;
    do {
      status = (await call('GET', `/api/v1/natal/report/${id}`)).body;
    } while (!['completed', 'failed'].includes(status.status) && Date.now() < deadline);
    expect(status.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 1050));
    const pdf = await fetch(`${base}/api/v1/natal/report/${id}?format=pdf`, { headers: { 'x-api-key': key } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Synthetic Demo Candidate');
    expect(text).toContain('Embedded');
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
  }, 300_000);
});
