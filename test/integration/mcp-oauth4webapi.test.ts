/**
 * The raw OAuth flow driven by a second, independent client library (oauth4webapi), which checks
 * the server strictly on its own: the resource metadata (RFC 9728), the issuer of the server
 * metadata (RFC 8414), registration (RFC 7591), the `iss` and `state` of the callback (RFC 9207), the token
 * responses, refresh and revocation (RFC 7009); and the refusals it must meet: a wrong PKCE
 * verifier, a mismatched redirect URI, a reused code (which ends what it issued), a foreign
 * resource, and a revoked token at /mcp.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp, toolCall } from '../helpers/mcp.ts';
import { dashboardUser, decideViaApi, openAuthorization } from '../helpers/oauth.ts';

let a: TestServer;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let user: { token: string };
const clientAuth = oauth.None();
const REDIRECT = 'http://127.0.0.1:8400/cb';
const birth = { year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' };
// The test server speaks plain HTTP on the loopback.
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const resource = () => `${a.url}/mcp`;

beforeAll(async () => {
  a = await startTestServer();
  user = await dashboardUser(a, 'oauth4webapi-user', 'unlimited');
  await discoverAndRegister();
});
afterAll(async () => {
  await a?.close();
});

/** What a client does first: the resource's metadata names the issuer, whose metadata it checks; then it registers. */
async function discoverAndRegister() {
  const rs = await oauth.processResourceDiscoveryResponse(new URL(resource()), await oauth.resourceDiscoveryRequest(new URL(resource()), insecure));
  expect(rs.authorization_servers).toEqual([a.url]);
  const issuer = new URL(rs.authorization_servers![0]!);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }));
  expect(as.code_challenge_methods_supported).toEqual(['S256']);
  expect(as.authorization_response_iss_parameter_supported).toBe(true);

  client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: 'Independent client',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      insecure,
    ),
  );
  expect(client.client_id).toMatch(/^mcpc_/);
}

/** One authorization, approved through the requests API: the callback's parameters, validated, and the verifier. */
async function authorize(scope = 'astro:western astro:charts') {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope,
    state,
    resource: resource(),
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  const opened = await openAuthorization(url);
  expect(opened.status).toBe(302);
  const decided = await decideViaApi(a, opened.authorizationId!, user.token);
  expect(decided.status).toBe(200);
  return { params: oauth.validateAuthResponse(as, client, new URL(decided.body.redirect_to), state), verifier };
}

const exchange = (params: URLSearchParams, verifier: string, options: { redirectUri?: string; resource?: string; server?: oauth.AuthorizationServer } = {}) =>
  oauth
    .authorizationCodeGrantRequest(options.server ?? as, client, clientAuth, params, options.redirectUri ?? REDIRECT, verifier, {
      ...insecure,
      additionalParameters: { resource: options.resource ?? resource() },
    })
    .then((response) => oauth.processAuthorizationCodeResponse(options.server ?? as, client, response));

const mcpHeaders = () =>
  new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' });
const mcpList = (token: string) => rawMcp(resource(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${token}` });

describe('oauth4webapi', () => {
  it('gets a token pair from a code, uses it at /mcp, refreshes it and revokes it', async () => {
    const { params, verifier } = await authorize();
    const tokens = await exchange(params, verifier);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'astro:western astro:charts' });

    const call = await oauth.protectedResourceRequest(
      tokens.access_token,
      'POST',
      new URL(resource()),
      mcpHeaders(),
      JSON.stringify(toolCall(1, 'natal', birth)),
      insecure,
    );
    expect(call.status).toBe(200);
    expect((await call.json()).result.structuredContent).toEqual((await a.post('/natal', birth)).body);

    // Refresh rotates the pair; revocation (RFC 7009) ends the grant, and /mcp says so in its challenge.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpList(refreshed.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, refreshed.access_token, insecure));
    const refused = await oauth
      .protectedResourceRequest(refreshed.access_token, 'POST', new URL(resource()), mcpHeaders(), JSON.stringify(toolCall(2, 'natal', birth)), insecure)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((refused as oauth.WWWAuthenticateChallengeError).status).toBe(401);
    expect((refused as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
      scheme: 'bearer',
      parameters: { error: 'invalid_token', resource_metadata: `${a.url}/.well-known/oauth-protected-resource/mcp` },
    });
    await expect(
      oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token!, insecure)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('meets the refusals: wrong verifier, another redirect URI, a foreign resource, a reused code (and the root /token alias works)', async () => {
    const wrongVerifier = await authorize();
    await expect(exchange(wrongVerifier.params, oauth.generateRandomCodeVerifier())).rejects.toMatchObject({ error: 'invalid_grant' });

    const otherRedirect = await authorize();
    await expect(exchange(otherRedirect.params, otherRedirect.verifier, { redirectUri: 'http://127.0.0.1:8400/other' })).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    const foreign = await authorize();
    await expect(exchange(foreign.params, foreign.verifier, { resource: 'https://other.example/mcp' })).rejects.toMatchObject({ error: 'invalid_target' });

    // The root alias of the token endpoint, for clients that ignore the metadata, serves the same.
    const viaAlias = await authorize();
    expect((await exchange(viaAlias.params, viaAlias.verifier, { server: { ...as, token_endpoint: `${a.url}/token` } })).access_token).toMatch(/^mcpat_/);

    // A code used twice: the second use is refused, and the tokens of the first stop working.
    const reused = await authorize();
    const tokens = await exchange(reused.params, reused.verifier);
    expect((await mcpList(tokens.access_token)).status).toBe(200);
    await expect(exchange(reused.params, reused.verifier)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await mcpList(tokens.access_token)).status).toBe(401);
  });
});
