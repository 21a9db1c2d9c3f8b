/**
 * Report availability and variants with the worker in the API process: without a Chromium a
 * report is refused with 503 and how to install one, before any credit is reserved; the PDF
 * with or without the branding logo as GET asks; the report metrics.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { Resvg } from '@resvg/resvg-js';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, fetchBytes, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { ReportBrandingRepository } from '../../src/reports/store/report-branding.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('report availability and variants', () => {
  it('the worker command says what it needs instead of starting without it', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL'].includes(k)));
    const noDatabase = spawnSync(process.execPath, [built('src/cli.ts'), 'worker', 'reports'], { cwd: root, env, encoding: 'utf8' });
    expect(noDatabase.status).toBe(2);
    expect(noDatabase.stderr).toContain('needs DATABASE_URL');
    // Chromium is looked for before the database is reached: any DATABASE_URL passes that far.
    const noChromium = spawnSync(process.execPath, [built('src/cli.ts'), 'worker', 'reports'], {
      cwd: root,
      env: { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused', CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    });
    expect(noChromium.status).toBe(2);
    expect(noChromium.stderr).toContain('apt-get install chromium');
  });

  it('refuses a report with 503 and how to install Chromium when there is none, before any credit', async () => {
    const server = await startTestServer({ env: { REPORT_WORKER: 'in_process', CHROMIUM_PATH: '/nonexistent/chromium' } });
    servers.push(server);
    const { key, userId } = await userWithCredits(server, 1);
    const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key });
    expect(res.status).toBe(503);
    expect(res.body.detail).toContain('apt-get install chromium');
    expect(res.body.detail).toContain('CHROMIUM_PATH');
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
    expect(await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where user_id = ${userId}`)).toBe(0);
    expect((await server.get('/readyz')).body.checks.reports).toBe('unavailable');
    // A report is off by default: the natal chart itself is served as before.
    expect((await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: false } }, { 'x-api-key': key })).status).toBe(200);
  });

  it('serves the PDF with or without the branding logo as GET asks, and counts reports in /metrics', async () => {
    const server = await startTestServer({ env: { REPORT_WORKER: 'in_process' } });
    servers.push(server);
    const { key, userId } = await userWithCredits(server, 1);
    const png = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#c0392b"/><circle cx="20" cy="20" r="14" fill="#fff"/></svg>',
    )
      .render()
      .asPng();
    await new ReportBrandingRepository(server.db).save(userId, {
      contentType: 'image/png',
      bytes: Buffer.from(png),
      sha256: 'x'.repeat(64),
      width: 120,
      height: 40,
    });
    const res = await server.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, psychological_report: { enabled: true, include_profile_branding_logo: true } },
      { 'x-api-key': key },
    );
    const done = await waitForJob(server, res.body.report.job_id, key);
    expect(done.include_profile_branding_logo).toBe(true);
    const stored = await fetchBytes(server, done.pdf_url, key);
    const withLogo = await fetchBytes(server, `${done.pdf_url}&include_profile_branding_logo=true`, key);
    const without = await fetchBytes(server, `${done.pdf_url}&include_profile_branding_logo=false`, key);
    expect(stored.headers.get('etag')).toBe(withLogo.headers.get('etag'));
    expect(without.headers.get('etag')).not.toBe(withLogo.headers.get('etag'));
    expect(withLogo.headers.get('x-branding-logo')).toBe('included');
    expect(without.headers.get('x-branding-logo')).toBeNull();
    const images = (bytes: Buffer) => {
      const file = path.join(os.tmpdir(), `logo-${process.pid}-${Math.random()}.pdf`);
      fs.writeFileSync(file, bytes);
      try {
        return spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' })
          .stdout.split('\n')
          .slice(2)
          .filter((l) => l.trim()).length;
      } finally {
        fs.rmSync(file);
      }
    };
    expect(images(withLogo.bytes)).toBeGreaterThan(images(without.bytes));
    const metrics = await server.get('/metrics');
    expect(metrics.body).toContain('report_jobs_finished_total{outcome="completed"} 1');
    expect(metrics.body).toMatch(/report_jobs\{state="completed"\} 1/);
    expect(metrics.body).toContain('report_queue_depth');
    expect(metrics.body).toMatch(/report_pdf_bytes_count 1/);
    expect(metrics.body).toMatch(/report_job_duration_seconds_count 1/);
  });
});
