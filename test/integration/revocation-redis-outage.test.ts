/**
 * A key revoked while Redis is away (the database has it revoked, but neither the marker nor the
 * message could be sent) is refused by every API process once Redis is back, not after their key
 * caches expire: the revoking process sends the revocation again, and a process whose Redis
 * connection dropped forgets its cached keys. Two API processes, each reaching Redis through a
 * proxy the test can take down; key caches live an hour, so that only these rules can help.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { UserRepository } from '../../src/db/users.ts';

const redisUrl = process.env.REDIS_URL;
let proxyA: TcpProxy;
let proxyB: TcpProxy;
let a: TestServer;
let b: TestServer;
let token: string;

beforeAll(async () => {
  if (!redisUrl) return;
  const target = new URL(redisUrl);
  proxyA = await startTcpProxy(target.hostname, Number(target.port || 6379));
  proxyB = await startTcpProxy(target.hostname, Number(target.port || 6379));
  const env = { KEY_CACHE_TTL_SECONDS: '3600' };
  a = await startTestServer({ env: { ...env, REDIS_URL: proxyA.urlFor(redisUrl) } });
  b = await startTestServer({ peer: a, env: { ...env, REDIS_URL: proxyB.urlFor(redisUrl) } });
  token = await a.token('rv-user', 'rv-user@example.com');
  expect((await a.bearer('POST', '/api/v1/auth/sync', token, { user_id: 'rv-user', email: 'rv-user@example.com' })).status).toBe(200);
  await new UserRepository(a.db).setPlan('rv-user', 'unlimited');
});
afterAll(async () => {
  proxyA?.up();
  proxyB?.up();
  await b?.close();
  await a?.close();
  await proxyA?.close();
  await proxyB?.close();
});

const CHEAP = '/api/v1/numerology/alphabets';

async function cachedKeyOnBoth(): Promise<{ id: string; key: string }> {
  const created = await a.bearer('POST', '/api/v1/auth/keys', token, { name: 'outage' });
  expect(created.status).toBe(200);
  for (const server of [a, b]) expect((await server.get(CHEAP, { 'x-api-key': created.body.key })).status).toBe(200);
  return created.body;
}

/** Waits until a server's Redis answers again (its /readyz), as a client would by retrying. */
async function redisBack(server: TestServer) {
  for (let i = 0; i < 300; i++) {
    if ((await server.get('/readyz')).status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Redis did not come back');
}

describe.runIf(redisUrl)('revocation while Redis is away', () => {
  it('Redis away for both processes: once it is back, neither accepts the key', async () => {
    const key = await cachedKeyOnBoth();
    proxyA.down();
    proxyB.down();
    try {
      const revoked = await a.bearer('DELETE', `/api/v1/auth/keys/${key.id}`, token);
      expect(revoked.status).toBe(503);
      expect(revoked.headers.get('retry-after')).toBe('1');
      expect(a.app.revocations.waiting).toBe(1);
    } finally {
      proxyA.up();
      proxyB.up();
    }
    await redisBack(b);
    await redisBack(a);
    expect((await b.get(CHEAP, { 'x-api-key': key.key })).status).toBe(401);
    expect((await a.get(CHEAP, { 'x-api-key': key.key })).status).toBe(401);
  }, 60_000);

  it('Redis away for the revoking process only: the other refuses the key once the revocation goes through', async () => {
    const key = await cachedKeyOnBoth();
    proxyA.down();
    try {
      expect((await a.bearer('DELETE', `/api/v1/auth/keys/${key.id}`, token)).status).toBe(503);
      // b has not heard of it and still has the key cached (this is what the 503 warns of).
      expect((await b.get(CHEAP, { 'x-api-key': key.key })).status).toBe(200);
    } finally {
      proxyA.up();
    }
    let status = 200;
    for (let i = 0; i < 200 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await b.get(CHEAP, { 'x-api-key': key.key })).status;
    }
    expect(status).toBe(401);
    // b may refuse the key as soon as the marker is written, a moment before a's message is
    // through and the revocation leaves a's waiting list: wait for that too.
    for (let i = 0; i < 200 && a.app.revocations.waiting > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(a.app.revocations.waiting).toBe(0);
  }, 60_000);
});
