/**
 * The MCP endpoint's HTTP rules with API keys, over raw HTTP: authentication, 405 for the session
 * operations, Origin and CORS, protocol versions, tool families, one server per request (two
 * callers with the same JSON-RPC id), and billing: each tools/call spends one request, appears in
 * the usage log, and meets the quota and per-second limits; revocation reaches every process.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp, toolCall, v2Client } from '../helpers/mcp.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { UserRepository } from '../../src/db/users.ts';

let a: TestServer;
let b: TestServer;
const birth = { year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' };
const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const mcp = (server: TestServer, path = '/mcp') => `${server.url}${path}`;

async function plan(code: string, requestLimit: number | null, rps: number | null) {
  await a.db.query(
    sql.unsafe`insert into plans (code, name, request_limit, limit_period, rps_limit, public) values (${code}, ${code}, ${requestLimit}, 'day', ${rps}, false)`,
  );
}

beforeAll(async () => {
  a = await startTestServer({ env: { MCP_ALLOWED_ORIGINS: 'https://assistant.example' } });
  b = process.env.REDIS_URL ? await startTestServer({ peer: a, env: { MCP_ALLOWED_ORIGINS: 'https://assistant.example' } }) : a;
  await plan('mcp3', 3, null);
  await plan('mcprps1', 1000, 1);
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

describe('authentication', () => {
  it('refuses a missing, unknown or lapsed key, without rate-limit headers', async () => {
    const missing = await rawMcp(mcp(a), list);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('x-ratelimit-limit')).toBeNull();
    const unknown = await rawMcp(mcp(a), list, { 'x-api-key': 'ask_unknown' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ detail: 'Invalid API key' });
    const lapsed = await createKeyForEmail(a.db, { email: 'lapsed@example.com', plan: 'free' });
    await new UserRepository(a.db).setSubscriptionStatus(lapsed.user_id, 'canceled');
    const refused = await rawMcp(mcp(a), list, { 'x-api-key': lapsed.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Subscription required' });
  });

  it('answers GET and DELETE with 405 once authenticated (there are no sessions), with the rate-limit headers', async () => {
    expect((await rawMcp(mcp(a), undefined, {}, 'GET')).status).toBe(401);
    for (const method of ['GET', 'DELETE']) {
      const res = await rawMcp(mcp(a), undefined, { 'x-api-key': a.key }, method);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    }
  });
});

describe('failed credential lookups', () => {
  it('count per client address for API keys, OAuth tokens and the consent page alike: past the limit, 429', async () => {
    const limited = await startTestServer({ env: { AUTH_FAILURES_PER_MINUTE: '3' } });
    try {
      const url = `${limited.url}/mcp`;
      expect((await rawMcp(url, list, { 'x-api-key': limited.key })).status).toBe(200); // cached from now on
      // The window is the clock's minute: start well inside one.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
      const randomKey = () => `ask_${randomBytes(24).toString('base64url')}`;
      const randomToken = () => ({ authorization: `Bearer mcpat_${randomBytes(32).toString('base64url')}` });
      expect((await rawMcp(url, list, { 'x-api-key': randomKey() })).status).toBe(401);
      expect((await rawMcp(url, list, randomToken())).status).toBe(401);
      expect((await rawMcp(url, list, { 'x-api-key': randomKey() })).status).toBe(401);
      for (const headers of [{ 'x-api-key': randomKey() }, randomToken()]) {
        const refused = await rawMcp(url, list, headers);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // REST shares the count; a cached valid key still passes.
      expect((await limited.post('/natal', birth, { 'x-api-key': randomKey() })).status).toBe(429);
      expect((await rawMcp(url, list, { 'x-api-key': limited.key })).status).toBe(200);

      const registered = await limited.request(
        'POST',
        '/mcp/oauth/register',
        { client_name: 'Throttle client', redirect_uris: ['http://127.0.0.1:8300/cb'] },
        { 'x-api-key': '' },
      );
      const authorize = new URL(`${limited.url}/mcp/oauth/authorize`);
      const params = {
        response_type: 'code',
        client_id: registered.body.client_id,
        redirect_uri: 'http://127.0.0.1:8300/cb',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        state: 's',
      };
      for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
      const opened = await fetch(authorize, { redirect: 'manual' });
      const consent = new URL(opened.headers.get('location')!, limited.url);
      const page = await fetch(consent, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ step: 'sign_in', credential: randomKey() }).toString(),
      });
      expect(page.status).toBe(429);
      expect(await page.text()).toContain('Too many keys that are not valid');
    } finally {
      await limited.close();
    }
  });
});

describe('browsers', () => {
  it('refuses a foreign Origin, serves the own and the configured ones with CORS headers, and passes requests without one', async () => {
    const foreign = await rawMcp(mcp(a), list, { 'x-api-key': a.key, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of [new URL(a.url).origin, 'https://assistant.example']) {
      const res = await rawMcp(mcp(a), list, { 'x-api-key': a.key, origin });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    }
    expect((await rawMcp(mcp(a), list, { 'x-api-key': a.key })).status).toBe(200);
  });

  it('answers the preflight of an allowed origin, and refuses a foreign one', async () => {
    const preflight = await fetch(mcp(a), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://assistant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*MCP-Protocol-Version/);
    const foreign = await fetch(mcp(a), { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const family = await fetch(mcp(a, '/mcp/charts'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(family.status).toBe(403);
  });

  it('lets an allowed page read the challenge of a 401', async () => {
    const res = await rawMcp(mcp(a), list, { origin: 'https://assistant.example' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://assistant.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('leaves the REST API and the OAuth endpoints open to any site, as CORS_ORIGINS says', async () => {
    for (const path of ['/api/v1/natal/calculate', '/mcp/oauth/token', '/mcp/oauth/register']) {
      const preflight = await fetch(`${a.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });
});

describe('protocol', () => {
  it('refuses an unsupported MCP-Protocol-Version with 400', async () => {
    const res = await rawMcp(mcp(a), list, { 'x-api-key': a.key, 'mcp-protocol-version': '1999-01-01' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/protocol version/i);
  });

  it('serves the 2025 handshake without a session id', async () => {
    const init = await rawMcp(
      mcp(a),
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { 'x-api-key': a.key },
    );
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/application\/json/);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'astro-calc-service' } });
  });

  it('gives two callers using the same JSON-RPC id their own answers', async () => {
    const key2 = await a.newKey('second-caller@example.com');
    const paris = { ...birth, city: 'Paris' };
    const [first, second] = await Promise.all([
      rawMcp(mcp(a), toolCall(1, 'natal', birth), { 'x-api-key': a.key }),
      rawMcp(mcp(b), toolCall(1, 'natal', paris), { 'x-api-key': key2 }),
    ]);
    expect(first.body.id).toBe(1);
    expect(second.body.id).toBe(1);
    expect(first.body.result.structuredContent).toEqual((await a.post('/natal', birth)).body);
    expect(second.body.result.structuredContent).toEqual((await a.post('/natal', paris)).body);
  });

  it('answers a body that does not parse, or is no JSON-RPC message, with JSON-RPC errors', async () => {
    const send = (body: string) =>
      fetch(mcp(a), {
        method: 'POST',
        headers: { 'x-api-key': a.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    const garbled = await send('not json');
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringMatching(/^Parse error/) }, id: null });
    for (const body of ['"hello"', '42', JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ ...list, id: i })))]) {
      const invalid = await send(body);
      expect(invalid.status, body).toBe(400);
      expect((await invalid.json()).error.code, body).toBe(-32600);
    }
    // The REST routes keep their 422.
    const rest = await fetch(`${a.url}/api/v1/natal/calculate`, {
      method: 'POST',
      headers: { 'x-api-key': a.key, 'content-type': 'application/json' },
      body: 'not json',
    });
    expect(rest.status).toBe(422);
  });

  it('takes one tools/call per request', async () => {
    const res = await rawMcp(mcp(a), [toolCall(1, 'natal', birth), toolCall(2, 'natal', birth)], { 'x-api-key': a.key });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/One tools\/call per request/);
  });
});

describe('tool families', () => {
  const names = async (path: string) => {
    const res = await rawMcp(mcp(a, path), list, { 'x-api-key': a.key });
    expect(res.status, path).toBe(200);
    return res.body.result.tools.map((t: { name: string }) => t.name);
  };

  it('narrow the tool list by path, query, or both', async () => {
    expect(await names('/mcp/charts')).toEqual(['v1_natal_chart', 'v1_geo_search']);
    expect(await names('/mcp/numerology')).toEqual(['v1_numerology_profile', 'v1_geo_search']);
    expect(await names('/mcp/chinese')).toEqual([
      'v1_chinese_bazi',
      'v1_chinese_bazi_flow',
      'v1_chinese_bazi_dictionary',
      'v1_chinese_bazi_synastry',
      'v1_chinese_bazi_time_correction',
      'v1_chinese_bazi_lifespan',
      'v1_chinese_bazi_health',
      'v1_chinese_calendar',
      'v1_chinese_today',
      'v1_geo_search',
    ]);
    // The western family grows with its techniques: the two families' tools, in catalogue order, and nothing of the others.
    const westernAndEphemeris = await names('/mcp?scope=western,ephemeris');
    expect(westernAndEphemeris).toEqual(await names('/mcp/western,ephemeris'));
    expect(westernAndEphemeris.slice(0, 3)).toEqual(['v1_natal_calculate', 'natal', 'v1_transits_calculate']);
    expect(westernAndEphemeris).toEqual(
      expect.arrayContaining(['v1_ephemeris_calculate', 'v1_sky_events', 'v1_geo_search', 'v1_western_synastry', 'v1_western_progressions_secondary']),
    );
    expect(westernAndEphemeris.filter((n: string) => /chinese|numerology|natal_chart/.test(n))).toEqual([]);
    expect(await names('/mcp?path_scope=ephemeris')).toEqual([
      'v1_ephemeris_calculate',
      'v1_ephemeris',
      'v1_sky_events',
      'v1_moon_phase',
      'v1_moon_month',
      'v1_geo_search',
    ]);
    expect(await names('/mcp/western,charts?scope=astro:charts')).toEqual(['v1_natal_chart', 'v1_geo_search']);
  });

  it('refuse unknown families: 404 in the path, 422 in the query', async () => {
    expect((await rawMcp(mcp(a, '/mcp/astrology'), list, { 'x-api-key': a.key })).status).toBe(404);
    const query = await rawMcp(mcp(a, '/mcp?scope=western,tarot'), list, { 'x-api-key': a.key });
    expect(query.status).toBe(422);
    expect(query.body.detail[0].loc).toEqual(['query', 'scope']);
  });

  it('do not let a call reach a tool outside them, and such a call costs nothing', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'families@example.com', plan: 'mcp3' })).key;
    const res = await rawMcp(mcp(a, '/mcp/numerology'), toolCall(7, 'natal', birth), { 'x-api-key': key });
    expect(res.body.result?.isError ?? res.body.error).toBeTruthy();
    expect(JSON.stringify(res.body)).toMatch(/natal/);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('3');
  });

  it('answer a name that every object inherits as an unknown tool, at no cost', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'inherited@example.com', plan: 'mcp3' })).key;
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await rawMcp(mcp(a), toolCall(8, name, {}), { 'x-api-key': key });
      expect(res.status, name).toBe(200);
      expect(res.body.error ?? res.body.result, name).toMatchObject(res.body.error ? { message: `Tool ${name} not found` } : { isError: true });
      expect(JSON.stringify(res.body), name).not.toMatch(/disabled/);
      expect(res.headers.get('x-ratelimit-remaining'), name).toBe('3');
    }
  });
});

describe('billing', () => {
  it('spends one request per tools/call (listing is free) and answers an exhausted quota with an isError result', async () => {
    const created = await createKeyForEmail(a.db, { email: 'quota@example.com', plan: 'mcp3' });
    const client = v2Client(mcp(a), { headers: { 'x-api-key': created.key } });
    const seen: string[] = [];
    const transport = client.transport as unknown as { _fetch?: typeof fetch };
    transport._fetch = async (input, init) => {
      const res = await fetch(input, init);
      seen.push(res.headers.get('x-ratelimit-remaining') ?? 'none');
      return res;
    };
    await client.connect();
    await client.client.listTools();
    await client.client.listTools();
    expect(seen.every((r) => r === '3')).toBe(true);
    expect((await client.client.callTool({ name: 'natal', arguments: birth })).isError ?? false).toBe(false);
    expect(seen.at(-1)).toBe('2');
    expect((await client.client.callTool({ name: 'v1_natal_calculate', arguments: { ...birth, lat: 500, lng: 0 } })).isError).toBe(true);
    expect((await client.client.callTool({ name: 'v1_geo_search', arguments: { query: 'Lisbon' } })).isError ?? false).toBe(false);
    expect(seen.at(-1)).toBe('0');
    const exhausted = await client.client.callTool({ name: 'natal', arguments: birth });
    expect(exhausted.isError).toBe(true);
    expect((exhausted.content as any[])[0].text).toMatch(/quota exhausted: your plan allows 3 requests per day/i);
    expect(seen.at(-1)).toBe('0');
    // The same quota as REST, on every process.
    expect((await b.post('/natal', birth, { 'x-api-key': created.key })).status).toBe(429);
    await client.client.close();

    await a.app.usage.flush();
    const rows = await a.db.any(
      sql.unsafe`select method, path, status_code, api_key_id::text as api_key_id from usage_logs where user_id = ${created.user_id} order by created_at`,
    );
    expect(rows.filter((r) => String((r as { path: string }).path).startsWith('/mcp'))).toEqual([
      { method: 'POST', path: '/mcp/tools/natal', status_code: 200, api_key_id: created.id },
      { method: 'POST', path: '/mcp/tools/v1_natal_calculate', status_code: 422, api_key_id: created.id },
      { method: 'POST', path: '/mcp/tools/v1_geo_search', status_code: 200, api_key_id: created.id },
      { method: 'POST', path: '/mcp/tools/natal', status_code: 429, api_key_id: created.id },
    ]);
  });

  it('answers a per-second flood of tool calls with 429 and Retry-After', async () => {
    const key = (await createKeyForEmail(a.db, { email: 'flood@example.com', plan: 'mcprps1' })).key;
    const answers = await Promise.all([1, 2, 3].map((id) => rawMcp(mcp(a), toolCall(id, 'v1_geo_search', { query: 'Rome' }), { 'x-api-key': key })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('counts messages that spend nothing (tools/list) against the per-second limit too, without spending quota', async () => {
    const created = await createKeyForEmail(a.db, { email: 'list-flood@example.com', plan: 'mcprps1' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => rawMcp(mcp(a), list, { 'x-api-key': created.key })));
    const statuses = answers.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    expect(answers.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('1');
    expect(await a.app.rateLimiter.used(created.user_id, 'day')).toBe(0);
  });

  it('refuses a key revoked on another process at once', async () => {
    const created = await createKeyForEmail(a.db, { email: 'revoked-mcp@example.com', plan: 'free' });
    expect((await rawMcp(mcp(b), list, { 'x-api-key': created.key })).status).toBe(200);
    const token = await a.token(created.user_id, 'revoked-mcp@example.com');
    expect((await a.bearer('DELETE', `/api/v1/auth/keys/${created.id}`, token)).status).toBe(200);
    for (const server of [a, b]) {
      const res = await rawMcp(mcp(server), list, { 'x-api-key': created.key });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ detail: 'Invalid API key' });
    }
  });
});
