/**
 * A flood of random API keys from one address costs the database a few queries, not one each:
 * after AUTH_FAILURES_PER_MINUTE failed lookups, the address's uncached keys get 429 without a
 * query until the minute is over; cached keys still pass, other addresses are not affected, and
 * the count is shared by the API processes through Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

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
  it('after the limit: 429 with Retry-After and no database query; cached keys and other addresses still served', async () => {
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
    expect(await lookups(a)).toBe(before + LIMIT);

    expect((await a.get(CHEAP)).status).toBe(200);
    const elsewhere = await a.app.app.inject({ method: 'GET', url: CHEAP, headers: { 'x-api-key': randomKey() }, remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it.runIf(process.env.REDIS_URL)('the other API process learns of the failures through Redis at its first lookup', async () => {
    // The first test left this address over the limit on process a (Redis has the count).
    await awayFromMinuteEnd();
    for (let i = 0; i < LIMIT; i++) await a.get(CHEAP, { 'x-api-key': randomKey() });
    const before = await lookups(b!);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await b!.get(CHEAP, { 'x-api-key': randomKey() })).status);
    // One lookup (its failure brings back the shared count), then refusals.
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    expect(await lookups(b!)).toBeLessThanOrEqual(before + 2);
  });
});
