/**
 * The yogas over real HTTP: /api/v1 and /api/v2/vedic/yogas answer what their clients read on a
 * birth checked by hand (the Delhi chart of the Vedic tests: Leo lagna; Sun, Jupiter, Venus and
 * Ketu in Cancer, the 12th; Moon in Taurus, the 10th; Mars in Aries, the 9th; Mercury in Leo;
 * Saturn in Sagittarius; Rahu in Capricorn); an untimed birth keeps the Moon's yogas with a
 * warning; bad input is a 422 naming the field; the MCP tools answer the REST JSON; OpenAPI
 * describes the routes.
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

const birth = DELHI_WIDGET_BIRTH;

interface Row {
  id: string;
  name: string;
  type: string;
  category: string;
  active: boolean;
  strength: string | null;
  planets: string[];
  houses: number[];
  evidence: string;
}

describe('POST /api/v1|v2/vedic/yogas', () => {
  it('finds the yogas of the hand-checked chart, and only those', async () => {
    const v2 = await server.post('/api/v2/vedic/yogas', birth);
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    const rows = v2.body.yogas as Row[];
    expect(rows.map((y) => y.id)).toEqual([
      'raja_yoga:sun+jupiter', // Sun (1st lord) with Jupiter (5th) in Cancer
      'raja_yoga:sun+venus', // Sun with Venus (10th)
      'raja_yoga:jupiter+venus', // Jupiter (5th) with Venus (10th)
      'yogakaraka:mars', // Mars rules the 4th and the 9th
      'sarala', // Jupiter, 8th lord, in the 12th
      'anapha', // Mars in the 12th from the Moon
      'vesi', // Mercury in the 2nd from the Sun
      'parivartana:moon+venus', // the Moon in Taurus, Venus in Cancer: 10th and 12th
      'pasha', // five signs occupied
      'guru_chandala', // Jupiter with Ketu
      'grahana:sun', // the Sun with Ketu
    ]);
    expect(rows.find((y) => y.id === 'parivartana:moon+venus')).toMatchObject({
      name: 'Dainya Parivartana Yoga',
      type: 'dainya',
      houses: [10, 12],
      active: true,
    });
    expect(rows.find((y) => y.id === 'raja_yoga:sun+jupiter')).toMatchObject({
      category: 'raja',
      type: 'conjunction',
      planets: ['Sun', 'Jupiter'],
      houses: [12],
    });
    expect(v2.body.active_yogas).toEqual(rows.map((y) => y.name));
    expect(v2.body.summary).toMatchObject({
      total: 11,
      active: 11,
      cancelled: 0,
      by_category: { raja: 5, chandra: 1, surya: 1, parivartana: 1, nabhasa: 1, arishta: 2 },
    });
    expect(v2.body.settings).toMatchObject({ gajakesari_from: 'moon', kemadruma_grahas: 'five', explain: false, categories: null });
    expect(v2.body.near_misses).toEqual([]);

    const v1 = await server.post('/api/v1/vedic/yogas', birth);
    expect(v1.status).toBe(200);
    expect(v1.body.yogas[0]).toEqual({
      id: 'raja_yoga:sun+jupiter',
      name: 'Raja Yoga',
      category: 'Power & Status',
      active: true,
      planets: ['Sun', 'Jupiter'],
      houses: [12],
      strength: rows[0]!.strength,
      description: expect.any(String),
    });
  });

  it('lists the near misses with `explain`, and filters by category', async () => {
    const res = await server.post('/api/v2/vedic/yogas', { ...birth, explain: true, categories: ['raja', 'Dhana'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(res.body.yogas.map((y: Row) => y.category))).toEqual(new Set(['raja']));
    const near = res.body.near_misses as { key: string; planets: string[]; failed: string }[];
    // Mars (9th lord) aspects Venus (10th lord) in Cancer by its 4th; Venus does not aspect Aries.
    expect(near).toContainEqual({
      key: 'dharma_karmadhipati',
      name: 'Dharma-Karmadhipati Raja Yoga',
      category: 'raja',
      planets: ['Mars', 'Venus'],
      met: ['Mars rules the 4th and 9th, Venus the 3rd and 10th: lords of a kendra and a trikona'],
      failed: 'Mars aspects Venus, but not in return: no exchange, conjunction or mutual aspect',
    });
    // The 9th lord Mars is in its own sign in the 9th, but the lagna lord, the Sun, is in the 12th.
    expect(near.find((n) => n.key === 'lakshmi')?.failed).toMatch(/lagna lord Sun is not strong/);
  });

  it('keeps the Moon’s and the Sun’s yogas for an untimed birth, with a warning', async () => {
    const res = await server.post('/api/v2/vedic/yogas', { ...birth, hour: undefined, minute: undefined, time_known: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.skipped_groups).toContain('Raja (kendra and trikona lords)');
    expect(res.body.warnings.join(' ')).toMatch(/yogas counted from the lagna were not evaluated/);
    expect(res.body.metadata.house_reference).toBe('chandra_lagna');
    expect(res.body.yogas.some((y: Row) => y.category === 'raja' || y.category === 'parivartana')).toBe(false);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...birth, gajakesari_from: 'sun' }, 'gajakesari_from'],
      [{ ...birth, categories: ['wealth'] }, 'categories'],
      [{ ...birth, explain: 'perhaps' }, 'explain'],
      [{ ...birth, ayanamsha: 'nonesuch' }, 'ayanamsha'],
      [{ ...birth, hour: undefined }, 'hour'],
    ] as const) {
      const res = await server.post('/api/v1/vedic/yogas', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('the yogas’ MCP tools', () => {
  it('answer the REST JSON', async () => {
    for (const [tool, path, body] of [
      ['v1_vedic_yogas', '/api/v1/vedic/yogas', birth],
      ['v2_vedic_yogas', '/api/v2/vedic/yogas', { ...birth, explain: true }],
    ] as const) {
      const rest = await server.post(path, body);
      const result = await mcp.client.callTool({ name: tool, arguments: body });
      expect(result.isError ?? false, tool).toBe(false);
      expect(result.structuredContent, tool).toEqual(rest.body);
    }
  });

  it('are listed under /mcp/vedic and described in the OpenAPI document', async () => {
    const res = await rawMcp(`${server.url}/mcp/vedic`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'x-api-key': server.key });
    const names: string[] = res.body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['v1_vedic_yogas', 'v2_vedic_yogas']));
    const doc = await server.get('/docs/json');
    for (const path of ['/api/v1/vedic/yogas', '/api/v2/vedic/yogas']) expect(doc.body.paths[path]?.post?.description, path).toMatch(/docs\/api\/vedic\.md/);
  });
});
