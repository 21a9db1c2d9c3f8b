/**
 * The gochara timeline and the muhurta search over real HTTP: what they answer, the 422s of a
 * range past its cap and of bad input, the MCP tools answering the REST JSON, /mcp/vedic listing
 * them, and the OpenAPI document describing the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { rawMcp, startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

const birth = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, city: 'New Delhi', lat: 28.6139, lng: 77.209, tz_str: 'AUTO', ayanamsha: 'lahiri' };
const gochar = { ...birth, start_date: '2026-01-01', end_date: '2026-12-31' };
const muhurat = { purpose: 'griha_pravesh', start_date: '2026-12-01', end_date: '2026-12-31', lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata', limit: 5 };

describe('POST /api/v1|v2/vedic/gochar/timeline', () => {
  it('answers the stays of the grahas from the natal Moon', async () => {
    const v1 = await server.post('/api/v1/vedic/gochar/timeline', gochar);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.natal_moon).toMatchObject({ sign: 'Taurus', sign_num: 2, nakshatra: 'Rohini' });
    expect(v1.body.transits.map((t: { graha: string }) => t.graha)).toEqual(['Sun', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu']);
    const jupiter = v1.body.transits.find((t: { graha: string }) => t.graha === 'Jupiter');
    // Jupiter in Gemini, the 2nd from a Taurus Moon (favourable; vedha the 12th, Aries), into Cancer in June 2026.
    expect(jupiter.stays[0]).toMatchObject({
      sign: 'Gemini',
      sign_num: 2 + 1,
      house_from_moon: 2,
      favourable: true,
      vedha: { house: 12, sign: 'Aries', kind: 'vedha' },
    });
    expect(jupiter.stays[1]).toMatchObject({ sign: 'Cancer', house_from_moon: 3, favourable: false });
    expect(jupiter.stays[1].start).toMatch(/^2026-06-0[12]T/);
    const v2 = await server.post('/api/v2/vedic/gochar/timeline', { ...gochar, include_moon: true, end_date: '2026-01-31' });
    expect(v2.status).toBe(200);
    expect(v2.body.transits[0].graha).toBe('Moon');
    expect(v2.body.transits[0].stays.length).toBeGreaterThan(12);
    expect(v2.body.transits[0].stays[0]).toHaveProperty('sign_id');
  });

  it('refuses a range past its cap, and bad input, with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...gochar, end_date: '2029-06-01' }, 'end_date'],
      [{ ...gochar, include_moon: true, end_date: '2027-06-01' }, 'end_date'],
      [{ ...gochar, end_date: '2025-01-01' }, 'end_date'],
      [{ ...gochar, start_date: 'soon' }, 'start_date'],
      [{ ...gochar, ayanamsha: 'nonesuch' }, 'ayanamsha'],
    ] as const) {
      const res = await server.post('/api/v1/vedic/gochar/timeline', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('POST /api/v2/vedic/muhurat/search', () => {
  it('answers the best windows in the shape the kundli app reads', async () => {
    const res = await server.post('/api/v2/vedic/muhurat/search', { ...muhurat, birth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.purpose).toBe('griha_pravesh');
    expect(res.body.range).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31', day_count: 31 });
    expect(res.body.best_windows).toHaveLength(5);
    for (const w of res.body.best_windows) {
      // The app's fields first, as it reads them; then the core shared with the electional search.
      expect(Object.keys(w)).toEqual([
        'date',
        'start',
        'end',
        'duration_minutes',
        'score',
        'quality',
        'reasons',
        'warnings',
        'source_periods',
        'criteria',
        'window',
        'quality_band',
        'supporting_factors',
        'caution_factors',
      ]);
      expect(w.criteria.tara_bala).not.toBeNull();
    }
    expect(res.body.metadata.personal_factors_scored).toBe(true);
  });

  it('refuses 32 dates, an unknown purpose and a limit past 50 with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...muhurat, end_date: '2027-01-01' }, 'end_date'],
      [{ ...muhurat, purpose: 'coronation' }, 'purpose'],
      [{ ...muhurat, limit: 51 }, 'limit'],
      [{ ...muhurat, start_date: '2026-13-01' }, 'start_date'],
    ] as const) {
      const res = await server.post('/api/v2/vedic/muhurat/search', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('the MCP tools', () => {
  it('answer the REST JSON', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['v1_vedic_gochar_timeline', '/api/v1/vedic/gochar/timeline', gochar],
      ['v2_vedic_gochar_timeline', '/api/v2/vedic/gochar/timeline', { ...gochar, end_date: '2026-03-01' }],
      ['v2_vedic_muhurat_search', '/api/v2/vedic/muhurat/search', { ...muhurat, end_date: '2026-12-03' }],
    ];
    for (const [tool, path, body] of calls) {
      const rest = await server.post(path, body);
      const result = await mcp.client.callTool({ name: tool, arguments: body });
      expect(result.isError ?? false, tool).toBe(false);
      expect(result.structuredContent, tool).toEqual(rest.body);
    }
  });

  it('are listed under /mcp/vedic, and the routes in the OpenAPI document', async () => {
    const res = await rawMcp(`${server.url}/mcp/vedic`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': server.key });
    const names: string[] = res.body.result.tools.map((t: { name: string }) => t.name);
    for (const tool of ['v1_vedic_gochar_timeline', 'v2_vedic_gochar_timeline', 'v2_vedic_muhurat_search']) expect(names).toContain(tool);
    const doc = await server.get('/docs/json');
    for (const path of ['/api/v1/vedic/gochar/timeline', '/api/v2/vedic/gochar/timeline', '/api/v2/vedic/muhurat/search'])
      expect(doc.body.paths[path]?.post, path).toBeDefined();
  });
});

describe('a bad birth block', () => {
  it('is a 422 naming the field under birth', async () => {
    const res = await server.post('/api/v2/vedic/muhurat/search', { ...muhurat, birth: { ...birth, day: 31, month: 9 } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'birth', 'day']);
  });
});
