/**
 * Fair compute: heavy work (a century's transit search) runs in its own lane, so that a light
 * request of another account is answered while it runs; an account may have only so much heavy
 * work in flight, counted across API processes; heavy work costs quota by the compute it took;
 * a long search answers in pages that together hold exactly the whole answer.
 *
 * The heavy lane runs at its normal priority here (COMPUTE_HEAVY_NICE 0): the suite's other files
 * load the cores, and a lower priority would only make these searches slower; that the lane's
 * threads lower their priority is tested in test/unit/compute/heavy-lane.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/app.ts';
import { describeWithRedis } from '../helpers/needs-redis.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { rawMcp, toolCall } from '../helpers/mcp.ts';

const natal = { year: 1981, month: 1, day: 1, hour: 23, minute: 30, lat: 37.98, lng: 23.72, tz_str: 'Europe/Athens' };
/** The longest search: 150 years of the Moon, about 16,000 passes and a second or more of compute. */
const longSearch = { natal, transit_planet: 'moon', natal_point: 'sun', age_start_years: 0, age_end_years: 150 };
const SEARCH = '/api/v1/western/transits/search';

/** Resolves with the answer and the order in which it came among the others. */
function tracked(order: string[], name: string, answer: Promise<TestResponse>) {
  return answer.then((response) => {
    order.push(name);
    return response;
  });
}

describe('the heavy lane', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ compute: 'pool', threads: 1, env: { COMPUTE_HEAVY_THREADS: '1', HEAVY_MS_PER_UNIT: '250', COMPUTE_HEAVY_NICE: '0' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers another account's natal chart while one account's long searches hold the heavy lane", async () => {
    const order: string[] = [];
    const searches = [tracked(order, 'search 1', server.post(SEARCH, longSearch)), tracked(order, 'search 2', server.post(SEARCH, longSearch))];
    // One search runs, the other waits for the lane's one place.
    await waitFor(() => server.compute.stats().heavy?.busy === 1 && server.compute.stats().heavy?.waiting === 1, 'both searches in the heavy lane', 30_000, 20);
    const other = await server.newKey('light-caller@example.com');
    const chart = await tracked(order, 'natal', server.post('/api/v1/natal/calculate', natal, { 'x-api-key': other }));
    expect(chart.status).toBe(200);
    // With one queue in front of one thread, the chart came after both searches.
    expect(order).toEqual(['natal']);
    const answers = await Promise.all(searches);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(order).toEqual(['natal', 'search 1', 'search 2']);
  });

  it('charges a heavy request one unit of the quota per 250 ms of compute, and says so', async () => {
    const key = await server.newKey('metered@example.com', 'entry');
    const before = await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': key });
    const remainingBefore = Number(before.headers.get('x-ratelimit-remaining'));
    const search = await server.post(SEARCH, longSearch, { 'x-api-key': key });
    expect(search.status).toBe(200);
    const computeMs = Number(search.headers.get('x-compute-ms'));
    const cost = Number(search.headers.get('x-request-cost'));
    // Seconds of compute: more than one unit.
    expect(computeMs).toBeGreaterThan(250);
    // Thread CPU time comes in whole clock ticks (10 ms): the header's milliseconds are exact.
    expect(cost).toBe(Math.ceil(computeMs / 250));
    expect(Number(search.headers.get('x-ratelimit-remaining'))).toBe(remainingBefore - cost);
    // A light request costs its one unit, and carries no cost header.
    const after = await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': key });
    expect(after.headers.get('x-request-cost')).toBeNull();
    expect(Number(after.headers.get('x-ratelimit-remaining'))).toBe(remainingBefore - cost - 1);
  });

  it('answers a search in pages that together hold exactly the whole answer', async () => {
    const request = { ...longSearch, age_end_years: 6, reference_datetime: '1990-01-01' };
    const whole = await server.post(SEARCH, request);
    expect(whole.status).toBe(200);
    expect(whole.body.pagination).toBeUndefined();
    const passes: unknown[] = [];
    const cycles = new Map<number, unknown>();
    let page: number | null = 1;
    let pages = 0;
    while (page !== null) {
      const answer: TestResponse = await server.post(SEARCH, { ...request, page_size: 97, page });
      expect(answer.status).toBe(200);
      const { pagination, passes: onPage, cycles: cyclesOnPage, ...rest } = answer.body;
      const { passes: _allPasses, cycles: _allCycles, ...wholeRest } = whole.body;
      expect(rest).toEqual(wholeRest);
      expect(pagination.first_pass_index).toBe(passes.length);
      passes.push(...onPage);
      for (const cycle of cyclesOnPage) {
        if (cycles.has(cycle.index)) expect(cycles.get(cycle.index)).toEqual(cycle);
        cycles.set(cycle.index, cycle);
      }
      pages++;
      expect(pagination.page_count).toBe(Math.ceil(whole.body.passes.length / 97));
      page = pagination.next_page;
    }
    expect(pages).toBeGreaterThan(2);
    expect(passes).toEqual(whole.body.passes);
    expect([...cycles.values()]).toEqual(whole.body.cycles);
  });

  it('refuses a page without its size, and a page past the last, naming the field', async () => {
    const lonely = await server.post(SEARCH, { ...longSearch, age_end_years: 1, page: 2 });
    expect(lonely.status).toBe(422);
    expect(lonely.body.detail[0].loc).toEqual(['body', 'page_size']);
    const past = await server.post(SEARCH, { ...longSearch, age_end_years: 1, page_size: 5000, page: 3 });
    expect(past.status).toBe(422);
    expect(past.body.detail[0].loc).toEqual(['body', 'page']);
    const zero = await server.post(SEARCH, { ...longSearch, age_end_years: 1, page_size: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.detail[0].loc).toEqual(['body', 'page_size']);
  });
});

