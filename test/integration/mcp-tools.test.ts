/**
 * The MCP tools through the official SDK clients (v2 speaking 2026-07-28, v2 and v1 speaking the
 * 2025 handshake), authenticated with x-api-key: every tool's structuredContent equals the REST
 * answer to the same request, chart images are the REST endpoint's PNG, and request errors come
 * back as tool results with isError that name the field.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { v1Client, v2Client } from '../helpers/mcp.ts';
import { TOOLS } from '../../src/features/mcp/catalogue.ts';

let server: TestServer;
let modern: ReturnType<typeof v2Client>;
let legacy: ReturnType<typeof v2Client>;
let v1: ReturnType<typeof v1Client>;

const birth = { name: 'Ada', year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' };
const nestedBirth = { name: 'Ada', datetime: '1981-01-01 23:30', location: { city: 'Athens', tz_str: 'AUTO' } };
const solarReturn = { natal: nestedBirth, solar_return: { year: 2026, settings: { zodiac_type: 'Tropical', node_type: 'true' } } };
const lunarReturns = { natal: nestedBirth, return_target: { body: 'moon', search_start: '2026-01-01', search_end: '2026-03-31' } };
const pythagorean = {
  method: { system: 'pythagorean', profile: 'pythagorean-component-preserve-core-v1', master_policy: 'preserve_core_11_22_33', compound_policy: 'full_trace' },
};

beforeAll(async () => {
  server = await startTestServer();
  const headers = { 'x-api-key': server.key };
  modern = v2Client(`${server.url}/mcp`, { headers });
  legacy = v2Client(`${server.url}/mcp`, { headers, era: 'legacy' });
  v1 = v1Client(`${server.url}/mcp`, { headers });
  await Promise.all([modern.connect(), legacy.connect(), v1.connect()]);
});
afterAll(async () => {
  await Promise.all([modern?.client.close(), legacy?.client.close(), v1?.client.close()]);
  await server?.close();
});

/**
 * The names tools were published under before the endpoints were declared (the catalogue makes the
 * rest): clients call them by name, so none may disappear.
 */
const PUBLISHED_NAMES: string[] = JSON.parse(fs.readFileSync(new URL('../fixtures/mcp-tool-names.json', import.meta.url), 'utf8'));
const TOOL_NAMES = TOOLS.map((t) => t.name);

describe('tools/list', () => {
  it('lists every tool, with input and output schemas, in both eras and with both SDK versions', async () => {
    for (const client of [modern.client, legacy.client]) {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
        expect(tool.inputSchema).not.toHaveProperty('id');
      }
    }
    const { tools } = await v1.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(PUBLISHED_NAMES.filter((name) => !TOOL_NAMES.includes(name))).toEqual([]);
    expect(new Set(TOOL_NAMES).size).toBe(TOOL_NAMES.length);
    // Bounded inputs: the schemas clients see carry the REST bounds.
    const natal = tools.find((t) => t.name === 'v1_natal_calculate')!;
    expect((natal.inputSchema.properties as any).lat).toMatchObject({ minimum: -90, maximum: 90 });
    const chart = tools.find((t) => t.name === 'v1_natal_chart')!;
    expect((chart.inputSchema.properties as any).kind.enum).toEqual(['natal', 'transits', 'solar_return', 'secondary_progressions', 'composite', 'synastry']);
  });
});

