/**
 * Bodies nested thousands of levels deep: every JSON route of the OpenAPI document answers 422
 * (loc ["body"]; /mcp its JSON-RPC invalid request, 400) instead of running out of stack in whatever walks the body, and the null
 * members of ordinary bodies are still dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { adminEnv, adminToken } from '../helpers/admin.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/http/json-body.ts';

let server: TestServer;
let token: string;
let operatorToken: string;
/** Every JSON POST of the document, a concrete path for it, and the scheme it is called with. */
let jsonPosts: { path: string; scheme: string }[];
type Operation = { requestBody?: { content?: Record<string, unknown> }; security?: Record<string, unknown>[] };
beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv() });
  token = await server.token('user-deep', 'deep@example.com');
  operatorToken = await adminToken(server);
  const doc = (await server.get('/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  jsonPosts = Object.entries(doc.paths)
    .filter(([, ops]) => ops.post?.requestBody?.content?.['application/json'])
    .map(([path, ops]) => ({ path: path.replace(/\{[^}]+\}/g, 'x1'), scheme: Object.keys(ops.post!.security?.[0] ?? {})[0] ?? 'none' }));
});
/** The credential each scheme needs, so that the body is what the request is refused for. */
const credentials = (scheme: string): Record<string, string> => {
  if (scheme === 'bearerAuth') return { 'x-api-key': '', authorization: `Bearer ${token}` };
  if (scheme === 'adminBearer') return { 'x-api-key': '', authorization: `Bearer ${operatorToken}` };
  if (scheme === 'none') return { 'x-api-key': '' };
  return {};
};
afterAll(async () => {
  await server?.close();
});

const arrays = (n: number) => `{"year":2000,"x":${'['.repeat(n)}${']'.repeat(n)}}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('deeply nested JSON bodies', () => {
  it('finds the JSON routes in the OpenAPI document', () => {
    expect(jsonPosts.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        '/api/v1/natal/calculate',
        '/api/v1/natal/chart/composite',
        '/api/v1/numerology/profile',
        '/api/v1/auth/sync',
        '/api/v1/billing/checkout',
        '/api/v1/admin/login',
      ]),
    );
  });

  it.each([5_000, 20_000])('%i levels of arrays or objects: 422 on every JSON POST (400 JSON-RPC on /mcp)', async (levels) => {
    for (const { path, scheme } of jsonPosts) {
      for (const body of [arrays(levels), objects(levels)]) {
        const res = await server.request('POST', path, body, credentials(scheme));
        if (/^\/mcp(\/[^/]+)?$/.test(path)) {
          expect(res.status, path).toBe(400);
          expect(res.body.error, path).toMatchObject({ code: -32600, message: expect.stringMatching(/nested deeper than/) });
          continue;
        }
        expect(res.status, path).toBe(422);
        const detail = path === '/api/v1/numerology/profile' ? res.body.detail : res.body.detail[0].msg;
        expect(detail, path).toMatch(/nested deeper than/);
      }
    }
  });

  it('the limit leaves every real request room, and null members are still dropped', async () => {
    const res = await server.post('/api/v1/natal/calculate', {
      year: 1990,
      month: 5,
      day: 17,
      hour: 8,
      minute: 15,
      lat: 38.7,
      lng: -9.1,
      tz_str: 'Europe/Lisbon',
      city: null,
      orb_settings: null,
    });
    expect(res.status).toBe(200);
    expect(nestsDeeperThan(JSON.parse(objects(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(objects(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(arrays(1_000_000)), MAX_JSON_DEPTH)).toBe(true);
  });
});
