/**
 * Every MCP tool of the catalogue, called with an example input over real HTTP: its
 * structuredContent must satisfy the tool's own outputSchema as tools/list publishes it, checked
 * with the Ajv validators the official SDKs use on every call (v2's 2020-12 engine and v1's
 * draft-07 one). A client whose SDK rejects a result never sees the answer, so the first
 * mismatch fails here with the tool's name and Ajv's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { AjvJsonSchemaValidator as AjvJsonSchemaValidatorV1 } from '@modelcontextprotocol/sdk/validation/ajv';
import { TOOLS } from '../../src/features/mcp/catalogue.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp, toolCall } from '../helpers/mcp.ts';
import { exampleOfJsonSchema } from '../helpers/schema-example.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const birth = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Lisbon' };
const nested = { name: 'Ada', datetime: '1990-05-17 08:15', location: { city: 'Lisbon', tz_str: 'AUTO' } };
const natal = { ...birth, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
const personA = { name: 'Ada', datetime: '1990-05-17T08:15:00', location: { city: 'Lisbon', lat: 38.72, lng: -9.14 }, tz_str: 'Europe/Lisbon' };
const personB = { name: 'Ben', datetime: '1992-11-03T21:40:00', location: { city: 'London', lat: 51.5, lng: -0.12 }, tz_str: 'AUTO' };
const progressionNatal = { natal: nested };

/** Inputs for the tools whose input schema carries no example of its own. */
const EXAMPLES: Record<string, unknown> = {
  natal: birth,
  v1_natal_calculate: birth,
  v1_transits_calculate: { natal: birth, transit_date: '2026-03-20T12:00' },
  v1_ephemeris_calculate: { start: '2026-01-01', end: '2026-01-10', step: '1d', include_aspects: true },
  v1_ephemeris: { start: '2026-01-01', end: '2026-01-10', step: '1d' },
  v1_sky_events: { date: '2026-03-20', timezone: 'Europe/Paris', preset: 'daily' },
  v1_numerology_profile: {
    method: {
      system: 'pythagorean',
      profile: 'pythagorean-component-preserve-core-v1',
      master_policy: 'preserve_core_11_22_33',
      compound_policy: 'full_trace',
    },
    subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } },
    date_context: { reference_date: '2026-01-15' },
  },
  v1_natal_chart: { kind: 'natal', chart: birth },
  v1_geo_search: { query: 'Lisbon', limit: 2 },
  v1_western_solar_calculate: { natal: nested, solar_return: { year: 2026 } },
  v1_western_returns_calculate: { natal: nested, return_target: { body: 'moon', search_start: '2026-01-01', search_end: '2026-02-15' } },
  v1_chinese_bazi: { ...birth, sex: 'F' },
  v1_chinese_bazi_flow: { ...birth, target_year: 2026 },
  v1_chinese_bazi_dictionary: { lang: 'zh-CN' },
  v1_chinese_bazi_synastry: { person_a: { ...birth, sex: 'F' }, person_b: { ...birth, year: 1991 } },
  v1_chinese_bazi_time_correction: { ...birth, time_standard: 'true_solar' },
  v1_chinese_bazi_lifespan: { ...birth, max_age: 90 },
  v1_chinese_bazi_health: { ...birth, timing_start_year: 2026 },
  v1_chinese_calendar: { date: '2024-02-04', timezone: 'Asia/Shanghai' },
  v1_chinese_today: { timezone: 'Asia/Shanghai' },
  v1_western_synastry: { person_a: personA, person_b: personB },
  v1_western_synastry_summary: { person_a: personA, person_b: personB },
  v1_western_synastry_simplified: { person_a: personA, person_b: personB },
  v1_western_synastrycards: { person_a: personA, person_b: personB },
  v1_western_synastry_horoscope: { person_a: personA, person_b: personB, date: '2026-02-14', tz_str: 'Europe/Lisbon' },
  v1_western_profections_annual: { ...natal, annual_profection: { year: 2026 } },
  v2_vedic_visual_chart: { ...birth, chart_style: 'north_indian', size: 400 },
  v2_horoscope_daily_sign: { sign: 'leo', date: '2026-11-25', tz_str: 'UTC' },
  v1_horoscope_daily_sign: { sign: 'leo', date: '2026-11-25', tz_str: 'UTC' },
  v1_western_transits_timeline: { natal, range_start: '2026-03-09', range_end: '2026-03-15', mode: 'week' },
  v1_western_transits_search: { natal, transit_planet: 'Saturn', natal_point: 'Sun', reference_datetime: '2026-01-01' },
  v1_western_natal_insights: natal,
  v1_western_transits_insights: { natal, range_start: '2026-04-01', range_end: '2026-04-30' },
};
for (const system of ['secondary', 'tertiary', 'converse_secondary', 'solar_arc']) {
  const target = system === 'tertiary' ? '1990-09-01' : '2026-12-31';
  const range = system === 'tertiary' ? { from: '1990-06-01', to: '1990-12-31' } : { from: '2026-01-01', to: '2026-12-31' };
  EXAMPLES[`v1_western_progressions_${system}`] = { ...progressionNatal, [`${system}_progression`]: { target_date: target } };
  EXAMPLES[`v1_western_progressions_${system}_calendar`] = { ...progressionNatal, calendar: range };
  EXAMPLES[`v1_western_progressions_${system}_exact_aspects`] = { ...progressionNatal, search: range };
  EXAMPLES[`v1_western_progressions_${system}_exact_ingresses`] = { ...progressionNatal, search: { from: '2020-01-01', to: '2029-12-31' } };
}

