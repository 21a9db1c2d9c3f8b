import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { returnsResponse, solarReturnResponse } from '../../src/features/western/returns/returns-schemas.ts';

const solarReturns = JSON.parse(readFileSync(new URL('../fixtures/refdata/solar_returns.json', import.meta.url), 'utf8'));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

const location = { city: 'Lisbon', lat: 38.7223, lng: -9.1393, timezone: 'Europe/Lisbon' };

describe('POST /api/v1/western/solar/calculate', () => {
  it('answers the request one client sends (split fields, settings in solar_return, interpretation off) with every key it reads', async () => {
    const res = await server.post('/api/v1/western/solar/calculate', {
      natal: { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, time_known: true, location },
      solar_return: { year: 2026, location, settings: { house_system: 'placidus', zodiac_type: 'Tropical', aspect_set: 'major', node_type: 'true' } },
      interpretation: { enable: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(solarReturnResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.exact_return_moment).toBe(b.meta.solar_return.exact_moment_utc);
    expect(b.return_moment).toBe(b.exact_return_moment);
    expect(b.meta.solar_return.exact_moment_local).toMatch(/^2026-05-1\dT\d\d:\d\d:\d\d\.\d{3}\+01:00$/);
    for (const p of b.planets) expect(p.degree).toBe(p.pos);
    for (const angle of ['asc', 'mc', 'ic', 'desc', 'dc'])
      expect(b.angles_details[angle]).toMatchObject({ sign: expect.any(String), degree: expect.any(Number) });
    expect(b.angles_details.desc).toEqual(b.angles_details.dc);
    expect(b.planets.find((p: { id: string }) => p.id === 'north_node').variant).toBe('true');
    for (const a of [...b.aspects, ...b.natal_comparison.aspects]) {
      expect(a.p1_id).toBe(a.p1);
      expect(a.p2_id).toBe(a.p2);
      expect(a.is_major).toBe(true);
      expect(typeof a.is_applying).toBe('boolean');
    }
    // The Sun is on its natal place: the closest return-to-natal aspect is the Sun's conjunction with itself.
    expect(b.natal_comparison.aspects[0]).toMatchObject({ p1: 'sun', p2: 'sun', type: 'conjunction' });
    expect(b.natal_comparison.house_overlay).toHaveLength(b.planets.length);
  });

  it('answers the request of the other client (datetime, tz_str, location copied) with meta.solar_return and pos', async () => {
    const natal = { name: 'Ada', datetime: '1990-05-17T08:15:00', time_known: true, location: { city: 'Lisbon', lat: 38.7223, lng: -9.1393, tz_str: 'AUTO' } };
    const res = await server.post('/api/v1/western/solar/calculate', { natal, solar_return: { year: 2026, location: natal.location } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.solar_return.target_year).toBe(2026);
    expect(res.body.planets.slice(0, 5).map((p: { id: string }) => p.id)).toEqual(['sun', 'moon', 'mercury', 'venus', 'mars']);
    expect(res.body.angles_details.asc).toMatchObject({ sign_id: expect.any(String), pos: expect.any(Number) });
  });

  it('omits houses, angles and the house overlay for an unknown birth time', async () => {
    const res = await server.post('/api/v1/western/solar/calculate', {
      natal: { year: 1990, month: 5, day: 17, time_known: false, location },
      solar_return: { year: 2030 },
    });
    expect(res.status).toBe(200);
    for (const key of ['houses', 'angles', 'angles_details']) expect(res.body).not.toHaveProperty(key);
    expect(res.body.natal_comparison).not.toHaveProperty('house_overlay');
    expect(res.body.natal_comparison.angularity).toEqual([]);
    expect(res.body.planets[0]).not.toHaveProperty('house');
    expect(res.body.warnings.join(' ')).toMatch(/Birth time unknown/);
  });

  it('casts a relocated return: the same instant, the houses of the new place, its local time', async () => {
    const natal = { datetime: '1990-05-17 08:15', location };
    const home = await server.post('/api/v1/western/solar/calculate', { natal, solar_return: { year: 2026 } });
    const away = await server.post('/api/v1/western/solar/calculate', { natal, solar_return: { year: 2026, location: { lat: 40.7128, lng: -74.006 } } });
    expect(away.body.exact_return_moment).toBe(home.body.exact_return_moment);
    expect(away.body.meta.solar_return.location.timezone).toBe('America/New_York');
    expect(away.body.meta.solar_return.exact_moment_local).toMatch(/-04:00$/);
    expect(away.body.angles.asc).not.toBeCloseTo(home.body.angles.asc, 0);
  });

  it('matches the reference solar return instants to a second through the data endpoint', async () => {
    for (const c of solarReturns.cases) {
      const d = new Date(c.natal_datetime_utc);
      const res = await server.post('/api/v1/western/solar/calculate', {
        natal: {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          second: d.getUTCSeconds(),
          location: { lat: 0, lng: 0, tz_str: 'UTC' },
        },
        solar_return: { year: c.target_year },
      });
      expect(res.status, c.id).toBe(200);
      expect(Math.abs(Date.parse(res.body.exact_return_moment) - Date.parse(c.return_datetime_utc_ms)), c.id).toBeLessThanOrEqual(1000);
      expect(res.body.meta.solar_return.natal_sun_longitude, c.id).toBeCloseTo(c.natal_sun_lon, 6);
    }
  }, 60_000);

  it('answers 422 naming the field: no date, an unknown zodiac, a year before the birth, a missing place', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ natal: { location }, solar_return: { year: 2026 } }, ['body', 'natal', 'datetime']],
      [
        { natal: { datetime: '1990-05-17 08:15', location }, solar_return: { year: 2026, settings: { zodiac_type: 'draconic' } } },
        ['body', 'solar_return', 'settings', 'zodiac_type'],
      ],
      [{ natal: { datetime: '1990-05-17 08:15', location }, solar_return: { year: 1980 } }, ['body', 'solar_return', 'year']],
      [{ natal: { datetime: '1990-05-17 08:15', location: {} }, solar_return: { year: 2026 } }, ['body', 'natal', 'location', 'city']],
      [{ natal: { datetime: '1990-05-17 08:15', location }, solar_return: {} }, ['body', 'solar_return', 'year']],
      [
        { natal: { datetime: '1990-05-17 08:15', location }, solar_return: { year: 2026, location: { city: 'Nowhereville Qqq' } } },
        ['body', 'solar_return', 'location', 'city'],
      ],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post('/api/v1/western/solar/calculate', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.detail.map((d: { loc: unknown }) => d.loc),
        JSON.stringify(res.body),
      ).toContainEqual(loc);
    }
  });
});

