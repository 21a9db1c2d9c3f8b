/**
 * The token side and what tokens open: codes (PKCE S256, single use, short life, the client's
 * redirect URI), refresh rotation with its grace window and replay detection, revocation, client
 * authentication; at /mcp: expired tokens, tokens for another resource, tokens in the query
 * string, foreign origins, and the plan behind a token (the one the user's API keys have);
 * OAuth tokens open nothing but /mcp; nobody touches another user's grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp } from '../helpers/mcp.ts';
import { dashboardUser, decideViaApi, openAuthorization, pkcePair, postForm, registerClient } from '../helpers/oauth.ts';

let server: TestServer;
let elsewhere: TestServer;
const REDIRECT = 'http://127.0.0.1:8300/cb';
const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
let user: { userId: string; token: string };
let clientId: string;

beforeAll(async () => {
  server = await startTestServer();
  // The same database under another public address: a token from `server` is not for its /mcp.
  elsewhere = await startTestServer({ peer: server, env: { PUBLIC_BASE_URL: 'https://other.example.test' } });
  user = await dashboardUser(server, 'token-user', 'unlimited');
  clientId = (await registerClient(server, { client_name: 'Token client', redirect_uris: [REDIRECT] })).body.client_id;
});
afterAll(async () => {
  await elsewhere?.close();
  await server?.close();
});

/** A fresh code for the client, approved by the user (`as`, else `user`) through the requests API; `redirect: null` names no redirect URI. */
async function code(options: { scope?: string; client?: string; redirect?: string | null; as?: { token: string } } = {}) {
  const pkce = pkcePair();
  const url = new URL(`${server.url}/mcp/oauth/authorize`);
  const redirect = options.redirect === null ? {} : { redirect_uri: options.redirect ?? REDIRECT };
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: options.client ?? clientId,
    ...redirect,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: 's',
    ...(options.scope ? { scope: options.scope } : {}),
  }))
    url.searchParams.set(k, v);
  const opened = await openAuthorization(url);
  const decided = await decideViaApi(server, opened.authorizationId!, (options.as ?? user).token);
  return { code: new URL(decided.body.redirect_to).searchParams.get('code')!, verifier: pkce.verifier };
}

const token = (fields: Record<string, string>, headers: Record<string, string> = {}) => postForm(`${server.url}/mcp/oauth/token`, fields, headers);
const redeem = (c: { code: string; verifier: string }, extra: Record<string, string> = {}) =>
  token({ grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT, client_id: clientId, ...extra });
const mcpWith = (accessToken: string, target = server, path = '/mcp') => rawMcp(`${target.url}${path}`, list, { authorization: `Bearer ${accessToken}` });

