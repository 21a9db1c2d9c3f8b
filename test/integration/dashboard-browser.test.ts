/**
 * The dashboard in real Chromium, as a person uses it: sign up with the e-mailed code (a real SMTP
 * server on the loopback), answer the onboarding, create a key, paste its curl example into a
 * shell, see that call in the request log and the usage chart, revoke the key after confirming;
 * and sign in by opening the e-mail's link. Every page: no console error, no serious
 * accessibility violation (axe-core), screenshots at 1280 and 390 px (into
 * DASHBOARD_SCREENSHOTS_DIR when set, for docs/dashboard). Skipped where no Chromium is installed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildDashboardBundle, signInInBrowser, signInMailTo, signInWithCode } from '../helpers/dashboard.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';
import { BIRTH } from '../helpers/reports.ts';
import { checkPage, hasBrowser, launchChromium, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';

let server: TestServer;
let inbox: SmtpInbox;
let browser: Browser;

beforeAll(async () => {
  if (!hasBrowser) return;
  buildDashboardBundle();
  inbox = await startSmtpInbox();
  // Reports are made in this process, by the worker the service runs itself.
  server = await startTestServer({ env: { SMTP_URL: inbox.url, REPORT_WORKER: 'in_process', REPORT_SWEEP_INTERVAL_SECONDS: '1' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

async function textOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => el.textContent ?? '');
}

describe.runIf(hasBrowser)('the dashboard in Chromium', () => {
  it('signs up by e-mail, onboards, creates a key whose curl example works, sees the call in usage, revokes the key', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    const email = 'new-customer@example.com';

    await page.goto(`${server.url}/dashboard`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#email', WAIT);
    expect(await page.$('main a[href="/docs/"]')).not.toBeNull();
    await checkPage(page, 'sign-in');
    await page.type('#email', email);
    await page.click('form button[type="submit"]');
    await page.waitForSelector('#code', WAIT);
    await checkPage(page, 'sign-in-code');
    const { code } = await signInMailTo(inbox, email, 1);
    await page.type('#code', code);
    await page.click('form button[type="submit"]');

    // Overview with the onboarding questions, asked until answered.
    await page.waitForSelector('#use-case', WAIT);
    expect(await textOf(page, 'main')).toContain(email);
    await checkPage(page, 'overview-onboarding');
    await page.type('#use-case', 'Birth charts in a journaling app');
    await page.type('#company', 'Example Ltd');
    await page.click('form[aria-labelledby="onboarding-title"] button[type="submit"]');
    await page.waitForFunction(() => !document.querySelector('#use-case'), WAIT);
    await checkPage(page, 'overview');
    // The API reference is linked from every page's header.
    expect(await page.$('header nav a[href="/docs/"]')).not.toBeNull();

    // Keys: create one; its secret and a curl command are shown once.
    await page.click('nav a[href="/dashboard/keys"]');
    await page.waitForSelector('#key-name', WAIT);
    await page.type('#key-name', 'first key');
    await page.click('form.inline-form button[type="submit"]');
    await page.waitForSelector('#new-key-value', WAIT);
    const key = (await textOf(page, '#new-key-value')).trim();
    const curl = (await textOf(page, '#curl-example')).trim();
    expect(curl).toContain(key);
    await checkPage(page, 'keys-created');

    // The curl example as pasted in a shell: a natal chart. (Asynchronously: this process serves it.)
    const { stdout } = await promisify(execFile)('sh', ['-c', curl], { encoding: 'utf8', timeout: 60_000 });
    const answer = JSON.parse(stdout);
    expect(answer).toHaveProperty('planets');

    // Usage: that call in the request log, the per-endpoint table and the chart.
    await page.click('nav a[href="/dashboard/usage"]');
    await page.waitForSelector('#log-table tbody tr', WAIT);
    expect(await textOf(page, '#log-table tbody')).toContain('/api/v1/natal/calculate');
    // The three parts load by themselves: wait for each before reading it.
    await page.waitForSelector('#endpoint-table', WAIT);
    expect(await textOf(page, '#endpoint-table')).toContain('/api/v1/natal/calculate');
    await page.waitForSelector('#usage-chart canvas', WAIT);
    await page.waitForSelector('#quota-used', WAIT);
    expect(await textOf(page, '#quota-used')).toBe('1');
    // The counts agree with the log and say what they count.
    await page.waitForFunction(() => /1 request logged today/.test(document.querySelector('#quota-explained')?.textContent ?? ''), WAIT);
    // The log to the second, with the key's name; filterable by key.
    expect(await textOf(page, '#log-table tbody tr td[data-label="Time"]')).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
    expect(await textOf(page, '#log-table tbody tr td[data-label="Key"]')).toBe('first key');
    await page.select('#filter-key', 'first key');
    await page.waitForSelector('#log-table tbody tr', WAIT);
    // The log's filter: a status class with no entry shows none.
    await page.select('#filter-status', '5xx');
    await page.waitForFunction(() => document.querySelectorAll('#log-table tbody tr').length === 0, WAIT);
    await page.select('#filter-status', '');
    await page.waitForSelector('#log-table tbody tr', WAIT);
    await checkPage(page, 'usage');

    // The Overview's quickstart: the key made in this page, masked until revealed, in three languages
    // that each work as pasted; the steps done so far are ticked.
    await page.click('nav a[href="/dashboard/"]');
    await page.waitForSelector('#quickstart-code', WAIT);
    expect(await textOf(page, '#quickstart-code')).not.toContain(key);
    expect(await textOf(page, '#quickstart-code')).toContain(key.slice(0, 8));
    await page.waitForSelector('#step-call.done', WAIT);
    await checkPage(page, 'overview-quickstart');
    await page.click('#quickstart-reveal');
    await page.waitForFunction((k) => document.querySelector('#quickstart-code')?.textContent?.includes(k), WAIT, key);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quickstart-'));
    for (const [language, file, command] of [
      ['curl', 'first-chart.sh', 'sh'],
      ['javascript', 'first-chart.mjs', process.execPath],
      ['python', 'first_chart.py', 'python3'],
    ] as const) {
      await page.click(`#quickstart-${language}`);
      await page.waitForSelector(`#quickstart-code[data-language="${language}"]`, WAIT);
      fs.writeFileSync(path.join(work, file), await textOf(page, '#quickstart-code'));
      // The free plan allows one request a second: a 429 is waited out, as the answer says.
      let stdout = '';
      for (let attempt = 0; attempt < 10 && !stdout.includes('Sun'); attempt++) {
        if (attempt) await new Promise((resolve) => setTimeout(resolve, 1100));
        stdout = await promisify(execFile)(command, [path.join(work, file)], { encoding: 'utf8', timeout: 60_000 }).then(
          (run) => run.stdout,
          (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
        );
      }
      expect(stdout, language).toMatch(language === 'curl' ? /"planets"/ : /^Sun \w+/m);
    }
    await page.waitForSelector('#step-key.done', WAIT);
    await page.waitForSelector('#step-call.done', WAIT);
    expect(await page.$('#step-report.done')).toBeNull();
    expect(await textOf(page, '#steps-done')).toBe('2 of 3 done.');

    // First-success feedback: asked on the overview after that call, and not again once answered. A
    // later call to an endpoint whose path sorts first does not take the first call's place.
    let moon = await server.get('/api/v1/moon/phase', { 'x-api-key': key });
    // One request a second on the free plan: a 429 is waited out.
    for (let attempt = 0; attempt < 10 && moon.status === 429; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      moon = await server.get('/api/v1/moon/phase', { 'x-api-key': key });
    }
    expect(moon.status).toBe(200);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#first-success', WAIT);
    expect(await textOf(page, '#first-success')).toContain('/api/v1/natal/calculate');
    // After a reload the page no longer holds the key's secret: it offers to make one.
    await page.waitForSelector('#quickstart-make-key', WAIT);
    await checkPage(page, 'overview-first-success');
    await page.click('#rating-5');
    await page.type('#feedback-comment', 'The curl example worked as pasted.');
    await page.click('#first-success button[type="submit"]');
    await page.waitForSelector('main .notice-success', WAIT);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#next-title', WAIT);
    const state = await page.evaluate(async () => (await fetch('/api/v1/auth/feedback/first-success')).json());
    expect(state.feedback).toMatchObject({ rating: 5, endpoint: '/api/v1/natal/calculate' });
    expect(await page.$('#first-success')).toBeNull();

    // Revoke, after the confirmation dialog; the key stops working.
    await page.click('nav a[href="/dashboard/keys"]');
    await page.waitForSelector('button[aria-label="Revoke first key"]', WAIT);
    expect(await textOf(page, 'td.last-used')).not.toBe('never');
    await page.click('button[aria-label="Revoke first key"]');
    await page.waitForSelector('dialog[open] button.danger', WAIT);
    // Focus starts on the safe choice: an Enter out of habit keeps the key.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await checkPage(page, 'keys-revoke-dialog');
    await page.click('dialog[open] button.danger');
    await page.waitForSelector('.badge.status-revoked', WAIT);
    await checkPage(page, 'keys');
    expect((await server.post('/api/v1/natal/calculate', {}, { 'x-api-key': key })).status).toBe(401);

    // Signing out ends the session: the sign-in page again, also after a reload.
    await page.click('.who button');
    await page.waitForSelector('#email', WAIT);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#email', WAIT);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers no purchase when the server takes no payments, and returns to the sign-in page when the session ends elsewhere', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const errors = watchErrors(page);
    await signInInBrowser(page, server.url, inbox, 'no-payments@example.com');
    await page.click('nav a[href="/dashboard/billing"]');
    await page.waitForSelector('#no-payments', WAIT);
    expect(await page.$$('main button')).toHaveLength(0);
    await checkPage(page, 'billing-no-payments');

    // Signed out in another tab: the next call's 401 brings the sign-in page, with why, on the same address.
    await page.evaluate(async () => {
      const state = (await (await fetch('/api/v1/dashboard/session')).json()) as { csrf_token: string };
      await fetch('/api/v1/dashboard/session', { method: 'DELETE', headers: { 'x-csrf-token': state.csrf_token } });
    });
    await page.click('nav a[href="/dashboard/usage"]');
    await page.waitForSelector('#email', WAIT);
    expect(await textOf(page, 'main .notice')).toContain('signed out');
    expect(await page.$('nav[aria-label="Dashboard"]')).toBeNull();
    expect(page.url()).toContain('/dashboard/usage');
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await page.close();
  });

  it("signs in by opening the e-mail's link, in a browser that never saw the form", async () => {
    const email = 'link-opener@example.com';
    const before = inbox.messages.length;
    const asked = await fetch(`${server.url}/api/v1/dashboard/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    const mail = await signInMailTo(inbox, email, before + 1);
    const url = /(http:\/\/\S+#link=\S+)/.exec(mail.text)![1]!;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(url, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('nav[aria-label="Dashboard"]', WAIT);
    // The secret left the address bar; the session is in an httpOnly cookie no script can read.
    expect(page.url()).not.toContain('#link=');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'astro_dashboard')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // A page that does not exist says so, inside the frame.
    await page.goto(`${server.url}/dashboard/nowhere`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('main h1', WAIT);
    expect(await textOf(page, 'main h1')).toBe('Not found');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a report ordered with the key as it is made, downloads its PDF, and never to another account', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await signInInBrowser(page, server.url, inbox, 'report-reader@example.com');
    const session = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    await new ReportCreditRepository(server.db).grant({
      userId: session.user_id,
      reason: 'purchase',
      reference: `dashboard-test-${session.user_id}`,
      credits: 2,
    });
    const made = await page.evaluate(async (csrf: string) => {
      const res = await fetch('/api/v1/auth/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: '{"name":"reports"}',
      });
      return res.json();
    }, session.csrf_token);
    const ordered = await server.post('/api/v1/natal/calculate', { ...BIRTH, psychological_report: { enabled: true } }, { 'x-api-key': made.key });
    expect(ordered.status).toBe(200);
    const jobId = ordered.body.report.job_id as string;

    await page.click('nav a[href="/dashboard/reports"]');
    await page.waitForSelector(`#report-table tr[data-job-id="${jobId}"]`, WAIT);
    await page.waitForSelector('#credits-left', WAIT);
    expect(await textOf(page, '#credits-left')).toBe('1');
    // The page asks again by itself until the job is done.
    await page.waitForSelector(`#report-table tr[data-job-id="${jobId}"] a[href$="format=pdf"]`, { timeout: 120_000 });
    // The footer logo: uploaded, shown in the footer preview as the service serves it.
    const logo = path.join(os.tmpdir(), `dashboard-logo-${process.pid}.svg`);
    fs.writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0b5cad"/></svg>');
    const fileInput = (await page.waitForSelector('#branding-file', WAIT)) as ElementHandle<HTMLInputElement>;
    await fileInput.uploadFile(logo);
    // The upload is stored when the service's footer carries a logo (the preview image on the page
    // may still be the one drawn before the upload): asked until it does.
    await page.waitForFunction(async () => (await (await fetch('/api/v1/auth/report-branding/footer-preview?label=x')).text()).includes('<img'), {
      ...WAIT,
      polling: 250,
    });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#footer-preview img');
      return !!img && img.complete && img.naturalWidth > 0;
    }, WAIT);
    // The preview is the report's own footer code: the logo as stored, the label, the page numbers.
    const preview = await page.evaluate(async () => {
      const res = await fetch('/api/v1/auth/report-branding/footer-preview?label=Prepared%20by%20Example');
      return { type: res.headers.get('content-type'), text: await res.text() };
    });
    expect(preview.type).toContain('image/svg+xml');
    expect(preview.text).toContain('<img style="height:7mm');
    expect(preview.text).toContain('src="data:image/svg+xml;base64,');
    expect(preview.text).toContain('Prepared by Example');
    expect(preview.text).toContain('Page 3 of 14');
    await checkPage(page, 'reports');
    const pdf = await page.evaluate(async (id: string) => {
      const res = await fetch(`/api/v1/auth/reports/${id}/download?format=pdf`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
    }, jobId);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(pdf.size).toBeGreaterThan(10_000);

    // Another account sees none of it.
    const other = await signInWithCode(server.url, inbox, 'someone-else@example.com');
    const asOther = { cookie: other.cookie };
    expect(await (await fetch(`${server.url}/api/v1/auth/reports`, { headers: asOther })).json()).toEqual([]);
    expect((await fetch(`${server.url}/api/v1/auth/reports/${jobId}/download?format=pdf`, { headers: asOther })).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/auth/report-credits`, { headers: asOther })).ok).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
