/**
 * Dashboard identity: bearer JWTs verified with an HS256 secret or an identity provider's JWKS
 * (signature, expiry, audience), and the CLI `token` command agreeing with the server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { cliInProcess } from '../helpers/cli.ts';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { loadConfig } from '../../src/config.ts';
import { withJwtSecret, SECRET_FILE } from '../../src/features/auth/jwt-secret.ts';
import { BearerAuthenticator } from '../../src/http/bearer-auth.ts';
import { mintToken } from '../../src/features/auth/token.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let server: TestServer;
let jwksServer: http.Server;
let jwksUrl: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwksServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
  // Both verifiers: the secret for `cli token`, the JWKS for the identity provider.
  server = await startTestServer({ env: { AUTH_JWKS_URL: jwksUrl, AUTH_JWT_AUDIENCE: 'astro-api' } });
});
afterAll(async () => {
  await server?.close();
  jwksServer?.close();
});

const rs256 = (claims: Record<string, unknown>, key = signingKey, kid = 'k1') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt().setExpirationTime('10m').setAudience('astro-api').sign(key);

describe('bearer tokens', () => {
  it('401 Not authenticated without a token, with a WWW-Authenticate challenge', async () => {
    const res = await server.request('GET', '/api/v1/auth/me', undefined, { 'x-api-key': '' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Not authenticated' });
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('401 for a malformed header or token', async () => {
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer not.a.jwt', `Bearer ${'x'.repeat(10_000)}`]) {
      const res = await server.request('GET', '/api/v1/auth/me', undefined, { 'x-api-key': '', authorization });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(res.body.detail).toBe('Invalid token');
    }
  });

  it('accepts a token of the configured secret and answers as its subject', async () => {
    const token = await server.token('jwt-user-1', 'jwt1@example.com');
    const sync = await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: 'jwt-user-1', email: 'jwt1@example.com' });
    expect(sync.status).toBe(200);
    const me = await server.bearer('GET', '/api/v1/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe('jwt-user-1');
  });

  it('401 for a token signed with another secret (forged)', async () => {
    const forged = await mintToken({
      userId: 'jwt-user-1',
      email: 'jwt1@example.com',
      secret: 'another-secret-another-secret-another-secret',
      audience: 'astro-api',
    });
    const res = await server.bearer('GET', '/api/v1/auth/me', forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid token' });
  });

  it('401 Token expired for an expired token', async () => {
    const expired = await new SignJWT({ email: 'jwt1@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('jwt-user-1')
      .setAudience('astro-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(server.config.AUTH_JWT_SECRET));
    const res = await server.bearer('GET', '/api/v1/auth/me', expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token expired' });
  });

  it('401 Invalid token for a well-signed token whose subject holds a control character', async () => {
    const token = await mintToken({ userId: 'jwt-user\u0000-1', email: 'jwt1@example.com', secret: server.config.AUTH_JWT_SECRET!, audience: 'astro-api' });
    const res = await server.bearer('GET', '/api/v1/auth/me', token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid token' });
    // An address with one is no address: the token is taken, without it.
    expect(
      await new BearerAuthenticator({ secret: server.config.AUTH_JWT_SECRET, audience: 'astro-api', maxLifetimeSeconds: 86400 }).verify(
        await mintToken({ userId: 'jwt-user-1', email: 'a\u0000b@example.com', secret: server.config.AUTH_JWT_SECRET!, audience: 'astro-api' }),
      ),
    ).toEqual({ userId: 'jwt-user-1', email: null });
  });

  it('401 for a token without expiry, for another audience, and for alg none', async () => {
    const secret = new TextEncoder().encode(server.config.AUTH_JWT_SECRET);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('jwt-user-1').setAudience('astro-api').sign(secret);
    const otherAud = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('jwt-user-1')
      .setAudience('someone-else')
      .setExpirationTime('5m')
      .sign(secret);
    const none = new UnsecuredJWT({}).setSubject('jwt-user-1').setAudience('astro-api').setExpirationTime('5m').encode();
    for (const token of [noExp, otherAud, none]) {
      const res = await server.bearer('GET', '/api/v1/auth/me', token);
      expect(res.status).toBe(401);
    }
  });

  it('401 for a lifetime over AUTH_JWT_MAX_LIFETIME_SECONDS (default a day), with or without iat', async () => {
    const secret = new TextEncoder().encode(server.config.AUTH_JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const hs = (iat: number | null, exp: number) => {
      const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('jwt-user-1').setAudience('astro-api').setExpirationTime(exp);
      return (iat === null ? jwt : jwt.setIssuedAt(iat)).sign(secret);
    };
    const fiftyYears = 50 * 365 * 86400;
    for (const token of [
      await hs(now, now + fiftyYears),
      await hs(null, now + fiftyYears),
      await hs(now - 3600, now + 86400),
      await new SignJWT({ sub: 'idp-user' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt(now)
        .setExpirationTime(now + 2 * 86400)
        .setAudience('astro-api')
        .sign(signingKey),
    ]) {
      const res = await server.bearer('GET', '/api/v1/auth/me', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Token lifetime too long' });
    }
    // A day exactly, from now, passes (200, or 404 before this user's first sync).
    expect([200, 404]).toContain((await server.bearer('GET', '/api/v1/auth/me', await hs(now, now + 86400))).status);
  });

  it('warns at start when audience or issuer are not configured', async () => {
    const logLines: string[] = [];
    const bare = await startTestServer({ logLines });
    await bare.close();
    expect(logLines.join('\n')).toMatch(/AUTH_JWT_AUDIENCE and AUTH_JWT_ISSUER not set/);
    const lines: string[] = [];
    const configured = await startTestServer({ logLines: lines, env: { AUTH_JWT_AUDIENCE: 'astro-api', AUTH_JWT_ISSUER: 'https://id.example' } });
    await configured.close();
    expect(lines.join('\n')).not.toMatch(/not set: dashboard tokens/);
  });

  it('verifies identity-provider tokens against the JWKS; a key not in the set is refused', async () => {
    const token = await rs256({ sub: 'idp-user', email: 'idp@example.com' });
    const sync = await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: 'idp-user', email: 'idp@example.com', full_name: 'From the IdP' });
    expect(sync.status).toBe(200);
    expect(sync.body.full_name).toBe('From the IdP');
    const forged = await rs256({ sub: 'idp-user', email: 'idp@example.com' }, otherKey);
    expect((await server.bearer('GET', '/api/v1/auth/me', forged)).status).toBe(401);
    const unknownKid = await rs256({ sub: 'idp-user' }, otherKey, 'k2');
    expect((await server.bearer('GET', '/api/v1/auth/me', unknownKid)).status).toBe(401);
  });

  it('without a JWKS, an RS256 token is refused (no algorithm confusion)', async () => {
    const verifier = new BearerAuthenticator({ secret: server.config.AUTH_JWT_SECRET, audience: 'astro-api', maxLifetimeSeconds: 86400 });
    await expect(verifier.verify(await rs256({ sub: 'idp-user' }))).rejects.toMatchObject({ statusCode: 401 });
  });

  it('counts bearer failures in the metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/auth_failures_total\{reason="bearer_missing_token"\} [1-9]/);
    expect(text).toMatch(/auth_failures_total\{reason="bearer_expired_token"\} [1-9]/);
  });
});

describe('cli token', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k) && !k.startsWith('AUTH_')),
  );

  it('embedded: mints with the secret kept in DATA_DIR, which the server uses too', async () => {
    const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-jwt-'));
    dirs.push(DATA_DIR);
    const { stdout } = await run(process.execPath, [built('src/cli.ts'), 'token', '--user', 'cli-user', '--email', 'cli@example.com', '--json'], {
      cwd: root,
      env: { ...cleanEnv, DATA_DIR },
    });
    const out = JSON.parse(stdout.trim());
    expect(out.user_id).toBe('cli-user');
    expect(fs.statSync(path.join(DATA_DIR, SECRET_FILE)).mode & 0o777).toBe(0o600);
    // What `serve` does with the same DATA_DIR: the same secret, so the token verifies.
    const config = withJwtSecret(loadConfig({ DATA_DIR }));
    const account = await new BearerAuthenticator({ secret: config.AUTH_JWT_SECRET, maxLifetimeSeconds: config.AUTH_JWT_MAX_LIFETIME_SECONDS }).verify(
      out.token,
    );
    expect(account).toEqual({ userId: 'cli-user', email: 'cli@example.com' });
  }, 60_000);

  it('refuses to mint a token the server would refuse (--ttl over AUTH_JWT_MAX_LIFETIME_SECONDS)', async () => {
    // In this process (runCli): the test above runs the command as a child, as a user does.
    const minted = cliInProcess(
      ['token', '--user', 'u', '--ttl', '90000'],
      { AUTH_JWT_SECRET: server.config.AUTH_JWT_SECRET!, DATA_DIR: os.tmpdir() },
      cleanEnv,
    );
    await expect(minted).rejects.toThrow(/AUTH_JWT_MAX_LIFETIME_SECONDS/);
  }, 60_000);

  it('with AUTH_JWT_SECRET: the server accepts the token', async () => {
    const stdout = await cliInProcess(
      ['token', '--user', 'jwt-user-1', '--email', 'jwt1@example.com'],
      { AUTH_JWT_SECRET: server.config.AUTH_JWT_SECRET!, AUTH_JWT_AUDIENCE: 'astro-api', DATA_DIR: os.tmpdir() },
      cleanEnv,
    );
    const res = await server.bearer('GET', '/api/v1/auth/me', stdout.trim());
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('jwt1@example.com');
  }, 60_000);
});