describe('codes', () => {
  it('give a token pair once, with no-store, for the right verifier', async () => {
    const res = await redeem(await code());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'astro:western astro:ephemeris astro:numerology astro:charts astro:chinese astro:vedic',
    });
    expect(res.body.access_token).toMatch(/^mcpat_/);
    expect(res.body.refresh_token).toMatch(/^mcprt_/);
    expect((await mcpWith(res.body.access_token)).status).toBe(200);
  });

  it('refuse a wrong or missing PKCE verifier, and a code refused once is used up', async () => {
    const c = await code();
    const wrong = await redeem({ ...c, verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code challenge' });
    expect((await redeem(c)).body.error).toBe('invalid_grant');
    const missing = await code();
    expect((await token({ grant_type: 'authorization_code', code: missing.code, redirect_uri: REDIRECT, client_id: clientId })).body.error_description).toMatch(
      /code_verifier is required/,
    );
  });

  it('used twice revoke what the first use issued', async () => {
    const c = await code();
    const first = await redeem(c);
    expect(first.status).toBe(200);
    const again = await redeem(c);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'the code was already used; the tokens issued with it are revoked' });
    expect((await mcpWith(first.body.access_token)).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant');
  });

  it('expire, and are bound to the redirect URI, the client and the resource', async () => {
    const expired = await code();
    await server.db.query(sql.unsafe`update oauth_codes set expires_at = now() - interval '1 second'`);
    expect((await redeem(expired)).body).toMatchObject({ error: 'invalid_grant', error_description: 'the code expired' });
    expect((await redeem(await code(), { redirect_uri: 'http://127.0.0.1:8300/other' })).body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'redirect_uri differs from the authorization request',
    });
    expect((await redeem(await code(), { resource: 'https://other.example/mcp' })).body.error).toBe('invalid_target');
    const other = (await registerClient(server, { redirect_uris: [REDIRECT] })).body.client_id;
    expect((await redeem(await code(), { client_id: other })).body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'the code was issued to another client',
    });
  });

  it('need the redirect URI again exactly when the authorization request named it (RFC 6749 §4.1.3)', async () => {
    const named = await code();
    const omitted = await token({ grant_type: 'authorization_code', code: named.code, code_verifier: named.verifier, client_id: clientId });
    expect(omitted.status).toBe(400);
    expect(omitted.body).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri is required: the authorization request named one' });
    // The client registered one URI and named none: the token request may name none, or that one.
    const unnamed = await code({ redirect: null });
    expect((await token({ grant_type: 'authorization_code', code: unnamed.code, code_verifier: unnamed.verifier, client_id: clientId })).status).toBe(200);
    expect((await redeem(await code({ redirect: null }))).status).toBe(200);
    expect((await redeem(await code({ redirect: null }), { redirect_uri: 'http://127.0.0.1:8300/other' })).body.error).toBe('invalid_grant');
  });

  it('answer malformed requests as OAuth errors', async () => {
    const c = await code();
    const inQuery = await postForm(`${server.url}/mcp/oauth/token?code=${c.code}`, {
      grant_type: 'authorization_code',
      code_verifier: c.verifier,
      client_id: clientId,
    });
    expect(inQuery.body.error).toBe('invalid_request');
    expect((await token({ grant_type: 'password', username: 'u', password: 'p', client_id: clientId })).body.error).toBe('unsupported_grant_type');
    expect((await token({ grant_type: 'client_credentials', client_id: clientId })).body.error).toBe('unsupported_grant_type');
    const unknown = await token({ grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, client_id: 'mcpc_nobody' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
    const repeated = await fetch(`${server.url}/mcp/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=${c.code}&code=${c.code}&client_id=${clientId}`,
    });
    expect((await repeated.json()).error).toBe('invalid_request');
  });

  it('of a confidential client need its secret, the way it registered', async () => {
    const reg = (await registerClient(server, { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' })).body;
    const c = await code({ client: reg.client_id });
    const fields = { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT };
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${reg.client_id}:${secret}`).toString('base64')}` });
    const wrong = await token(fields, basic('mcps_wrong'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await token({ ...fields, client_id: reg.client_id, client_secret: reg.client_secret })).body.error).toBe('invalid_client');
    expect((await token({ ...fields, client_id: reg.client_id })).body.error).toBe('invalid_client');
    // The code survived the failed client authentications (they never reached it).
    expect((await token(fields, basic(reg.client_secret))).status).toBe(200);
  });
});

describe('client authentication', () => {
  const endpoints = ['/mcp/oauth/token', '/mcp/oauth/revoke'];
  const fields = { grant_type: 'authorization_code', code: 'mcpac_none', code_verifier: pkcePair().verifier, token: 'mcpat_none' };

  it('answers malformed Basic credentials with 401 invalid_client, a malformed escape (%zz) too', async () => {
    for (const endpoint of endpoints) {
      for (const credentials of ['%zz:x', 'mcpc_x:%zz', '%E0%A4%A:x', '%00:x']) {
        const res = await postForm(server.url + endpoint, fields, { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });
        expect(res.status, `${endpoint} ${credentials}`).toBe(401);
        expect(res.body.error, `${endpoint} ${credentials}`).toBe('invalid_client');
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
      }
    }
  });

  it('answers a client id PostgreSQL cannot store (NUL, a lone surrogate) as an unknown client', async () => {
    for (const endpoint of endpoints) {
      const nul = await postForm(server.url + endpoint, { ...fields, client_id: 'a\u0000b' });
      expect(nul.status, endpoint).toBe(401);
      expect(nul.body.error, endpoint).toBe('invalid_client');
      // JSON bodies are taken too, and JSON can carry half a surrogate pair.
      const res = await fetch(server.url + endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, client_id: '\ud800' }),
      });
      expect(res.status, endpoint).toBe(401);
      expect((await res.json()).error, endpoint).toBe('invalid_client');
    }
  });
});

