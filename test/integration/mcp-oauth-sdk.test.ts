/**
 * OAuth end to end with the official MCP SDK clients, against two API processes of one
 * deployment: 401 → discovery → registration → authorize → consent (the requests API) → token →
 * tools/list → tools/call (structuredContent = the REST answer) → refresh → revoke → 401 on both
 * processes. The v2 client speaks 2026-07-28, the v1 client the 2025 protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp, v1Client, v2Client } from '../helpers/mcp.ts';
import { dashboardUser, decideViaApi, openAuthorization, postForm, RecordingOAuthProvider } from '../helpers/oauth.ts';
import { TOOLS, toolsOf } from '../../src/features/mcp/catalogue.ts';

let a: TestServer;
let b: TestServer;
const birth = { year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' };
const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

beforeAll(async () => {
  a = await startTestServer();
  // Processes of one deployment share its public address (the issuer, and the tokens' resource).
  b = process.env.REDIS_URL ? await startTestServer({ peer: a, env: { PUBLIC_BASE_URL: a.url } }) : a;
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

/** The user approves in the dashboard: the request it shows, and the redirect its decision yields. */
async function approveInDashboard(authorizationUrl: URL, token: string) {
  const opened = await openAuthorization(authorizationUrl);
  expect(opened.status).toBe(302);
  expect(opened.location).toMatch(new RegExp(`^${a.url}/mcp/oauth/consent/mcpr_`));
  const shown = await a.bearer('GET', `/mcp/oauth/requests/${opened.authorizationId}`, token);
  expect(shown.status).toBe(200);
  const decided = await decideViaApi(a, opened.authorizationId!, token);
  expect(decided.status).toBe(200);
  return { shown: shown.body, redirect: new URL(decided.body.redirect_to) };
}

describe('the v2 SDK client (2026-07-28)', () => {
  it('goes the whole way: 401, discovery, registration, consent, tokens, tools, refresh, revocation', async () => {
    const user = await dashboardUser(a, 'oauth-v2', 'unlimited');
    const provider = new RecordingOAuthProvider('http://127.0.0.1:8123/callback', 'Test assistant v2');

    // 401 with the challenge; the SDK discovers, registers and sends the user to authorize.
    const first = v2Client(`${a.url}/mcp`, { authProvider: provider });
    await expect(first.connect()).rejects.toThrow(/unauthorized/i);
    expect(provider.registration.client_id).toMatch(/^mcpc_/);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${a.url}/mcp/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${a.url}/mcp`);
    expect(url.searchParams.get('scope')).toBe('astro:western astro:ephemeris astro:numerology astro:charts astro:chinese astro:vedic');

    const { shown, redirect } = await approveInDashboard(url, user.token);
    expect(shown).toMatchObject({
      status: 'pending',
      client: { client_name: 'Test assistant v2' },
      redirect_host: '127.0.0.1:8123',
      scopes: ['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic'],
    });
    expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:8123/callback');
    expect(redirect.searchParams.get('iss')).toBe(a.url);
    expect(redirect.searchParams.get('state')).toBe(url.searchParams.get('state'));
    await first.transport.finishAuth(redirect.searchParams);
    expect(provider.stored).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'astro:western astro:ephemeris astro:numerology astro:charts astro:chinese astro:vedic',
    });
    expect(provider.stored.access_token).toMatch(/^mcpat_/);

    const client = v2Client(`${a.url}/mcp`, { authProvider: provider });
    await client.connect();
    expect((await client.client.listTools()).tools).toHaveLength(TOOLS.length);
    const call = await client.client.callTool({ name: 'natal', arguments: birth });
    expect(call.structuredContent).toEqual((await a.post('/natal', birth)).body);

    // Refresh: the access token stops working; the SDK refreshes and retries (the refresh token rotates).
    const firstRefresh = provider.stored.refresh_token;
    provider.stored = { ...provider.stored, access_token: `mcpat_${'x'.repeat(43)}` };
    const again = await client.client.callTool({ name: 'v1_geo_search', arguments: { query: 'Lisbon', limit: 1 } });
    expect((again.structuredContent as any).results[0].name).toBe('Lisbon');
    expect(provider.stored.refresh_token).toMatch(/^mcprt_/);
    expect(provider.stored.refresh_token).not.toBe(firstRefresh);
    await client.client.close();

    // The calls are in the user's usage log (no API key), and the application among their grants.
    await a.app.usage.flush();
    const rows = await a.db.any(sql.unsafe`select path, status_code, api_key_id from usage_logs where user_id = ${user.userId} order by created_at`);
    expect(rows).toEqual([
      { path: '/mcp/tools/natal', status_code: 200, api_key_id: null },
      { path: '/mcp/tools/v1_geo_search', status_code: 200, api_key_id: null },
    ]);
    const grants = await a.bearer('GET', '/mcp/oauth/grants', user.token);
    expect(grants.body).toEqual([
      expect.objectContaining({
        client_name: 'Test assistant v2',
        redirect_host: '127.0.0.1:8123',
        scopes: ['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic'],
        status: 'active',
      }),
    ]);
    expect(grants.body[0].last_used_at).not.toBeNull();

    // Both processes serve the token (and cache it); revocation reaches both at once.
    const bearer = { authorization: `Bearer ${provider.stored.access_token}` };
    for (const server of [a, b]) expect((await rawMcp(`${server.url}/mcp`, list, bearer)).status).toBe(200);
    const revoked = await postForm(`${a.url}/mcp/oauth/revoke`, { token: provider.stored.refresh_token, client_id: provider.registration.client_id });
    expect(revoked.status).toBe(200);
    for (const server of [a, b]) {
      const res = await rawMcp(`${server.url}/mcp`, list, bearer);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${a.url}/.well-known/oauth-protected-resource/mcp"`);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    expect((await a.bearer('GET', '/mcp/oauth/grants', user.token)).body).toEqual([]);
  });
});

