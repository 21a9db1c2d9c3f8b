/**
 * The operator's funnels in real Chromium: a funnel created on the form, shown with the users per
 * step that the admin API counts, edited (renamed, a step added), and deleted after the dialog;
 * each change seen through the API too. No console error, no serious accessibility violation,
 * screenshots at both widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { hashAdminPassword } from '../../src/features/admin/password.ts';
import { buildDashboardBundle, signInWithCode } from '../helpers/dashboard.ts';
import { checkPage, hasBrowser, launchChromium, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';

const OPERATOR = { username: 'funnel-operator', password: 'a long operator passphrase for funnels' };
let server: TestServer;
let inbox: SmtpInbox;
let browser: Browser;

beforeAll(async () => {
  if (!hasBrowser) return;
  buildDashboardBundle();
  inbox = await startSmtpInbox();
  server = await startTestServer({
    env: { SMTP_URL: inbox.url, ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD_HASH: await hashAdminPassword(OPERATOR.password) },
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

interface ApiFunnel {
  id: string;
  name: string;
  steps: { event: string; label: string; count: number }[];
  conversion_window_days: number;
}

async function adminToken(): Promise<string> {
  const res = await server.post('/api/v1/admin/login', OPERATOR);
  return res.body.token as string;
}

async function funnelsByApi(token: string): Promise<ApiFunnel[]> {
  const res = await fetch(`${server.url}/api/v1/admin/analytics/funnels`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as ApiFunnel[];
}

const countsShown = (page: Page, id: string) =>
  page.$$eval(`section[data-funnel-id="${id}"] td.step-count`, (cells) => cells.map((c) => Number(c.textContent)));

describe.runIf(hasBrowser)("the operator's funnels in Chromium", () => {
  it('creates a funnel, shows its conversion per step, edits it and deletes it after confirming', async () => {
    // Somebody for the funnel to count: signed up, with a key made.
    const customer = await signInWithCode(server.url, inbox, `funnel-customer-${process.pid}@example.com`);
    const made = await fetch(`${server.url}/api/v1/auth/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer.cookie, 'x-csrf-token': customer.csrf },
      body: '{"name":"counted"}',
    });
    expect(made.status).toBeLessThan(300);
    const name = `Signup to key ${process.pid}-${Date.now()}`;

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/dashboard/admin`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#admin-username', WAIT);
    await page.type('#admin-username', OPERATOR.username);
    await page.type('#admin-password', OPERATOR.password);
    await page.click('form button[type="submit"]');
    await page.waitForSelector('nav a[href="/dashboard/admin/funnels"]', WAIT);
    await page.click('nav a[href="/dashboard/admin/funnels"]');
    await page.waitForSelector('#new-funnel', WAIT);

    // Create: two steps (the defaults), a 14-day window.
    await page.click('#new-funnel');
    await page.waitForSelector('#funnel-editor', WAIT);
    await page.type('#funnel-name', name);
    await page.select('#step-event-0', 'signup');
    await page.select('#step-event-1', 'first_api_key');
    await page.type('#step-label-1', 'Made a key');
    await page.$eval('#funnel-window', (el) => void ((el as HTMLInputElement).value = ''));
    await page.type('#funnel-window', '14');
    await checkPage(page, 'admin-funnel-editor');
    await page.click('#funnel-editor button[type="submit"]');
    await page.waitForFunction(() => !document.querySelector('#funnel-editor'), WAIT);

    const token = await adminToken();
    const created = (await funnelsByApi(token)).find((f) => f.name === name)!;
    expect(created).toMatchObject({ conversion_window_days: 14, steps: [{ event: 'signup' }, { event: 'first_api_key', label: 'Made a key' }] });
    await page.waitForSelector(`section[data-funnel-id="${created.id}"]`, WAIT);
    // The page shows the counts the API evaluates; the customer above is in both steps.
    const shown = await countsShown(page, created.id);
    expect(shown).toEqual(created.steps.map((s) => s.count));
    expect(shown[0]).toBeGreaterThanOrEqual(1);
    expect(shown[1]).toBeGreaterThanOrEqual(1);
    expect(await page.$eval(`section[data-funnel-id="${created.id}"] .funnel-conversion`, (el) => el.textContent)).toMatch(/%$/);
    await checkPage(page, 'admin-funnels');

    // Edit: renamed, a third step added.
    await page.click(`button[aria-label="Edit ${name}"]`);
    await page.waitForSelector('#funnel-editor', WAIT);
    expect(await page.$eval('#step-label-1', (el) => (el as HTMLInputElement).value)).toBe('Made a key');
    await page.type('#funnel-name', ' (with calls)');
    await page.click('#add-step');
    await page.waitForSelector('#step-event-2', WAIT);
    await page.select('#step-event-2', 'first_request');
    await page.click('#funnel-editor button[type="submit"]');
    await page.waitForFunction(() => !document.querySelector('#funnel-editor'), WAIT);
    await page.waitForFunction((id: string) => document.querySelectorAll(`section[data-funnel-id="${id}"] td.step-count`).length === 3, WAIT, created.id);
    const edited = (await funnelsByApi(token)).find((f) => f.id === created.id)!;
    expect(edited.name).toBe(`${name} (with calls)`);
    expect(edited.steps.map((s) => s.event)).toEqual(['signup', 'first_api_key', 'first_request']);
    expect(await countsShown(page, created.id)).toEqual(edited.steps.map((s) => s.count));

    // Delete, after the dialog; "Keep it" first changes nothing.
    await page.click(`button[aria-label="Delete ${edited.name}"]`);
    await page.waitForSelector('dialog[open] button.danger', WAIT);
    await checkPage(page, 'admin-funnel-delete-dialog');
    await page.click('dialog[open] button.secondary');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'), WAIT);
    expect((await funnelsByApi(token)).some((f) => f.id === created.id)).toBe(true);
    await page.click(`button[aria-label="Delete ${edited.name}"]`);
    await page.waitForSelector('dialog[open] button.danger', WAIT);
    await page.click('dialog[open] button.danger');
    await page.waitForFunction((id: string) => !document.querySelector(`section[data-funnel-id="${id}"]`), WAIT, created.id);
    expect((await funnelsByApi(token)).some((f) => f.id === created.id)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
