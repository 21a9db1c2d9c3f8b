/**
 * Ordering a report as the signed-in account (POST /api/v1/auth/reports), the dashboard's birth
 * form: over HTTP, a date the service cannot cast is a 422 naming the field and costs nothing, no
 * credit is a 402, a retried order with one Idempotency-Key is one job and the key with another
 * order is a 409 (on this route and on the API's), the CSRF token is needed;
 * in Chromium, a report ordered on the Reports page, followed to completion by the page and its
 * PDF and markdown downloaded. The report worker runs in the test server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildDashboardBundle, signInInBrowser, signInWithCode, type SignedIn } from '../helpers/dashboard.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';
import { BIRTH } from '../helpers/reports.ts';
import { checkPage, hasBrowser, launchChromium, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';

let server: TestServer;
let inbox: SmtpInbox;
let browser: Browser | undefined;

beforeAll(async () => {
  if (hasBrowser) buildDashboardBundle();
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: { SMTP_URL: inbox.url, REPORT_WORKER: 'in_process', REPORT_SWEEP_INTERVAL_SECONDS: '1' } });
  if (hasBrowser) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

const grant = (userId: string, credits: number, reference: string) =>
  new ReportCreditRepository(server.db).grant({ userId, reason: 'purchase', reference: `${reference}-${userId}`, credits });

function order(who: SignedIn, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/v1/auth/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrf-token': who.csrf, ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * Sets a field as typing does: the value, then the input event the form's state follows. Date and
 * time inputs take their value as the ISO form, whatever the browser's locale shows.
 */
async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      (el as HTMLInputElement).value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

async function creditsLeft(who: SignedIn): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/auth/report-credits`, { headers: { cookie: who.cookie } });
  return ((await res.json()) as { remaining: number }).remaining;
}

describe('ordering a report as the signed-in account', () => {
  it('refuses what cannot be cast (422 naming the field), no credit (402) and a call without the CSRF token, and charges nothing for them', async () => {
    const who = await signInWithCode(server.url, inbox, 'order-refusals@example.com');
    const none = await order(who, BIRTH);
    expect(none.status).toBe(402);
    expect(((await none.json()) as { code: string }).code).toBe('insufficient_report_credits');

    await grant(who.userId, 1, 'order-refusals');
    const badDay = await order(who, { ...BIRTH, month: 2, day: 30 });
    expect(badDay.status).toBe(422);
    expect(JSON.stringify(await badDay.json())).toContain('day');
    const badStyle = await order(who, { ...BIRTH, style: 'florid' });
    expect(badStyle.status).toBe(422);
    expect(JSON.stringify(await badStyle.json())).toContain('style');
    const noCsrf = await fetch(`${server.url}/api/v1/auth/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie },
      body: JSON.stringify(BIRTH),
    });
    expect(noCsrf.status).toBe(403);
    expect(await creditsLeft(who)).toBe(1);
    const jobs = await fetch(`${server.url}/api/v1/auth/reports`, { headers: { cookie: who.cookie } });
    expect(await jobs.json()).toEqual([]);
  });

  it('makes one job of an order retried with the same Idempotency-Key, for this account only', async () => {
    const who = await signInWithCode(server.url, inbox, 'order-twice@example.com');
    await grant(who.userId, 3, 'order-twice');
    const first = await order(who, { ...BIRTH, output_format: 'markdown' }, { 'idempotency-key': 'form-1' });
    expect(first.status).toBe(201);
    const submitted = (await first.json()) as { job_id: string; credit_charged: boolean };
    expect(submitted.credit_charged).toBe(true);
    const again = await order(who, { ...BIRTH, output_format: 'markdown' }, { 'idempotency-key': 'form-1' });
    expect(((await again.json()) as { job_id: string }).job_id).toBe(submitted.job_id);
    expect(await creditsLeft(who)).toBe(2);
    const listed = (await (await fetch(`${server.url}/api/v1/auth/reports`, { headers: { cookie: who.cookie } })).json()) as { job_id: string }[];
    expect(listed.map((j) => j.job_id)).toEqual([submitted.job_id]);
    const other = await signInWithCode(server.url, inbox, 'order-onlooker@example.com');
    expect(await (await fetch(`${server.url}/api/v1/auth/reports`, { headers: { cookie: other.cookie } })).json()).toEqual([]);
  });

  it('refuses the same Idempotency-Key for another person or other options, here or through the API, and takes nothing', async () => {
    const who = await signInWithCode(server.url, inbox, 'order-reuse@example.com');
    await grant(who.userId, 3, 'order-reuse');
    const first = await order(who, BIRTH, { 'idempotency-key': 'form-reuse' });
    expect(first.status).toBe(201);
    const job = ((await first.json()) as { job_id: string }).job_id;
    for (const changed of [
      { ...BIRTH, name: 'Somebody Else', year: 2001 },
      { ...BIRTH, output_format: 'markdown' },
    ]) {
      const refused = await order(who, changed, { 'idempotency-key': 'form-reuse' });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'idempotency_key_reused' });
    }
    // The API route with a key the dashboard used: its own idempotency layer has not seen the key, the job row has.
    const made = await fetch(`${server.url}/api/v1/auth/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrf-token': who.csrf },
      body: JSON.stringify({ name: 'reuse' }),
    });
    const apiKey = ((await made.json()) as { key: string }).key;
    const viaApi = await fetch(`${server.url}/api/v1/natal/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'idempotency-key': 'form-reuse' },
      body: JSON.stringify({ ...BIRTH, name: 'Zed', year: 2001, psychological_report: { enabled: true } }),
    });
    expect(viaApi.status).toBe(409);
    expect(await creditsLeft(who)).toBe(2);
    const listed = (await (await fetch(`${server.url}/api/v1/auth/reports`, { headers: { cookie: who.cookie } })).json()) as { job_id: string }[];
    expect(listed.map((j) => j.job_id)).toEqual([job]);
  });
});