describe('refresh tokens', () => {
  it('rotate; parallel refreshes within the grace window all get the same pair (no fork); a later replay revokes the grant', async () => {
    const pair = (await redeem(await code())).body;
    const refresh = () => token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, client_id: clientId });
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh()));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const [one] = answers;
    expect(one!.body.refresh_token).not.toBe(pair.refresh_token);
    expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.access_token)).size).toBe(1);
    for (const a of answers) expect(a.body).toMatchObject({ token_type: 'Bearer', scope: one!.body.scope });
    // One successor pair, stored hashed; its raw values are nowhere in the database.
    const rows = await server.db.any(sql.unsafe`select token_hash, successor_sealed from oauth_tokens`);
    expect(JSON.stringify(rows)).not.toContain(one!.body.refresh_token.slice(6));
    expect((await mcpWith(one!.body.access_token)).status).toBe(200);
    // A late redemption within the window (a thief a few seconds behind the client) gets the client's pair, not a chain of its own.
    await server.db.query(
      sql.unsafe`update oauth_tokens set rotated_at = now() - interval '20 seconds' where rotated_at is not null and successor_sealed is not null`,
    );
    const late = await refresh();
    expect(late.body.refresh_token).toBe(one!.body.refresh_token);
    // The chain goes on from the shared successor.
    const next = await token({ grant_type: 'refresh_token', refresh_token: one!.body.refresh_token, client_id: clientId });
    expect(next.status).toBe(200);

    await server.db.query(sql.unsafe`update oauth_tokens set rotated_at = now() - interval '1 hour' where rotated_at is not null`);
    const replay = await refresh();
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: 'the refresh token was already used; the grant is revoked' });
    for (const t of [pair.access_token, one!.body.access_token, next.body.access_token]) expect((await mcpWith(t)).status).toBe(401);
  });

  it('may narrow the scopes, never widen them', async () => {
    const pair = (await redeem(await code({ scope: 'astro:western astro:charts' }))).body;
    const narrowed = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, client_id: clientId, scope: 'astro:charts' });
    expect(narrowed.body.scope).toBe('astro:charts');
    const wider = await token({
      grant_type: 'refresh_token',
      refresh_token: narrowed.body.refresh_token,
      client_id: clientId,
      scope: 'astro:charts astro:numerology',
    });
    expect(wider.body.error).toBe('invalid_scope');
    const names = (await mcpWith(narrowed.body.access_token)).body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(['v1_natal_chart', 'v1_geo_search']);
  });
});

