/**
 * The strength endpoints over real HTTP: /api/v1 and /api/v2/vedic/strength answer what their
 * clients read (peer-families §6.2); bad input is a 422 naming the field; the MCP tools answer the
 * REST JSON; OpenAPI describes the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELHI_WIDGET_BIRTH } from '../helpers/vedic-births.ts';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** What the dashboard widget sends (peer-families §6: the common request). */
const birth = DELHI_WIDGET_BIRTH;

const GRAHAS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'];

describe('POST /api/v1|v2/vedic/strength', () => {
  it('answers the fields v1 and v2 clients read', async () => {
    const v1 = await server.post('/api/v1/vedic/strength', birth);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(Object.keys(v1.body.shadbala)).toEqual(GRAHAS);
    for (const name of GRAHAS) {
      const g = v1.body.shadbala[name];
      expect(typeof g.ratio).toBe('number');
      expect(['Very Strong', 'Strong', 'Medium', 'Weak', 'Very Weak']).toContain(g.strength_rating);
      expect(Object.keys(g.components)).toEqual(['sthana_bala', 'dig_bala', 'kala_bala', 'chesta_bala', 'naisargika_bala', 'drik_bala']);
    }
    expect(v1.body.ashtakavarga.total_points).toBe(337);
    expect(v1.body.ashtakavarga.sarva_ashtakavarga).toHaveLength(12);
    // The lagna is Leo: the 1st house of the sarva is Leo's.
    expect(v1.body.ashtakavarga.sarva_ashtakavarga[0]).toMatchObject({ house: 1, sign: 'Leo', sign_num: 5 });
    expect(v1.body.bhava_bala).toHaveLength(12);
    expect(v1.body.birth_day).toMatchObject({ day_birth: true, weekday: 'Wednesday', vara_lord: 'Mercury', hora_lord: 'Mercury' });

    const v2 = await server.post('/api/v2/vedic/strength', { ...birth, ashtakavarga_reductions: true });
    expect(v2.status).toBe(200);
    expect(Object.keys(v2.body.shadbala)).toEqual(GRAHAS.map((g) => g.toLowerCase()));
    expect(v2.body.shadbala.sun).toMatchObject({ minimum_requirements: 6.5 });
    expect(v2.body.shadbala.sun.shadbala_in_rupas).toBeCloseTo(v2.body.shadbala.sun.shadbala_in_virupas / 60, 1);
    expect(v2.body.ashtakavarga.sarvashtakavarga).toHaveLength(12);
    expect(v2.body.ashtakavarga.bhinnashtakavarga.jupiter.reduce((a: number, b: number) => a + b, 0)).toBe(56);
    expect(v2.body.ashtakavarga.reductions.sarvashtakavarga).toHaveLength(12);
    expect(Object.keys(v2.body.ishta_kashta)).toEqual(GRAHAS.map((g) => g.toLowerCase()));
  });

  it('answers an untimed birth and a polar one with warnings', async () => {
    const untimed = await server.post('/api/v2/vedic/strength', { ...birth, hour: undefined, minute: undefined, time_known: false });
    expect(untimed.status, JSON.stringify(untimed.body)).toBe(200);
    expect(untimed.body.ashtakavarga.lagna.is_chandra_lagna).toBe(true);
    expect(untimed.body.warnings.join(' ')).toMatch(/Birth time unknown/);
    const polar = await server.post('/api/v1/vedic/strength', { year: 2020, month: 12, day: 21, hour: 12, minute: 0, lat: 78.22, lng: 15.65 });
    expect(polar.status, JSON.stringify(polar.body)).toBe(200);
    expect(polar.body.birth_day.sun_rise_fallback).toBe(true);
    expect(polar.body.warnings.join(' ')).toMatch(/does not rise or set/);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...birth, ashtakavarga_reductions: 'sometimes' }, 'ashtakavarga_reductions'],
      [{ ...birth, ayanamsha: 'nonesuch' }, 'ayanamsha'],
      [{ ...birth, month: 13 }, 'month'],
    ] as const) {
      const res = await server.post('/api/v1/vedic/strength', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('the MCP tools answer the REST JSON, and OpenAPI describes the routes', async () => {
    for (const version of [1, 2]) {
      const rest = await server.post(`/api/v${version}/vedic/strength`, birth);
      const result = await mcp.client.callTool({ name: `v${version}_vedic_strength`, arguments: birth });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body);
    }
    const res = await server.get('/docs/json');
    for (const path of ['/api/v1/vedic/strength', '/api/v2/vedic/strength'])
      expect(res.body.paths[path]?.post?.description, path).toMatch(/docs\/api\/vedic\.md/);
  });
});
