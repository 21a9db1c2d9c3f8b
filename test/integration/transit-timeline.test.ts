/**
 * POST /api/v1/western/transits/timeline, /transits/search, /natal/insights and /transits/insights
 * over real HTTP: the request shapes the public service's clients send (the horoscope calendar's
 * month, year and insights pages, the PHP timeline renderer, the chat assistant's MCP calls with
 * modes day and week, its search route, its REST insight prewarm), the fields each reads, 422s
 * naming the field, and the MCP tools answering the same JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import { timelineResponse } from '../../src/features/western/forecast/forecast-timeline-schemas.ts';
import { searchResponse } from '../../src/features/western/forecast/forecast-search-schemas.ts';
import { insightsResponse } from '../../src/features/western/forecast/forecast-insights-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** The chat assistant's whole natal request. */
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

describe('POST /api/v1/western/transits/timeline', () => {
  it("answers the horoscope calendar's month page with the fields it reads", async () => {
    const res = await server.post('/api/v1/western/transits/timeline', {
      natal: {
        name: 'Ada',
        year: 1990,
        month: 5,
        day: 17,
        hour: 8,
        minute: 15,
        city: 'Lisbon',
        lat: 38.72,
        lng: -9.14,
        tz_str: 'Europe/Lisbon',
        time_known: true,
      },
      range_start: '2026-03-01',
      range_end: '2026-03-31',
      include_houses: true,
      transit_categories: ['fast', 'medium', 'slow'],
      aspect_types: ['Conjunction', 'Opposition', 'Square', 'Trine', 'Sextile'],
      orb_settings: { Conjunction: 5, Opposition: 5, Square: 4, Trine: 4, Sextile: 3 },
      transit_planets: ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron', 'moon'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(timelineResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.input.mode).toBe('month');
    expect(res.body.meta.month).toBe('2026-03');
    const moon = res.body.transits.filter((t: any) => t.transit_planet === 'moon');
    expect(moon.length).toBeGreaterThan(40);
    for (const t of res.body.transits) {
      for (const key of [
        'id',
        'label',
        'transit_planet',
        'natal_point',
        'aspect_type',
        'category',
        'visible_start_day',
        'visible_end_day',
        'exact_hits_in_month',
        'exact_datetimes',
        'continues_from_previous_month',
        'continues_to_next_month',
        'start_datetime',
        'end_datetime',
        'pass_type',
      ])
        expect(t, key).toHaveProperty(key);
      expect(t.houses.transit_house_in_month).toBeGreaterThanOrEqual(1);
      expect(t.visible_start_day).toBeLessThanOrEqual(t.visible_end_day);
    }
  });

  it("answers the calendar's year page and the renderer's year_slow request: medium and slow bodies only", async () => {
    const res = await server.post('/api/v1/western/transits/timeline', {
      natal: {
        name: 'Ada',
        year: 1990,
        month: 5,
        day: 17,
        hour: 8,
        minute: 15,
        lat: 38.72,
        lng: -9.14,
        city: 'Lisbon',
        tz_str: 'Europe/Lisbon',
        time_known: true,
      },
      mode: 'year_slow',
      range_start: '2026-01-01',
      range_end: '2026-12-31',
      include_houses: true,
      transit_categories: ['medium', 'slow'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transits.length).toBeGreaterThan(5);
    expect(new Set(res.body.transits.map((t: any) => t.category))).not.toContain('fast');
    for (const t of res.body.transits) {
      expect(t).toHaveProperty('row_key');
      expect(t).toHaveProperty('short_symbol_label');
      expect(t).toHaveProperty('duration_days');
    }
  });

  it("answers the assistant's MCP calls with modes day and week, the same JSON as REST", async () => {
    for (const [mode, range_start, range_end] of [
      ['day', '2026-03-10', '2026-03-10'],
      ['week', '2026-03-09', '2026-03-15'],
    ] as const) {
      const args = { natal: natalRequest, range_start, range_end, mode, include_houses: true };
      const rest = await server.post('/api/v1/western/transits/timeline', args);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.transits.some((t: any) => t.transit_planet === 'moon')).toBe(true);
      const result = await mcp.client.callTool({ name: 'v1_western_transits_timeline', arguments: args });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body);
    }
    const refused = await mcp.client.callTool({
      name: 'v1_western_transits_timeline',
      arguments: { natal: natalRequest, range_start: '2026-03-01', range_end: '2026-03-31', mode: 'day' },
    });
    expect(refused.isError).toBe(true);
    expect((refused.content as any[])[0].text).toMatch(/range_end/);
  });

  it('refuses what it cannot serve with a 422 naming the field', async () => {
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ natal: natalRequest, range_start: '2026-03-01', range_end: '2026-07-01' }, ['body', 'range_end']],
      [{ natal: natalRequest, range_start: '2026-02-30', range_end: '2026-03-31' }, ['body', 'range_start']],
      [{ natal: natalRequest, range_start: '2026-03-01', range_end: '2026-03-31', mode: 'decade' }, ['body', 'mode']],
      [{ natal: natalRequest, range_start: '2026-03-01', range_end: '2026-03-31', transit_planets: ['sun', 'vulcan'] }, ['body', 'transit_planets', 1]],
      [
        { natal: natalRequest, range_start: '2026-03-01', range_end: '2026-03-31', orb_settings: { by_category: { fast: 40 } } },
        ['body', 'orb_settings', 'by_category', 'fast'],
      ],
      [{ natal: { ...natalRequest, city: undefined, lat: 95, lng: 0 }, range_start: '2026-03-01', range_end: '2026-03-31' }, ['body', 'natal', 'lat']],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post('/api/v1/western/transits/timeline', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    }
  });
});

