/**
 * Psychological reports end to end with the worker inside the API process (BullMQ on the test
 * Redis): submit with the natal request, poll, read the PDF with poppler; credits reserved once,
 * never below zero under concurrent submits, none for the demo subject; idempotent submits;
 * another user's job is a 404; bad options a 422 without a job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, DEMO, fetchBytes, readPdf, userWithCredits, waitForJob } from '../helpers/reports.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REPORT_WORKER: 'in_process', REPORT_SWEEP_INTERVAL_SECONDS: '1' } });
});
afterAll(async () => {
  await server?.close();
});

const remaining = async (key: string) => (await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining as number;
const jobCount = (userId: string) =>
  server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where user_id = ${userId}`);

describe('report jobs', () => {
  it('submits with the natal request, completes, and serves a PDF a reader can use', async () => {
    const { key, userId } = await userWithCredits(server, 3);
    const res = await server.post(
      '/api/v1/natal/calculate',
      {
        ...BIRTH,
        psychological_report: {
          enabled: true,
          mode: 'async',
          style: 'standard',
          output_format: 'pdf',
          include_chart_in_pdf: true,
          pdf_footer_label: 'Quill & Co <Astrology>',
        },
      },
      { 'x-api-key': key },
    );
    expect(res.status).toBe(200);
    expect(res.body.planets.length).toBeGreaterThan(10);
    expect(res.body.report).toMatchObject({ status: 'queued', credit_charged: true, next_poll_after_seconds: expect.any(Number) });
    expect(res.body.report.status_url).toBe(`/api/v1/natal/report/${res.body.report.job_id}`);
    expect(await remaining(key)).toBe(2);

    const done = await waitForJob(server, res.body.report.job_id, key);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null, next_poll_after_seconds: null, output_format: 'pdf' });
    expect(done.result.sections.length).toBeGreaterThan(8);
    expect(done.result.markdown).toContain('Ada Quillfeather');
    expect(done.pdf_url).toBe(`/api/v1/natal/report/${done.job_id}?format=pdf`);
    // The admin statistics see the user's first report, when it completed.
    expect(
      await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from analytics_events e join report_jobs j on j.user_id = e.user_id and j.completed_at = e.occurred_at
      where e.user_id = ${userId} and e.name = 'first_report'`),
    ).toBe(1);

    const pdf = await fetchBytes(server, done.pdf_url, key);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${done.job_id}.pdf`);
    const etag = pdf.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // Weak comparison, lists and `*`, as RFC 9110 reads If-None-Match.
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      expect((await fetchBytes(server, done.pdf_url, key, { 'if-none-match': ifNoneMatch })).status, ifNoneMatch).toBe(304);
    }
    expect((await fetchBytes(server, done.pdf_url, key, { 'if-none-match': '"other"' })).status).toBe(200);
    // The account had no logo when the job was made: asked for, the logo is said to be missing.
    const asked = await fetchBytes(server, `${done.pdf_url}&include_profile_branding_logo=true`, key);
    expect(asked.headers.get('x-branding-logo')).toBe('not-available');
    expect(asked.headers.get('etag')).toBe(etag);
    const { text, pages } = readPdf(pdf.bytes);
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(pages).toBe(done.result.page_count);
    expect(text).toContain('Ada Quillfeather');
    expect(text).toContain('Quill & Co <Astrology>');
    expect(text).toMatch(/Page 1 of \d+/);
    for (const section of done.result.sections.slice(1, 6)) expect(text.replace(/\s+/g, ' ')).toContain(section.title.split(':')[0]);
    expect(text).toContain('Positions');

    const markdown = await fetchBytes(server, `/api/v1/natal/report/${done.job_id}?format=markdown`, key);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.bytes.toString()).toBe(done.result.markdown);
    expect(await remaining(key)).toBe(2);

    // The owner's settings ask for the "report completed" e-mail (the default): one, held in the
    // outbox of this server without SMTP, naming the job.
    const mails = async () =>
      server.db.anyFirst(
        sql.type(z.object({ body_text: z.string() }))`select body_text from email_outbox where user_id = ${userId} and kind = 'report_completed'`,
      );
    for (const deadline = Date.now() + 30_000; (await mails()).length === 0;) {
      if (Date.now() > deadline) throw new Error('no report-completed e-mail');
      await new Promise((r) => setTimeout(r, 100));
    }
    const written = await mails();
    expect(written).toHaveLength(1);
    expect(written[0]).toContain(done.job_id);
  });

  it('answers 404 for a job of another user, and for no job at all', async () => {
    const owner = await userWithCredits(server, 1);
    const other = await userWithCredits(server, 1);
    const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': owner.key });
    const id = res.body.report.job_id;
    for (const format of ['json', 'pdf', 'markdown']) {
      const peek = await server.get(`/api/v1/natal/report/${id}?format=${format}`, { 'x-api-key': other.key });
      expect(peek.status).toBe(404);
      expect(peek.body.detail).toBe('Report job not found');
    }
    expect((await server.get('/api/v1/natal/report/rpt_nothing', { 'x-api-key': owner.key })).status).toBe(404);
    await waitForJob(server, id, owner.key);
  });

  it('refuses bad report options with 422 and makes no job', async () => {
    const { key, userId } = await userWithCredits(server, 1);
    for (const report of [
      { enabled: true, output_format: 'docx' },
      { enabled: true, style: 'fancy' },
      { enabled: true, callback_url: 'not a url' },
      { enabled: true, pdf_footer_label: 'x'.repeat(500) },
      { enabled: true, pdf_footer_label: 'Prepared\r\nby \u001b[31mus' },
    ]) {
      const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: report }, { 'x-api-key': key });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'psychological_report']);
    }
    // A callback URL's message says what is wrong with it.
    const badPort = await server.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, psychological_report: { enabled: true, callback_url: 'https://example.com:99999/hook' } },
      { 'x-api-key': key },
    );
    expect(badPort.body.detail[0].msg).toMatch(/not a URL .*port from 1 to 65535/);
    const badBirth = await server.post(
      '/api/v1/natal/calculate',
      { ...BIRTH, lat: undefined, lng: undefined, city: 'Nowhere-at-all-xyz', psychological_report: { enabled: true } },
      { 'x-api-key': key },
    );
    expect(badBirth.status).toBe(422);
    expect(await jobCount(userId)).toBe(0);
    expect(await remaining(key)).toBe(1);
  });

  it('answers 402 without a credit and makes no job; the demo subject costs nothing', async () => {
    const { key, userId } = await userWithCredits(server, 0);
    const res = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key });
    expect(res.status).toBe(402);
    expect(res.body.detail).toContain('No report credits left');
    expect(await jobCount(userId)).toBe(0);

    const demo = await server.post('/api/v1/natal/calculate', { ...DEMO, psychological_report: { enabled: true, style: 'standard' } }, { 'x-api-key': key });
    expect(demo.status).toBe(200);
    expect(demo.body.report.credit_charged).toBe(false);
    expect((await waitForJob(server, demo.body.report.job_id, key)).status).toBe('completed');
    expect(await remaining(key)).toBe(0);
  });

  it('maps a retried submit with the same Idempotency-Key to the same job and one credit', async () => {
    const { key, userId } = await userWithCredits(server, 3);
    const body = { ...BIRTH, psychological_report: { enabled: true } };
    const first = await server.post('/api/v1/natal/calculate', body, { 'x-api-key': key, 'idempotency-key': 'report-retry-1' });
    const second = await server.post('/api/v1/natal/calculate', body, { 'x-api-key': key, 'idempotency-key': 'report-retry-1' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.report.job_id).toBe(first.body.report.job_id);
    expect(await jobCount(userId)).toBe(1);
    expect(await remaining(key)).toBe(2);
    await waitForJob(server, first.body.report.job_id, key);
    // Another person under the same key: refused, and nothing taken (a key the HTTP layer has not
    // seen, but a report job holds, is refused too: dashboard-report-order.test.ts).
    const other = { ...body, name: 'Somebody Else', year: 2001 };
    const refused = await server.post('/api/v1/natal/calculate', other, { 'x-api-key': key, 'idempotency-key': 'report-retry-1' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'idempotency_key_reused' });
    expect(await jobCount(userId)).toBe(1);
    expect(await remaining(key)).toBe(2);
  });

  it('never spends more credits than there are under concurrent submits', async () => {
    const { key, userId } = await userWithCredits(server, 2);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': key })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402]);
    expect(await jobCount(userId)).toBe(2);
    expect(await remaining(key)).toBe(0);
    for (const r of results.filter((x) => x.status === 200)) await waitForJob(server, r.body.report.job_id, key);
  });

  it('shows the reports component in /readyz', async () => {
    const res = await server.get('/readyz');
    expect(res.body.checks.reports).toBe('ok');
  });
});
