/**
 * The edges of the data files, through the natal endpoint of a server whose one compute thread
 * serves every request in turn (so what it computed before is there to leak):
 * - 2400-01-01 12:00 UT, past the files' end, gets the same answer whatever came before, and the
 *   provenance says Moshier, which is what computed it (no asteroids);
 * - in 1583 the Moon is computed with the ΔT the provenance reports.
 */
import sweph from 'sweph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

const C = sweph.constants;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 1 });
});
afterAll(async () => {
  await server?.close();
});

const at = (year: number, month: number, day: number, hour: number) => ({ year, month, day, hour, minute: 0, lat: 0, lng: 0, tz_str: 'UTC' });
const natal = async (body: object) => {
  const res = await server.post('/api/v1/natal/calculate', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('the edges of the data files', () => {
  it('2400-01-01 12:00 UT: the same answer after any other request, from Moshier, as the provenance says', async () => {
    const noon2400 = at(2400, 1, 1, 12);
    const first = await natal(noon2400);
    await natal(at(2399, 12, 30, 12)); // opens the data files, asteroids included
    const afterFiles = await natal(noon2400);
    await natal(at(1583, 6, 1, 0)); // a Moshier date
    const afterMoshier = await natal(noon2400);
    expect(afterFiles.planets).toEqual(first.planets);
    expect(afterMoshier.planets).toEqual(first.planets);
    expect(afterMoshier.warnings).toEqual(first.warnings);
    expect(first.provenance.ephemeris.mode).toBe('moshier_fallback');
    expect(first.planets.map((p: { id: string }) => p.id)).not.toContain('chiron');
    expect(first.warnings.join(' ')).toMatch(/chiron omitted/);
  });

  it('1583: the Moon is where the reported ΔT puts it', async () => {
    const body = await natal(at(1583, 1, 1, 0));
    const deltaT = body.provenance.delta_t_seconds;
    expect(deltaT).toBeCloseTo(114.8, 1);
    const jdUt = 2299238.5;
    const moon = sweph.calc(jdUt + deltaT / 86400, 1, C.SEFLG_MOSEPH).data[0];
    const reported = body.planets.find((p: { id: string }) => p.id === 'moon').abs_pos;
    expect(Math.abs(reported - moon) * 3600).toBeLessThan(1e-6);
  });
});