describe.runIf(hasBrowser)('ordering a report on the Reports page in Chromium', () => {
  it('orders from the birth form, follows the job to completion and downloads the PDF and the markdown', async () => {
    const page = await browser!.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await signInInBrowser(page, server.url, inbox, 'form-orderer@example.com');
    const session = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    await grant(session.user_id, 1, 'form-order');

    await page.click('nav a[href="/dashboard/reports"]');
    await page.waitForSelector('#report-order', WAIT);
    await page.waitForSelector('#credits-left', WAIT);
    expect(await page.$eval('#credits-left', (el) => el.textContent)).toBe('1');
    await page.type('#order-name', 'Ada Quillfeather');
    await setValue(page, '#order-date', '1988-03-14');
    await setValue(page, '#order-time', '09:45');
    await page.type('#order-city', 'London');
    await page.type('#order-country', 'GB');
    await checkPage(page, 'reports-order');
    await page.click('#report-order button[type="submit"]');
    await page.waitForSelector('#report-order .notice-success code', WAIT);
    const jobId = (await page.$eval('#report-order .notice-success code', (el) => el.textContent ?? '')).trim();
    expect(jobId).toMatch(/^rpt_/);
    await page.waitForSelector(`#report-table tr[data-job-id="${jobId}"]`, WAIT);
    await page.waitForFunction(() => document.querySelector('#credits-left')?.textContent === '0', WAIT);
    // Live status: the page asks again by itself until the links appear.
    const pdfLink = `#report-table tr[data-job-id="${jobId}"] a[href$="format=pdf"]`;
    await page.waitForSelector(pdfLink, { timeout: 180_000 });
    expect(await page.$eval(`#report-table tr[data-job-id="${jobId}"] .badge`, (el) => el.textContent)).toBe('ready');
    // The row says whose report it is, so that several can be told apart.
    expect(await page.$eval(`#report-table tr[data-job-id="${jobId}"] td[data-label="Report"]`, (el) => el.textContent)).toContain(
      'Ada Quillfeather, born 14 March 1988',
    );
    await checkPage(page, 'reports-ordered');

    // The two links, fetched as the browser's download would (same cookie, same URL).
    const files = await page.evaluate(async (selector: string) => {
      const row = document.querySelector(selector)!.closest('tr')!;
      const out: Record<string, { status: number; type: string | null; head: string; size: number; name: string | null }> = {};
      for (const a of Array.from(row.querySelectorAll<HTMLAnchorElement>('a[download]'))) {
        const res = await fetch(a.href);
        const bytes = new Uint8Array(await res.arrayBuffer());
        out[a.textContent ?? ''] = {
          status: res.status,
          type: res.headers.get('content-type'),
          head: new TextDecoder().decode(bytes.slice(0, 40)),
          size: bytes.length,
          name: res.headers.get('content-disposition'),
        };
      }
      return out;
    }, pdfLink);
    expect(files.PDF).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(files.PDF!.head.startsWith('%PDF-')).toBe(true);
    expect(files.PDF!.size).toBeGreaterThan(10_000);
    expect(files.PDF!.name).toContain(`${jobId}.pdf`);
    expect(files.Markdown).toMatchObject({ status: 200 });
    expect(files.Markdown!.type).toContain('text/markdown');
    expect(files.Markdown!.size).toBeGreaterThan(500);

    // With no credit left, the form says where credits come from, and still orders the free demo birth.
    await page.waitForSelector('#no-credits a[href="/dashboard/billing"]', WAIT);
    expect(await page.$eval('#report-order button[type="submit"]', (el) => el.disabled)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks for both coordinates, says in plain words why an order failed, and orders the demo birth for free', async () => {
    // A context of its own: the other test's session cookie stays in the browser's default one.
    const context = await browser!.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const errors = watchErrors(page);
    await signInInBrowser(page, server.url, inbox, 'form-demo@example.com');
    await page.click('nav a[href="/dashboard/reports"]');
    await page.waitForSelector('#no-credits', WAIT);
    const orders = () => page.evaluate(async () => ((await (await fetch('/api/v1/auth/reports')).json()) as unknown[]).length);

    // A latitude alone is not sent (its longitude would be 0): the message is beside the field, which has focus.
    await setValue(page, '#order-date', '1988-03-14');
    await setValue(page, '#order-time', '09:45');
    await page.type('#order-lat', '51.5');
    await page.click('#report-order button[type="submit"]');
    await page.waitForSelector('#order-lng-error', WAIT);
    expect(await page.$eval('#order-lng-error', (el) => el.textContent)).toContain('longitude');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-lng');
    expect(await orders()).toBe(0);
    expect(errors).toEqual([]);

    // A city the service does not know, then an order with no credit: the form's words, no field names.
    await setValue(page, '#order-lat', '');
    await page.type('#order-city', 'Qwxzyville');
    await page.type('#order-tz', 'Mars/Olympus');
    await page.click('#report-order button[type="submit"]');
    await page.waitForSelector('#report-order .field-error', WAIT);
    const refusal = await page.$eval('#report-order', (el) => el.textContent ?? '');
    expect(refusal).not.toMatch(/tz_str|\blat\b|\blng\b|Too small/);
    await setValue(page, '#order-city', 'London');
    await setValue(page, '#order-tz', '');
    await page.click('#report-order button[type="submit"]');
    await page.waitForSelector('#report-order .notice-error', WAIT);
    expect(await page.$eval('#report-order .notice-error', (el) => el.textContent)).toContain('no report credit left');
    // The message is drawn where the person looks: on screen, beside the button they pressed.
    const shown = await page.$eval('#report-order .notice-error', (el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight;
    });
    expect(shown).toBe(true);

    // The demo birth, filled in by its button, costs nothing.
    await page.click('#fill-demo');
    expect(await page.$eval('#order-name', (el) => (el as HTMLInputElement).value)).toBe('Synthetic Demo Candidate');
    await page.click('#report-order button[type="submit"]');
    await page.waitForSelector('#report-order .notice-success', WAIT);
    expect(await page.$eval('#report-order .notice-success', (el) => el.textContent)).toContain('no credit');
    expect(await orders()).toBe(1);
    await checkPage(page, 'reports-demo-ordered');
    // The refusals above are answers (422, 402) the browser logs as failed loads; nothing else may be logged.
    expect(errors.filter((e) => !/status of (402|422)/.test(e))).toEqual([]);
    await context.close();
  });

  it('orders on plain http from another machine, where the browser offers no secure-context APIs', async () => {
    // A host name other than localhost over http: an insecure context (no crypto.randomUUID, no
    // clipboard API), as for a service on the local network without TLS.
    const plain = await launchChromium([`--host-resolver-rules=MAP plain-http.test 127.0.0.1`]);
    try {
      const page = await plain.newPage();
      const errors = watchErrors(page);
      const base = server.url.replace('127.0.0.1', 'plain-http.test');
      await signInInBrowser(page, base, inbox, 'plain-http@example.com');
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.click('nav a[href="/dashboard/reports"]');
      // The credits card comes in above the form when its answer arrives and pushes the button down:
      // a click aimed between the two lands outside the viewport. The page is settled once it shows.
      await page.waitForSelector('#credits-left', WAIT);
      await page.click('#fill-demo');
      await page.click('#report-order button[type="submit"]');
      await page.waitForSelector('#report-order .notice-success', WAIT);
      // Chromium warns that it ignores the isolation headers on an untrustworthy origin; nothing else may be logged.
      expect(errors.filter((e) => !/Cross-Origin-Opener-Policy header has been ignored/.test(e))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
