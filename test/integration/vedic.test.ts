/**
 * The Vedic family over real HTTP: /api/v1 and /api/v2 chart, vargas and dasha, and
 * /api/v2/vedic/calculate answer what their clients read; bad input is a 422 naming the field;
 * each MCP tool answers the REST JSON; /mcp/vedic lists the family; OpenAPI describes the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELHI_WIDGET_BIRTH } from '../helpers/vedic-births.ts';
import type { TestServer } from '../helpers/app.ts';
import { rawMcp, startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** What the dashboard widget sends (peer-families §6: the common request). */
const birth = DELHI_WIDGET_BIRTH;

describe('POST /api/v1|v2/vedic/chart', () => {
  it('answers the fields v1 and v2 clients read', async () => {
    const v1 = await server.post('/api/v1/vedic/chart', birth);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.ascendant).toMatchObject({ sign: 'Leo', sign_num: 5, nakshatra: { name: 'Magha', pada: 2, lord: 'Ketu' } });
    const moon = v1.body.planets.find((p: { name: string }) => p.name === 'Moon');
    expect(moon).toMatchObject({ sign: 'Taurus', sign_num: 2, house: 10, nakshatra: { name: 'Rohini', pada: 2, lord: 'Moon' }, dignity: 'moolatrikona' });
    expect(v1.body.planets.map((p: { name: string }) => p.name)).toEqual(['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu']);
    expect(v1.body.metadata).toMatchObject({ ayanamsha: 'lahiri', house_system: 'whole_sign', node_type: 'mean', timezone: 'Asia/Kolkata' });
    expect(v1.body.metadata.ayanamsha_degrees).toBeCloseTo(23.72, 1);

    const v2 = await server.post('/api/v2/vedic/chart', { ...birth, second: 0 });
    expect(v2.status).toBe(200);
    expect(v2.body.ascendant).toMatchObject({ sign: 'Leo', sign_id: 5 });
    expect(v2.body.planets[1]).toMatchObject({
      name: 'Moon',
      sign_id: 2,
      nakshatra: 'Rohini',
      nakshatra_id: 4,
      pada: 2,
      nakshatra_lord: 'Moon',
      is_retrograde: false,
    });
    expect(v2.body.houses[0]).toMatchObject({ house: 1, sign: 'Leo', sign_id: 5, degree_cusp: 120 });
  });

  it('gives the sidereal natal chart’s positions', async () => {
    const natal = await server.post('/api/v1/natal/calculate', { ...birth, zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', house_system: 'placidus' });
    const vedic = await server.post('/api/v1/vedic/chart', birth);
    for (const p of vedic.body.planets.slice(0, 7)) {
      const n = natal.body.planets.find((x: { id: string }) => x.id === p.id);
      expect(p.longitude, p.id).toBeCloseTo(n.abs_pos, 6);
    }
  });

  it('casts an untimed birth from the Moon sign, with a warning', async () => {
    const res = await server.post('/api/v1/vedic/chart', { ...birth, hour: undefined, minute: undefined, time_known: false });
    expect(res.status).toBe(200);
    expect(res.body.ascendant).toBeNull();
    expect(res.body.metadata.house_reference).toBe('chandra_lagna');
    expect(res.body.warnings.join(' ')).toMatch(/chandra lagna/);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...birth, ayanamsha: 'nonesuch' }, 'ayanamsha'],
      [{ ...birth, house_system: 'zodiacal' }, 'house_system'],
      [{ ...birth, node_type: 'osculating' }, 'node_type'],
      [{ ...birth, day: 31, month: 9 }, 'day'],
      [{ ...birth, hour: undefined }, 'hour'],
    ] as const) {
      const res = await server.post('/api/v1/vedic/chart', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('POST /api/v1|v2/vedic/vargas', () => {
  it('answers the divisions asked, in either spelling', async () => {
    const v1 = await server.post('/api/v1/vedic/vargas', { ...birth, tz_str: 'auto', vargas: ['D1', 'D9', 'D10', 'D2', 'D7'] });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(Object.keys(v1.body.vargas)).toEqual(['D1', 'D9', 'D10', 'D2', 'D7']);
    expect(v1.body.vargas.D1.ascendant.sign_num).toBe(5);
    expect(v1.body.vargas.D9.ascendant).toMatchObject({ sign: 'Taurus', sign_num: 2 });
    expect(v1.body.vargas.D9.planets[1]).toMatchObject({ name: 'Moon', sign: 'Taurus', vargottama: true });
    expect(v1.body.vargottama).toContain('Moon');
    const v2 = await server.post('/api/v2/vedic/vargas', { ...birth, divisions: [1, 2, 3, 7, 9, 10, 12, 30, 60], trimsamsa_method: 'parivritti' });
    expect(v2.status).toBe(200);
    expect(v2.body.vargas.D30).toMatchObject({ division: 30, name: 'Trimsamsa', method: 'parivritti' });
    expect(v2.body.vargas.D9.ascendant).toMatchObject({ sign: 'Taurus', sign_id: 2 });
    const bad = await server.post('/api/v1/vedic/vargas', { ...birth, divisions: [1, 8] });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('divisions');
  });
});

describe('POST /api/v1|v2/vedic/dasha', () => {
  it('answers the running periods and the timeline', async () => {
    const v1 = await server.post('/api/v1/vedic/dasha', { ...birth, levels: 2, reference_date: '2026-01-01' });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.birth_balance.planet).toBe('Moon');
    expect(v1.body.vimshottari_dasha[0]).toMatchObject({ planet: 'Moon', end_date: '1995-09-15T11:46:19Z' });
    expect(v1.body.vimshottari_dasha[0].antardashas).toHaveLength(9);
    expect(v1.body.current_dasha.mahadasha).toMatchObject({ planet: 'Jupiter', start_date: '2020-09-14T17:46:19Z', end_date: '2036-09-14T17:46:19Z' });
    expect(v1.body.current_dasha.antardasha.planet).toBe('Mercury');
    expect(v1.body.current_dasha.pratyantardasha).toBeNull();
    expect(v1.body.yogini_dasha.birth_yogini).toBe('Siddha'); // Rohini: 4 + 3 = 7, the seventh yogini
  });

  it('gives v2 the shape its clients read', async () => {
    const v2 = await server.post('/api/v2/vedic/dasha', { ...birth, levels: 3, reference_date: '2026-01-01', year_length: 360 });
    expect(v2.status).toBe(200);
    expect(v2.body.birth_balance).toMatchObject({ lord: 'Moon' });
    expect(v2.body.moon_nakshatra.lord).toBe('Moon');
    expect(v2.body.active_periods.map((p: { level: number }) => p.level)).toEqual([1, 2, 3]);
    expect(v2.body.year_length_days).toBe(360);
    expect(v2.body.timeline[0].periods[0].periods).toHaveLength(9);
    const bad = await server.post('/api/v2/vedic/dasha', { ...birth, year_length: 365 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('year_length');
  });
});

describe('POST /api/v2/vedic/calculate', () => {
  it('answers the chart, the vargas and the dasha in one call', async () => {
    // tz_str LMT: 06:30 local mean time at 77.209° E is UT + 5 h 08 min 50 s.
    const lmt = await server.post('/api/v2/vedic/calculate', { ...birth, tz_str: 'LMT', dasha_levels: 0 });
    expect(lmt.status, JSON.stringify(lmt.body)).toBe(200);
    expect(lmt.body.subject).toMatchObject({ datetime: '1990-08-15T06:30:00+05:08:50', datetime_utc: '1990-08-15T01:21:10.000Z', timezone: 'Asia/Kolkata' });
    expect(lmt.body.dasha).toBeUndefined();
    expect(lmt.body.warnings.join(' ')).toMatch(/local mean time/);
    const ok = await server.post('/api/v2/vedic/calculate', { ...birth, vargas: [1, 9], dasha_levels: 1, include_yogas: true, reference_date: '2026-01-01' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(Object.keys(ok.body.vargas)).toEqual(['D1', 'D9']);
    expect(ok.body.dasha.active_periods).toHaveLength(1);
    expect(ok.body.shadbala).toBeUndefined();
  });

  it('adds the yogas, shadbala and ashtakavarga: the blocks of the yogas and strength endpoints for the same birth', async () => {
    const options = { explain: true, gajakesari_from: 'moon_or_lagna', ashtakavarga_reductions: true };
    const all = await server.post('/api/v2/vedic/calculate', {
      ...birth,
      dasha_levels: 0,
      include_yogas: true,
      include_shadbala: true,
      include_ashtakavarga: true,
      ...options,
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const yogas = await server.post('/api/v2/vedic/yogas', { ...birth, ...options });
    const strength = await server.post('/api/v2/vedic/strength', { ...birth, ...options });
    expect(yogas.status).toBe(200);
    expect(strength.status).toBe(200);
    const { subject: _s, metadata: _m, warnings: _w, ...yogaBlock } = yogas.body;
    expect(all.body.yogas).toEqual(yogaBlock);
    expect(all.body.yogas.yogas.length).toBeGreaterThan(0);
    expect(all.body.shadbala).toEqual(strength.body.shadbala);
    expect(all.body.ashtakavarga).toEqual(strength.body.ashtakavarga);
    expect(all.body.ashtakavarga.sarvashtakavarga.reduce((a: number, b: number) => a + b, 0)).toBe(337);
    expect(all.body.warnings.join(' ')).not.toMatch(/not part of this answer/);
    const refused = await server.post('/api/v2/vedic/calculate', { ...birth, include_yogas: true, gajakesari_from: 'sun' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.detail)).toContain('gajakesari_from');
  });

  it("adds the birth day's panchang: the panchang endpoint's answer for the birth date, place and time", async () => {
    const withPanchang = await server.post('/api/v2/vedic/calculate', { ...birth, dasha_levels: 0, include_panchang: true });
    expect(withPanchang.status, JSON.stringify(withPanchang.body)).toBe(200);
    const { name: _name, ...day } = birth as Record<string, unknown>;
    const panchang = await server.post('/api/v2/vedic/panchang', day);
    expect(panchang.status, JSON.stringify(panchang.body)).toBe(200);
    expect(withPanchang.body.panchang).toEqual(panchang.body);
    expect(withPanchang.body.warnings.join(' ')).not.toMatch(/panchang/);
    // In local mean time the birth instant is read on the place's civil calendar: 06:30 LMT at
    // 77.209° E is 06:51:10 India Standard Time.
    const lmt = await server.post('/api/v2/vedic/calculate', { ...birth, tz_str: 'LMT', dasha_levels: 0, include_panchang: true });
    expect(lmt.status, JSON.stringify(lmt.body)).toBe(200);
    expect(lmt.body.panchang.request_time_panchang.datetime).toBe('1990-08-15T06:51:10+05:30');
    expect(lmt.body.panchang.date).toBe('1990-08-15');
    const untimed = await server.post('/api/v2/vedic/calculate', {
      ...birth,
      hour: undefined,
      minute: undefined,
      time_known: false,
      dasha_levels: 0,
      include_panchang: true,
    });
    expect(untimed.status, JSON.stringify(untimed.body)).toBe(200);
    expect(untimed.body.panchang.request_time_panchang.datetime).toBe(untimed.body.panchang.sunrise);
  });
});

describe('the MCP tools', () => {
  it('answer the REST JSON', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['v1_vedic_chart', '/api/v1/vedic/chart', birth],
      ['v2_vedic_chart', '/api/v2/vedic/chart', birth],
      ['v1_vedic_vargas', '/api/v1/vedic/vargas', { ...birth, divisions: [9, 60] }],
      ['v2_vedic_vargas', '/api/v2/vedic/vargas', { ...birth, divisions: [3] }],
      ['v1_vedic_dasha', '/api/v1/vedic/dasha', { ...birth, reference_date: '2026-01-01' }],
      ['v2_vedic_dasha', '/api/v2/vedic/dasha', { ...birth, reference_date: '2026-01-01', levels: 1 }],
      ['v2_vedic_calculate', '/api/v2/vedic/calculate', { ...birth, reference_date: '2026-01-01', dasha_levels: 1 }],
    ];
    for (const [tool, path, body] of calls) {
      const rest = await server.post(path, body);
      const result = await mcp.client.callTool({ name: tool, arguments: body });
      expect(result.isError ?? false, tool).toBe(false);
      expect(result.structuredContent, tool).toEqual(rest.body);
    }
    const refused = await mcp.client.callTool({ name: 'v1_vedic_chart', arguments: { ...birth, lat: undefined, lng: undefined, city: 'Nowhereville Zzz' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]!.text).toMatch(/city/);
  });

  it("are listed under /mcp/vedic with the place search, and no other family's", async () => {
    const res = await rawMcp(`${server.url}/mcp/vedic`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': server.key });
    expect(res.status).toBe(200);
    const names: string[] = res.body.result.tools.map((t: { name: string }) => t.name);
    for (const tool of [
      'v1_vedic_chart',
      'v2_vedic_chart',
      'v1_vedic_vargas',
      'v2_vedic_vargas',
      'v1_vedic_dasha',
      'v2_vedic_dasha',
      'v2_vedic_calculate',
      'v1_geo_search',
    ])
      expect(names).toContain(tool);
    expect(names.filter((n) => /western|chinese|natal|numerology/.test(n))).toEqual([]);
  });

  it('are described in the OpenAPI document', async () => {
    const res = await server.get('/docs/json');
    for (const path of [
      '/api/v1/vedic/chart',
      '/api/v2/vedic/chart',
      '/api/v1/vedic/vargas',
      '/api/v2/vedic/vargas',
      '/api/v1/vedic/dasha',
      '/api/v2/vedic/dasha',
      '/api/v2/vedic/calculate',
    ])
      expect(res.body.paths[path]?.post?.description, path).toMatch(/docs\/api\/vedic\.md/);
  });
});