describe('POST /api/v1/western/transits/search', () => {
  it("answers the assistant's search route with the fields it reads, and the MCP tool the same", async () => {
    const args = {
      natal: natalRequest,
      transit_planet: 'Saturn',
      natal_point: 'Sun',
      age_start_years: 0,
      age_end_years: 90,
      aspect_types: ['conjunction', 'opposition'],
      include_context: true,
      reference_datetime: '2026-01-01',
    };
    const res = await server.post('/api/v1/western/transits/search', args);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(searchResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.input).toMatchObject({ transit_planet: 'saturn', natal_point: 'sun', aspect_types: ['conjunction', 'opposition'] });
    expect(res.body.meta).toHaveProperty('range_start');
    expect(res.body.search_summary.hit_count).toBeGreaterThan(4);
    for (const c of res.body.cycles) for (const p of c.passes) expect(Array.isArray(p.exact_datetimes)).toBe(true);
    for (const p of res.body.passes) {
      for (const key of [
        'label',
        'pass_type',
        'applying_or_separating',
        'start_datetime',
        'end_datetime',
        'exact_datetimes',
        'exact_age_years',
        'closest_orb_deg',
      ])
        expect(p, key).toHaveProperty(key);
    }
    const result = await mcp.client.callTool({ name: 'v1_western_transits_search', arguments: args });
    expect(result.structuredContent).toEqual(res.body);
    // The extractor's minimal request: a natal block and the pair, the whole of a life.
    const minimal = await server.post('/api/v1/western/transits/search', { natal: natalRequest, transit_planet: 'Jupiter', natal_point: 'Sun' });
    expect(minimal.status).toBe(200);
    expect(minimal.body.search_summary.cycle_count).toBeGreaterThanOrEqual(8);
  });

  it('refuses a range given twice or too long, naming the field', async () => {
    const both = await server.post('/api/v1/western/transits/search', {
      natal: natalRequest,
      transit_planet: 'saturn',
      natal_point: 'sun',
      age_start_years: 1,
      range_start: '2020-01-01',
      range_end: '2030-01-01',
    });
    expect(both.status).toBe(422);
    expect(both.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'age_start_years']);
    const long = await server.post('/api/v1/western/transits/search', {
      natal: natalRequest,
      transit_planet: 'saturn',
      natal_point: 'sun',
      range_start: '1800-01-01',
      range_end: '2000-01-01',
    });
    expect(long.status).toBe(422);
    expect(long.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'range_end']);
  });
});