describe('structuredContent is the REST answer', () => {
  const cases: [string, unknown, () => Promise<{ status: number; body: any }>][] = [
    ['natal', birth, () => server.post('/natal', birth)],
    [
      'v1_natal_calculate',
      { ...birth, include_stelliums: true, house_system: 'koch' },
      () => server.post('/api/v1/natal/calculate', { ...birth, include_stelliums: true, house_system: 'koch' }),
    ],
    [
      'v1_transits_calculate',
      { natal: birth, transit_date: '2026-03-20T12:00', current_city: 'Paris' },
      () => server.post('/api/v1/transits/calculate', { natal: birth, transit_date: '2026-03-20T12:00', current_city: 'Paris' }),
    ],
    [
      'v1_ephemeris_calculate',
      { start: '2026-01-01', end: '2026-01-31', step: '1d', include_aspects: true },
      () => server.post('/api/v1/ephemeris/calculate', { start: '2026-01-01', end: '2026-01-31', step: '1d', include_aspects: true }),
    ],
    // The name a chat assistant looks for before it attaches its month-table image: the same answer.
    [
      'v1_ephemeris',
      { start: '2026-01-01', end: '2026-01-31', step: '1d' },
      () => server.post('/api/v1/ephemeris/calculate', { start: '2026-01-01', end: '2026-01-31', step: '1d' }),
    ],
    [
      'v1_sky_events',
      { date: '2026-03-20', timezone: 'Europe/Paris', preset: 'daily', include_formulation: true },
      () => server.get('/api/v1/sky-events?date=2026-03-20&timezone=Europe/Paris&preset=daily&include_formulation=true'),
    ],
    [
      'v1_numerology_profile',
      { ...pythagorean, subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } }, date_context: { reference_date: '2026-01-15' } },
      () =>
        server.post('/api/v1/numerology/profile', {
          ...pythagorean,
          subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } },
          date_context: { reference_date: '2026-01-15' },
        }),
    ],
    [
      'v1_chinese_bazi',
      { ...birth, sex: 'F', time_standard: 'true_solar' },
      () => server.post('/api/v1/chinese/bazi', { ...birth, sex: 'F', time_standard: 'true_solar' }),
    ],
    ['v1_chinese_calendar', { date: '2024-02-04', timezone: 'Asia/Shanghai' }, () => server.get('/api/v1/chinese/calendar/2024-02-04?timezone=Asia/Shanghai')],
    ['v1_chinese_bazi_flow', { ...birth, target_year: 2026 }, () => server.post('/api/v1/chinese/bazi/flow', { ...birth, target_year: 2026 })],
    ['v1_western_solar_calculate', solarReturn, () => server.post('/api/v1/western/solar/calculate', solarReturn)],
    ['v1_western_returns_calculate', lunarReturns, () => server.post('/api/v1/western/returns/calculate', lunarReturns)],
  ];

  for (const [tool, args, rest] of cases) {
    it(tool, async () => {
      const expected = await rest();
      expect(expected.status).toBe(200);
      for (const client of [modern.client, legacy.client, v1.client]) {
        const result = await client.callTool({ name: tool, arguments: args as Record<string, unknown> });
        expect(result.isError ?? false).toBe(false);
        expect(result.structuredContent).toEqual(expected.body);
        // The same JSON as text, for clients that read only text blocks.
        expect(JSON.parse((result.content as any[])[0].text)).toEqual(expected.body);
      }
    });
  }

  it('an explicit null means "not given", as in REST bodies', async () => {
    const result = await modern.client.callTool({ name: 'natal', arguments: { ...birth, lat: null, lng: null, country: null } });
    expect(result.structuredContent).toEqual((await server.post('/natal', birth)).body);
  });
});

describe('v1_natal_chart', () => {
  const kinds: [string, Record<string, unknown>, string][] = [
    ['natal', { ...birth, theme_type: 'dark', size: 500 }, '/api/v1/natal/chart/'],
    ['transits', { natal: birth, transit_date: '2026-03-20T12:00', size: 400 }, '/api/v1/natal/chart/transits'],
    ['solar_return', { ...birth, return_year: 2026, size: 400 }, '/api/v1/natal/chart/solar-return'],
    ['secondary_progressions', { ...birth, progression_date: '2026-03-20', size: 400 }, '/api/v1/natal/chart/secondary-progressions'],
    [
      'composite',
      { person_a: { ...birth, size: 400 }, person_b: { year: 1985, month: 6, day: 2, hour: 8, minute: 15, city: 'Lisbon' } },
      '/api/v1/natal/chart/composite',
    ],
    [
      'synastry',
      { person_a: { ...birth, size: 400 }, person_b: { year: 1985, month: 6, day: 2, hour: 8, minute: 15, city: 'Lisbon' } },
      '/api/v1/natal/chart/synastry',
    ],
  ];

  for (const [kind, chart, path] of kinds) {
    it(`${kind}: the REST endpoint's PNG (one pixel per unit) and the chart in words`, async () => {
      const restBody =
        kind === 'composite' || kind === 'synastry'
          ? { ...chart, person_a: { ...(chart.person_a as object), format: 'png', png_quality_scale: 1 } }
          : { ...chart, format: 'png', png_quality_scale: 1 };
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
        body: JSON.stringify(restBody),
      });
      expect(res.status).toBe(200);
      const png = Buffer.from(await res.arrayBuffer());
      const result = await modern.client.callTool({ name: 'v1_natal_chart', arguments: { kind, chart } });
      expect(result.isError ?? false).toBe(false);
      const [image, text] = result.content as any[];
      expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
      expect(Buffer.from(image.data, 'base64').equals(png)).toBe(true);
      expect(text.type).toBe('text');
      expect(text.text).toMatch(/Sun \d+°\d{2}′ \w+/);
      const structured = result.structuredContent as any;
      expect(structured).toMatchObject({ kind, content_type: 'image/png', byte_length: png.length });
      for (const [name, value] of Object.entries(structured.headers)) expect(res.headers.get(name)).toBe(value);
      expect(structured.summary.join('\n')).toBe(text.text);
    });
  }

  it('keeps images within what assistants accept: at most 1000 px', async () => {
    const tooBig = await modern.client.callTool({ name: 'v1_natal_chart', arguments: { kind: 'natal', chart: { ...birth, size: 1400 } } });
    expect(tooBig.isError).toBe(true);
    expect((tooBig.content as any[])[0].text).toMatch(/size/);
    const wrongKind = await modern.client.callTool({ name: 'v1_natal_chart', arguments: { kind: 'horary', chart: birth } });
    expect(wrongKind.isError).toBe(true);
  });
});

