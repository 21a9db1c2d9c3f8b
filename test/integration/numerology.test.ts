/** Numerology through HTTP: every published vector, the registry and alphabets, errors, no persistence. */
import { readFixture } from '../helpers/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { inflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import type { MemoryIdempotencyStore } from '../../src/http/idempotency-store.ts';

const vectors = readFixture('numerology/vectors.json');

const logLines: string[] = [];
let server: TestServer;
let registry: any;
beforeAll(async () => {
  server = await startTestServer({ logLines });
  registry = (await server.get('/api/v1/numerology/methods')).body;
});
afterAll(async () => {
  await server?.close();
});

const profileOf = (system: string, id: string) => registry.systems.find((s: any) => s.system === system).profiles.find((p: any) => p.id === id);

/** Every expected field must match; the response may carry more. */
function expectSubset(actual: unknown, expected: unknown, where: string) {
  if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
    expect(actual && typeof actual === 'object', where).toBe(true);
    for (const [k, v] of Object.entries(expected)) expectSubset((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

describe('POST /api/v1/numerology/profile', () => {
  it(`passes all ${vectors.count} published vectors, with the policy combination taken from the registry`, async () => {
    for (const v of vectors.vectors) {
      const profile = profileOf(v.system, v.profile_id);
      const combination = profile.policy_combinations[0];
      const body = { method: { system: v.system, profile: v.profile_id, ...combination }, calculations: [v.calculation], ...v.input };
      const res = await server.post('/api/v1/numerology/profile', body);
      if (v.expected.error) {
        expect(res.status, v.id).toBeGreaterThanOrEqual(400);
        expect(res.status, v.id).toBeLessThan(500);
        expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
        expect({ code: res.body.code, field: res.body.field }, v.id).toEqual(v.expected.error);
        continue;
      }
      expect(res.status, `${v.id}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.kind).toBe(v.system);
      expect(res.body.registry_version).toBe('2026-07');
      expectSubset(res.body.data.calculations[v.calculation], v.expected, v.id);
    }
  }, 60_000);

  const pythagorean = {
    method: {
      system: 'pythagorean',
      profile: 'pythagorean-component-preserve-core-v1',
      master_policy: 'preserve_core_11_22_33',
      compound_policy: 'full_trace',
    },
  };

  it('computes the full Pythagorean profile (17 slugs) by default', async () => {
    const res = await server.post('/api/v1/numerology/profile', {
      ...pythagorean,
      subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } },
      date_context: { reference_date: '2026-01-15' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.calculations)).toHaveLength(17);
  });

  it('answers problem details: 422 validation, 409 policies, 400 date context', async () => {
    const invalid = await server.post('/api/v1/numerology/profile', { method: { system: 'pythagorean' }, subject: { birth_date: 'not a date' } });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('content-type')).toMatch(/application\/problem\+json/);
    for (const f of ['type', 'title', 'status', 'detail', 'instance', 'code', 'trace_id']) expect(invalid.body).toHaveProperty(f);
    expect(invalid.body.field).toBeTruthy();

    const policy = await server.post('/api/v1/numerology/profile', {
      ...pythagorean,
      method: { ...pythagorean.method, master_policy: 'reduce_all' },
      subject: { birth_date: '1984-07-09' },
      calculations: ['life_path'],
    });
    expect(policy.status).toBe(409);
    expect(policy.body.code).toBe('policy_incompatible');

    const mismatch = await server.post('/api/v1/numerology/profile', {
      method: { system: 'chaldean', profile: 'pythagorean-component-preserve-core-v1' },
      subject: { name: { current: 'Ann' } },
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe('profile_system_mismatch');

    const unresolved = await server.post('/api/v1/numerology/profile', {
      ...pythagorean,
      subject: { birth_date: '1984-07-09', tz_str: 'AUTO' },
      calculations: ['personal_year'],
    });
    expect(unresolved.status).toBe(400);
    expect(unresolved.body.code).toBe('date_context_unresolved');

    const broken = await server.post('/api/v1/numerology/profile', '{"method":');
    expect(broken.status).toBe(422);
    expect(broken.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('needs a key like every calculation', async () => {
    expect((await server.post('/api/v1/numerology/profile', pythagorean, { 'x-api-key': '' })).status).toBe(401);
    expect((await server.post('/api/v1/numerology/profile', pythagorean, { 'x-api-key': 'ask_wrong' })).status).toBe(401);
  });

  it('persists nothing: a marker name reaches no table, no log line and no metric', async () => {
    const marker = 'Zyxwvmarkerqq';
    for (const system of ['pythagorean', 'chaldean', 'ank_jyotish']) {
      const profile = registry.systems.find((s: any) => s.system === system).profiles[0];
      await server.post('/api/v1/numerology/profile', {
        method: { system, profile: profile.id, ...profile.policy_combinations[0] },
        subject: { birth_date: '1990-02-03', name: { birth: `${marker} Lee`, current: `${marker} Lee` }, tz_str: 'UTC' },
      });
    }
    // A failing request with the marker too.
    await server.post('/api/v1/numerology/profile', { method: { system: 'pythagorean' }, subject: { birth_date: `${marker}`, name: { birth: marker } } });
    const tables = await server.db.anyFirst(
      sql.type(z.object({ table_name: z.string() }))`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const hits = await server.db.oneFirst(
        sql.type(z.object({ count: z.number() }))`select count(*) from ${sql.identifier([table])} t where row_to_json(t)::text ilike ${`%${marker}%`}`,
      );
      expect(hits, table).toBe(0);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(marker);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).not.toContain(marker);
  });

  for (const mode of ['Redis', 'embedded'] as const) {
    it.runIf(mode === 'embedded' || process.env.REDIS_URL)(
      `${mode}: with an Idempotency-Key only the fingerprint is kept; a replay recomputes the same answer, free`,
      async () => {
        const target = mode === 'embedded' ? await startTestServer({ env: { REDIS_URL: '' } }) : server;
        try {
          const marker = `Qxvmarker${mode}`;
          // No reference date: the profile is computed as of now, which a replay must reuse.
          const body = { ...pythagorean, subject: { birth_date: '1987-11-23', name: { birth: `${marker} Lee`, current: `${marker} Lee` }, tz_str: 'UTC' } };
          const { user_id } = await target.db.one(sql.type(z.object({ user_id: z.string() }))`select user_id from api_keys order by created_at limit 1`);
          const first = await target.post('/api/v1/numerology/profile', body, { 'idempotency-key': `persist-${mode}` });
          expect(first.status).toBe(200);
          const used = await target.app.rateLimiter.used(user_id, 'month');
          const replay = await target.post('/api/v1/numerology/profile', body, { 'idempotency-key': `persist-${mode}` });
          expect(replay.headers.get('idempotency-replayed')).toBe('true');
          expect(replay.body).toEqual(first.body);
          expect(replay.headers.get('x-trace-id')).toBe(first.headers.get('x-trace-id'));
          expect(await target.app.rateLimiter.used(user_id, 'month')).toBe(used);

          // Everything the platform keeps, decoded (compressed bodies inflated): no name, no result.
          const kept =
            mode === 'Redis' ? await redisContents(target.config.REDIS_KEY_PREFIX) : (target.app.stores.idempotency as MemoryIdempotencyStore).entries();
          const text = kept.map(([k, v]) => `${k} ${decoded(v)}`).join('\n');
          expect(text).not.toContain(marker);
          expect(text).not.toContain(JSON.stringify(first.body.data.calculations).slice(0, 200));
          const records = kept.filter(([, v]) => v.startsWith('D{')).map(([, v]) => JSON.parse(v.slice(1)).r);
          expect(records.length).toBeGreaterThan(0);
          for (const record of records)
            expect(record).toEqual({
              status: 0,
              headers: {},
              body: '',
              replay: 'recompute',
              context: { now: expect.any(Number), traceId: first.headers.get('x-trace-id') },
            });
          // The fingerprint is keyed: whoever reads the store cannot confirm a guessed name and date
          // by hashing the request themselves.
          const plain = createHash('sha256')
            .update(`POST\n/api/v1/numerology/profile\n\n${JSON.stringify(body)}`)
            .digest('hex');
          const fingerprints = kept.filter(([, v]) => v.startsWith('D{')).map(([, v]) => JSON.parse(v.slice(1)).f as string);
          expect(fingerprints[0]).toMatch(/^[0-9a-f]{64}$/);
          expect(fingerprints).not.toContain(plain);
        } finally {
          if (target !== server) await target.close();
        }
      },
    );
  }
});

/** Every key and value under a Redis prefix, whatever its type. */
async function redisContents(prefix: string): Promise<[string, string][]> {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    const out: [string, string][] = [];
    for (const key of await redis.keys(`${prefix}*`)) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(key, 0, -1))
              : type === 'set'
                ? JSON.stringify(await redis.smembers(key))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, 0, -1))
                  : `(${type})`;
      out.push([key, value ?? '']);
    }
    return out;
  } finally {
    await redis.quit();
  }
}

