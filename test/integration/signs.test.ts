/**
 * POST /api/v1/western/signs/{sun|moon|rising|midheaven} over real HTTP: the point as the natal
 * answer has it, the interpretation item, 422s for an unknown point and for the angles without a
 * birth time, and the four MCP tools answering the same JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import { signResponse } from '../../src/features/western/signs/signs-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

const birth = {
  name: 'Ada',
  year: 1990,
  month: 5,
  day: 17,
  hour: 8,
  minute: 15,
  city: 'Lisbon',
  tz_str: 'AUTO',
  house_system: 'placidus',
  zodiac_type: 'tropical',
};

describe('POST /api/v1/western/signs/{point}', () => {
  it('answers each point as the natal chart has it', async () => {
    const natal = (await server.post('/api/v1/natal/calculate', birth)).body;
    for (const [point, name, at] of [
      ['sun', 'Sun', natal.planets[0]],
      ['moon', 'Moon', natal.planets[1]],
      ['rising', 'Ascendant', natal.angles_details.asc],
      ['midheaven', 'Midheaven', natal.angles_details.mc],
    ] as const) {
      const res = await server.post(`/api/v1/western/signs/${point}`, birth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(signResponse.strict().safeParse(res.body).error).toBeUndefined();
      expect(res.body).toMatchObject({ point: name, sign: at.sign, sign_id: at.sign_id, degree: at.pos, abs_pos: at.abs_pos, house: at.house });
      expect(res.body.interpretation).toBeUndefined();
    }
    const sun = await server.post('/api/v1/western/signs/sun', birth);
    expect(sun.body).toMatchObject({ point: 'Sun', sign: 'Tau', sign_id: 'taurus' });
  });

  it('adds the library item for the point with interpretation.enable', async () => {
    const res = await server.post('/api/v1/western/signs/sun', { ...birth, interpretation: { enable: true, style: 'improved' } });
    expect(res.body.interpretation).toMatchObject({
      id: 'sun_taurus',
      key: 'planet.sun.sign.taurus',
      category: 'planet_sign',
      style: 'improved',
      language: 'en',
    });
    expect(res.body.interpretation.strengths.length).toBeGreaterThan(0);
    const natal = (await server.post('/api/v1/natal/calculate', { ...birth, interpretation: { enable: true, style: 'improved' } })).body;
    const item = Object.values(natal.interpretation.sections)
      .flat()
      .find((i: any) => i.key === 'planet.sun.sign.taurus') as any;
    expect(res.body.interpretation).toMatchObject({ title: item.title, body: item.body, strengths: item.strengths });
  });

  it('refuses an unknown point with the allowed list, and the angles without a birth time on time_known', async () => {
    const venus = await server.post('/api/v1/western/signs/venus', birth);
    expect(venus.status).toBe(422);
    expect(venus.body.detail[0].loc).toEqual(['path', 'point']);
    expect(JSON.stringify(venus.body)).toMatch(/sun.*moon.*rising.*midheaven/);
    for (const point of ['rising', 'midheaven']) {
      const res = await server.post(`/api/v1/western/signs/${point}`, { ...birth, hour: undefined, minute: undefined, time_known: false });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'time_known']);
    }
    const missingHour = await server.post('/api/v1/western/signs/rising', { ...birth, hour: undefined });
    expect(missingHour.status).toBe(422);
    expect(missingHour.body.detail[0].loc).toEqual(['body', 'hour']);
    const untimedSun = await server.post('/api/v1/western/signs/sun', { ...birth, hour: undefined, minute: undefined, time_known: false });
    expect(untimedSun.status).toBe(200);
    expect(untimedSun.body.house).toBeUndefined();
  });

  it('the four MCP tools answer the REST JSON', async () => {
    for (const point of ['sun', 'moon', 'rising', 'midheaven']) {
      const rest = await server.post(`/api/v1/western/signs/${point}`, { ...birth, interpretation: { enable: true } });
      const result = await mcp.client.callTool({ name: `v1_western_signs_${point}`, arguments: { ...birth, interpretation: { enable: true } } });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body);
    }
    const refused = await mcp.client.callTool({ name: 'v1_western_signs_rising', arguments: { ...birth, time_known: false } });
    expect(refused.isError).toBe(true);
    expect((refused.content as any[])[0].text).toMatch(/time_known/);
  });
});