describeWithRedis("an account's heavy places across API processes", () => {
  let first: TestServer;
  let second: TestServer;
  const env = { HEAVY_MAX_PER_ACCOUNT_BY_PLAN: 'unlimited=1', COMPUTE_HEAVY_THREADS: '1', COMPUTE_HEAVY_NICE: '0' };
  beforeAll(async () => {
    first = await startTestServer({ compute: 'pool', threads: 1, env });
    second = await startTestServer({ compute: 'pool', threads: 1, env, peer: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses a second heavy request on another process with 429 and Retry-After, and admits it once the first ended', async () => {
    const running = first.post(SEARCH, longSearch);
    await waitFor(() => first.compute.stats().heavy?.busy === 1, 'the search in the heavy lane', 30_000, 20);
    const refused = await second.post(SEARCH, { ...longSearch, age_end_years: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.body).toMatchObject({ code: 'too_many_heavy_requests', limit: 1 });
    // The same account's MCP tool call is held to the same places.
    const tool = await rawMcp(`${second.url}/mcp`, toolCall(1, 'v1_western_transits_search', { ...longSearch, age_end_years: 1 }), { 'x-api-key': second.key });
    expect(tool.body.result.isError).toBe(true);
    expect(tool.body.result.content[0].text).toMatch(/^At most one heavy request .* at a time; retry when one has finished \(retry in 2 seconds\)\.$/);
    // Light work of the same account is not limited.
    expect((await second.post('/api/v1/natal/calculate', natal)).status).toBe(200);
    expect((await running).status).toBe(200);
    expect((await second.post(SEARCH, { ...longSearch, age_end_years: 1 })).status).toBe(200);
    const paid = await rawMcp(`${second.url}/mcp`, toolCall(2, 'v1_western_transits_search', { ...longSearch, age_end_years: 1 }), { 'x-api-key': second.key });
    expect(paid.body.result.isError).toBeUndefined();
    expect(Number(paid.headers.get('x-request-cost'))).toBeGreaterThanOrEqual(1);
  });
});
