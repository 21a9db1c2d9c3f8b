/**
 * POST /api/v1/western/astrocartography/recommendations and /relocation over real HTTP and MCP:
 * the requests the public service's clients send (a coaching app's and a chat assistant's), the
 * fields they read, a recommended city's score equal to the city check's for that city, the 422s,
 * and each MCP tool's structuredContent equal to the REST answer.
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

const RECOMMEND = '/api/v1/western/astrocartography/recommendations';
const RELOCATE = '/api/v1/western/astrocartography/relocation';
const CITY_CHECK = '/api/v1/western/astrocartography/city-check';
const paris = {
  year: 1995,
  month: 9,
  day: 5,
  hour: 20,
  minute: 0,
  city: 'Paris',
  lat: 48.8566,
  lng: 2.3522,
  tz_str: 'Europe/Paris',
  time_known: true,
  house_system: 'placidus',
};
const fieldsOf = (res: { body: any }) => res.body.detail.map((d: any) => d.loc.join('.'));

describe(`POST ${RECOMMEND}`, () => {
  it("answers the coaching app's request with the fields it reads", async () => {
    const res = await server.post(RECOMMEND, {
      natal: paris,
      focus: 'career',
      country_scope: 'selected_countries',
      countries: ['FR', 'ES', 'PT'],
      limit: 5,
      min_population: 150000,
      include_paran_summary: true,
      include_relocation_summary: true,
      include_map_lines: false,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const { meta, results, warnings, map } = res.body;
    expect(meta).toMatchObject({ focus: 'career', mode: 'in_mundo', country_scope: 'selected_countries', population_min: 150000 });
    expect(meta.candidate_count).toBeGreaterThan(5);
    expect(meta.scored_count).toBe(meta.candidate_count);
    for (const key of ['signal_strength', 'confidence', 'match_tier', 'no_strong_matches']) expect(meta).toHaveProperty(key);
    expect(warnings[0]).toBe('Astrocartography results are exploratory and should be treated as directional rather than deterministic.');
    expect(map).toBeNull();
    expect(results).toHaveLength(5);
    for (const r of results) {
      expect(r.city).toMatchObject({ name: expect.any(String), country: expect.stringMatching(/^(FR|ES|PT)$/), timezone: expect.any(String) });
      expect(typeof r.score).toBe('number');
      expect(typeof r.summary).toBe('string');
      expect(typeof r.distance_from_natal_km).toBe('number');
      for (const key of ['nearest_favorable_line', 'nearest_challenging_line']) {
        if (r[key]) expect(r[key]).toEqual({ body: expect.any(String), angle: expect.stringMatching(/^(asc|dsc|mc|ic)$/), distance_km: expect.any(Number) });
      }
      expect(Array.isArray(r.relocation_summary.dominant_themes)).toBe(true);
      expect(typeof r.relocation_summary.summary_caution).toBe('string');
      expect(r.paran_summary.reaching).toBeGreaterThanOrEqual(0);
      expect(r).toHaveProperty('match_tier');
      expect(r).toHaveProperty('signal_strength');
    }
  });

  it("answers the chat assistant's request with the map it draws", async () => {
    const natal = { ...paris, name: 'Ada', zodiac_type: 'tropical', include_features: ['chiron', 'lilith', 'true_node'], interpretation: { enable: true } };
    const res = await server.post(RECOMMEND, {
      natal,
      focus: 'Love',
      country_scope: 'all',
      limit: 5,
      include_map_lines: true,
      include_crossings: true,
      include_paran_summary: true,
      include_relocation_summary: true,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.meta.focus).toBe('romance');
    expect(res.body.map.lines).toHaveLength(44);
    expect(res.body.map.crossings.length).toBeGreaterThan(0);
    expect(res.body.map.cities).toHaveLength(5);
    expect(res.body.results[0].city_visual_explanation.explanation_mode).toMatch(/^(line_only|line_plus_paran|paran_only|none)$/);
  });

  it('gives a recommended city the score the city check gives it', async () => {
    const rec = await server.post(RECOMMEND, { natal: paris, focus: 'spiritual', countries: ['JP'], limit: 2, include_map_lines: false });
    expect(rec.status).toBe(200);
    for (const r of rec.body.results) {
      const check = await server.post(CITY_CHECK, { natal: paris, lat: r.city.lat, lng: r.city.lng, include_map_lines: false });
      expect(check.status).toBe(200);
      expect(r.score).toBe(check.body.focus_scores.spiritual.score);
      expect(r.top_factors).toEqual(check.body.focus_scores.spiritual.top_factors);
    }
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ natal: paris, focus: 'career', countries: ['FRA'] }, 'body.countries.0'],
      [{ natal: paris, focus: 'career', countries: ['XX'] }, 'body.countries.0'],
      [{ natal: paris, focus: 'career', limit: 0 }, 'body.limit'],
      [{ natal: paris, focus: 'career', limit: 100000 }, 'body.limit'],
      [{ natal: { ...paris, time_known: false }, focus: 'career' }, 'body.natal.time_known'],
      [{ natal: paris, focus: 'career', country_scope: 'selected_countries' }, 'body.countries'],
      [{ natal: paris, focus: 'career', min_population: 5e5, max_population: 1e5 }, 'body.max_population'],
      [{ natal: paris }, 'body.focus'],
    ] as const) {
      const res = await server.post(RECOMMEND, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
  });
});

describe(`POST ${RELOCATE}`, () => {
  it('answers the documented request with the relocated chart and its summary', async () => {
    const res = await server.post(RELOCATE, { natal: paris, city: 'Lisbon', country: 'PT' });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.city).toMatchObject({ name: 'Lisbon', country: 'PT', timezone: 'Europe/Lisbon' });
    expect(res.body.relocation_summary.resolved_timezone).toBe('Europe/Lisbon');
    expect(res.body.relocation_summary.angular_planets.some((a: any) => a.body === 'jupiter' && a.angle === 'mc')).toBe(true);
    expect(res.body.chart.subject.location.city).toBe('Lisbon');
    expect(res.body.chart.subject.datetime_utc).toBe('1995-09-05T18:00:00.000Z');
    expect(res.body.chart.planets.length).toBeGreaterThanOrEqual(10);
    expect(res.body.chart.houses).toHaveLength(12);
    expect(res.body.comparison.rising_sign).toEqual({ natal: 'Pisces', relocated: 'Aquarius' });
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ natal: { ...paris, time_known: false }, city: 'Lisbon' }, 'body.natal.time_known'],
      [{ natal: paris, city: 'Lisbonn' }, 'body.city'],
      [{ natal: paris, lat: 91, lng: 0 }, 'body.lat'],
      [{ natal: paris, city: 'Lisbon', country: 'Narnia' }, 'body.country'],
    ] as const) {
      const res = await server.post(RELOCATE, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
  });
});

describe('MCP', () => {
  it('answers as structuredContent what REST answers', async () => {
    for (const [path, tool, args] of [
      [RECOMMEND, 'v1_western_astrocartography_recommendations', { natal: paris, focus: 'home', country_scope: 'own_country', limit: 3 }],
      [RELOCATE, 'v1_western_astrocartography_relocation', { natal: paris, city: 'Tokyo' }],
    ] as const) {
      const rest = await server.post(path, args);
      expect(rest.status, JSON.stringify(rest.body).slice(0, 300)).toBe(200);
      const result: any = await mcp.client.callTool({ name: tool, arguments: args });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest.body);
    }
  });
});