/** The example input of a tool: the one above, else its input schema's own (a named schema's is in its $defs entry). */
function exampleOf(tool: (typeof TOOLS)[number]): unknown {
  return EXAMPLES[tool.name] ?? exampleOfJsonSchema(tool.input['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
}

const validators = { 'SDK v2 (Ajv 2020-12)': new AjvJsonSchemaValidator(), 'SDK v1 (Ajv draft-07)': new AjvJsonSchemaValidatorV1() };

describe('every tool answers what its outputSchema says', () => {
  it("has an example input for every tool of the catalogue (its input schema's, or one in EXAMPLES above)", () => {
    expect(TOOLS.filter((t) => exampleOf(t) === undefined).map((t) => t.name)).toEqual([]);
  });

  // tools/list as published, read once; then one test per tool (its own time limit, its own name in a failure).
  let published: Map<string, Record<string, unknown>>;
  let id = 2;
  beforeAll(async () => {
    const listed = await rawMcp(`${server.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': server.key });
    expect(listed.status).toBe(200);
    published = new Map(listed.body.result.tools.map((t: any) => [t.name, t.outputSchema]));
  });

  it.each(TOOLS.map((tool) => [tool.name, tool] as const))('%s: structuredContent validates against its published outputSchema', async (_name, tool) => {
    const outputSchema = published.get(tool.name);
    expect(outputSchema, `${tool.name} publishes an outputSchema`).toBeDefined();
    const res = await rawMcp(`${server.url}/mcp`, toolCall(id++, tool.name, exampleOf(tool)), { 'x-api-key': server.key });
    const result = res.body.result;
    expect(result?.isError ?? false, `${tool.name}: ${JSON.stringify(result ?? res.body).slice(0, 600)}`).toBe(false);
    expect(result.structuredContent, `${tool.name} gives structuredContent`).toBeTypeOf('object');
    for (const [sdk, validator] of Object.entries(validators)) {
      const verdict = validator.getValidator(outputSchema as never)(result.structuredContent);
      expect(verdict.valid, `${tool.name} with ${sdk}: ${verdict.errorMessage}`).toBe(true);
    }
  });
});