describe('POST /api/v1/western/natal/insights and /transits/insights', () => {
  const flatNatal = {
    year: 1990,
    month: 5,
    day: 17,
    hour: 8,
    minute: 15,
    time_known: true,
    city: 'Lisbon',
    lat: 38.72,
    lng: -9.14,
    tz_str: 'Europe/Lisbon',
    house_system: 'placidus',
    zodiac_type: 'tropical',
    include_minor_aspects: false,
    include_features: ['chiron'],
    lang: 'en',
  };
  const FACT_FIELDS = [
    'id',
    'category',
    'kind',
    'detector',
    'priority',
    'strength',
    'subjects',
    'relation_key',
    'tags',
    'index_keys',
    'search_text',
    'flags',
    'evidence',
  ];

  it("answers the assistant's flat natal request with facts, evidence and a ranked importance list; the MCP tool the same", async () => {
    const res = await server.post('/api/v1/western/natal/insights', flatNatal);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(insightsResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.facts.length).toBeGreaterThan(3);
    for (const f of res.body.facts) for (const key of FACT_FIELDS) expect(f, key).toHaveProperty(key);
    expect(res.body.importance[0]).toMatchObject({ rank: 1, source_fact_ids: [res.body.facts[0].id] });
    expect(res.body.meta.mode).toBe('natal');
    const result = await mcp.client.callTool({ name: 'v1_western_natal_insights', arguments: flatNatal });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(res.body);
  });

  it("answers the assistant's transit insights prewarm and the calendar's insights page", async () => {
    const prewarm = await server.post('/api/v1/western/transits/insights', {
      natal: flatNatal,
      range_start: '2026-03-01',
      range_end: '2026-03-31',
      mode: 'month',
      include_houses: true,
      transit_planets: ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'chiron', 'true_node'],
      natal_points: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'ascendant', 'midheaven', 'descendant', 'ic'],
      aspect_types: ['conjunction', 'square', 'opposition', 'trine', 'sextile', 'quincunx'],
    });
    expect(prewarm.status, JSON.stringify(prewarm.body)).toBe(200);
    expect(insightsResponse.strict().safeParse(prewarm.body).error).toBeUndefined();
    const kinds = new Set(prewarm.body.facts.map((f: any) => f.kind));
    expect(kinds).toContain('station');
    expect(prewarm.body.meta.mode).toBe('month');
    for (const f of prewarm.body.facts) for (const key of FACT_FIELDS) expect(f, key).toHaveProperty(key);
    const page = await server.post('/api/v1/western/transits/insights', {
      natal: flatNatal,
      mode: 'month',
      range_start: '2026-04-01',
      range_end: '2026-04-30',
      include_houses: true,
      transit_categories: ['fast', 'medium', 'slow'],
      aspect_types: ['Conjunction', 'Opposition', 'Square', 'Trine', 'Sextile'],
      orb_settings: { Conjunction: 5, Opposition: 5, Square: 4, Trine: 4, Sextile: 3 },
      transit_planets: ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron'],
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const result = await mcp.client.callTool({
      name: 'v1_western_transits_insights',
      arguments: { natal: natalRequest, range_start: '2026-04-01', range_end: '2026-04-30' },
    });
    expect(result.isError ?? false).toBe(false);
    const bad = await server.post('/api/v1/western/transits/insights', {
      natal: natalRequest,
      range_start: '2026-04-01',
      range_end: '2026-04-30',
      mode: 'year_slow',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'mode']);
  });
});