describe('revocation (RFC 7009)', () => {
  it("ends the grant from either token, answers 200 for unknown tokens, and leaves other clients' tokens alone", async () => {
    const pair = (await redeem(await code())).body;
    const other = (await registerClient(server, { redirect_uris: [REDIRECT] })).body.client_id;
    expect((await postForm(`${server.url}/mcp/oauth/revoke`, { token: pair.access_token, client_id: other })).status).toBe(200);
    expect((await mcpWith(pair.access_token)).status).toBe(200);
    expect((await postForm(`${server.url}/mcp/oauth/revoke`, { token: 'mcpat_unknown', client_id: clientId })).status).toBe(200);
    const res = await postForm(`${server.url}/mcp/oauth/revoke`, { token: pair.access_token, token_type_hint: 'access_token', client_id: clientId });
    expect(res.status).toBe(200);
    expect((await mcpWith(pair.access_token)).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant');
  });
});

describe('access tokens at /mcp', () => {
  it('refuse an expired token, a token for another resource, a token in the query string, and a foreign origin', async () => {
    const pair = (await redeem(await code())).body;
    const other = await mcpWith(pair.access_token, elsewhere);
    expect(other.status).toBe(401);
    expect(other.body.detail).toBe('Token issued for another resource');
    expect(other.headers.get('www-authenticate')).toContain('resource_metadata="https://other.example.test/.well-known/oauth-protected-resource/mcp"');

    const inQuery = await rawMcp(`${server.url}/mcp?access_token=${pair.access_token}`, list);
    expect(inQuery.status).toBe(400);
    expect(inQuery.headers.get('www-authenticate')).toMatch(/error="invalid_request"/);

    const foreign = await rawMcp(`${server.url}/mcp`, list, { authorization: `Bearer ${pair.access_token}`, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);

    const fresh = (await redeem(await code())).body;
    await server.db.query(
      sql.unsafe`update oauth_tokens set expires_at = now() - interval '1 second' where token_hash = encode(sha256(${fresh.access_token}::bytea), 'hex')`,
    );
    const expired = await mcpWith(fresh.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('Token expired');
    expect(expired.headers.get('www-authenticate')).toMatch(/error="invalid_token", error_description="Token expired"/);
    expect((await mcpWith('mcpat_forged')).status).toBe(401);
    expect((await rawMcp(`${server.url}/mcp`, list, { authorization: 'Basic abc' })).status).toBe(401);
  });

  it('open nothing but /mcp', async () => {
    const pair = (await redeem(await code())).body;
    const rest = await server.request(
      'POST',
      '/api/v1/natal/calculate',
      { year: 1990, month: 1, day: 1, hour: 0, minute: 0, lat: 0, lng: 0 },
      { 'x-api-key': '', authorization: `Bearer ${pair.access_token}` },
    );
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ detail: 'Missing API key' });
    const dashboard = await server.bearer('GET', '/api/v1/auth/me', pair.access_token);
    expect(dashboard.status).toBe(401);
    expect((await server.bearer('GET', '/mcp/oauth/grants', pair.access_token)).status).toBe(401);
  });
});

describe('the plan behind a token', () => {
  /** `/mcp` once with an API key and once with an OAuth access token of the same user, set up by `setUp`. */
  async function bothCredentials(name: string, setUp: (userId: string) => Promise<void>) {
    const someone = await dashboardUser(server, `${name}-${Date.now()}`);
    const key = (await server.bearer('POST', '/api/v1/auth/keys', someone.token, { name: 'plan' })).body.key as string;
    await setUp(someone.userId);
    const pair = (await redeem(await code({ as: someone }))).body;
    return { viaKey: await rawMcp(`${server.url}/mcp`, list, { 'x-api-key': key }), viaToken: await mcpWith(pair.access_token) };
  }
  const limits = (both: Awaited<ReturnType<typeof bothCredentials>>) => [both.viaKey, both.viaToken].map((r) => [r.status, r.headers.get('x-ratelimit-limit')]);

  it("is the plan of the user's API keys: past_due keeps it through the grace period, free after it", async () => {
    const pastDue = (grace: string) => async (userId: string) => {
      await server.db.query(
        sql.unsafe`update subscriptions set plan_code = 'high', status = 'past_due', current_period_end = now() - interval '1 day', grace_until = now() + ${grace}::interval where user_id = ${userId}`,
      );
    };
    expect(limits(await bothCredentials('grace', pastDue('3 days')))).toEqual([
      [200, '500000'],
      [200, '500000'],
    ]);
    expect(limits(await bothCredentials('graceless', pastDue('-1 second')))).toEqual([
      [200, '80'],
      [200, '80'],
    ]);
  });

  it('counts the request packs bought for this period, as the API keys do', async () => {
    const withPack = async (userId: string) => {
      await server.db.query(
        sql.unsafe`update subscriptions set plan_code = 'entry', status = 'active', current_period_end = now() + interval '20 days' where user_id = ${userId}`,
      );
      await server.db.query(
        sql.unsafe`insert into quota_extras (user_id, limit_period, period_start, period_end, extra_requests) values (${userId}, 'month', now() - interval '10 days', now() + interval '20 days', 1000)`,
      );
    };
    expect(limits(await bothCredentials('pack', withPack))).toEqual([
      [200, '51000'],
      [200, '51000'],
    ]);
  });

  it('refuses both alike without a plan in force', async () => {
    const lapsed = async (userId: string) => {
      await server.db.query(sql.unsafe`update subscriptions set plan_code = 'entry', status = 'canceled' where user_id = ${userId}`);
    };
    expect(limits(await bothCredentials('lapsed', lapsed)).map(([status]) => status)).toEqual([403, 403]);
  });
});

describe('grants', () => {
  it("are each user's own: another user neither sees nor deletes them", async () => {
    await redeem(await code());
    const mine = (await server.bearer('GET', '/mcp/oauth/grants', user.token)).body;
    expect(mine.length).toBeGreaterThan(0);
    const stranger = await dashboardUser(server, 'stranger');
    expect((await server.bearer('GET', '/mcp/oauth/grants', stranger.token)).body).toEqual([]);
    const attempt = await server.bearer('DELETE', `/mcp/oauth/grants/${mine[0].id}`, stranger.token);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toEqual({ detail: 'Grant not found' });
    expect((await server.bearer('DELETE', '/mcp/oauth/grants/not-a-uuid', user.token)).status).toBe(404);
    expect((await server.bearer('GET', '/mcp/oauth/grants', user.token)).body).toHaveLength(mine.length);
  });
});
