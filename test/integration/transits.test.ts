import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { transitResponse } from '../../src/features/western/transits/transits-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const natal = { name: 'Ada', year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };

describe('POST /api/v1/transits/calculate', () => {
  it('returns transit and natal positions, natal houses of transits, and transit-to-natal aspects', async () => {
    const res = await server.post('/api/v1/transits/calculate', { natal, current_lat: 40.7128, current_lng: -74.006, transit_date: '2025-11-20T09:15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(transitResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.transit_date).toBe('2025-11-20');
    expect(b.transit.datetime).toBe('2025-11-20T09:15:00-05:00');
    expect(b.transit.location.timezone).toBe('America/New_York');
    expect(b.location).toEqual(b.transit.location);
    expect(b.transit_planets.map((p: any) => p.id)).toEqual([
      'sun',
      'moon',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'uranus',
      'neptune',
      'pluto',
      'true_node',
      'chiron',
      'lilith',
    ]);
    for (const p of b.transit_planets) expect(p.natal_house).toBeGreaterThanOrEqual(1);
    expect(b.natal_planets).toHaveLength(13);
    expect(b.natal_houses).toHaveLength(12);
    expect(b.aspects.length).toBeGreaterThan(0);
    for (const a of b.aspects) {
      expect(a.is_major).toBe(true);
      expect(a.p1_name).toMatch(/ \(T\)$/);
      expect(a.p2_name).toMatch(/ \(N\)$/);
      expect(a.p1).toBe(`${a.p1_id} (T)`);
      expect(a.p2).toBe(`${a.p2_id} (N)`);
      const t = b.transit_planets.find((p: any) => p.id === a.p1_id);
      const n = b.natal_planets.find((p: any) => p.id === a.p2_id) ?? { abs_pos: b.natal_angles[a.p2_id].abs_pos };
      const sep = Math.abs(((t.abs_pos - n.abs_pos + 540) % 360) - 180);
      expect(Math.abs(sep - a.deg)).toBeCloseTo(a.orb, 9);
    }
    expect(b.aspects_summary.total).toBe(b.aspects.length);
  });

  it('counts applying and separating aspects in aspects_summary, beside total, major, minor and by_type', async () => {
    const res = await server.post('/api/v1/transits/calculate?include_minor=true', {
      natal,
      transit_date: '2025-11-20T09:15',
      interpretation: { enable: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { aspects, aspects_summary: summary } = res.body;
    expect(Object.keys(summary)).toEqual(['total', 'major', 'minor', 'applying', 'separating', 'by_type']);
    const applying = aspects.filter((a: any) => a.is_applying).length;
    expect(summary.applying).toBe(applying);
    expect(summary.separating).toBe(aspects.length - applying);
    expect(summary.applying + summary.separating).toBe(summary.total);
    // This sky has both kinds, so neither count is trivially zero.
    expect(summary.applying).toBeGreaterThan(0);
    expect(summary.separating).toBeGreaterThan(0);
  });

  it('includes all 10 aspect types with include_minor', async () => {
    const res = await server.post('/api/v1/transits/calculate?include_minor=true', {
      natal,
      transit_date: '2025-11-20T09:15',
      orb_settings: { Quintile: 3, 'Semi-Sextile': 3 },
    });
    expect(res.body.aspects.some((a: any) => !a.is_major)).toBe(true);
  });

  it('uses the natal place when no transit place is given, and now when no date', async () => {
    const res = await server.post('/api/v1/transits/calculate', { natal });
    expect(res.status).toBe(200);
    expect(res.body.transit.location.timezone).toBe('Europe/London');
    expect(Math.abs(Date.parse(res.body.transit.datetime_utc) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts an absolute instant with an offset', async () => {
    const res = await server.post('/api/v1/transits/calculate', { natal, transit_date: '2025-11-20T14:15:00Z' });
    expect(res.body.transit.datetime_utc).toBe('2025-11-20T14:15:00.000Z');
  });

  it('untimed natal: no natal houses and no natal_house on transits', async () => {
    const res = await server.post('/api/v1/transits/calculate', {
      natal: { ...natal, hour: undefined, minute: undefined, time_known: false },
      transit_date: '2025-11-20T09:15',
    });
    expect(res.status).toBe(200);
    expect(res.body.natal_houses).toBeUndefined();
    expect(res.body.transit_planets[0].natal_house).toBeUndefined();
  });

  it('rejects bad input with the field', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ natal: { ...natal, month: 0 } }, ['body', 'natal', 'month']],
      [{ natal, transit_date: '20-11-2025' }, ['body', 'transit_date']],
      [{ natal, current_lat: 100, current_lng: 0 }, ['body', 'current_lat']],
      [{ natal, current_city: 'Nowhere At All Town' }, ['body', 'current_city']],
      [{ natal, transit_date: '2025-02-30T10:00' }, ['body', 'transit_date']],
      [{ natal, transit_date: '2025-02-30T10:00Z' }, ['body', 'transit_date']],
      [{ natal, transit_date: '2025-01-01T24:00' }, ['body', 'transit_date']],
      [{ natal, transit_date: '2025-01-01T23:60+01:00' }, ['body', 'transit_date']],
      [{ natal, transit_date: '2025-01-01T10:00+99:00' }, ['body', 'transit_date']],
      [{ natal, transit_date: '9999-12-31T00:00Z' }, ['body', 'transit_date']],
      [{ natal, transit_date: '0001-01-01' }, ['body', 'transit_date']],
      [{ natal, transit_date: '2025-03-09T02:30', current_lat: 40.7, current_lng: -74, dst_policy: 'reject' }, ['body', 'dst_policy']],
      [{}, ['body', 'natal']],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post('/api/v1/transits/calculate', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    }
  });
});
