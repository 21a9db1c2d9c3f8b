/**
 * "Sign in with <provider>" against a real OpenID Connect provider (oidc-provider, on the loopback,
 * with its own login and consent pages), in Chromium: a verified e-mail signs in (the account made
 * on first sign-in) and ends in the service's session cookie; an answer with a state that is not
 * the attempt's, an answer with no attempt, and an e-mail the provider does not vouch for end on a
 * page that says so, with no session; a provider that is down is a clear 502 page, never a 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import Provider from 'oidc-provider';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { buildDashboardBundle } from '../helpers/dashboard.ts';
import { checkPage, hasBrowser, launchChromium, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';

const CLIENT = { id: 'astro-dashboard', secret: 'a client secret long enough for the tests' };
let server: TestServer;
let downServer: TestServer;
let providerHttp: http.Server;
let issuer: string;
let browser: Browser;

/** The provider's accounts: a login name starting with "unverified" has an e-mail it does not vouch for. */
const claimsOf = (login: string) => ({ sub: login, email: `${login}@idp.example.com`, email_verified: !login.startsWith('unverified') });

beforeAll(async () => {
  if (!hasBrowser) return;
  buildDashboardBundle();
  // The issuer's address must exist before the service starts; the client's redirect, after.
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  providerHttp = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => providerHttp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerHttp.address() as AddressInfo).port}`;
  const env = { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_PROVIDER_NAME: 'Example ID' };
  server = await startTestServer({ env });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${server.url}/api/v1/dashboard/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['a cookie key for the test provider'] },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => claimsOf(id) }),
  });
  handler = provider.callback();
  // A service whose provider is down: its issuer is a port where nothing listens.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  downServer = await startTestServer({ env: { ...env, OIDC_ISSUER_URL: closedUrl } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await downServer?.close();
  await new Promise<void>((resolve) => (providerHttp ? providerHttp.close(() => resolve()) : resolve()));
});

/** Our pages' errors only: the provider's own pages (another port) are not the dashboard's. */
const ours = (errors: string[]) => errors.filter((e) => e.includes(server.url));

/** From the dashboard's sign-in page through the provider's login and consent pages. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.goto(`${server.url}/dashboard/sign-in`, { waitUntil: 'domcontentloaded', ...WAIT });
  await page.waitForSelector('#oidc-sign-in', WAIT);
  expect(await page.$eval('#oidc-sign-in', (el) => el.textContent)).toBe('Sign in with Example ID');
  await Promise.all([page.waitForNavigation(WAIT), page.click('#oidc-sign-in')]);
  expect(page.url().startsWith(issuer)).toBe(true);
  await page.waitForSelector('input[name="login"]', WAIT);
  await page.type('input[name="login"]', login);
  const password = await page.$('input[name="password"]');
  if (password) await password.type('anything');
  await Promise.all([page.waitForNavigation(WAIT), page.click('button[type="submit"]')]);
  // The consent page, once per client and account.
  if (page.url().startsWith(issuer)) await Promise.all([page.waitForNavigation(WAIT), page.click('button[type="submit"]')]);
}

describe.runIf(hasBrowser)('signing in with an OpenID Connect provider', () => {
  it('signs in with a verified e-mail, makes the account on first sign-in, and ends in the service session cookie', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    const login = `oidc-person-${process.pid}-${Date.now()}`;
    await page.goto(`${server.url}/dashboard/sign-in`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#oidc-sign-in', WAIT);
    await checkPage(page, 'sign-in-provider');
    await signInAtProvider(page, login);
    await page.waitForSelector('nav[aria-label="Dashboard"]', WAIT).catch(async (error) => {
      throw new Error(`${error.message} at ${page.url()}: ${await page.content()}`);
    });
    expect(new URL(page.url()).pathname).toBe('/dashboard/');
    const session = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    expect(session).toMatchObject({ signed_in: true, email: `${login}@idp.example.com` });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'astro_dashboard')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // The attempt cookie is spent.
    expect(cookies.find((c) => c.name === 'astro_oidc_attempt')).toBeUndefined();
    // The session is the service's own: the account endpoints answer with it.
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).json());
    expect(me.email).toBe(`${login}@idp.example.com`);
    expect(ours(errors)).toEqual([]);
    await context.close();
  });

  it('refuses an answer whose state is not the attempt’s, and one with no attempt, with a page and no session', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    // A real attempt: the cookie is set and the browser is at the provider.
    await page.goto(`${server.url}/dashboard/sign-in`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#oidc-sign-in', WAIT);
    await Promise.all([page.waitForNavigation(WAIT), page.click('#oidc-sign-in')]);
    // What the service sends to the provider: PKCE with S256, a state and a nonce.
    const start = await fetch(`${server.url}/api/v1/dashboard/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const sent = new URL(start.headers.get('location')!);
    expect(sent.origin).toBe(issuer);
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.searchParams.get('state')).toBeTruthy();
    expect(sent.searchParams.get('nonce')).toBeTruthy();
    // An answer forged for that browser: a code, and a state that is not the one sent.
    const wrong = await page.goto(`${server.url}/api/v1/dashboard/oidc/callback?code=forged&state=not-the-state&iss=${encodeURIComponent(issuer)}`, WAIT);
    expect(wrong!.status()).toBe(400);
    expect(await page.$eval('#oidc-problem h1', (el) => el.textContent)).toBe('Sign-in not completed');
    const noAttempt = await fetch(`${server.url}/api/v1/dashboard/oidc/callback?code=x&state=y`);
    expect(noAttempt.status).toBe(400);
    expect(noAttempt.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(noAttempt.headers.getSetCookie().some((c) => c.startsWith('astro_dashboard='))).toBe(false);
    const session = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    expect(session.signed_in).toBe(false);
    await context.close();
  });

  it('refuses an e-mail the provider does not vouch for', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAtProvider(page, `unverified-${process.pid}-${Date.now()}`);
    await page.waitForSelector('#oidc-problem', WAIT);
    expect(await page.$eval('#oidc-problem h1', (el) => el.textContent)).toBe('E-mail address not confirmed');
    await checkPage(page, 'sign-in-provider-unverified');
    const session = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    expect(session.signed_in).toBe(false);
    // The browser reports the page's own 403 status; nothing else.
    expect(ours(errors).filter((e) => !e.includes('status of 403') || !e.includes('/oidc/callback'))).toEqual([]);
    await context.close();
  });

  it('says a provider that is down cannot be reached: a 502 page, not a 500', async () => {
    const res = await fetch(`${downServer.url}/api/v1/dashboard/oidc/start`, { redirect: 'manual' });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Example ID cannot be reached');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${downServer.url}/api/v1/dashboard/oidc/start`, WAIT);
    expect(await page.$eval('#oidc-problem h1', (el) => el.textContent)).toBe('Example ID cannot be reached');
    // Only the 502 itself is reported by the browser.
    expect(errors.filter((e) => !e.includes('502'))).toEqual([]);
    await page.close();
  });
});
