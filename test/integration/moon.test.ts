/** GET /api/v1/moon/phase and /api/v1/moon/month: reference lunations, local days, the key and its limits, bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { moonMonthResponse, moonPhaseResponse } from '../../src/features/moon/moon-schemas.ts';

const refLunations: { kind: string; jd_ut: number; year: number; datetime_utc_ms: string }[] = readFixture('refdata/events.json').events.filter(
  (e: { kind: string }) => e.kind === 'new_moon' || e.kind === 'full_moon',
);
const msOf = (jd: number) => (jd - 2440587.5) * 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('moon phase', () => {
  it('gives the phase, its age and the next New and Full Moon to the second', async () => {
    const res = await server.get('/api/v1/moon/phase?date=2024-05-01T12:00&timezone=Europe/Paris');
    expect(res.status).toBe(200);
    expect(moonPhaseResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.date).toBe('2024-05-01T12:00:00+02:00');
    expect(b.datetime_utc).toBe('2024-05-01T10:00:00.000Z');
    expect(b.phase).toMatchObject({ name: 'Last Quarter', is_waxing: false });
    expect(b.phase.illumination).toBeGreaterThan(0.45);
    expect(b.phase.illumination).toBeLessThan(0.55);
    const next = (iso: string) => refLunations.find((e) => msOf(e.jd_ut) > Date.parse('2024-05-01T10:00:00Z') && iso === e.kind)!;
    for (const [field, kind] of [
      ['next_new_moon', 'new_moon'],
      ['next_full_moon', 'full_moon'],
    ] as const) {
      const ref = next(kind);
      expect(b[field].phase).toBe(kind);
      expect(Math.abs(Date.parse(b[field].exact_at_utc) - msOf(ref.jd_ut))).toBeLessThan(1000);
    }
    const previous = refLunations.filter((e) => e.kind === 'new_moon' && msOf(e.jd_ut) <= Date.parse('2024-05-01T10:00:00Z')).at(-1)!;
    expect(Math.abs(b.phase.age_days - (Date.parse('2024-05-01T10:00:00Z') - msOf(previous.jd_ut)) / 86_400_000)).toBeLessThan(1e-5);
    expect(b.previous_new_moon.local_time).toMatch(/^2024-04-08T20:20:5\d\.\d{3}\+02:00$/);
  });

  it('reads a bare date as local noon, tz_str as the zone, a city for AUTO, and now without a date', async () => {
    const bare = await server.get('/api/v1/moon/phase?date=2024-05-01&tz_str=Asia/Tokyo');
    expect(bare.body.date).toBe('2024-05-01T12:00:00+09:00');
    const auto = await server.get('/api/v1/moon/phase?date=2024-05-01&city=Tokyo');
    expect(auto.body.timezone).toBe('Asia/Tokyo');
    expect(auto.body.phase).toEqual(bare.body.phase);
    const absolute = await server.get('/api/v1/moon/phase?date=2024-05-01T03:00:00Z&timezone=Asia/Tokyo');
    expect(absolute.body.phase).toEqual(bare.body.phase);
    const now = await server.get('/api/v1/moon/phase');
    expect(now.status).toBe(200);
    expect(now.body.timezone).toBe('UTC');
    expect(Math.abs(Date.parse(now.body.datetime_utc) - Date.now())).toBeLessThan(60_000);
    // The public service's visual options draw the icon (moon-clients.test.ts tests the blocks).
    const extra = await server.get('/api/v1/moon/phase?date=2024-05-01&include_visuals=true&style_moon_color=%23fff');
    expect(extra.status).toBe(200);
    expect(extra.body.moon_visual.moon_color).toBe('#fff');
  });
});

describe('moon month', () => {
  it("lists every local day with its phase, and the month's principal phases, matching the reference", async () => {
    for (const month of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const res = await server.get(`/api/v1/moon/month?year=2024&month=${month}`);
      expect(res.status).toBe(200);
      expect(moonMonthResponse.strict().safeParse(res.body).error).toBeUndefined();
      const b = res.body;
      expect(b.days).toHaveLength(new Date(Date.UTC(2024, month, 0)).getUTCDate());
      const ref = refLunations.filter((e) => new Date(msOf(e.jd_ut)).getUTCMonth() + 1 === month && e.year === 2024);
      const ours = b.lunations.filter((l: any) => l.phase === 'new_moon' || l.phase === 'full_moon');
      expect(ours.map((l: any) => l.phase)).toEqual(ref.map((e) => e.kind));
      ours.forEach((l: any, i: number) => expect(Math.abs(Date.parse(l.exact_at_utc) - msOf(ref[i]!.jd_ut))).toBeLessThan(1000));
      // Every principal phase sits in the day whose local date it has.
      const inDays = b.days.flatMap((d: any) => d.events.map((e: any) => [d.date, e.local_time.slice(0, 10)]));
      expect(inDays.length).toBe(b.lunations.length);
      for (const [date, local] of inDays) expect(local).toBe(date);
    }
  });

  it('cuts the days at local midnight: a New Moon just after midnight UTC belongs to the previous day in New York', async () => {
    // 2024-05-08 03:21:56 UT is 23:21:56 on 7 May in New York.
    const ny = await server.get('/api/v1/moon/month?year=2024&month=5&timezone=America/New_York');
    const day7 = ny.body.days.find((d: any) => d.date === '2024-05-07');
    expect(day7.events.map((e: any) => e.phase)).toEqual(['new_moon']);
    expect(day7.sampled_at).toBe('2024-05-07T12:00:00-04:00');
    const utc = await server.get('/api/v1/moon/month?year=2024&month=5');
    expect(utc.body.days.find((d: any) => d.date === '2024-05-08').events.map((e: any) => e.phase)).toEqual(['new_moon']);
    // Ages grow by a day from noon to noon until the next New Moon.
    const ages = ny.body.days.slice(0, 6).map((d: any) => d.phase.age_days);
    for (let i = 1; i < ages.length; i++) expect(ages[i] - ages[i - 1]).toBeCloseTo(1, 6);
  });

  it('leaves out a day the zone never had', async () => {
    const apia = await server.get('/api/v1/moon/month?year=2011&month=12&timezone=Pacific/Apia');
    expect(apia.status).toBe(200);
    expect(apia.body.days).toHaveLength(30);
    expect(apia.body.days.map((d: any) => d.date)).not.toContain('2011-12-30');
  });
});

describe('key, limits and bad input', () => {
  it('needs the API key and counts against the plan like the other calculation GETs', async () => {
    const missing = await server.get('/api/v1/moon/phase?date=2024-05-01', { 'x-api-key': '' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Missing API key' });
    const invalid = await server.get('/api/v1/moon/month?year=2024&month=5', { 'x-api-key': 'ask_nope' });
    expect(invalid.status).toBe(401);
    const free = await server.newKey(`moon-free-${Date.now()}@example.com`, 'free');
    // The free plan allows one request a second: three at once span at most two seconds.
    const burst = await Promise.all([
      server.get('/api/v1/moon/phase?date=2024-05-01', { 'x-api-key': free }),
      server.get('/api/v1/moon/month?year=2024&month=5', { 'x-api-key': free }),
      server.get('/api/v1/moon/phase?date=2024-06-01', { 'x-api-key': free }),
    ]);
    const allowed = burst.filter((r) => r.status === 200);
    const refused = burst.filter((r) => r.status === 429);
    expect(allowed.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(allowed.length + refused.length).toBe(3);
    expect(refused[0]!.body).toEqual({ detail: 'Rate limit exceeded' });
    for (const r of burst) expect(r.headers.get('x-ratelimit-limit')).toBe('80');
    expect(Math.min(...allowed.map((r) => Number(r.headers.get('x-ratelimit-remaining'))))).toBe(80 - allowed.length);
  });

  const cases: [string, string, (string | number)[]][] = [
    ['a date that does not exist', '/api/v1/moon/phase?date=2023-02-29', ['query', 'date']],
    ['a malformed date', '/api/v1/moon/phase?date=next%20week', ['query', 'date']],
    ['24:00', '/api/v1/moon/phase?date=2024-05-01T24:00', ['query', 'date']],
    ['an offset no clock has', '/api/v1/moon/phase?date=2024-05-01T12:00%2B25:00', ['query', 'date']],
    ['before the data files', '/api/v1/moon/phase?date=1800-01-15', ['query', 'date']],
    ['after the data files', '/api/v1/moon/phase?date=2399-12-15', ['query', 'date']],
    ['an unknown zone', '/api/v1/moon/phase?timezone=Mars/Olympus', ['query', 'timezone']],
    ['AUTO without a place', '/api/v1/moon/phase?timezone=AUTO', ['query', 'timezone']],
    ['an unknown city', '/api/v1/moon/phase?city=Atlantisville', ['query', 'city']],
    ['lat without lng', '/api/v1/moon/phase?lat=10', ['query', 'lng']],
    ['month 13', '/api/v1/moon/month?year=2024&month=13', ['query', 'month']],
    ['month 0', '/api/v1/moon/month?year=2024&month=0', ['query', 'month']],
    ['no year', '/api/v1/moon/month?month=5', ['query', 'year']],
    ['a year that is text', '/api/v1/moon/month?year=soon&month=5', ['query', 'year']],
    ['a month before the range', '/api/v1/moon/month?year=1800&month=1', ['query', 'year']],
    ['a month after the range', '/api/v1/moon/month?year=2399&month=12', ['query', 'year']],
  ];
  for (const [what, path, loc] of cases) {
    it(`422: ${what}`, async () => {
      const res = await server.get(path);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    });
  }
});
