/**
 * The dashboard's passwordless sign-in and session over real HTTP, a real SMTP server on the
 * loopback, PostgreSQL and Redis: the e-mail's code and link, each good once; wrong codes and
 * e-mails rate-limited; the cookie's attributes; CSRF on every state-changing call; bearer tokens
 * unchanged; one account's session never reaching another's data; the pages' CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildDashboardBundle, signInMailTo, signInWithCode } from '../helpers/dashboard.ts';
import { sql } from '../../src/db/sql.ts';

let server: TestServer;
let inbox: SmtpInbox;

beforeAll(async () => {
  buildDashboardBundle();
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: { SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const call = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(server.url + path, { method, headers: init.headers, body: init.body });

describe('dashboard sign-in', () => {
  it('e-mails a code and a link; the code opens an httpOnly, SameSite=Strict session once', async () => {
    const email = 'code-user@example.com';
    const asked = await call('POST', '/api/v1/dashboard/sign-in', json({ email }));
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ status: 'sent', expires_in: 900 });
    const mail = await signInMailTo(inbox, email, inbox.messages.length);
    expect(mail.text).toContain(`${server.url}/dashboard/sign-in#link=`);

    const wrong = await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: mail.code === '000000' ? '000001' : '000000' }));
    expect(wrong.status).toBe(401);
    const res = await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: mail.code }));
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^astro_dashboard=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here: behind https it is Secure and __Host-
    const session = await res.json();
    expect(session).toMatchObject({ email });

    // Good once: the same code again, or the link of the same e-mail, signs nobody in.
    expect((await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: mail.code }))).status).toBe(401);
    expect((await call('POST', '/api/v1/dashboard/sign-in/link', json({ link: mail.link }))).status).toBe(401);

    // The session reads the account endpoints; the first sign-in made the user, verified, on the free plan.
    const me = await call('GET', '/api/v1/auth/me', { headers: { cookie: cookie.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: session.user_id, email, plan_code: 'free' });
  });

  it('the link signs in, and a session behind https gets a Secure __Host- cookie', async () => {
    const email = 'link-user@example.com';
    await call('POST', '/api/v1/dashboard/sign-in', json({ email }));
    const { link } = await signInMailTo(inbox, email, inbox.messages.length);
    const https = await startTestServer({ peer: server, env: { TRUST_PROXY: 'true' } });
    try {
      const res = await fetch(`${https.url}/api/v1/dashboard/sign-in/link`, { method: 'POST', ...json({ link }, { 'x-forwarded-proto': 'https' }) });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^__Host-astro_dashboard=/);
      expect(cookie).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it('a challenge takes five wrong codes; e-mails and wrong codes are rate-limited per address', async () => {
    const email = 'guesser@example.com';
    await call('POST', '/api/v1/dashboard/sign-in', json({ email }));
    const { code } = await signInMailTo(inbox, email, inbox.messages.length);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: wrong }))).status).toBe(401);
    // The challenge is spent: even the right code no longer opens it.
    expect((await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code }))).status).toBe(401);

    // Five e-mails an hour to one address (one was sent above): the sixth is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('POST', '/api/v1/dashboard/sign-in', json({ email }))).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const refused = await call('POST', '/api/v1/dashboard/sign-in', json({ email }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Ten wrong tries an hour for the address: past them, even a right code waits.
    for (let i = 0; i < 4; i++) await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: wrong }));
    expect((await call('POST', '/api/v1/dashboard/sign-in/code', json({ email, code: wrong }))).status).toBe(429);
  });

  it('names the field of a bad request (422), never a 500', async () => {
    const bad = await call('POST', '/api/v1/dashboard/sign-in', json({ email: 'not an address' }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('email');
    const code = await call('POST', '/api/v1/dashboard/sign-in/code', json({ email: 'a@example.com', code: '12ab' }));
    expect(code.status).toBe(422);
    expect(JSON.stringify(await code.json())).toContain('code');
  });
});

describe('dashboard session', () => {
  it('state-changing calls need the CSRF token and our own origin; sign-out ends the session', async () => {
    const user = await signInWithCode(server.url, inbox, 'csrf-user@example.com');
    const headers = { cookie: user.cookie };
    expect((await call('POST', '/api/v1/auth/keys', json({ name: 'no token' }, headers))).status).toBe(403);
    expect((await call('POST', '/api/v1/auth/keys', json({ name: 'wrong token' }, { ...headers, 'x-csrf-token': 'x'.repeat(43) }))).status).toBe(403);
    const foreign = await call(
      'POST',
      '/api/v1/auth/keys',
      json({ name: 'foreign' }, { ...headers, 'x-csrf-token': user.csrf, origin: 'https://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    const made = await call('POST', '/api/v1/auth/keys', json({ name: 'good' }, { ...headers, 'x-csrf-token': user.csrf, origin: server.url }));
    expect(made.status).toBe(200);
    // The new key works on the API.
    expect(
      (
        await server.post(
          '/api/v1/natal/calculate',
          { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
          { 'x-api-key': (await made.json()).key },
        )
      ).status,
    ).toBe(200);

    const session = await call('GET', '/api/v1/dashboard/session', { headers });
    expect(await session.json()).toEqual({ signed_in: true, user_id: user.userId, email: 'csrf-user@example.com', csrf_token: user.csrf });
    expect((await call('DELETE', '/api/v1/dashboard/session', { headers })).status).toBe(403);
    const out = await call('DELETE', '/api/v1/dashboard/session', { headers: { ...headers, 'x-csrf-token': user.csrf } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^astro_dashboard=;/);
    expect((await call('GET', '/api/v1/auth/me', { headers })).status).toBe(401);
    expect(await (await call('GET', '/api/v1/dashboard/session', { headers })).json()).toMatchObject({ signed_in: false, csrf_token: null });
  });

  it('never shows one account data of another; bearer tokens keep working beside sessions', async () => {
    const alice = await signInWithCode(server.url, inbox, 'alice@example.com');
    const bob = await signInWithCode(server.url, inbox, 'bob@example.com');
    const as = (who: typeof alice) => ({ cookie: who.cookie, 'x-csrf-token': who.csrf });
    const aliceKey = await (await call('POST', '/api/v1/auth/keys', json({ name: 'alice key' }, as(alice)))).json();
    await server.post(
      '/api/v1/natal/calculate',
      { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
      { 'x-api-key': aliceKey.key },
    );

    const bobKeys = await (await call('GET', '/api/v1/auth/keys', { headers: as(bob) })).json();
    expect(bobKeys).toEqual([]);
    expect(await (await call('GET', '/api/v1/auth/logs', { headers: as(bob) })).json()).toEqual([]);
    const bobUsage = await (await call('GET', '/api/v1/auth/usage?days=7', { headers: as(bob) })).json();
    expect(bobUsage.requests).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect((await call('DELETE', `/api/v1/auth/keys/${aliceKey.id}`, { headers: as(bob) })).status).toBe(404);
    // Bob's CSRF token is no good with Alice's cookie.
    expect((await call('POST', '/api/v1/auth/keys', json({ name: 'x' }, { cookie: alice.cookie, 'x-csrf-token': bob.csrf }))).status).toBe(403);
    expect([403, 404]).toContain((await call('GET', `/api/v1/billing/subscription/${alice.userId}`, { headers: as(bob) })).status);

    const aliceUsage = await (await call('GET', '/api/v1/auth/usage?days=7', { headers: as(alice) })).json();
    expect(aliceUsage.dates).toHaveLength(7);
    expect(aliceUsage.requests.at(-1)).toBe(1);
    expect(aliceUsage.endpoints).toEqual([{ route: '/api/v1/natal/calculate', total: 1, requests: [0, 0, 0, 0, 0, 0, 1] }]);

    // A bearer token is still the API clients' way in, and wins over a cookie sent with it.
    const token = await server.token(bob.userId, 'bob@example.com');
    const viaBearer = await call('GET', '/api/v1/auth/keys', { headers: { authorization: `Bearer ${token}`, cookie: alice.cookie } });
    expect(await viaBearer.json()).toEqual([]);
    expect((await call('POST', '/api/v1/auth/keys', json({ name: 'bearer' }, { authorization: `Bearer ${token}` }))).status).toBe(200);
  });

  it('keeps no sign-in code or link readable once the e-mail is sent: only digests in the database, nothing in the outbox', async () => {
    const email = `no-plain-codes-${process.pid}@example.com`;
    const before = inbox.messages.length;
    expect((await call('POST', '/api/v1/dashboard/sign-in', json({ email }))).status).toBe(202);
    const { code, link } = await signInMailTo(inbox, email, before + 1);
    const rows = await server.db.any(
      sql.unsafe`select subject, body_text, status from email_outbox where to_address = ${email} and kind = 'dashboard_sign_in'`,
    );
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ status: 'sent', body_text: '' });
    expect(JSON.stringify(rows)).not.toContain(code);
    const challenges = await server.db.any(sql.unsafe`select * from dashboard_sign_in_challenges where email = ${email}`);
    expect(challenges.length).toBe(1);
    expect(JSON.stringify(challenges)).not.toContain(code);
    expect(JSON.stringify(challenges)).not.toContain(link);
  });

  it('refuses a session of an account being deleted', async () => {
    const carol = await signInWithCode(server.url, inbox, 'carol@example.com');
    const headers = { cookie: carol.cookie, 'x-csrf-token': carol.csrf };
    const deleted = await call('DELETE', '/api/v1/settings/account', json({ confirm_email: 'carol@example.com' }, headers));
    expect([200, 202]).toContain(deleted.status);
    expect((await call('GET', '/api/v1/auth/me', { headers })).status).toBe(401);
    expect(await (await call('GET', '/api/v1/dashboard/session', { headers })).json()).toMatchObject({ signed_in: false, csrf_token: null });
  });
});

describe('dashboard pages', () => {
  it('serve one shell under a strict CSP and the bundle from this origin', async () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/keys', '/dashboard/sign-in']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/); // no inline script
      expect(html).not.toMatch(/\bhttps?:\/\//); // nothing from another origin
    }
    const html = await (await call('GET', '/dashboard')).text();
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await call('GET', script);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await call('GET', '/dashboard/assets/missing.js')).status).toBe(404);
  });
});
