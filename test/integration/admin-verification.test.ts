/**
 * POST /api/v1/admin/resend-verification sends a real e-mail (received here by a local SMTP
 * server) whose signed, expiring link verifies the address through /api/v1/auth/verify-email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken } from '../helpers/admin.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { EmailVerificationLinks } from '../../src/features/auth/email-verification.ts';

const PUBLIC_URL = 'https://api.example.test';
let inbox: SmtpInbox;
let server: TestServer;
let token: string;
const logs: string[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({
    env: await adminEnv({ SMTP_URL: inbox.url, MAIL_FROM: 'Astrology API <no-reply@example.test>', PUBLIC_BASE_URL: PUBLIC_URL }),
    logLines: logs,
  });
  token = await adminToken(server);
  await server.db.query(
    sql.unsafe`insert into users (id, email) values ('v1', 'Verify.Me@example.com'), ('v2', 'already@example.com'), ('v3', 'mover@example.com')`,
  );
  await server.db.query(sql.unsafe`update users set email_verified_at = now() - interval '1 day' where id = 'v2'`);
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

const resend = (email: string) => admin(server, 'POST', '/api/v1/admin/resend-verification', token, { email });
const linkIn = (text: string) => {
  const match = /https:\/\/api\.example\.test\/api\/v1\/auth\/verify-email\?token=[A-Za-z0-9._-]+/.exec(text);
  expect(match, text).toBeTruthy();
  return new URL(match![0]);
};
const open = (link: URL) => server.request('GET', `${link.pathname}${link.search}`, undefined, { 'x-api-key': '' });

describe('resend-verification', () => {
  it('mails a link that verifies the address; unknown and verified addresses get the same answer and no e-mail', async () => {
    const unknown = await resend('nobody@example.com');
    const verified = await resend('already@example.com');
    const known = await resend('verify.me@EXAMPLE.com');
    for (const res of [unknown, verified, known]) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'accepted' });
    }
    const [mail] = await inbox.waitFor(1);
    expect(inbox.messages).toHaveLength(1);
    expect(mail!.to).toEqual(['Verify.Me@example.com']);
    expect(mail!.subject).toBe('Confirm your e-mail address');
    const link = linkIn(mail!.text);

    const first = await open(link);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email: 'Verify.Me@example.com', verified: true, verified_at: expect.any(String) });
    const again = await open(link);
    expect(again.body.verified_at).toBe(first.body.verified_at);
    const listed = await admin(server, 'GET', '/api/v1/admin/users?search=verify.me', token);
    expect(listed.body.items[0]).toMatchObject({ id: 'v1', email_verified: true });
  });

  it('a link is refused when altered, expired, or made for an address the account no longer has (400)', async () => {
    await resend('mover@example.com');
    const link = linkIn((await inbox.waitFor(2))[1]!.text);
    const altered = new URL(link);
    // The first character of the signature: all six of its bits count.
    const [header, payload, signature] = link.searchParams.get('token')!.split('.');
    altered.searchParams.set('token', `${header}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`);
    expect((await open(altered)).body).toEqual({ detail: 'This verification link is not valid' });

    const links = new EmailVerificationLinks({ jwtSecret: server.config.AUTH_JWT_SECRET }, { baseUrl: PUBLIC_URL, ttlSeconds: -60 });
    const expired = await open(new URL((await links.linkFor('v3', 'mover@example.com')).url));
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ detail: 'This verification link has expired' });

    await server.db.query(sql.unsafe`update users set email = 'moved@example.com' where id = 'v3'`);
    const stale = await open(link);
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toMatch(/current address/);
    expect((await server.request('GET', '/api/v1/auth/verify-email', undefined, { 'x-api-key': '' })).status).toBe(422);
  });

  it('validates the address (422) and needs the operator token (401)', async () => {
    expect((await resend('not-an-address')).status).toBe(422);
    expect((await server.request('POST', '/api/v1/admin/resend-verification', { email: 'a@example.com' }, { 'x-api-key': '' })).status).toBe(401);
  });

  it('a failure to send is logged, never hidden behind a success answer of the mail server', async () => {
    const down = await startTestServer({ env: await adminEnv({ SMTP_URL: 'smtp://127.0.0.1:1' }), logLines: logs });
    try {
      await down.db.query(sql.unsafe`insert into users (id, email) values ('f1', 'fails@example.com')`);
      const res = await admin(down, 'POST', '/api/v1/admin/resend-verification', await adminToken(down), { email: 'fails@example.com' });
      expect(res.status).toBe(202);
      for (const deadline = Date.now() + 20_000; !logs.some((l) => l.includes('verification e-mail could not be sent'));) {
        if (Date.now() > deadline) throw new Error('no log line');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await down.close();
    }
  });

  it('without SMTP, 503', async () => {
    const noMail = await startTestServer({ env: await adminEnv() });
    try {
      const res = await admin(noMail, 'POST', '/api/v1/admin/resend-verification', await adminToken(noMail), { email: 'a@example.com' });
      expect(res.status).toBe(503);
    } finally {
      await noMail.close();
    }
  });
});
