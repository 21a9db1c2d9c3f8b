/**
 * PostgreSQL goes away (a proxy in front of the real server drops every connection): the OAuth
 * endpoints (registration, authorization, the consent page, token, revocation) answer 503 with
 * Retry-After as every other route does, never a 500, and work again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { dashboardUser, decideViaApi, openAuthorization, pkcePair, postForm } from '../helpers/oauth.ts';

let database: TestDatabase;
let proxy: TcpProxy;
let server: TestServer;
const REDIRECT = 'http://127.0.0.1:8300/cb';

const withServer = describe.runIf(serverUrl);

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase();
  const url = new URL(database.url);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  server = await startTestServer({ databaseUrl: proxy.urlFor(database.url) });
});

afterAll(async () => {
  proxy?.up();
  await server?.close();
  await proxy?.close();
  await database?.close();
}, 120_000);

const register = () =>
  fetch(`${server.url}/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Outage client', redirect_uris: [REDIRECT] }),
  });

function authorizeUrl(clientId: string, challenge: string): URL {
  const url = new URL(`${server.url}/mcp/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
  }))
    url.searchParams.set(k, v);
  return url;
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ error: 'temporarily_unavailable', detail: 'Database unavailable, retry later' });
}

withServer('OAuth while PostgreSQL is away', () => {
  it('register, authorize, consent, token and revoke answer 503 with Retry-After, then work again', async () => {
    const user = await dashboardUser(server, 'oauth-outage-user', 'unlimited');
    const clientId = ((await (await register()).json()) as { client_id: string }).client_id;
    const pkce = pkcePair();
    const opened = await openAuthorization(authorizeUrl(clientId, pkce.challenge));
    const decided = await decideViaApi(server, opened.authorizationId!, user.token);
    const code = new URL(decided.body.redirect_to).searchParams.get('code')!;
    const pending = (await openAuthorization(authorizeUrl(clientId, pkcePair().challenge))).authorizationId!;

    proxy.down();
    try {
      await expectUnavailable(await register());
      await expectUnavailable(await fetch(authorizeUrl(clientId, pkce.challenge), { redirect: 'manual' }));
      await expectUnavailable(await fetch(`${server.url}/mcp/oauth/consent/${pending}`));
      const form = (fields: Record<string, string>, path: string) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
      await expectUnavailable(await form({ step: 'sign_in', credential: 'ask_whatever' }, `/mcp/oauth/consent/${pending}`));
      await expectUnavailable(
        await form({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier, redirect_uri: REDIRECT, client_id: clientId }, '/mcp/oauth/token'),
      );
      await expectUnavailable(await form({ token: 'mcprt_unknown', client_id: clientId }, '/mcp/oauth/revoke'));
      await expectUnavailable(await form({ grant_type: 'refresh_token', refresh_token: 'mcprt_x', client_id: clientId }, '/token'));
    } finally {
      proxy.up();
    }

    // Back: the code (never redeemed while the database was away) still gives its pair.
    let redeemed: Awaited<ReturnType<typeof postForm>> | undefined;
    for (let i = 0; i < 100; i++) {
      redeemed = await postForm(`${server.url}/mcp/oauth/token`, {
        grant_type: 'authorization_code',
        code,
        code_verifier: pkce.verifier,
        redirect_uri: REDIRECT,
        client_id: clientId,
      });
      if (redeemed.status !== 503) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(redeemed!.status).toBe(200);
  });
});
