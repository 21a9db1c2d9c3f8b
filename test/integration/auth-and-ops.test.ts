/** API-key authentication, and the operational endpoints: OpenAPI, docs, health, metrics, overload. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { UserRepository } from '../../src/db/users.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const body = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

describe('x-api-key', () => {
  for (const path of ['/api/v1/natal/calculate', '/natal', '/api/v1/transits/calculate']) {
    it(`${path}: 401 Missing API key`, async () => {
      const res = await server.post(path, body, { 'x-api-key': '' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Missing API key' });
    });
    it(`${path}: 401 Invalid API key`, async () => {
      const res = await server.post(path, body, { 'x-api-key': 'ask_not-a-real-key' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Invalid API key' });
    });
  }

  it('answers 401 before looking at a bad body', async () => {
    const res = await server.post('/api/v1/natal/calculate', '{broken', { 'x-api-key': '' });
    expect(res.status).toBe(401);
  });

  it('403 Subscription required when the owner has no active subscription', async () => {
    const created = await createKeyForEmail(server.db, { email: 'lapsed@example.com', plan: 'entry' });
    expect((await server.post('/api/v1/natal/calculate', body, { 'x-api-key': created.key })).status).toBe(200);
    await new UserRepository(server.db).setSubscriptionStatus(created.user_id, 'canceled');
    server.app.authenticator.clear();
    const res = await server.post('/api/v1/natal/calculate', body, { 'x-api-key': created.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Subscription required' });
  });

  it('a key is never stored in clear', async () => {
    const { sql } = await import('../../src/db/sql.ts');
    const { z } = await import('zod/v4');
    const hashes = await server.db.anyFirst(sql.type(z.object({ key_hash: z.string() }))`select key_hash from api_keys`);
    for (const h of hashes) {
      expect(h).toMatch(/^[0-9a-f]{64}$/);
      expect(h).not.toContain(server.key);
    }
  });
});

describe('operations', () => {
  it('serves the OpenAPI 3.1 document, version 1.0.0, with the calculation paths', async () => {
    const res = await server.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
    for (const p of ['/api/v1/natal/calculate', '/natal', '/api/v1/transits/calculate']) expect(res.body.paths).toHaveProperty(p);
    expect(res.body.paths['/api/v1/natal/calculate'].post.requestBody).toBeDefined();
  });

  it('names the interface schemas as components and declares 422 HTTPValidationError', async () => {
    const doc = (await server.get('/openapi.json')).body;
    for (const name of [
      'NatalChartRequest',
      'SimpleNatalRequest',
      'TransitRequest',
      'EphemerisRequest',
      'CreateKeyRequest',
      'KeyResponse',
      'SyncUserRequest',
      'OnboardingRequest',
      'FeedbackRequest',
      'LogEntry',
      'HTTPValidationError',
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    expect(Object.keys(doc.components.schemas).filter((n) => n.endsWith('Input'))).toEqual([]);
    const natal = doc.paths['/api/v1/natal/calculate'].post;
    expect(natal.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/NatalChartRequest');
    // The same 422 of many operations is written once, under components/responses.
    const invalid = natal.responses['422'].$ref ? doc.components.responses[natal.responses['422'].$ref.split('/').pop()] : natal.responses['422'];
    expect(invalid.content['application/json'].schema.$ref).toBe('#/components/schemas/HTTPValidationError');
    expect(doc.paths['/api/v1/ephemeris'].get.responses).toHaveProperty('422');
    expect(doc.paths['/healthz'].get.responses).not.toHaveProperty('422');
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await fetch(`${server.url}/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<title>API reference · Astrology calculation service</title>');
    // Readable on a phone; the reference's script is served from here.
    expect(page).toContain('width=device-width');
    expect((await fetch(`${server.url}/docs/js/scalar.js`)).status).toBe(200);
    // zod's default bounds of an integer (±(2^53 − 1)) are not shown as a field's range.
    expect(JSON.stringify(await (await fetch(`${server.url}/openapi.json`)).json())).not.toContain('9007199254740991');
  });

  it('reports liveness and readiness', async () => {
    expect((await server.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await server.get('/readyz');
    expect(ready.status).toBe(200);
    // Redis is checked when the service uses one (REDIS_URL), as CI runs it. Reports are shown
    // (no report worker runs here) without making the service unready.
    expect(ready.body.checks).toEqual({ database: 'ok', compute_pool: 'ok', ...(server.config.REDIS_URL ? { redis: 'ok' } : {}), reports: 'unavailable' });
  });

  it('exposes Prometheus metrics by route template', async () => {
    await server.post('/api/v1/natal/calculate', body);
    const res = await fetch(`${server.url}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/natal\/calculate"[^}]*status_code="200"/);
    expect(text).toMatch(/http_requests_in_flight/);
    expect(text).toMatch(/compute_pool_queue_depth/);
    expect(text).toMatch(/compute_pool_utilization/);
    expect(text).toMatch(/process_cpu_seconds_total/);
    expect(text).toMatch(/auth_failures_total\{reason="missing_key"\}/);
  });

  it('unknown paths answer 404 JSON', async () => {
    const res = await server.get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found' });
  });
});

describe('overload', () => {
  it('answers 503 with Retry-After when the compute queue is full, and serves the rest', async () => {
    const small = await startTestServer({ compute: 'pool', threads: 1, maxQueue: 1 });
    try {
      const all = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          small.post('/api/v1/natal/calculate', { ...body, minute: i % 60, include_features: ['ceres', 'pallas', 'juno', 'vesta', 'pholus'] }),
        ),
      );
      const statuses = all.map((r) => r.status);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      const refused = all.find((r) => r.status === 503)!;
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await small.close();
    }
  }, 60_000);
});
