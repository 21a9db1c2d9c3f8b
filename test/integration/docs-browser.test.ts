/**
 * /docs in a real browser, at 1280 and 390 px: the reference (Scalar, from this server only) shows
 * the introduction naming every family, a sidebar of the families, every operation in the page
 * (find-in-page finds the Vedic and BaZi ones), a search, request examples in curl, JavaScript and
 * Python, and none of the operator's endpoints; "Test Request" sends the natal example with the
 * key and gets 200. Skipped where no Chromium is installed (CHROMIUM_PATH names another one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { hasBrowser, launchChromium, SCREENSHOTS, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';
import { FAMILY_GROUPS } from '../../src/http/openapi-families.ts';

const NATAL = '[id$="/POST/api/v1/natal/calculate"]';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (!hasBrowser) return;
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The reference at `width`, its first operation shown; every request the page made, and its errors. */
async function openReference(width: number): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const errors = watchErrors(page);
  await page.setViewport({ width, height: 900 });
  await page.goto(`${server.url}/docs`, { waitUntil: 'domcontentloaded', ...WAIT });
  await page.waitForSelector(NATAL, { ...WAIT, visible: true });
  return { page, requests, errors };
}

const text = (page: Page) => page.evaluate(() => document.body.innerText);

describe.runIf(hasBrowser)('/docs in Chromium', () => {
  for (const width of [1280, 390]) {
    it(`at ${width} px: every family, every operation in the page, nothing from elsewhere, no operator endpoint`, async () => {
      const { page, requests, errors } = await openReference(width);
      const shown = await text(page);
      for (const group of FAMILY_GROUPS) {
        expect(shown, group.name).toContain(group.name);
        for (const family of group.families) expect(shown, family.title).toContain(family.title);
      }
      // Find-in-page finds operations far down the page.
      expect(shown).toContain('/api/v1/vedic/panchang');
      expect(shown).toContain('/api/v1/chinese/bazi/flow');
      expect(shown).toContain('/api/v1/numerology/profile');
      expect(shown).not.toContain('/api/v1/admin/');
      expect(shown).not.toContain('npm run');
      // Offline: the page, its script and the document come from this server, nothing else.
      const origin = new URL(server.url).origin;
      expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
      expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `api-reference-${width}.png`) });
      await page.$eval(NATAL, (el) => el.scrollIntoView());
      // An operation is drawn when it comes into view.
      await page.waitForFunction((selector) => /curl/.test((document.querySelector(selector) as HTMLElement).innerText), WAIT, NATAL);
      await page.screenshot({ path: path.join(SCREENSHOTS, `api-reference-natal-${width}.png`) });
      await page.close();
    });
  }

  it('the sidebar lists the families and the search finds an operation', async () => {
    const { page } = await openReference(1280);
    const sidebar = await page.$eval('nav, aside', (el) => el.innerText);
    for (const title of ['Vedic (Jyotish)', 'Chinese (BaZi)', 'Natal charts', 'Numerology']) expect(sidebar).toContain(title);
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    const search = await page.waitForSelector('[role="dialog"] input', { ...WAIT, visible: true });
    await search!.type('panchang');
    await page.waitForFunction(() => /panchang/i.test(document.querySelector('[role="dialog"]')?.textContent ?? ''), WAIT);
    const results = await page.$eval('[role="dialog"]', (el) => (el as HTMLElement).innerText);
    expect(results.toLowerCase()).toContain('panchang');
    await page.close();
  });

  it('each operation has its request in curl, JavaScript and Python, with the example body', async () => {
    const { page } = await openReference(1280);
    const example = () => page.$eval(`${NATAL}`, (el) => (el as HTMLElement).innerText);
    // An operation is drawn when it comes into view.
    await page.$eval(NATAL, (el) => el.scrollIntoView());
    await page.waitForFunction((selector) => /curl/.test((document.querySelector(selector) as HTMLElement).innerText), WAIT, NATAL);
    expect(await example()).toMatch(/curl[\s\S]*x-api-key[\s\S]*"tz_str": "Europe\/Lisbon"/);
    for (const [client, code] of [
      ['JavaScript', /fetch\(/],
      ['Python', /requests\.post\(/],
    ] as const) {
      const [tab] = await page.$$(`xpath/.//button[normalize-space()="${client}"] | .//*[@role="tab"][normalize-space()="${client}"]`);
      await tab!.click();
      await page.waitForFunction(
        (selector, source) => new RegExp(source).test(document.querySelector<HTMLElement>(selector)?.innerText ?? ''),
        WAIT,
        NATAL,
        code.source,
      );
    }
    await page.close();
  });

  it('"Test Request" on the natal endpoint sends the example with the key and gets 200', async () => {
    const { page } = await openReference(1280);
    const key = await page.waitForSelector('input[placeholder]', { ...WAIT, visible: true });
    await key!.type(server.key);
    await page.$eval(NATAL, (el) => el.scrollIntoView());
    const [testRequest] = await page.$$(`xpath/.//*[@id="api-1/tag/natal/POST/api/v1/natal/calculate"]//button[contains(., "Test Request")]`);
    await testRequest!.click();
    const send = await page.waitForSelector('xpath/.//button[contains(., "Send post request to /api/v1/natal/calculate")]', { ...WAIT, visible: true });
    await send!.click();
    await page.waitForFunction(() => document.body.innerText.includes('200 OK'), WAIT);
    // The body sent was the example, and the answer is the example's chart.
    expect(await text(page)).toContain('"datetime_utc": "1990-05-17T07:15:00.000Z"');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-test-request-1280.png') });
    await page.close();
  });
});
