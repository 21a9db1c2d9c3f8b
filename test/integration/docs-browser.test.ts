/**
 * /docs in a real browser: Swagger UI loads the document, takes an API key through its Authorize
 * dialog, and "Try it out" → Execute on the natal endpoint sends the documented example and shows
 * a 200. Skipped where no Chromium is installed (CHROMIUM_PATH names another one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/app.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = fs.existsSync(CHROMIUM);
/** Generous: the machine may be busy, and nothing here waits longer than the page needs. */
const WAIT = { timeout: 60_000 };

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (!hasBrowser) return;
  server = await startTestServer();
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function authorize(page: Page, key: string): Promise<void> {
  await clickWhenReady(page, '.auth-wrapper .authorize');
  // The dialog has one section per scheme; the API key's is the one with the x-api-key field.
  const field = await page.waitForSelector('.modal-ux .auth-container input[type="text"]', WAIT);
  await field!.type(key);
  await clickWhenReady(page, '.modal-ux .auth-container .auth-btn-wrapper .authorize');
  await clickWhenReady(page, '.modal-ux .btn-done, .modal-ux .close-modal');
  await page.waitForSelector('.modal-ux', { ...WAIT, hidden: true });
}

/**
 * Swagger UI renders after each click (React), so the next control may not exist yet when the
 * previous click returns: wait for it rather than assume it, or a busy machine fails the test.
 */
async function clickWhenReady(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector, { ...WAIT, visible: true });
  await element!.click();
}

describe.runIf(hasBrowser)('/docs in Chromium', () => {
  it('"Try it out" on the natal endpoint sends the example with the key and gets 200', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 2000 });
    await page.goto(`${server.url}/docs`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('.opblock-summary-path[data-path="/api/v1/natal/calculate"]', WAIT);
    await authorize(page, server.key);

    const operation = '#operations-natal-post_api_v1_natal_calculate';
    await clickWhenReady(page, `${operation} .opblock-summary`);
    await clickWhenReady(page, `${operation} .try-out__btn`);
    // The body Swagger UI will send is the document's example, not a sample of placeholders.
    await page.waitForSelector(`${operation} textarea.body-param__text`, WAIT);
    const body = await page.$eval(`${operation} textarea.body-param__text`, (el) => el.value);
    expect(JSON.parse(body)).toMatchObject({ year: 1990, tz_str: 'Europe/Lisbon' });
    await clickWhenReady(page, `${operation} .execute`);
    const status = await page.waitForSelector(`${operation} .live-responses-table tr.response .response-col_status`, WAIT);
    const shot = path.join(os.tmpdir(), 'docs-natal-try-it-out.png');
    await status!.scrollIntoView();
    await page.screenshot({ path: shot });
    expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
    expect((await status!.evaluate((el) => el.textContent ?? '')).trim()).toBe('200');
    const curl = await page.$eval(`${operation} .curl-command`, (el) => el.textContent ?? '');
    expect(curl).toContain(`x-api-key: ${server.key}`);
    await page.close();
  });
});