describe('errors are tool results with isError', () => {
  it('a request the service cannot serve names the field (the REST 422)', async () => {
    const rest = await server.post('/api/v1/natal/calculate', { ...birth, city: 'Xyzzyqville' });
    expect(rest.status).toBe(422);
    for (const client of [modern.client, v1.client]) {
      const result = await client.callTool({ name: 'v1_natal_calculate', arguments: { ...birth, city: 'Xyzzyqville' } });
      expect(result.isError).toBe(true);
      const text = (result.content as any[])[0].text as string;
      expect(text).toContain('(city)');
      expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toEqual(rest.body);
    }
  });

  it('arguments outside the schema are refused before anything is computed', async () => {
    const result = await modern.client.callTool({ name: 'v1_natal_calculate', arguments: { ...birth, lat: 123, lng: 0 } });
    expect(result.isError).toBe(true);
    expect((result.content as any[])[0].text).toMatch(/lat/);
  });

  it('an ephemeris holds at most 366 rows per call', async () => {
    const ok = await modern.client.callTool({ name: 'v1_ephemeris_calculate', arguments: { start: '2024-01-01', end: '2024-12-31' } });
    expect((ok.structuredContent as any).data).toHaveLength(366);
    const tooLong = await modern.client.callTool({ name: 'v1_ephemeris_calculate', arguments: { start: '2024-01-01', end: '2025-01-01' } });
    expect(tooLong.isError).toBe(true);
    expect((tooLong.content as any[])[0].text).toMatch(/367 rows exceed the 366 rows/);
    const csv = await modern.client.callTool({ name: 'v1_ephemeris_calculate', arguments: { start: '2024-01-01', format: 'csv' } });
    expect(csv.isError).toBe(true);
  });

  it('numerology problems keep their problem document', async () => {
    const result = await modern.client.callTool({
      name: 'v1_numerology_profile',
      arguments: {
        ...pythagorean,
        method: { ...pythagorean.method, master_policy: 'reduce_all' },
        subject: { birth_date: '1984-07-09' },
        calculations: ['life_path'],
      },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as any[])[0].text as string;
    expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toMatchObject({ status: 409, code: 'policy_incompatible' });
  });
});

describe('v1_geo_search', () => {
  it('finds places with coordinates and zone; the first exact match is the city the calculations use', async () => {
    const result = await modern.client.callTool({ name: 'v1_geo_search', arguments: { query: 'Athens', limit: 3 } });
    const found = (result.structuredContent as any).results;
    expect(found[0]).toMatchObject({ name: 'Athens', country: 'GR', timezone: 'Europe/Athens' });
    const natal = (await server.post('/api/v1/natal/calculate', birth)).body;
    expect(natal.subject.location).toMatchObject({ lat: found[0].lat, lng: found[0].lng });
    expect(found.length).toBeLessThanOrEqual(3);
  });

  it('reads "City, Region, CC" as the REST search does and names the region `state` (with `region` beside it)', async () => {
    const result = await modern.client.callTool({ name: 'v1_geo_search', arguments: { query: 'Varanasi, Uttar Pradesh, IN', limit: 3 } });
    const [first] = (result.structuredContent as any).results;
    expect(first).toMatchObject({
      name: 'Varanasi',
      country: 'IN',
      state: 'Uttar Pradesh',
      region: 'Uttar Pradesh',
      district: 'Varanasi',
      timezone: 'Asia/Kolkata',
      match: 'name',
      matched_name: null,
    });
    const rest = await server.get(`/api/v1/geo/search?q=${encodeURIComponent('Varanasi, Uttar Pradesh, IN')}&limit=3`);
    expect(Object.keys(first).sort()).toEqual(Object.keys(rest.body.results[0]).sort());
    const byCountryName = await modern.client.callTool({ name: 'v1_geo_search', arguments: { query: 'Paris', country: 'Canada', limit: 2 } });
    expect((byCountryName.structuredContent as any).results[0]).toMatchObject({ country: 'CA', state: 'Ontario' });
  });
});
