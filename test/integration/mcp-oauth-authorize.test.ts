/**
 * The authorization server up to the code: discovery documents, registration (RFC 7591),
 * the authorization endpoint's checks (what never redirects, what redirects with state and iss),
 * the pending request's life and decision through the requests API, the consent page's rules, and
 * text PostgreSQL cannot store (NUL, lone surrogates) answered as the OAuth error it is, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { dashboardUser, decideViaApi, openAuthorization, pkcePair, postForm, registerClient } from '../helpers/oauth.ts';

let server: TestServer;
let pinned: TestServer;
const REDIRECT = 'http://127.0.0.1:8200/callback';

beforeAll(async () => {
  server = await startTestServer();
  pinned = await startTestServer({ env: { PUBLIC_BASE_URL: 'https://astro.example.test/' } });
});
afterAll(async () => {
  await pinned?.close();
  await server?.close();
});

async function publicClient(name = 'Rules client', extra: Record<string, unknown> = {}) {
  const res = await registerClient(server, { client_name: name, redirect_uris: [REDIRECT], ...extra });
  expect(res.status).toBe(201);
  return res.body as { client_id: string };
}

function authorizeUrl(clientId: string, params: Record<string, string | undefined> = {}, path = '/mcp/oauth/authorize') {
  const url = new URL(server.url + path);
  const defaults = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    resource: `${server.url}/mcp`,
  };
  for (const [k, v] of Object.entries({ ...defaults, ...params })) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

describe('discovery', () => {
  it('names the public base URL exactly as the issuer, with S256, code and the four scopes', async () => {
    const res = await fetch(`${pinned.url}/.well-known/oauth-authorization-server`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      issuer: 'https://astro.example.test',
      authorization_endpoint: 'https://astro.example.test/mcp/oauth/authorize',
      token_endpoint: 'https://astro.example.test/mcp/oauth/token',
      registration_endpoint: 'https://astro.example.test/mcp/oauth/register',
      revocation_endpoint: 'https://astro.example.test/mcp/oauth/revoke',
      scopes_supported: ['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: 'https://astro.example.test/docs',
    });
  });

  it('describes /mcp as the protected resource (path form and root form), and each family path with its scope', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const body = await (await fetch(pinned.url + path)).json();
      expect(body).toMatchObject({
        resource: 'https://astro.example.test/mcp',
        authorization_servers: ['https://astro.example.test'],
        scopes_supported: ['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic'],
        bearer_methods_supported: ['header'],
      });
    }
    const charts = await (await fetch(`${pinned.url}/.well-known/oauth-protected-resource/mcp/charts`)).json();
    expect(charts).toMatchObject({ resource: 'https://astro.example.test/mcp', scopes_supported: ['astro:charts'] });
    expect((await fetch(`${pinned.url}/.well-known/oauth-protected-resource/mcp/tarot`)).status).toBe(404);
  });

  it('defaults the issuer to the address the server listens on', async () => {
    const body = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(body.issuer).toBe(server.url);
  });

  it('challenges an unauthenticated /mcp request with the metadata URL and the scopes it needs', async () => {
    const res = await fetch(`${pinned.url}/mcp/charts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://astro.example.test/.well-known/oauth-protected-resource/mcp", scope="astro:charts"',
    );
  });
});

describe('registration', () => {
  it('registers public clients with https or loopback redirect URIs, ignoring unknown fields (and nulls)', async () => {
    const res = await registerClient(server, {
      client_name: 'Desktop assistant',
      redirect_uris: ['https://assistant.example/oauth/callback', 'http://127.0.0.1/cb', 'http://[::1]:33418/cb', 'http://localhost:6274/oauth'],
      scope: 'astro:western nonsense',
      logo_uri: null,
      jwks_uri: 'https://x.example/jwks',
      unknown_field: { a: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      client_name: 'Desktop assistant',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'astro:western',
    });
    expect(res.body.client_id).toMatch(/^mcpc_/);
    expect(res.body).not.toHaveProperty('client_secret');
    expect(res.body).not.toHaveProperty('unknown_field');
    expect(res.body).not.toHaveProperty('jwks_uri');
  });

  it('gives a confidential client a secret, once; the root alias /register works the same', async () => {
    const res = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_basic' }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.client_secret).toMatch(/^mcps_/);
    expect(body.client_secret_expires_at).toBe(0);
  });

  it('refuses redirect URIs that are neither https nor loopback, and metadata it cannot honour', async () => {
    for (const uri of ['http://example.com/cb', 'ftp://example.com/cb', 'https://app.example/cb#frag', 'custom-scheme:/cb', 'not a uri']) {
      const res = await registerClient(server, { redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body.error, uri).toBe('invalid_redirect_uri');
    }
    expect((await registerClient(server, { client_name: 'No URIs' })).body.error).toBe('invalid_redirect_uri');
    expect((await registerClient(server, { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] })).body.error).toBe(
      'invalid_client_metadata',
    );
    expect((await registerClient(server, { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' })).body.error).toBe(
      'invalid_client_metadata',
    );
    const notJson = await fetch(`${server.url}/mcp/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe('invalid_request');
  });
});

describe('text PostgreSQL cannot store', () => {
  it('in registration metadata is invalid_client_metadata (invalid_redirect_uri in a redirect URI)', async () => {
    const base = { redirect_uris: [REDIRECT] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, client_name: '\u0000' }, 'invalid_client_metadata'],
      [{ ...base, client_name: 'half \ud800 a pair' }, 'invalid_client_metadata'],
      [{ ...base, software_id: 'id\u0000' }, 'invalid_client_metadata'],
      [{ ...base, contacts: ['\ud800'] }, 'invalid_client_metadata'],
      [{ ...base, client_uri: 'https://a.example/\udc00' }, 'invalid_client_metadata'],
      [{ redirect_uris: [`${REDIRECT}\u0000`] }, 'invalid_redirect_uri'],
    ];
    for (const [body, error] of cases) {
      const res = await registerClient(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    // A surrogate pair is text like any other.
    expect((await registerClient(server, { ...base, client_name: 'Assistant \ud83d\ude00' })).status).toBe(201);
  });

  it('as a client id or redirect URI at authorize is the error page; as state, invalid_request back to the client', async () => {
    const client = await publicClient();
    for (const url of [authorizeUrl('a\u0000b'), authorizeUrl(client.client_id, { redirect_uri: `${REDIRECT}\u0000` })]) {
      const res = await openAuthorization(url);
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.body).toContain('cannot be served');
    }
    const res = await openAuthorization(authorizeUrl(client.client_id, { state: 'a\u0000b' }));
    expect(res.status).toBe(302);
    const back = new URL(res.location!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/^state contains a NUL character/);
    expect(back.searchParams.get('iss')).toBe(server.url);
    // A malformed escape in a family path of the resource names no resource of ours.
    const resource = await openAuthorization(authorizeUrl(client.client_id, { resource: `${server.url}/mcp/%zz` }));
    expect(new URL(resource.location!).searchParams.get('error')).toBe('invalid_target');
  });

  it('as the id of an authorization request is an unknown request (404), on the consent page and in the requests API', async () => {
    const user = await dashboardUser(server, 'nul-user');
    const id = 'mcpr_a%00b';
    expect((await server.get(`/mcp/oauth/consent/${id}`)).status).toBe(404);
    const posted = await postForm(`${server.url}/mcp/oauth/consent/${id}`, { step: 'sign_in', credential: user.token });
    expect(posted.status).toBe(404);
    expect(posted.body).toContain('No such request');
    expect((await server.bearer('GET', `/mcp/oauth/requests/${id}`, user.token)).status).toBe(404);
    expect((await decideViaApi(server, id, user.token)).status).toBe(404);
  });
});

describe('authorize', () => {
  it('never redirects for an unknown client or an unregistered redirect URI', async () => {
    const client = await publicClient();
    for (const url of [
      authorizeUrl('mcpc_unknown'),
      authorizeUrl(client.client_id, { redirect_uri: 'http://127.0.0.1:8200/other' }),
      authorizeUrl(client.client_id, { redirect_uri: 'https://evil.example/callback' }),
    ]) {
      const res = await openAuthorization(url);
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.body).toContain('cannot be served');
    }
  });

  it('sends other errors back to the client with state and iss', async () => {
    const client = await publicClient();
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ code_challenge: undefined }, 'invalid_request', /code_challenge is required/],
      [{ code_challenge_method: 'plain' }, 'invalid_request', /S256 \(plain is not supported\)/],
      [{ code_challenge_method: undefined }, 'invalid_request', /must be S256/],
      [{ response_type: 'token' }, 'unsupported_response_type', /code/],
      [{ resource: 'https://other.example/mcp' }, 'invalid_target', /mcp/],
      [{ resource: `${server.url}/api/v1/natal/calculate` }, 'invalid_target', /mcp/],
      [{ prompt: 'none' }, 'interaction_required', /consent/],
    ];
    for (const [params, error, description] of cases) {
      const res = await openAuthorization(authorizeUrl(client.client_id, params));
      expect(res.status, error).toBe(302);
      const back = new URL(res.location!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('error_description')).toMatch(description);
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(back.searchParams.get('iss')).toBe(server.url);
    }
  });

  it('drops unknown scopes, takes every scope when none is known, and accepts a family path as the resource', async () => {
    const client = await publicClient();
    const user = await dashboardUser(server, 'scopes-user');
    const scopesOf = async (params: Record<string, string | undefined>) => {
      const opened = await openAuthorization(authorizeUrl(client.client_id, params));
      return (await server.bearer('GET', `/mcp/oauth/requests/${opened.authorizationId}`, user.token)).body.scopes;
    };
    expect(await scopesOf({ scope: 'astro:charts offline_access astro:tarot' })).toEqual(['astro:charts']);
    expect(await scopesOf({ scope: 'mcp' })).toEqual(['astro:western', 'astro:ephemeris', 'astro:numerology', 'astro:charts', 'astro:chinese', 'astro:vedic']);
    expect(await scopesOf({ scope: undefined, resource: `${server.url}/mcp/western` })).toEqual([
      'astro:western',
      'astro:ephemeris',
      'astro:numerology',
      'astro:charts',
      'astro:chinese',
      'astro:vedic',
    ]);
    // The loopback redirect URI may come back on another port (RFC 8252); the root alias works too.
    const moved = await openAuthorization(authorizeUrl(client.client_id, { redirect_uri: 'http://127.0.0.1:59999/callback' }, '/authorize'));
    expect(moved.status).toBe(302);
    expect(moved.authorizationId).toMatch(/^mcpr_/);
  });
});

describe('the pending request', () => {
  it('is decided once, by an approval (code, state, iss) or a denial (access_denied), within ten minutes', async () => {
    const client = await publicClient('Decision client');
    const user = await dashboardUser(server, 'decider');
    const start = async () => (await openAuthorization(authorizeUrl(client.client_id, { scope: 'astro:western astro:charts' }))).authorizationId!;

    const approved = await start();
    const view = await server.bearer('GET', `/mcp/oauth/requests/${approved}`, user.token);
    expect(view.body).toMatchObject({
      id: approved,
      status: 'pending',
      client: { client_id: client.client_id, client_name: 'Decision client' },
      redirect_uri: REDIRECT,
      redirect_host: '127.0.0.1:8200',
      resource: `${server.url}/mcp`,
    });
    expect(Date.parse(view.body.expires_at) - Date.parse(view.body.created_at)).toBe(600_000);
    expect((await decideViaApi(server, approved, user.token, { approve: true, scopes: ['astro:numerology'] })).status).toBe(422);
    const ok = await decideViaApi(server, approved, user.token, { approve: true, scopes: ['astro:charts'] });
    const back = new URL(ok.body.redirect_to);
    expect(back.searchParams.get('code')).toMatch(/^mcpac_/);
    expect([back.searchParams.get('state'), back.searchParams.get('iss')]).toEqual(['st-1', server.url]);
    expect((await decideViaApi(server, approved, user.token)).status).toBe(409);
    expect((await server.bearer('GET', `/mcp/oauth/requests/${approved}`, user.token)).status).toBe(409);

    const denied = await start();
    const no = await decideViaApi(server, denied, user.token, { approve: false });
    expect(Object.fromEntries(new URL(no.body.redirect_to).searchParams)).toMatchObject({ error: 'access_denied', state: 'st-1', iss: server.url });

    const expired = await start();
    await server.db.query(sql.unsafe`update oauth_authorization_requests set expires_at = now() - interval '1 second' where id = ${expired}`);
    expect((await server.bearer('GET', `/mcp/oauth/requests/${expired}`, user.token)).status).toBe(410);
    expect((await decideViaApi(server, expired, user.token)).status).toBe(410);
    expect((await server.get(`/mcp/oauth/consent/${expired}`)).status).toBe(410);
    expect((await server.bearer('GET', '/mcp/oauth/requests/mcpr_nope', user.token)).status).toBe(404);
    // The requests API is the dashboard's: its bearer token, nothing else.
    expect((await server.get(`/mcp/oauth/requests/${await start()}`)).status).toBe(401);
  });
});

describe('the consent page', () => {
  it('is self-contained HTML that cannot be framed, and signs in with an API key or a dashboard token', async () => {
    const client = await publicClient('Page <client>');
    const user = await dashboardUser(server, 'page-user');
    const id = (await openAuthorization(authorizeUrl(client.client_id, { scope: 'astro:western astro:ephemeris' }))).authorizationId!;
    const page = await fetch(`${server.url}/mcp/oauth/consent/${id}`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('Page &#60;client&#62;');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!127\.0\.0\.1)/);

    const action = `${server.url}/mcp/oauth/consent/${id}`;
    const wrong = await postForm(action, { step: 'sign_in', credential: 'ask_not_a_key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('This API key is not valid.');
    const badToken = await postForm(action, { step: 'sign_in', credential: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(badToken.body).toContain('This token is not valid');

    const signedIn = await postForm(action, { step: 'sign_in', credential: user.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('127.0.0.1:8200');
    expect(signedIn.body).toContain('page-user@example.com');
    expect(signedIn.body).toContain('value="astro:western"');
    expect(signedIn.body).toContain('value="astro:ephemeris"');
    expect(signedIn.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:8200");
    const ticket = /name="ticket" value="([^"]+)"/.exec(signedIn.body)![1]!;

    const forged = await postForm(action, { step: 'decide', ticket: 'mcpt_forged', decision: 'approve', scope: 'astro:western' });
    expect(forged.status).toBe(403);
    const none = await postForm(action, { step: 'decide', ticket, decision: 'approve' });
    expect(none.status).toBe(422);
    expect(none.body).toContain('Choose at least one');

    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `step=decide&ticket=${ticket}&decision=approve&scope=astro%3Aephemeris`,
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('code')).toMatch(/^mcpac_/);
    const [grant] = (await server.bearer('GET', '/mcp/oauth/grants', user.token)).body;
    expect(grant).toMatchObject({ client_name: 'Page <client>', scopes: ['astro:ephemeris'] });
    // The ticket served its one decision.
    expect((await postForm(action, { step: 'decide', ticket, decision: 'deny' })).status).toBe(409);
  });

  it('signs in with an API key, and a denial goes back as access_denied', async () => {
    const client = await publicClient('Key client');
    const created = await server.newKey('page-key@example.com', 'free');
    const id = (await openAuthorization(authorizeUrl(client.client_id))).authorizationId!;
    const action = `${server.url}/mcp/oauth/consent/${id}`;
    const signedIn = await postForm(action, { step: 'sign_in', credential: created });
    expect(signedIn.body).toContain('page-key@example.com');
    const ticket = /name="ticket" value="([^"]+)"/.exec(signedIn.body)![1]!;
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `step=decide&ticket=${ticket}&decision=deny`,
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});
