/**
 * The consent page in a real browser (headless Chromium): the official SDK client starts the
 * flow, the browser follows the authorization URL to the page, signs in with an API key, narrows
 * the scopes and allows; the page's redirect (under its own Content-Security-Policy) reaches the
 * client's loopback callback, and the client finishes with the code and calls a tool.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { v2Client } from '../helpers/mcp.ts';
import { RecordingOAuthProvider } from '../helpers/oauth.ts';
import { toolsOf } from '../../src/features/mcp/catalogue.ts';

const CHROMIUM = '/usr/bin/chromium';
const birth = { year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' };

let a: TestServer;
let browser: Browser;
let callback: Server;
/** What reached the client's redirect URI. */
const arrived: URL[] = [];

beforeAll(async () => {
  a = await startTestServer();
  callback = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    // The browser may also ask this origin for its favicon, at a time of its own choosing.
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    arrived.push(url);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('You may close this window.');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  if (!existsSync(CHROMIUM)) return;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
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
  await new Promise((resolve) => callback?.close(resolve));
  await a?.close();
});

describe.runIf(existsSync(CHROMIUM))('the consent page in Chromium', () => {
  it('signs in with an API key, allows a narrower set of scopes, and sends the browser back to the client with the code', async () => {
    const key = await a.newKey('browser-user@example.com', 'unlimited');
    const port = (callback.address() as AddressInfo).port;
    const provider = new RecordingOAuthProvider(`http://127.0.0.1:${port}/callback`, 'Browser assistant');
    const first = v2Client(`${a.url}/mcp`, { authProvider: provider });
    await expect(first.connect()).rejects.toThrow(/unauthorized/i);

    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(provider.authorizationUrl!.href, { waitUntil: 'load' });
    expect(page.url()).toMatch(new RegExp(`^${a.url}/mcp/oauth/consent/mcpr_`));
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('An application asks for access');
    expect(await page.$eval('body', (b) => b.textContent)).toContain('Browser assistant');

    // A wrong key: the page says so and asks again.
    await page.type('#credential', 'ask_not_a_key_at_all');
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(await page.$eval('[role=alert]', (p) => p.textContent)).toBe('This API key is not valid.');

    await page.type('#credential', key);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    const text = await page.$eval('body', (b) => b.textContent ?? '');
    expect(text).toContain('Allow Browser assistant to use your account?');
    expect(text).toContain(`127.0.0.1:${port}`);
    expect(text).toContain('browser-user@example.com');
    const offered = await page.$$eval('input[name=scope]', (inputs) => inputs.map((i) => i.value));
    expect(offered).toEqual(['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic']);
    // The user withholds charts, numerology and the Chinese and Vedic families.
    await page.click('input[value="astro:charts"]');
    await page.click('input[value="astro:numerology"]');
    await page.click('input[value="astro:chinese"]');
    await page.click('input[value="astro:vedic"]');
    await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);

    // The browser landed on the client's callback: the redirect passed the page's form-action policy.
    expect(arrived).toHaveLength(1);
    const back = arrived[0]!;
    expect(back.pathname).toBe('/callback');
    expect(back.searchParams.get('code')).toMatch(/^mcpac_/);
    expect(back.searchParams.get('state')).toBe(provider.authorizationUrl!.searchParams.get('state'));
    expect(back.searchParams.get('iss')).toBe(a.url);
    // Nothing but the service and the callback was fetched: no outside assets.
    const origins = new Set(requested.map((u) => new URL(u).origin));
    expect([...origins].sort()).toEqual([a.url, `http://127.0.0.1:${port}`].sort());
    await page.close();

    await first.transport.finishAuth(back.searchParams);
    expect(provider.stored.scope).toBe('astro:western astro:ephemeris');
    const client = v2Client(`${a.url}/mcp`, { authProvider: provider });
    await client.connect();
    expect((await client.client.listTools()).tools.map((t) => t.name)).toEqual(toolsOf(['western', 'ephemeris']).map((t) => t.name));
    const call = await client.client.callTool({ name: 'natal', arguments: birth });
    expect(call.structuredContent).toEqual((await a.post('/natal', birth)).body);
    await client.client.close();
  });
});
