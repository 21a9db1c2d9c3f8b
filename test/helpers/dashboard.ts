/** The dashboard in tests: its bundle built, and a person signed in through the e-mailed code. */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { SmtpInbox } from './smtp-inbox.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let built = false;

/** Builds dist/dashboard from the sources (once per test file), as `npm run build` does. */
export function buildDashboardBundle(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(ROOT, 'dashboard', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  built = true;
}

/** The code and the link secret of the newest sign-in e-mail to `email`. */
export async function signInMailTo(inbox: SmtpInbox, email: string, count: number): Promise<{ code: string; link: string; text: string }> {
  const messages = await inbox.waitFor(count);
  const mail = [...messages].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
  const link = /#link=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no code or link in: ${mail.text}`);
  return { code, link, text: mail.text };
}

export interface SignedIn {
  cookie: string;
  csrf: string;
  userId: string;
}

/** Signs `email` in over HTTP with the e-mailed code: the session cookie and CSRF token to call with. */
export async function signInWithCode(baseUrl: string, inbox: SmtpInbox, email: string): Promise<SignedIn> {
  const before = inbox.messages.length;
  const asked = await fetch(`${baseUrl}/api/v1/dashboard/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 202) throw new Error(`sign-in answered ${asked.status}: ${await asked.text()}`);
  const { code } = await signInMailTo(inbox, email, before + 1);
  const res = await fetch(`${baseUrl}/api/v1/dashboard/sign-in/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (res.status !== 200) throw new Error(`code answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { csrf_token: string; user_id: string };
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return { cookie, csrf: body.csrf_token, userId: body.user_id };
}

/**
 * A TCP port that exists before the server it leads to: Checkout's return URLs must name an
 * allowed origin (BILLING_REDIRECT_ORIGINS) when the server starts, but a test server's port is
 * known only once it listens. The browser talks to the server through this port.
 */
export async function startPortInFront(): Promise<{ origin: string; lead(to: string): void; close(): Promise<void> }> {
  let target: URL | null = null;
  const sockets = new Set<net.Socket>();
  const front = net.createServer((client) => {
    if (!target) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(front.address() as net.AddressInfo).port}`,
    lead: (to) => void (target = new URL(to)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** Signs `email` in on the dashboard's own form with the e-mailed code; ends on the signed-in frame. */
export async function signInInBrowser(page: Page, baseUrl: string, inbox: SmtpInbox, email: string): Promise<void> {
  const wait = { timeout: 60_000 };
  await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'domcontentloaded', ...wait });
  await page.waitForSelector('#email', wait);
  await page.type('#email', email);
  const before = inbox.messages.length;
  await page.click('form button[type="submit"]');
  await page.waitForSelector('#code', wait);
  const { code } = await signInMailTo(inbox, email, before + 1);
  await page.type('#code', code);
  await page.click('form button[type="submit"]');
  await page.waitForSelector('nav[aria-label="Dashboard"]', wait);
}
