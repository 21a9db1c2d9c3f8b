/**
 * A flood of random API keys from one address is throttled, not its customers: after
 * AUTH_FAILURES_PER_MINUTE failed lookups, the address's unknown keys get 429 until the minute
 * is over, and its lookups run one at a time; a key or an OAuth access token that exists is
 * served from that address all the same, other addresses are not affected, and the count is
 * shared by the API processes through Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp } from '../helpers/mcp.ts';
import { dashboardUser, decideViaApi, openAuthorization, pkcePair, postForm, registerClient } from '../helpers/oauth.ts';

let a: TestServer;
let b: TestServer | undefined;
const LIMIT = 5;

beforeAll(async () => {
  const env = { AUTH_FAILURES_PER_MINUTE: String(LIMIT) };
  a = await startTestServer({ env });
  if (process.env.REDIS_URL) b = await startTestServer({ peer: a, env });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const randomKey = () => `ask_${randomBytes(24).toString('base64url')}`;
const CHEAP = '/api/v1/numerology/alphabets';

async function lookups(server: TestServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^api_key_lookups_total (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** The failure window is the clock's minute: start well inside one. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
}

describe('failed key lookups per client address', () => {
  it('after the limit: unknown keys get 429 with Retry-After; cached keys and other addresses still served', async () => {
    expect((await a.get(CHEAP)).status).toBe(200); // the valid key is cached now
    await awayFromMinuteEnd();
    const before = await lookups(a);
    for (let i = 0; i < LIMIT; i++) expect((await a.get(CHEAP, { 'x-api-key': randomKey() })).status).toBe(401);
    expect(await lookups(a)).toBe(before + LIMIT);

    const refused = await a.get(CHEAP, { 'x-api-key': randomKey() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many failed API key lookups from this address; retry later' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const flood = await Promise.all(Array.from({ length: 20 }, () => a.post('/natal', {}, { 'x-api-key': randomKey() })));
    expect(flood.every((r) => r.status === 429)).toBe(true);
    // The same unknown key again is answered from the cache: 401, no lookup.
    const seen = randomKey();
    await a.get(CHEAP, { 'x-api-key': seen });
    const counted = await lookups(a);
    expect((await a.get(CHEAP, { 'x-api-key': seen })).status).toBe(401);
    expect(await lookups(a)).toBe(counted);

    expect((await a.get(CHEAP)).status).toBe(200);
    const elsewhere = await a.app.app.inject({ method: 'GET', url: CHEAP, headers: { 'x-api-key': randomKey() }, remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('a key or an OAuth access token that exists, never cached, is served from an address over its limit', async () => {
    const otherKey = await a.newKey('throttle-neighbour@example.com', 'unlimited');
    const user = await dashboardUser(a, 'throttle-oauth-user', 'unlimited');
    const accessToken = await oauthAccessToken(a, user.token);
    await awayFromMinuteEnd();
    for (let i = 0; i < LIMIT + 3; i++) await a.get(CHEAP, { 'x-api-key': randomKey() });
    expect((await a.get(CHEAP, { 'x-api-key': randomKey() })).status).toBe(429);

    // A guess flood in parallel with the customers' first requests: the guesses are refused, the customers served.
    const [served, viaMcp, viaToken, ...guesses] = await Promise.all([
      a.get(CHEAP, { 'x-api-key': otherKey }),
      rawMcp(`${a.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': await a.newKey('throttle-mcp@example.com', 'unlimited') }),
      rawMcp(`${a.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${accessToken}` }),
      ...Array.from({ length: 10 }, () => a.get(CHEAP, { 'x-api-key': randomKey() })),
      ...Array.from({ length: 5 }, () =>
        rawMcp(`${a.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer mcpat_${randomBytes(32).toString('base64url')}` }),
      ),
    ]);
    expect(served.status).toBe(200);
    expect(viaMcp.status).toBe(200);
    expect(viaToken.status).toBe(200);
    expect(guesses.map((r) => r.status)).toEqual(Array(15).fill(429));
  });

  it.runIf(process.env.REDIS_URL)('the other API process learns of the failures through Redis at its first lookup', async () => {
    // The first test left this address over the limit on process a (Redis has the count).
    await awayFromMinuteEnd();
    for (let i = 0; i < LIMIT; i++) await a.get(CHEAP, { 'x-api-key': randomKey() });
    const before = await lookups(b!);
    const statuses: number[] = [];
    const guess = async () => statuses.push((await b!.get(CHEAP, { 'x-api-key': randomKey() })).status);
    // One lookup, whose failure brings back the shared count with Redis's reply to the increment.
    // On a loaded machine that reply can come after the next request or two: wait for it, briefly.
    await guess();
    for (let i = 0; i < 20 && statuses.at(-1) !== 429; i++) {
      await new Promise((r) => setTimeout(r, 25));
      await guess();
    }
    // Then refusals, every one.
    for (let i = 0; i < 3; i++) await guess();
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    expect(await lookups(b!)).toBe(before + statuses.length);
  });
});

/** An access token of a new grant of the user, through the authorization code flow. */
async function oauthAccessToken(server: TestServer, dashboardToken: string): Promise<string> {
  const redirect = 'http://127.0.0.1:8300/cb';
  const clientId = (await registerClient(server, { client_name: 'Throttle client', redirect_uris: [redirect] })).body.client_id;
  const pkce = pkcePair();
  const url = new URL(`${server.url}/mcp/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirect,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: 's',
  }))
    url.searchParams.set(k, v);
  const decided = await decideViaApi(server, (await openAuthorization(url)).authorizationId!, dashboardToken);
  const code = new URL(decided.body.redirect_to).searchParams.get('code')!;
  const tokens = await postForm(`${server.url}/mcp/oauth/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkce.verifier,
    redirect_uri: redirect,
    client_id: clientId,
  });
  return tokens.body.access_token;
}
