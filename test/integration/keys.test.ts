/**
 * API keys from the dashboard: created with the secret shown once, listed without it, revoked
 * only by their owner — and a revoked key refused at once by every API process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { UserRepository } from '../../src/db/users.ts';
import { hashApiKey } from '../../src/features/keys/secret.ts';

let a: TestServer;
let b: TestServer;
let alice: string;
let bob: string;
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

beforeAll(async () => {
  a = await startTestServer({ env: { KEYS_MAX_PER_USER: '6' } });
  // A second API process of the same deployment: same database, same Redis.
  // Without Redis (embedded stand-ins) processes share nothing: the same tests then run on one.
  b = process.env.REDIS_URL ? await startTestServer({ peer: a, env: { KEYS_MAX_PER_USER: '6' } }) : a;
  alice = await a.token('k-alice', 'k-alice@example.com');
  bob = await a.token('k-bob', 'k-bob@example.com');
  for (const [token, id] of [
    [alice, 'k-alice'],
    [bob, 'k-bob'],
  ] as const) {
    expect((await a.bearer('POST', '/api/v1/auth/sync', token, { user_id: id, email: `${id}@example.com` })).status).toBe(200);
  }
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

const createKey = (server: TestServer, token: string, body: unknown) => server.bearer('POST', '/api/v1/auth/keys', token, body);

describe('creating and listing keys', () => {
  it('returns the secret once: a recognisable prefix and 256 bits of randomness; only its hash is stored', async () => {
    const res = await createKey(a, alice, { name: 'production' });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^ask_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ name: 'production', status: 'active', last_used_at: null, revoked_at: null, expires_at: null });
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);
    const stored = await a.db.oneFirst(sql.type(z.object({ key_hash: z.string() }))`select key_hash from api_keys where id = ${res.body.id}`);
    expect(stored).toBe(hashApiKey(res.body.key));

    const list = await a.bearer('GET', '/api/v1/auth/keys', alice);
    expect(list.status).toBe(200);
    const listed = list.body.find((k: { id: string }) => k.id === res.body.id);
    expect(Object.keys(listed).sort()).toEqual(['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'status']);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
  });

  it("a new user's key works on the free plan", async () => {
    const { body } = await createKey(a, alice, { name: 'free key' });
    const res = await a.post('/api/v1/natal/calculate', natal, { 'x-api-key': body.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('80');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('79');
  });

  it('validates the request: name 1–100 characters, expires_at in the future', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'k', expires_at: 'tomorrow' }]) {
      const res = await createKey(a, alice, body);
      expect(res.status).toBe(422);
    }
    const past = await createKey(a, alice, { name: 'k', expires_at: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.detail[0].loc).toEqual(['body', 'expires_at']);
    // Text the database cannot hold, and an offset no clock has, are the client's errors.
    for (const [body, field] of [
      [{ name: 'k\u0000' }, 'name'],
      [{ name: '\ud800' }, 'name'],
      [{ name: 'k', expires_at: '2030-01-01T00:00:00+99:00' }, 'expires_at'],
    ] as const) {
      const res = await createKey(a, alice, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', field]);
    }
  });

  it('stores an expiry given with any offset that parses as its UTC instant', async () => {
    const res = await createKey(a, alice, { name: 'far offset', expires_at: '2030-01-01T00:00:00+23:59' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.parse(res.body.expires_at)).toBe(Date.parse('2029-12-31T00:01:00Z'));
    expect((await a.bearer('DELETE', `/api/v1/auth/keys/${res.body.id}`, alice)).status).toBe(200);
  });

  it('a key with an expiry stops working when it expires', async () => {
    // Four seconds of life: the key must still be valid for its first request on a loaded box.
    const expiresAt = new Date(Date.now() + 4000).toISOString();
    const { body } = await createKey(a, bob, { name: 'short', expires_at: expiresAt });
    expect(body.expires_at).toBe(expiresAt);
    expect((await a.get('/api/v1/numerology/alphabets', { 'x-api-key': body.key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - Date.now()) + 200));
    const res = await a.get('/api/v1/numerology/alphabets', { 'x-api-key': body.key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
    const listed = (await a.bearer('GET', '/api/v1/auth/keys', bob)).body.find((k: any) => k.id === body.id);
    expect(listed.status).toBe('expired');
  });

  it('caps the active keys per user, even under concurrent creation', async () => {
    const carol = await a.token('k-carol', 'k-carol@example.com');
    await a.bearer('POST', '/api/v1/auth/sync', carol, { user_id: 'k-carol', email: 'k-carol@example.com' });
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => createKey(i % 2 ? a : b, carol, { name: `k${i}` })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(6);
    const refused = all.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.error).toBe('key_limit_reached');
  });

  it('404 for a user who has not synced', async () => {
    const res = await createKey(a, await a.token('k-stranger', 'stranger@example.com'), { name: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('two users', () => {
  it("cannot see or revoke each other's keys", async () => {
    const { body: aliceKey } = await createKey(a, alice, { name: 'alice only' });
    const bobList = await a.bearer('GET', '/api/v1/auth/keys', bob);
    expect(bobList.body.map((k: { id: string }) => k.id)).not.toContain(aliceKey.id);
    const steal = await a.bearer('DELETE', `/api/v1/auth/keys/${aliceKey.id}`, bob);
    expect(steal.status).toBe(404);
    expect(steal.body).toEqual({ detail: 'API key not found' });
    // Still Alice's, still active, still working.
    expect((await a.get('/api/v1/numerology/alphabets', { 'x-api-key': aliceKey.key })).status).toBe(200);
    const aliceList = await a.bearer('GET', '/api/v1/auth/keys', alice);
    expect(aliceList.body.find((k: { id: string }) => k.id === aliceKey.id).status).toBe('active');
  });

  it('404 for unknown and malformed key ids', async () => {
    expect((await a.bearer('DELETE', '/api/v1/auth/keys/00000000-0000-4000-8000-000000000000', alice)).status).toBe(404);
    expect((await a.bearer('DELETE', '/api/v1/auth/keys/not-a-uuid', alice)).status).toBe(404);
  });
});

describe('revocation', () => {
  it('a revoked key answers 401 Invalid API key at once, on every API process', async () => {
    const { body: key } = await createKey(a, alice, { name: 'to revoke' });
    await new UserRepository(a.db).setPlan('k-alice', 'unlimited');
    // Both processes have the key cached as valid.
    for (const server of [a, b]) expect((await server.post('/natal', natal, { 'x-api-key': key.key })).status).toBe(200);
    const revoked = await a.bearer('DELETE', `/api/v1/auth/keys/${key.id}`, alice);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: key.id, status: 'revoked' });
    // Immediately, on the other process too (no waiting for caches to expire).
    const onB = await b.post('/api/v1/natal/calculate', natal, { 'x-api-key': key.key });
    expect(onB.status).toBe(401);
    expect(onB.body).toEqual({ detail: 'Invalid API key' });
    expect(onB.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await a.post('/api/v1/transits/calculate', { natal }, { 'x-api-key': key.key })).status).toBe(401);
    // The numerology registry answers an invalid key with 403, revoked ones included.
    const methods = await b.get('/api/v1/numerology/methods', { 'x-api-key': key.key });
    expect(methods.status).toBe(403);
    expect(methods.body).toEqual({ detail: 'Invalid API key' });
    // Listed as revoked; revoking again is harmless.
    const listed = (await b.bearer('GET', '/api/v1/auth/keys', alice)).body.find((k: { id: string }) => k.id === key.id);
    expect(listed.status).toBe('revoked');
    expect(listed.revoked_at).toBeTruthy();
    expect((await b.bearer('DELETE', `/api/v1/auth/keys/${key.id}`, alice)).status).toBe(200);
  });

  it('the other process also drops the key from its cache (pub/sub), so it reads `revoked` from the database', async () => {
    const { body: key } = await createKey(a, alice, { name: 'cached' });
    expect((await b.get('/api/v1/numerology/alphabets', { 'x-api-key': key.key })).status).toBe(200);
    await a.bearer('DELETE', `/api/v1/auth/keys/${key.id}`, alice);
    // The message arrives asynchronously: poll (a loaded machine may take more than a moment).
    let verdict = await b.app.authenticator.verdict(key.key);
    for (let waited = 0; waited < 5000 && verdict.kind !== 'invalid'; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
      verdict = await b.app.authenticator.verdict(key.key);
    }
    expect(verdict.kind).toBe('invalid');
  });

  it('last_used_at moves forward with use (written in batches)', async () => {
    const { body: key } = await createKey(a, bob, { name: 'used' });
    await new UserRepository(a.db).setPlan('k-bob', 'unlimited');
    const before = Date.now();
    expect((await b.get('/api/v1/numerology/alphabets', { 'x-api-key': key.key })).status).toBe(200);
    await b.app.usage.flush();
    const listed = (await a.bearer('GET', '/api/v1/auth/keys', bob)).body.find((k: { id: string }) => k.id === key.id);
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});