/** A stored value with any response body in it decoded from base64 and inflated. */
function decoded(value: string): string {
  if (!value.startsWith('D')) return value;
  const record = JSON.parse(value.slice(1)) as { r: { body: string; encoding?: string } };
  const bytes = Buffer.from(record.r.body, 'base64');
  return `${value} ${(record.r.encoding === 'deflate' ? inflateRawSync(bytes) : bytes).toString('utf8')}`;
}

describe('GET /api/v1/numerology/methods and /alphabets', () => {
  it('serves the registry with ETag and Cache-Control, and 304 on a matching If-None-Match', async () => {
    const res = await server.get('/api/v1/numerology/methods');
    expect(res.status).toBe(200);
    expect(res.body.registry_version).toBe('2026-07');
    expect(res.body.systems.map((s: any) => s.system).sort()).toEqual(['ank_jyotish', 'chaldean', 'kabbalah', 'pythagorean']);
    expect(res.body.request_discriminator).toEqual({
      property_path: 'method.system',
      values: expect.arrayContaining(['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish']),
    });
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    const again = await fetch(`${server.url}/api/v1/numerology/methods`, { headers: { 'x-api-key': server.key, 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 401 for a missing key and 403 for an invalid key, in plain JSON', async () => {
    const missing = await server.get('/api/v1/numerology/methods', { 'x-api-key': '' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Missing API key' });
    const invalid = await server.get('/api/v1/numerology/methods', { 'x-api-key': 'ask_wrong' });
    expect(invalid.status).toBe(403);
    expect(invalid.body).toEqual({ detail: 'Invalid API key' });
    expect(invalid.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('resolves every alphabet id of the registry', async () => {
    const alphabets = await server.get('/api/v1/numerology/alphabets');
    expect(alphabets.status).toBe(200);
    const text = JSON.stringify(alphabets.body);
    for (const system of registry.systems) for (const id of system.alphabet_ids) expect(text).toContain(`"${id}"`);
  });
});
