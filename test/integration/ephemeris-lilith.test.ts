/**
 * A request that names one Lilith gets it under the key `Lilith`, whichever apogee it is (a client
 * asking for `Mean_Lilith` reads `bodies.Lilith`), with `meta.body_definitions.Lilith` saying which;
 * both named are two keys. The same in JSON, tables, CSV and NDJSON, and in aspects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const range = { start: '2024-03-01T00:00Z', end: '2024-03-03T00:00Z', step: '1d', tz_str: 'UTC' };
const eph = (body: Record<string, unknown>) => server.post('/api/v1/ephemeris/calculate', { ...range, ...body });
const MEAN = 'mean lunar apogee';
const OSCULATING = 'osculating (true) lunar apogee';

/** Both apogees' longitudes by row, from a request that names both (their keys as before). */
async function bothApogees(): Promise<{ mean: number[]; osculating: number[] }> {
  const res = await eph({ bodies: ['Sun', 'Lilith', 'Mean_Lilith'] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.meta.bodies).toEqual(['Sun', 'Lilith', 'Mean_Lilith']);
  expect(res.body.meta.body_definitions).toEqual({ Lilith: OSCULATING, Mean_Lilith: MEAN });
  return { mean: res.body.data.map((r: any) => r.bodies.Mean_Lilith.abs_pos), osculating: res.body.data.map((r: any) => r.bodies.Lilith.abs_pos) };
}

describe('one Lilith in an ephemeris request', () => {
  it('is the key `Lilith` for the mean apogee in any accepted spelling, and meta says which apogee', async () => {
    const { mean, osculating } = await bothApogees();
    expect(mean[0]).not.toBeCloseTo(osculating[0]!, 3);
    for (const spelling of ['Mean_Lilith', 'mean_lilith', 'Mean Lilith', 'black_moon_lilith', 'mean-apogee']) {
      const res = await eph({ bodies: ['Sun', spelling] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.meta.bodies).toEqual(['Sun', 'Lilith']);
      expect(res.body.meta.body_definitions).toEqual({ Lilith: MEAN });
      expect(res.body.meta.body_aliases).toEqual({ [spelling]: 'Lilith' });
      expect(res.body.data.map((r: any) => Object.keys(r.bodies))).toEqual(mean.map(() => ['Sun', 'Lilith']));
      expect(res.body.data.map((r: any) => r.bodies.Lilith.abs_pos)).toEqual(mean);
    }
  });

  it('is the key `Lilith` for the osculating apogee too (as before)', async () => {
    const { osculating } = await bothApogees();
    for (const spelling of ['Lilith', 'True_Lilith', 'osculating apogee']) {
      const res = await eph({ bodies: [spelling] });
      expect(res.body.meta.bodies).toEqual(['Lilith']);
      expect(res.body.meta.body_definitions).toEqual({ Lilith: OSCULATING });
      expect(res.body.data.map((r: any) => r.bodies.Lilith.abs_pos)).toEqual(osculating);
    }
  });

  it('answers a single instant (data is one row) and the GET alias the same way', async () => {
    const post = await server.post('/api/v1/ephemeris/calculate', { start: '2024-03-01T00:00Z', bodies: ['Mean_Lilith'] });
    expect(Object.keys(post.body.data.bodies)).toEqual(['Lilith']);
    const get = await server.get('/api/v1/ephemeris?start=2024-03-01T00:00Z&bodies=Mean_Lilith');
    expect(get.status).toBe(200);
    expect(get.body.data.bodies.Lilith.abs_pos).toBe(post.body.data.bodies.Lilith.abs_pos);
    expect(get.body.meta.body_definitions).toEqual({ Lilith: MEAN });
  });

  it('names the column `Lilith` in tables (rows, columns, grid), CSV headers and NDJSON rows', async () => {
    const bodies = ['Sun', 'Mean_Lilith'];
    for (const table_style of ['rows', 'grid']) {
      const table = await eph({ bodies, format: 'table', table_style });
      expect(table.status, JSON.stringify(table.body)).toBe(200);
      expect(table.body.table.columns.slice(-2)).toEqual(['Sun', 'Lilith']);
    }
    const columns = await eph({ bodies, format: 'table', table_style: 'columns' });
    expect(columns.body.table.rows.map((r: unknown[]) => r[0])).toEqual(['Sun', 'Lilith']);

    const { mean } = await bothApogees();
    const csv = await eph({ bodies, format: 'csv' });
    expect(csv.status).toBe(200);
    const [header, ...lines] = (csv.body as string).trimEnd().split('\n');
    const names = header!.split(',');
    expect(names).toContain('Lilith_lon');
    expect(names).not.toContain('Mean_Lilith_lon');
    expect(lines.map((l) => Number(l.split(',')[names.indexOf('Lilith_lon')]))).toEqual(mean);

    const ndjson = await eph({ bodies, format: 'ndjson' });
    const rows = (ndjson.body as string)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.bodies.Lilith.abs_pos)).toEqual(mean);
  });

  it('names the one Lilith `lilith` in aspects, matching its column', async () => {
    const res = await eph({
      start: '2024-03-01T00:00Z',
      end: '2024-03-31T00:00Z',
      bodies: ['Sun', 'Moon', 'Mean_Lilith'],
      include_aspects: true,
      include_minor_aspects: true,
    });
    const names = new Set(res.body.data.flatMap((r: any) => r.aspects.flatMap((a: any) => [a.p1, a.p2])));
    expect(names).toContain('lilith');
    expect(names).not.toContain('mean_lilith');
  });
});
