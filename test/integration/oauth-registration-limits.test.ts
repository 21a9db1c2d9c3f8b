/**
 * Dynamic client registration is open to anyone, so it is bounded: registrations per client
 * address and in total per hour (429 with Retry-After beyond, shared by the API processes), the
 * pages and logo a client names must be https, and a client that never completed an
 * authorization is deleted a day after registering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { dashboardUser, decideViaApi, openAuthorization, pkcePair } from '../helpers/oauth.ts';
import { purgeOAuth } from '../../src/features/oauth/maintenance.ts';

let server: TestServer;
let peer: TestServer | undefined;
const REDIRECT = 'http://127.0.0.1:8300/cb';

beforeAll(async () => {
  const env = { OAUTH_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3', OAUTH_REGISTRATIONS_PER_HOUR: '6' };
  server = await startTestServer({ env });
  if (process.env.REDIS_URL) peer = await startTestServer({ peer: server, env });
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

const registerFrom = async (address: string, body: Record<string, unknown> = { client_name: 'Bounded', redirect_uris: [REDIRECT] }) => {
  const res = await server.app.app.inject({ method: 'POST', url: '/mcp/oauth/register', payload: body, remoteAddress: address });
  return { status: res.statusCode, headers: res.headers, body: res.json<Record<string, unknown>>() };
};

describe('client registration', () => {
  it('refuses client_uri, logo_uri, tos_uri and policy_uri that are not https', async () => {
    for (const [field, value] of [
      ['client_uri', 'http://example.com'],
      ['logo_uri', 'javascript:alert(1)'],
      ['logo_uri', 'data:image/png;base64,AAAA'],
      ['tos_uri', 'not a url'],
      ['policy_uri', 'ftp://example.com/p'],
    ]) {
      const res = await registerFrom('192.0.2.1', { redirect_uris: [REDIRECT], [field!]: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_client_metadata', error_description: `${field}: must be an https URL` });
    }
  });

  it('is bounded per address and in total per hour, on every API process', async () => {
    // The window is the clock's hour: start well inside one.
    const left = 3_600_000 - (Date.now() % 3_600_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
    const ok = await registerFrom('198.51.100.1', { redirect_uris: [REDIRECT], client_uri: 'https://example.com', logo_uri: 'https://example.com/logo.png' });
    expect(ok.status).toBe(201);
    expect((await registerFrom('198.51.100.1')).status).toBe(201);
    expect((await registerFrom('198.51.100.1')).status).toBe(201);
    const refused = await registerFrom('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many client registrations; retry later' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Other addresses share the total: 6 an hour (the refused ones above do not count towards it).
    expect((await registerFrom('198.51.100.2')).status).toBe(201);
    expect((await registerFrom('198.51.100.3')).status).toBe(201);
    if (peer) {
      const elsewhere = await peer.app.app.inject({
        method: 'POST',
        url: '/mcp/oauth/register',
        payload: { redirect_uris: [REDIRECT] },
        remoteAddress: '198.51.100.4',
      });
      expect(elsewhere.statusCode).toBe(201);
    } else {
      expect((await registerFrom('198.51.100.4')).status).toBe(201);
    }
    expect((await registerFrom('198.51.100.5')).status).toBe(429);
  });

  it('a client that never completed an authorization is deleted a day after registering; one with a grant stays', async () => {
    // The hour's registrations are spent above: these come from the database directly.
    const unused = 'mcpc_unused_client';
    const used = 'mcpc_used_client';
    const recent = 'mcpc_recent_client';
    for (const id of [unused, used, recent]) {
      await server.db.query(
        sql.unsafe`insert into oauth_clients (id, redirect_uris, token_endpoint_auth_method, grant_types) values (${id}, ${sql.array([REDIRECT], 'text')}, 'none', ${sql.array(['authorization_code', 'refresh_token'], 'text')})`,
      );
    }
    const user = await dashboardUser(server, 'registration-user', 'unlimited');
    const url = new URL(`${server.url}/mcp/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: used,
      redirect_uri: REDIRECT,
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 's',
    }))
      url.searchParams.set(k, v);
    expect((await decideViaApi(server, (await openAuthorization(url)).authorizationId!, user.token)).status).toBe(200);
    await server.db.query(sql.unsafe`update oauth_clients set created_at = now() - interval '25 hours' where id in (${unused}, ${used})`);

    await purgeOAuth(server.db);
    const left = await server.db.anyFirst(sql.unsafe`select id from oauth_clients where id in (${unused}, ${used}, ${recent}) order by id`);
    expect(left).toEqual([recent, used]);
  });
});
