/**
 * Response compression on request (`Accept-Encoding`): JSON, images and the streamed exports,
 * read as raw bytes (fetch would inflate them silently), and left alone for clients that do not
 * ask, for small answers and for PNG.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  chunks: number;
}

/** One request through node:http, the body as it came over the wire, and in how many pieces. */
function raw(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url + path);
    const req = http.request(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { 'x-api-key': server.key, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

function inflate(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

const birth = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };

describe('JSON', () => {
  it('is compressed with gzip or br when asked, and the same document inflated', async () => {
    const plain = await raw('POST', '/api/v1/natal/calculate', {}, birth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await raw('POST', '/api/v1/natal/calculate', { 'accept-encoding': encoding }, birth);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(inflate(res)).toBe(text);
      // Compressed whole, in one call, and sent with its length (not streamed through zlib).
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      // The platform headers are still there.
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
  });

  it('prefers br when a browser offers several', async () => {
    const res = await raw('POST', '/api/v1/natal/calculate', { 'accept-encoding': 'gzip, deflate, br' }, birth);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers (below 1 KiB) and identity requests alone', async () => {
    const unauthorised = await raw('POST', '/api/v1/natal/calculate', { 'x-api-key': 'nope', 'accept-encoding': 'gzip' }, birth);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unauthorised.body.toString())).toEqual({ detail: 'Invalid API key' });
    const identity = await raw('POST', '/api/v1/natal/calculate', { 'accept-encoding': 'identity' }, birth);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('replays an idempotent answer in the encoding the retry asks for', async () => {
    const headers = { 'idempotency-key': `compress-${Date.now()}` };
    const first = await raw('POST', '/api/v1/natal/calculate', { ...headers, 'accept-encoding': 'gzip' }, birth);
    expect(first.headers['content-encoding']).toBe('gzip');
    const plainRetry = await raw('POST', '/api/v1/natal/calculate', headers, birth);
    expect(plainRetry.headers['idempotency-replayed']).toBe('true');
    expect(plainRetry.headers['content-encoding']).toBeUndefined();
    expect(plainRetry.body.toString('utf8')).toBe(inflate(first));
    const brRetry = await raw('POST', '/api/v1/natal/calculate', { ...headers, 'accept-encoding': 'br' }, birth);
    expect(brRetry.headers['idempotency-replayed']).toBe('true');
    expect(brRetry.headers['content-encoding']).toBe('br');
    expect(inflate(brRetry)).toBe(inflate(first));
  });
});

describe('streamed exports', () => {
  it('compresses a CSV export as it streams: no length, many pieces, the same rows', async () => {
    const path = '/api/v1/ephemeris?start=2000-01-01&end=2009-12-31&format=csv';
    const plain = await raw('GET', path, {});
    const gz = await raw('GET', path, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gz.headers['transfer-encoding']).toBe('chunked');
    expect(gz.headers['content-type']).toMatch(/^text\/csv/);
    expect(gz.chunks).toBeGreaterThan(3);
    const text = inflate(gz);
    expect(text).toBe(plain.body.toString('utf8'));
    expect(text.trimEnd().split('\n')).toHaveLength(1 + 3653);
    expect(gz.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('compresses NDJSON with br', async () => {
    const res = await raw('POST', '/api/v1/ephemeris/calculate', { 'accept-encoding': 'br' }, { start: '2024-01-01', end: '2024-03-31', format: 'ndjson' });
    expect(res.headers['content-encoding']).toBe('br');
    const lines = inflate(res).trimEnd().split('\n');
    expect(lines).toHaveLength(91);
    expect(JSON.parse(lines[0]!).astrology.moon_phase.label).toBeTypeOf('string');
  });
});

describe('images', () => {
  it('compresses SVG but not PNG', async () => {
    const svg = await raw('POST', '/api/v1/natal/chart/', { 'accept-encoding': 'gzip' }, birth);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-encoding']).toBe('gzip');
    expect(inflate(svg)).toMatch(/^<svg|^<\?xml/);
    const png = await raw('POST', '/api/v1/natal/chart/', { 'accept-encoding': 'gzip' }, { ...birth, format: 'png', size: 300, png_quality_scale: 1 });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
  });
});
