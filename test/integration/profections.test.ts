/**
 * POST /api/v1/western/profections/annual over real HTTP: the answer as clients of the public
 * service read it (profection.annual, meta.annual_profection), the include blocks, 422s naming
 * the field, and the MCP tool v1_western_profections_annual answering the same JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import { profectionResponse } from '../../src/features/western/profections/profections-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** What the telegram client sends: its whole natal request plus `annual_profection: {year}`. */
const natalRequest = {
  name: 'Ada',
  year: 1990,
  month: 5,
  day: 17,
  hour: 8,
  minute: 15,
  time_known: true,
  city: 'Lisbon',
  tz_str: 'AUTO',
  house_system: 'placidus',
  zodiac_type: 'tropical',
  include_speed: true,
  include_dignity: true,
};

describe('POST /api/v1/western/profections/annual', () => {
  it('answers the fields clients read, strictly in the schema', async () => {
    const res = await server.post('/api/v1/western/profections/annual', { ...natalRequest, annual_profection: { year: 2026 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(profectionResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.profection.annual).toEqual({
      age: 36,
      activated_house: 1,
      activated_sign: 'Gem',
      activated_sign_name: 'Gemini',
      activated_sign_id: 'gemini',
      time_lord_name: 'Mercury',
      time_lord_id: 'mercury',
      period: {
        start: '2026-05-17T08:15:00+01:00',
        end: '2027-05-17T08:15:00+01:00',
        start_utc: '2026-05-17T07:15:00.000Z',
        end_utc: '2027-05-17T07:15:00.000Z',
      },
    });
    expect(res.body.meta.annual_profection).toMatchObject({
      target_year: 2026,
      period: { start: '2026-05-17T08:15:00+01:00', end: '2027-05-17T08:15:00+01:00' },
      house_basis: 'ascendant',
      rulership: 'traditional',
      includes: [],
    });
    expect(res.body.profection.monthly_profections).toBeUndefined();
  });

  it('adds the blocks named in include, and all of them with all', async () => {
    const body = {
      ...natalRequest,
      annual_profection: {
        year: 2031,
        settings: { zodiac_type: 'TROPICAL', orb_policy: { default_orb_deg: 4, by_aspect_deg: { conjunction: 9 } }, rulership: 'modern' },
      },
    };
    const some = await server.post('/api/v1/western/profections/annual?include=monthly_profections,time_lord_aspects', body);
    expect(some.status, JSON.stringify(some.body)).toBe(200);
    expect(Object.keys(some.body.profection)).toEqual(['annual', 'monthly_profections', 'time_lord_aspects']);
    expect(some.body.profection.monthly_profections).toHaveLength(12);
    for (const a of some.body.profection.time_lord_aspects) expect(a.orb).toBeLessThanOrEqual(a.type === 'conjunction' ? 9 : 4);
    const all = await server.post('/api/v1/western/profections/annual?include=all', body);
    expect(Object.keys(all.body.profection)).toEqual(['annual', 'monthly_profections', 'time_lord_natal', 'activated_house_planets', 'time_lord_aspects']);
    expect(all.body.profection.annual.activated_house).toBe(6); // age 41: 41 mod 12 + 1
    expect(all.body.profection.annual.activated_sign_id).toBe('scorpio');
    expect(all.body.profection.annual.time_lord_id).toBe('pluto');
    expect(all.body.profection.time_lord_natal).toMatchObject({ id: 'pluto', name: 'Pluto' });
    expect(all.body.meta.annual_profection.includes).toEqual(['monthly_profections', 'time_lord_natal', 'activated_house_planets', 'time_lord_aspects']);
  });

  it('refuses what it cannot serve with a 422 naming the field', async () => {
    const refusals: [string, unknown, (string | number)[]][] = [
      ['', { ...natalRequest, annual_profection: { year: 1989 } }, ['body', 'annual_profection', 'year']],
      ['', { ...natalRequest, annual_profection: { year: 2200 } }, ['body', 'annual_profection', 'year']],
      ['', { ...natalRequest }, ['body', 'annual_profection']],
      [
        '',
        { ...natalRequest, annual_profection: { year: 2026, settings: { zodiac_type: 'draconic' } } },
        ['body', 'annual_profection', 'settings', 'zodiac_type'],
      ],
      [
        '',
        { ...natalRequest, annual_profection: { year: 2026, settings: { orb_policy: { by_aspect_deg: { sextil: 3 } } } } },
        ['body', 'annual_profection', 'settings', 'orb_policy', 'by_aspect_deg', 'sextil'],
      ],
      ['?include=monthly', { ...natalRequest, annual_profection: { year: 2026 } }, ['query', 'include']],
    ];
    for (const [query, body, loc] of refusals) {
      const res = await server.post(`/api/v1/western/profections/annual${query}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(
        res.body.detail.map((d: any) => d.loc),
        JSON.stringify(res.body),
      ).toContainEqual(loc);
    }
  });

  it('the MCP tool answers the REST JSON', async () => {
    const body = { ...natalRequest, annual_profection: { year: 2026 } };
    const rest = await server.post('/api/v1/western/profections/annual?include=monthly_profections,time_lord_natal', body);
    const result = await mcp.client.callTool({ name: 'v1_western_profections_annual', arguments: { ...body, include: 'monthly_profections,time_lord_natal' } });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(rest.body);
    const refused = await mcp.client.callTool({ name: 'v1_western_profections_annual', arguments: { ...natalRequest, annual_profection: { year: 1900 } } });
    expect(refused.isError).toBe(true);
    expect((refused.content as any[])[0].text).toMatch(/annual_profection/);
  });
});