describe('POST /api/v1/western/returns/calculate', () => {
  const natal = { name: 'Ada', datetime: '1990-05-17 08:15', location };

  it('finds the next lunar return after search_start, with its chart and natal comparison', async () => {
    const res = await server.post('/api/v1/western/returns/calculate', { natal, return_target: { body: 'moon', search_start: '2026-01-01', location } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(returnsResponse.strict().safeParse(res.body).error).toBeUndefined();
    const { meta, returns } = res.body;
    expect(meta.return_target).toMatchObject({ body: 'moon', body_name: 'Moon', mode: 'next', count: 1, truncated: false });
    expect(returns).toHaveLength(1);
    expect(returns[0].exact_moment_utc >= '2026-01-01').toBe(true);
    expect(returns[0].exact_moment_utc < '2026-01-29').toBe(true);
    const moon = returns[0].planets.find((p: { id: string }) => p.id === 'moon');
    expect(Math.abs(((moon.abs_pos - meta.return_target.natal_longitude + 540) % 360) - 180)).toBeLessThan(1e-6);
    expect(returns[0].natal_comparison.aspects[0]).toMatchObject({ p1: 'moon', p2: 'moon', type: 'conjunction' });
  });

  it('lists every return in a window, the three crossings of a retrograde pass included, and takes sidereal settings at the root', async () => {
    // Ada's Mercury (37.9° tropical) is where Mercury stationed in April-May 2010: three returns in one pass.
    const res = await server.post('/api/v1/western/returns/calculate', {
      natal,
      return_target: { body: 'Mercury', search_start: '2010-01-01', search_end: '2010-12-31' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.return_target).toMatchObject({ body: 'mercury', mode: 'window', truncated: false });
    const pass = res.body.returns.filter(
      (r: { exact_moment_utc: string }) => r.exact_moment_utc.startsWith('2010-04') || r.exact_moment_utc.startsWith('2010-05'),
    );
    expect(pass.map((r: { direction: string }) => r.direction)).toEqual(['direct', 'retrograde', 'direct']);
    expect(pass.map((r: { body_speed: number }) => Math.sign(r.body_speed))).toEqual([1, -1, 1]);
    const sidereal = await server.post('/api/v1/western/returns/calculate', {
      natal,
      settings: { zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' },
      return_target: { body: 'sun', search_start: '2010-01-01' },
    });
    expect(sidereal.body.meta.settings).toMatchObject({ zodiac_type: 'Sidereal', sidereal_ayanamsa: 'lahiri' });
  });

  it('answers 422 naming the field: an unknown body, a window backwards or too long, a malformed date', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ natal, return_target: { body: 'vulcan', search_start: '2026-01-01' } }, ['body', 'return_target', 'body']],
      [{ natal, return_target: { body: 'mars', search_start: '2026-01-01', search_end: '2025-01-01' } }, ['body', 'return_target', 'search_end']],
      [{ natal, return_target: { body: 'mars', search_start: '2026-01-01', search_end: '2400-01-01' } }, ['body', 'return_target', 'search_end']],
      [{ natal, return_target: { body: 'mars', search_start: '2026-13-01' } }, ['body', 'return_target', 'search_start']],
      [{ natal, return_target: { body: 'mars' } }, ['body', 'return_target', 'search_start']],
      // Chiron comes from the asteroid files alone: no natal Chiron before 1800, no search before their start or past their end.
      [{ natal: { ...natal, datetime: '1790-01-01 00:00' }, return_target: { body: 'chiron', search_start: '1795-01-01' } }, ['body', 'natal']],
      [{ natal, return_target: { body: 'chiron', search_start: '1800-01-01T02:00:00Z' } }, ['body', 'return_target', 'search_start']],
      [{ natal, return_target: { body: 'chiron', search_start: '1799-06-01', search_end: '1820-01-01' } }, ['body', 'return_target', 'search_start']],
      [
        {
          natal: { ...natal, datetime: '2340-01-01 00:00' },
          return_target: { body: 'chiron', search_start: '2390-01-01', search_end: '2399-12-31T23:30:00Z' },
        },
        ['body', 'return_target', 'search_end'],
      ],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post('/api/v1/western/returns/calculate', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.detail.map((d: { loc: unknown }) => d.loc),
        JSON.stringify(res.body),
      ).toContainEqual(loc);
    }
  });
});
