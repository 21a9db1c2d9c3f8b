/**
 * POST /api/v1/western/astrocartography/lines over real HTTP and MCP: the public service's
 * example birth, what its clients send (the whole stored natal request, capitalised names), the
 * 422s, and the MCP tool's structuredContent equal to the REST answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import type { TestServer } from '../helpers/app.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(async () => {
  await close?.();
});

const PATH = '/api/v1/western/astrocartography/lines';
const paris = { year: 1995, month: 9, day: 5, hour: 20, minute: 0, city: 'Paris', tz_str: 'Europe/Paris', time_known: true, house_system: 'placidus' };
const fieldsOf = (res: { body: any }) => res.body.detail.map((d: any) => d.loc.join('.'));

describe(`POST ${PATH}`, () => {
  it('answers the fields map clients read, for a whole stored natal request', async () => {
    const natal = {
      ...paris,
      name: 'Ada',
      zodiac_type: 'tropical',
      include_speed: true,
      include_features: ['chiron', 'lilith', 'true_node'],
      interpretation: { enable: true, style: 'improved' },
    };
    const res = await server.post(PATH, { natal });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.meta).toMatchObject({ geometry_format: 'geojson', coordinate_reference_system: 'WGS84', mode: 'in_mundo', topocentric: false });
    expect(res.body.meta.datetime_utc).toMatch(/^1995-09-05T18:00/);
    expect(res.body.lines).toHaveLength(44);
    for (const line of res.body.lines) {
      expect(line.id).toBe(`${line.body}:${line.angle}`);
      expect(['LineString', 'MultiLineString']).toContain(line.geometry.type);
    }
    expect(res.body.lines.find((l: any) => l.id === 'jupiter:mc').geometry.type).toBe('LineString');
    expect(res.body.crossings).toEqual([]);
    expect(res.body.warnings[0]).toBe('Astrocartography results are exploratory and should be treated as directional rather than deterministic.');
  });

  it('reads capitalised names and gives crossings without a plan wall', async () => {
    const res = await server.post(PATH, {
      natal: paris,
      bodies: ['Sun', 'Moon', 'True_Node'],
      angles: ['MC', 'ASC'],
      include_crossings: true,
      mode: 'Projected',
    });
    expect(res.status).toBe(200);
    expect(res.body.meta.bodies).toEqual(['sun', 'moon', 'true_node']);
    expect(res.body.lines.map((l: any) => l.id)).toEqual(['sun:asc', 'sun:mc', 'moon:asc', 'moon:mc', 'true_node:asc', 'true_node:mc']);
    expect(res.body.crossings.length).toBeGreaterThan(0);
    expect(res.body.crossings[0].point.type).toBe('Point');
  });

  it('refuses an untimed birth on natal.time_known, and topocentric with projected on topocentric', async () => {
    const untimed = await server.post(PATH, { natal: { ...paris, time_known: false, hour: undefined, minute: undefined } });
    expect(untimed.status).toBe(422);
    expect(fieldsOf(untimed)).toContain('body.natal.time_known');
    const topo = await server.post(PATH, { natal: paris, mode: 'projected', topocentric: true });
    expect(topo.status).toBe(422);
    expect(fieldsOf(topo)).toContain('body.topocentric');
    const body = await server.post(PATH, { natal: paris, bodies: ['sol'] });
    expect(body.status).toBe(422);
  });

  it('is the MCP tool v1_western_astrocartography_lines, whose structuredContent is the REST answer', async () => {
    const args = { natal: paris, bodies: ['moon', 'venus'], topocentric: true, include_crossings: true };
    const rest = await server.post(PATH, args);
    expect(rest.status).toBe(200);
    const result: any = await mcp.client.callTool({ name: 'v1_western_astrocartography_lines', arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.body);
  });
});

describe('POST /api/v1/western/astrocartography/parans and /city-check', () => {
  it('answer over REST what the MCP tools answer as structuredContent', async () => {
    for (const [path, tool, args] of [
      ['/api/v1/western/astrocartography/parans', 'v1_western_astrocartography_parans', { natal: paris, limit: 20, include_nearby_cities: true }],
      [
        '/api/v1/western/astrocartography/city-check',
        'v1_western_astrocartography_city_check',
        { natal: paris, city: 'Lisbon', country: 'PT', include_map_lines: false },
      ],
    ] as const) {
      const rest = await server.post(path, args);
      expect(rest.status, JSON.stringify(rest.body).slice(0, 300)).toBe(200);
      const result: any = await mcp.client.callTool({ name: tool, arguments: args });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest.body);
    }
  });

  it('reads the fields clients read and refuses bad input naming the field', async () => {
    const parans = await server.post('/api/v1/western/astrocartography/parans', { natal: paris, limit: 20 });
    expect(parans.body.parans).toHaveLength(20);
    expect(parans.body.parans[0].id).toMatch(/^[a-z_]+:(asc|dsc|mc|ic):[a-z_]+:(asc|dsc|mc|ic):-?\d+\.\d{3}$/);
    const city = await server.post('/api/v1/western/astrocartography/city-check', { natal: paris, city: 'Lisbon', country: 'PT' });
    expect(city.body.focus_scores.career.top_factors[0]).toMatchObject({ body: 'jupiter', angle: 'mc' });
    expect(city.body.relocation_summary.resolved_timezone).toBe('Europe/Lisbon');
    for (const [path, body, field] of [
      ['/api/v1/western/astrocartography/parans', { natal: paris, limit: 0 }, 'body.limit'],
      ['/api/v1/western/astrocartography/parans', { natal: paris, limit: 100000 }, 'body.limit'],
      ['/api/v1/western/astrocartography/parans', { natal: { ...paris, time_known: false } }, 'body.natal.time_known'],
      ['/api/v1/western/astrocartography/city-check', { natal: paris, city: 'Lisbonn' }, 'body.city'],
      ['/api/v1/western/astrocartography/city-check', { natal: paris, lat: 91, lng: 0 }, 'body.lat'],
      ['/api/v1/western/astrocartography/city-check', { natal: paris, city: 'Lisbon', country: 'Narnia' }, 'body.country'],
    ] as const) {
      const res = await server.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
  });
});
