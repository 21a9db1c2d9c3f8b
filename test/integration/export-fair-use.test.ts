/**
 * Exports are charged by size and bounded per plan; they run only in their own few places (503
 * when the process has none, 429 when the account has too many running) and compute through a
 * few shared slots of the pool; a buffered JSON answer is bounded in bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { openRaw, type RawConnection } from '../helpers/raw-http.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { FairPlaces } from '../../src/compute/fair-places.ts';

let server: TestServer;
beforeAll(async () => {
  // One quota unit per 1,000 rows (10,000 by default), so that a few thousand rows make the point.
  server = await startTestServer({ env: { EXPORT_ROWS_PER_UNIT: '1000', EXPORT_MAX_CONCURRENT: '2', EXPORT_MAX_PER_USER: '1' } });
  await server.db.query(sql.unsafe`insert into plans (code, name, request_limit, limit_period, rps_limit, public, export_row_limit) values
    ('q100', 'q100', 100, 'day', null, false, null), ('q5', 'q5', 5, 'day', null, false, null)`);
});
afterAll(async () => {
  await server?.close();
});

const keyOn = async (plan: string, email: string) => (await createKeyForEmail(server.db, { email, plan })).key;
const daily = (start: string, end: string, extra: Record<string, unknown> = {}) => ({ start, end, step: '1d', bodies: ['Sun'], format: 'csv', ...extra });
const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };

/** An export that stays open: its first rows arrived and the client stopped reading. */
async function heldExport(key: string): Promise<RawConnection> {
  const body = JSON.stringify({ start: '1900-01-01', end: '2099-12-31', step: '1h', bodies: ['Sun'], format: 'ndjson' });
  const connection = await openRaw(server.url);
  connection.socket.write(
    `POST /api/v1/ephemeris/calculate HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  await connection.waitFor(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n[\s\S]*\{/);
  connection.socket.pause();
  return connection;
}

describe('cost by size', () => {
  it('an export costs one quota unit per EXPORT_ROWS_PER_UNIT rows, rounded up (X-Export-Cost)', async () => {
    const key = await keyOn('q100', 'cost@example.com');
    // 2,500 daily rows: 3 units.
    const res = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1956-11-05'), { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ephemeris-rows')).toBe('2501');
    expect(res.headers.get('x-export-cost')).toBe('3');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('97');
    // A small buffered table is one request, as ever.
    const json = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-01-31', { format: 'json' }), { 'x-api-key': key });
    expect(json.status).toBe(200);
    expect(json.headers.get('x-ratelimit-remaining')).toBe('96');
  });

  it('an export that costs more than the quota left: 429 before any row is computed', async () => {
    const key = await keyOn('q5', 'poor@example.com');
    const res = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1977-05-18'), { 'x-api-key': key });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: 'Rate limit exceeded', code: 'export_cost_exceeds_quota' });
    expect(res.headers.get('x-export-cost')).toBe('10');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused export was one request, like any answered request; its rows were not charged.
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('rows per plan', () => {
  it('the free plan exports at most 50,000 rows (422 naming the plan); the GET form says query', async () => {
    const key = await keyOn('free', 'free-export@example.com');
    const res = await server.post('/api/v1/ephemeris/calculate', { ...daily('1900-01-01', '1907-01-01'), step: '1h' }, { 'x-api-key': key });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'end']);
    expect(res.body.detail[0].msg).toMatch(/exceed the 50000 rows of one export on the free plan/);
    // Another free account: the free plan allows one request per second.
    const get = await server.get('/api/v1/ephemeris?start=1900-01-01&end=1907-01-01&step=1h&bodies=Sun&format=csv', {
      'x-api-key': await keyOn('free', 'free-export-2@example.com'),
    });
    expect(get.status).toBe(422);
    expect(get.body.detail[0].loc).toEqual(['query', 'end']);
  });
});

describe('places of exports', () => {
  it('an account with EXPORT_MAX_PER_USER exports running gets 429 for the next; others are served', async () => {
    const key = await keyOn('unlimited', 'busy-user@example.com');
    const held = await heldExport(key);
    try {
      const second = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-12-31'), { 'x-api-key': key });
      expect(second.status).toBe(429);
      expect(second.body.code).toBe('too_many_exports');
      expect(second.headers.get('retry-after')).toBe('5');
      const other = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-12-31'), {
        'x-api-key': await keyOn('unlimited', 'other-user@example.com'),
      });
      expect(other.status).toBe(200);
    } finally {
      held.socket.destroy();
    }
  });

  it('with every place of the process taken: 503 with Retry-After at once, while charts and natal calls are served', async () => {
    const held = [await heldExport(await keyOn('unlimited', 'p1@example.com')), await heldExport(await keyOn('unlimited', 'p2@example.com'))];
    try {
      const refused = await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-12-31'));
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: 'Too many exports running, retry later', code: 'exports_busy' });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await server.post('/api/v1/natal/calculate', natal)).status).toBe(200);
      // Buffered tables are not exports.
      expect((await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-01-31', { format: 'json' }))).status).toBe(200);
    } finally {
      for (const h of held) h.socket.destroy();
    }
    // Places come back when their exports end.
    let status = 503;
    for (let i = 0; i < 100 && status === 503; i++) {
      status = (await server.post('/api/v1/ephemeris/calculate', daily('1950-01-01', '1950-12-31'))).status;
      if (status === 503) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });
});

describe('buffered answers', () => {
  it('a JSON table over 8 MB is refused with 422 before its rows are computed (it was 33 MB)', async () => {
    const bodies = [
      'Sun',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
      'Mean_Node',
      'True_Node',
      'South_Node',
      'Chiron',
      'Lilith',
      'True_Lilith',
      'Pholus',
      'Ceres',
      'Pallas',
      'Juno',
      'Vesta',
    ];
    const res = await server.post('/api/v1/ephemeris/calculate', {
      start: '2000-01-01',
      end: '2000-01-02T00:59',
      step: '1m',
      bodies,
      format: 'json',
      lat: 51.5,
      lng: 0,
      include_dignity: true,
      include_minor_aspects: true,
      include_moon_void_of_course: true,
      include_chart_links: true,
      fixed_star_packs: ['behenian_15'],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'format']);
    expect(res.body.detail[0].type).toBe('value_error.response_too_large');
    expect(res.body.detail[0].msg).toMatch(/format=csv or format=ndjson/);
  });
});

describe("the exports' compute slots (fair places with one caller)", () => {
  it('never runs more work than its places, and serves the waiting in order', async () => {
    const slots = new FairPlaces(2, Infinity, () => new Error('full'));
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const work = (i: number) =>
      slots.run('exports', async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return i;
      });
    const all = [0, 1, 2, 3, 4].map(work);
    await new Promise((r) => setImmediate(r));
    expect(slots.stats().waiting).toBe(3);
    while (order.length < 5 || gates.length) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('a cancelled piece of work gives its place back without running', async () => {
    const slots = new FairPlaces(1, Infinity, () => new Error('full'));
    let ran = false;
    const cancelled = true;
    await expect(
      slots.run('exports', async () => {
        if (cancelled) throw new Error('gone');
        ran = true;
      }),
    ).rejects.toThrow('gone');
    expect(ran).toBe(false);
    expect(await slots.run('exports', async () => 7)).toBe(7);
  });
});
