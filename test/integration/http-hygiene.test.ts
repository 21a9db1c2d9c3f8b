/** What every response owes a browser and a client: one error shape, nosniff, no-store on secrets, CORS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { openRaw, parseRawResponse } from '../helpers/raw-http.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.token('hygiene-user', 'hygiene@example.com');
  expect((await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: 'hygiene-user', email: 'hygiene@example.com' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

async function raw(request: string) {
  const connection = await openRaw(server.url);
  connection.socket.write(request);
  await connection.closed;
  return parseRawResponse(connection.received());
}

describe('one error shape for every status', () => {
  it('414: a path parameter over the router limit', async () => {
    const res = await server.bearer('DELETE', `/api/v1/auth/keys/${'a'.repeat(300)}`, token);
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ detail: 'URI Too Long' });
  });

  it('400: a URL that does not decode', async () => {
    const res = await server.bearer('DELETE', '/api/v1/auth/keys/%E0%A4%A', token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Malformed URL' });
  });

  it('431 and 400 from the HTTP parser: {detail}, and the connection closes', async () => {
    const big = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.body).toEqual({ detail: 'Request Header Fields Too Large' });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ detail: 'Bad Request' });
  });

  it('404, 401, 413, 415 and 422 keep it too', async () => {
    expect((await server.get('/nope')).body).toEqual({ detail: 'Not Found' });
    expect((await server.post('/natal', natal, { 'x-api-key': '' })).body).toEqual({ detail: 'Missing API key' });
    const tooLarge = await server.post('/natal', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(Object.keys(tooLarge.body)).toEqual(['detail']);
    const wrongType = await server.post('/natal', 'year=1990', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(wrongType.status).toBe(415);
    expect(Object.keys(wrongType.body)).toEqual(['detail']);
    expect(Array.isArray((await server.post('/natal', { ...natal, month: 13 })).body.detail)).toBe(true);
  });

  it('405 with Allow for a path served with other methods; 404 only for a path that does not exist', async () => {
    for (const [method, path, allow] of [
      ['GET', '/api/v1/natal/calculate', 'POST'],
      ['PUT', '/api/v1/natal/chart', 'POST'],
      ['DELETE', '/api/v1/natal/report/rpt_abc', 'GET, HEAD'],
      ['DELETE', `/api/v1/natal/report/${'a'.repeat(150)}`, 'GET, HEAD'],
      ['POST', '/healthz?x=1', 'GET, HEAD'],
    ] as const) {
      const res = await server.request(method, path, undefined, {});
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.body).toEqual({ detail: 'Method Not Allowed' });
    }
    for (const path of ['/api/v1/natal/nothing', '/api/v1/nope/x']) expect((await server.request('GET', path, undefined, {})).status, path).toBe(404);
  });
});

describe('security headers', () => {
  it('nosniff on every response, errors included', async () => {
    for (const res of [
      await server.post('/natal', natal),
      await server.get('/nope'),
      await server.post('/natal', natal, { 'x-api-key': '' }),
      await server.get('/healthz'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('Cache-Control: no-store on the dashboard, whose answers carry secrets (a new key, profile, logs)', async () => {
    const created = await server.bearer('POST', '/api/v1/auth/keys', token, { name: 'cache test' });
    expect(created.status).toBe(200);
    expect(created.body.key).toMatch(/^ask_/);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect((await server.bearer('GET', '/api/v1/auth/me', token)).headers.get('cache-control')).toBe('no-store');
    expect((await server.bearer('GET', '/api/v1/auth/keys', 'not-a-token')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('CORS', () => {
  it('answers a preflight from any site without a key, allowing the API headers', async () => {
    const res = await fetch(`${server.url}/api/v1/natal/calculate`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-api-key, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers
      .get('access-control-allow-headers')!
      .split(',')
      .map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'content-type', 'idempotency-key', 'authorization']));
  });

  it('exposes the rate-limit and chart headers to the calling script', async () => {
    const res = await server.post('/natal', natal, { origin: 'https://app.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = res.headers
      .get('access-control-expose-headers')!
      .split(',')
      .map((h) => h.trim());
    expect(exposed).toEqual(
      expect.arrayContaining([
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
        'x-transit-datetime-utc',
        'x-progression-age-years',
        'x-ephemeris-rows',
      ]),
    );
    // Errors too: a script must read why it was refused.
    const refused = await server.post('/natal', natal, { origin: 'https://app.example', 'x-api-key': 'ask_wrong' });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('CORS_ORIGINS limits the sites', async () => {
    const limited = await startTestServer({ env: { CORS_ORIGINS: 'https://a.example, https://b.example' } });
    try {
      const from = (origin: string) => limited.post('/natal', natal, { origin });
      expect((await from('https://b.example')).headers.get('access-control-allow-origin')).toBe('https://b.example');
      expect((await from('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await limited.close();
    }
  });
});

describe('request log', () => {
  it('never shows a secret sent in a query string', async () => {
    const logLines: string[] = [];
    const logged = await startTestServer({ logLines });
    try {
      const secret = 'ask_SECRETVALUE123';
      await logged.get(`/api/v1/ephemeris?start=2024-01-01&api_key=${secret}&sign_display=full&X-Api-Key=${secret}2`);
      await logged.get(`/healthz?token=tok_SECRETTOKEN;key=${secret}3&stripe_secret=sk_SECRETSTRIPE&api_key_id=visible-id`);
      const text = logLines.join('\n');
      expect(text).toContain('sign_display=full');
      expect(text).toContain('api_key=[REDACTED]');
      expect(text).toContain('api_key_id=visible-id');
      for (const leaked of ['SECRETVALUE', 'SECRETTOKEN', 'SECRETSTRIPE']) expect(text).not.toContain(leaked);
    } finally {
      await logged.close();
    }
  });
});

describe('operations endpoints', () => {
  const fromAfar = (target: TestServer, url: string, headers: Record<string, string> = {}) =>
    target.app.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });

  it('/metrics that cannot be collected (a process group whose parent is busy or stopping): 503 to retry, not 500', async () => {
    const text = server.app.metrics.text.bind(server.app.metrics);
    server.app.metrics.text = () => Promise.reject(new Error('the parent of the process group did not answer for the metrics'));
    try {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect((await res.json()).detail).toMatch(/unavailable for now: the parent of the process group did not answer/);
    } finally {
      server.app.metrics.text = text;
    }
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
  });

  it('without OPS_TOKEN: /metrics only for loopback clients', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    const far = await fromAfar(server, '/metrics');
    expect(far.statusCode).toBe(403);
    expect(far.json().detail).toMatch(/OPS_TOKEN/);
  });

  it('with OPS_TOKEN: /metrics needs the token, from anywhere', async () => {
    const opsToken = 'ops-token-0123456789abcdef';
    const guarded = await startTestServer({ env: { OPS_TOKEN: opsToken } });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const scraped = await fromAfar(guarded, '/metrics', { authorization: `Bearer ${opsToken}` });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('process_cpu_seconds_total');
    } finally {
      await guarded.close();
    }
  });

  it('/readyz names the failing dependency to anyone, and its error text only to operators', async () => {
    // A Redis that is not there: nothing listens on port 1.
    const broken = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const far = await fromAfar(broken, '/readyz');
      expect(far.statusCode).toBe(503);
      expect(far.json()).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'error', compute_pool: 'ok', reports: 'unavailable' } });
      const near = await broken.get('/readyz');
      expect(near.status).toBe(503);
      expect(near.body.checks.redis).toBe('error');
      expect(typeof near.body.errors.redis).toBe('string');
    } finally {
      await broken.close();
    }
  });
});
