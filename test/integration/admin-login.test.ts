/**
 * Operator login: configured credentials (Argon2id), opaque session tokens stored hashed with a
 * TTL, logout at once on every process, throttling of failures per name and per address (429 +
 * Retry-After, logged), and tokens that open admin paths only.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { describeWithRedis } from '../helpers/needs-redis.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, admin, adminEnv, adminLogin, adminToken } from '../helpers/admin.ts';
import { loadConfig, ConfigError } from '../../src/config.ts';
import { verifyAdminPassword } from '../../src/features/admin/password.ts';
import { hashAdminToken } from '../../src/http/admin-auth.ts';

const root = path.resolve(import.meta.dirname, '../..');
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

let server: TestServer;
let peer: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv() });
  peer = await startTestServer({ peer: server, env: await adminEnv() });
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

describe('login', () => {
  it('answers an opaque token with its expiry; only its hash is stored', async () => {
    const res = await adminLogin(server);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^adm_[A-Za-z0-9_-]{43}$/), token_type: 'bearer', expires_at: expect.any(String) });
    const ttl = Date.parse(res.body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(7.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(8 * 3600_000);
    const stored = await server.db.any(sql.type(z.object({ token_hash: z.string() }))`select token_hash from admin_sessions`);
    expect(stored.map((r) => r.token_hash)).toContain(hashAdminToken(res.body.token));
    expect(stored.map((r) => r.token_hash)).not.toContain(res.body.token);
    // The token opens the admin paths.
    expect((await admin(server, 'GET', '/api/v1/admin/users', res.body.token)).status).toBe(200);
  });

  it('a wrong password and an unknown name get the same 401', async () => {
    const wrongPassword = await adminLogin(server, ADMIN_USERNAME, 'not the passphrase');
    const unknownName = await adminLogin(server, 'somebody', ADMIN_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownName.status).toBe(401);
    expect(wrongPassword.body).toEqual({ detail: 'Invalid username or password' });
    expect(unknownName.body).toEqual(wrongPassword.body);
  });

  it('validates the body (422)', async () => {
    const res = await server.request('POST', '/api/v1/admin/login', { username: ADMIN_USERNAME }, { 'x-api-key': '' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'password']);
  });

  it('logout ends the session at once on every process', async () => {
    const token = await adminToken(server);
    expect((await admin(peer, 'GET', '/api/v1/admin/users', token)).status).toBe(200);
    const out = await admin(server, 'POST', '/api/v1/admin/logout', token);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'logged_out' });
    for (const s of [server, peer]) {
      const res = await admin(s, 'GET', '/api/v1/admin/users', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Invalid token' });
    }
  });

  it('an expired session is refused', async () => {
    const token = await adminToken(server);
    await server.db.query(sql.unsafe`update admin_sessions set expires_at = now() - interval '1 second' where token_hash = ${hashAdminToken(token)}`);
    expect((await admin(server, 'GET', '/api/v1/admin/users', token)).status).toBe(401);
  });
});

describe('what opens the admin paths', () => {
  it('no token, a malformed one or an unknown one: 401', async () => {
    const none = await server.request('GET', '/api/v1/admin/users', undefined, { 'x-api-key': '' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Not authenticated' });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await admin(server, 'GET', '/api/v1/admin/users', 'adm_unknown')).body).toEqual({ detail: 'Invalid token' });
  });

  it('an API key never opens them, neither as x-api-key nor as a bearer token', async () => {
    expect((await server.get('/api/v1/admin/users')).status).toBe(401);
    expect((await admin(server, 'GET', '/api/v1/admin/users', server.key)).status).toBe(401);
  });

  it('a dashboard token never opens them', async () => {
    const token = await server.token('some-user', 'some-user@example.com');
    expect((await admin(server, 'GET', '/api/v1/admin/users', token)).status).toBe(401);
  });

  it('an operator token opens nothing but admin paths', async () => {
    const token = await adminToken(server);
    expect((await server.bearer('GET', '/api/v1/auth/me', token)).status).toBe(401);
    expect((await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': token })).status).toBe(401);
  });
});

// Failures are counted across processes in Redis; the tests below read them from two.
describeWithRedis('throttling', () => {
  let throttled: TestServer;
  let throttledPeer: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    const env = await adminEnv({ ADMIN_LOGIN_MAX_FAILURES_PER_NAME: '3', ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS: '5', ADMIN_LOGIN_WINDOW_SECONDS: '600' });
    throttled = await startTestServer({ env, logLines: logs });
    throttledPeer = await startTestServer({ peer: throttled, env });
  });
  afterAll(async () => {
    await throttledPeer?.close();
    await throttled?.close();
  });

  it('refuses a name after its failures, even with the right password, on every process (429 + Retry-After), and logs it', async () => {
    for (let i = 0; i < 3; i++) expect((await adminLogin(i % 2 ? throttledPeer : throttled, ADMIN_USERNAME, `wrong ${i}`)).status).toBe(401);
    for (const s of [throttled, throttledPeer]) {
      const res = await adminLogin(s);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: 'Too many failed logins; retry later' });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    const lines = logs.map((l) => JSON.parse(l) as { msg: string; username?: string; ip?: string; by?: string });
    expect(lines.filter((l) => l.msg === 'admin login failed')).toHaveLength(2);
    expect(lines.find((l) => l.msg === 'admin login failed')).toMatchObject({ username: ADMIN_USERNAME, ip: '127.0.0.1' });
    expect(lines.find((l) => l.msg === 'admin login throttled')).toMatchObject({ username: ADMIN_USERNAME, ip: '127.0.0.1', by: 'name' });
  });

  it('refuses an address after its failures, whatever the name', async () => {
    // Three failures counted for the address above; two more with another name reach five.
    expect((await adminLogin(throttled, 'guess-1', 'x')).status).toBe(401);
    expect((await adminLogin(throttled, 'guess-2', 'x')).status).toBe(401);
    const res = await adminLogin(throttled, 'guess-3', 'x');
    expect(res.status).toBe(429);
    expect(logs.map((l) => JSON.parse(l)).find((l: { msg: string; by?: string }) => l.msg === 'admin login throttled' && l.by === 'address')).toBeTruthy();
  });

  it('a burst of parallel guesses gets no more attempts than the limit', async () => {
    const fresh = await startTestServer({ env: await adminEnv({ ADMIN_LOGIN_MAX_FAILURES_PER_NAME: '4', ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS: '100' }) });
    try {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => adminLogin(fresh, ADMIN_USERNAME, `guess ${i}`)));
      expect(results.filter((r) => r.status === 401)).toHaveLength(4);
      expect(results.filter((r) => r.status === 429)).toHaveLength(8);
    } finally {
      await fresh.close();
    }
  });

  it('nobody can lock the operator out: the name from a fresh address still gets in, and past the ceiling for the name attempts are slowed, not refused', async () => {
    const lines: string[] = [];
    const fresh = await startTestServer({
      env: await adminEnv({ ADMIN_LOGIN_MAX_FAILURES_PER_NAME: '5', ADMIN_LOGIN_MAX_FAILURES_TOTAL: '20', ADMIN_LOGIN_WINDOW_SECONDS: '600' }),
      logLines: lines,
    });
    const from = async (address: string, password: string) => {
      const res = await fresh.app.app.inject({
        method: 'POST',
        url: '/api/v1/admin/login',
        payload: { username: ADMIN_USERNAME, password },
        remoteAddress: address,
      });
      return { status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 0) };
    };
    const slowed = () => lines.map((l) => JSON.parse(l) as { msg: string; delay_ms?: number }).filter((l) => l.msg === 'admin login slowed');
    try {
      for (let i = 0; i < 5; i++) expect((await from('203.0.113.1', `wrong ${i}`)).status).toBe(401);
      // The guessing address is refused for the window, the right password included...
      const locked = await from('203.0.113.1', ADMIN_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.retryAfter).toBeGreaterThan(500);
      // ...the operator elsewhere is not.
      expect((await from('198.51.100.9', ADMIN_PASSWORD)).status).toBe(200);

      // Many addresses reach the ceiling for the name (20 failures in the window), then go on guessing.
      for (let a = 2; a <= 4; a++) for (let i = 0; i < 5; i++) expect((await from(`203.0.113.${a}`, `wrong ${i}`)).status).toBe(401);
      expect(slowed()).toHaveLength(0);
      const [guess, operator] = await Promise.all([from('203.0.113.50', 'another guess'), from('192.0.2.77', ADMIN_PASSWORD)]);
      expect(guess.status).toBe(401);
      expect(operator.status).toBe(200);
      // Both waited window / ceiling (30 s, at most 10) before their passwords were checked.
      expect(slowed().map((l) => l.delay_ms)).toEqual([10_000, 10_000]);
    } finally {
      await fresh.close();
    }
  });

  it('a successful login does not count as a failure', async () => {
    const fresh = await startTestServer({ env: await adminEnv({ ADMIN_LOGIN_MAX_FAILURES_PER_NAME: '2' }) });
    try {
      for (let i = 0; i < 5; i++) expect((await adminLogin(fresh)).status).toBe(200);
      expect((await adminLogin(fresh, ADMIN_USERNAME, 'wrong')).status).toBe(401);
      expect((await adminLogin(fresh)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('configuration', () => {
  it('without a hash admin is off: 503 everywhere', async () => {
    const off = await startTestServer();
    try {
      const login = await adminLogin(off);
      expect(login.status).toBe(503);
      expect(login.body).toEqual({ detail: 'Administration is not configured' });
      expect((await admin(off, 'GET', '/api/v1/admin/users', 'adm_x')).status).toBe(503);
    } finally {
      await off.close();
    }
  });

  it('refuses a plain password as the hash, and a hash without a name', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'op', ADMIN_PASSWORD_HASH: 'hunter2hunter2' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_USERNAME: 'op', ADMIN_PASSWORD_HASH: '$argon2i$v=19$m=16,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA' })).toThrow(
      /Argon2id/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD_HASH: server.config.ADMIN_PASSWORD_HASH })).toThrow(/ADMIN_USERNAME/);
  });

  const hashPassword = (input: string, args: string[] = []) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [built('src/cli.ts'), 'admin', 'hash-password', ...args], { cwd: root }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
      child.stdin!.end(input);
    });

  it('`cli admin hash-password` reads the password from standard input and prints a hash that verifies', async () => {
    const out = await hashPassword('a new operator passphrase\n');
    expect(out.code).toBe(0);
    const phc = out.stdout.trim();
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyAdminPassword(phc, 'a new operator passphrase')).toBe(true);
    expect(await verifyAdminPassword(phc, 'a new operator passphrase\n')).toBe(false);
    expect(() => loadConfig({ ADMIN_USERNAME: 'op', ADMIN_PASSWORD_HASH: phc })).not.toThrow();
  }, 60_000);

  it('`cli admin hash-password` takes no password argument and refuses a short password', async () => {
    const withArgument = await hashPassword('', ['my-password-on-the-command-line']);
    expect(withArgument.code).not.toBe(0);
    expect(withArgument.stdout).toBe('');
    const short = await hashPassword('short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/12 to 1024 characters/);
  }, 60_000);
});