describe('the v1 SDK client (2025-era clients)', () => {
  it('goes the same way, and a grant deleted in the dashboard ends its tokens on both processes', async () => {
    const user = await dashboardUser(a, 'oauth-v1', 'unlimited');
    const provider = new RecordingOAuthProvider('http://localhost:8124/cb', 'Test assistant v1');
    const first = v1Client(`${a.url}/mcp/western`, { authProvider: provider });
    await expect(first.connect()).rejects.toThrow(/unauthorized/i);
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get('resource')).toBe(`${a.url}/mcp`);
    // The challenge of /mcp/western names its scope: the client asks for it alone.
    expect(url.searchParams.get('scope')).toBe('astro:western');
    const { redirect } = await approveInDashboard(url, user.token);
    await first.transport.finishAuth(redirect.searchParams.get('code')!);
    expect(provider.stored.scope).toBe('astro:western');

    const client = v1Client(`${a.url}/mcp/western`, { authProvider: provider });
    await client.connect();
    expect((await client.client.listTools()).tools.map((t) => t.name)).toEqual(toolsOf(['western']).map((t) => t.name));
    const natal = await client.client.callTool({ name: 'v1_natal_calculate', arguments: birth });
    expect(natal.structuredContent).toEqual((await a.post('/api/v1/natal/calculate', birth)).body);
    await client.client.close();

    // A family the grant does not include: 403 insufficient_scope, with the scope to ask for.
    const bearer = { authorization: `Bearer ${provider.stored.access_token}` };
    const charts = await rawMcp(`${b.url}/mcp/charts`, list, bearer);
    expect(charts.status).toBe(403);
    expect(charts.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(charts.headers.get('www-authenticate')).toMatch(/scope="astro:charts"/);
    // At /mcp the token shows what it grants.
    const all = await rawMcp(`${b.url}/mcp`, list, bearer);
    expect(all.body.result.tools.map((t: { name: string }) => t.name)).toEqual(toolsOf(['western']).map((t) => t.name));

    const [grant] = (await a.bearer('GET', '/mcp/oauth/grants', user.token)).body;
    const deleted = await a.bearer('DELETE', `/mcp/oauth/grants/${grant.id}`, user.token);
    expect(deleted.body).toEqual({ id: grant.id, status: 'revoked' });
    for (const server of [a, b]) expect((await rawMcp(`${server.url}/mcp/western`, list, bearer)).status).toBe(401);
    const refresh = await postForm(`${a.url}/mcp/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: provider.stored.refresh_token,
      client_id: provider.registration.client_id,
    });
    expect(refresh.body).toMatchObject({ error: 'invalid_grant' });
  });
});
