/**
 * POST /api/v1/vedic/panchang and /api/v2/vedic/panchang over real HTTP: the fields the public
 * service's clients read (v1 `tithi.name`, `nakshatra.name`; v2 `request_time_panchang.{tithi,
 * nakshatra, yoga}.name` and `sunrise`), strictly in each version's schema, 422s naming the
 * field, the OpenAPI entries, and the MCP tools v1_vedic_panchang and v2_vedic_panchang
 * answering the same JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import { panchangV1Response, panchangV2Response } from '../../src/features/vedic/panchang/vedic-panchang-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** What the official org's kundli app sends (v2), and what the dashboard widget sends (v1). */
const v2Body = {
  year: 2026,
  month: 11,
  day: 25,
  hour: 21,
  minute: 0,
  city: 'New Delhi',
  lat: 28.6139,
  lng: 77.209,
  tz_str: 'Asia/Kolkata',
  ayanamsha: 'lahiri',
};
const v1Body = { year: 2026, month: 11, day: 25, hour: 9, minute: 41, lat: 28.6139, lng: 77.209, tz_str: 'AUTO', city: 'Delhi' };

describe('POST /api/v1/vedic/panchang and /api/v2/vedic/panchang', () => {
  it('v1 answers the day strictly in its schema', async () => {
    const res = await server.post('/api/v1/vedic/panchang', v1Body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(panchangV1Response.strict().safeParse(res.body).error).toBeUndefined();
    const p = res.body;
    expect(p.date).toBe('2026-11-25');
    expect(p.location.timezone).toBe('Asia/Kolkata');
    expect(p.vara).toEqual({ number: 4, name: 'Budhavara', english: 'Wednesday', lord: 'Mercury' });
    expect(p.sunrise).toBe('2026-11-25T06:51:26+05:30');
    expect([p.tithi.number, p.tithi.name, p.tithi.paksha, p.tithi.end]).toEqual([16, 'Pratipada', 'Krishna', '2026-11-25T16:50:45+05:30']);
    expect(p.tithi.following.map((t: { name: string }) => t.name)).toEqual(['Dwitiya']);
    expect([p.nakshatra.name, p.nakshatra.lord, p.nakshatra.end]).toEqual(['Rohini', 'Moon', '2026-11-25T20:36:27+05:30']);
    expect(p.lunar_month.amanta.name).toBe('Kartika');
    expect(p.lunar_month.purnimanta.name).toBe('Margashirsha');
    expect(p.samvat).toEqual({ vikram_samvat: 2083, shaka_samvat: 1948 });
    expect(p.settings).toMatchObject({ ayanamsa: 'lahiri', day_basis: 'sunrise' });
  });

  it('v2 answers the day, its transitions and the limbs at the requested time', async () => {
    const res = await server.post('/api/v2/vedic/panchang', v2Body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(panchangV2Response.strict().safeParse(res.body).error).toBeUndefined();
    const p = res.body;
    expect(p.sunrise).toBe('2026-11-25T06:51:26+05:30');
    // At 21:00 the tithi is Dwitiya, the nakshatra Mrigashira (from 20:36:27), the yoga Siddha.
    expect(p.request_time_panchang.datetime).toBe('2026-11-25T21:00:00+05:30');
    expect([p.request_time_panchang.tithi.name, p.request_time_panchang.nakshatra.name, p.request_time_panchang.yoga.name]).toEqual([
      'Dwitiya',
      'Mrigashira',
      'Siddha',
    ]);
    expect(p.transitions.map((t: { limb: string; to: string }) => `${t.limb}:${t.to}`)).toEqual([
      'yoga:Siddha',
      'tithi:Dwitiya',
      'karana:Taitila',
      'nakshatra:Mrigashira',
      'karana:Gara',
    ]);
    expect(p.metadata).toMatchObject({ ayanamsa: 'lahiri', timezone: 'Asia/Kolkata', day_basis: 'sunrise' });
  });

  it('refuses what it cannot serve with a 422 naming the field', async () => {
    const refusals: [string, unknown, (string | number)[]][] = [
      ['/api/v1/vedic/panchang', { ...v1Body, day: 31, month: 11 }, ['body', 'day']],
      ['/api/v2/vedic/panchang', { year: 2026, month: 11, day: 25 }, ['body', 'city']],
      ['/api/v2/vedic/panchang', { ...v2Body, ayanamsha: 'sideral' }, ['body', 'ayanamsha']],
      ['/api/v2/vedic/panchang', { ...v2Body, ayanamsa: 'sidereal' }, ['body', 'ayanamsa']],
      ['/api/v1/vedic/panchang', { ...v1Body, hour: 24 }, ['body', 'hour']],
      ['/api/v1/vedic/panchang', { ...v1Body, year: 3001 }, ['body', 'year']],
      ['/api/v1/vedic/panchang', { ...v1Body, lat: 28.6, lng: undefined, city: undefined }, ['body', 'lng']],
      ['/api/v2/vedic/panchang', { ...v2Body, tz_str: 'Mars/Olympus' }, ['body', 'tz_str']],
    ];
    for (const [path, body, loc] of refusals) {
      const res = await server.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(
        res.body.detail.map((d: { loc: unknown }) => d.loc),
        JSON.stringify(res.body),
      ).toContainEqual(loc);
    }
  });

  it('a polar day at Tromsø: 200 with the apparent-solar-time day and a warning', async () => {
    const res = await server.post('/api/v1/vedic/panchang', { year: 2026, month: 6, day: 21, lat: 69.65, lng: 18.96 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.day_basis).toBe('apparent_solar_time');
    expect(res.body.location.timezone).toBe('Europe/Oslo');
    expect(res.body.warnings).toHaveLength(1);
  });

  it('the OpenAPI document describes both routes', async () => {
    const doc = await server.get('/docs/json');
    for (const path of ['/api/v1/vedic/panchang', '/api/v2/vedic/panchang']) {
      const op = doc.body.paths[path].post;
      expect(op.description, path).toMatch(/tithi/);
      expect(op.tags).toEqual(['vedic']);
    }
  });

  it('the MCP tools answer the REST JSON of their version', async () => {
    for (const [name, path, body] of [
      ['v1_vedic_panchang', '/api/v1/vedic/panchang', v1Body],
      ['v2_vedic_panchang', '/api/v2/vedic/panchang', v2Body],
    ] as const) {
      const rest = await server.post(path, body);
      const result = await mcp.client.callTool({ name, arguments: body });
      expect(result.isError ?? false, name).toBe(false);
      expect(result.structuredContent).toEqual(rest.body);
    }
    const refused = await mcp.client.callTool({ name: 'v1_vedic_panchang', arguments: { ...v1Body, month: 2, day: 30 } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]!.text).toMatch(/day/);
  });
});
