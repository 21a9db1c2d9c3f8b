/**
 * Names of Object.prototype members sent where the API looks a name up (house systems,
 * ayanamsas, bodies, star packs, aspect names, cities): each is an unknown name with a 422 on its
 * field, never something every object inherits (which crashed the request with a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { resolveAyanamsa } from '../../src/astro/ayanamsas.ts';
import { resolveHouseSystem } from '../../src/astro/house-systems.ts';
import { resolveStarPack } from '../../src/astro/fixed-stars.ts';
import { aspectTypeFromName } from '../../src/astro/aspects.ts';
import { resolveBodyName } from '../../src/features/ephemeris/body-names.ts';
import { findPlace } from '../../src/geo/gazetteer.ts';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const birth = { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.7, lng: -9.1, tz_str: 'Europe/Lisbon' };
const { lat: _lat, lng: _lng, ...birthWithoutCoordinates } = birth;

describe('names of Object.prototype members', () => {
  it('are unknown to every name resolver', () => {
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString', 'hasOwnProperty']));
    for (const name of PROTOTYPE_NAMES) {
      expect(resolveHouseSystem(name), name).toBeUndefined();
      expect(resolveAyanamsa(name), name).toBeUndefined();
      expect(resolveBodyName(name), name).toBeUndefined();
      expect(resolveStarPack(name), name).toBeUndefined();
      expect(aspectTypeFromName(name), name).toBeUndefined();
      expect(findPlace(name), name).toBeUndefined();
    }
  });

  it.each(['constructor', '__proto__', 'toString', 'valueOf'])('%s: a 422 on the field that names it', async (name) => {
    const cases: { method: string; path: string; body?: unknown; loc: (string | number)[] }[] = [
      { method: 'POST', path: '/api/v1/natal/calculate', body: { ...birth, house_system: name }, loc: ['body', 'house_system'] },
      {
        method: 'POST',
        path: '/api/v1/natal/calculate',
        body: { ...birth, zodiac_type: 'sidereal', sidereal_ayanamsa: name },
        loc: ['body', 'sidereal_ayanamsa'],
      },
      { method: 'POST', path: '/api/v1/natal/calculate', body: { ...birthWithoutCoordinates, city: name }, loc: ['body', 'city'] },
      { method: 'POST', path: '/natal', body: { ...birthWithoutCoordinates, city: name }, loc: ['body', 'city'] },
      { method: 'POST', path: '/api/v1/transits/calculate', body: { natal: birth, current_city: name }, loc: ['body', 'current_city'] },
      { method: 'POST', path: '/api/v1/transits/calculate', body: { natal: { ...birthWithoutCoordinates, city: name } }, loc: ['body', 'natal', 'city'] },
      { method: 'POST', path: '/api/v1/natal/chart/', body: { ...birth, house_system: name }, loc: ['body', 'house_system'] },
      { method: 'POST', path: '/api/v1/natal/chart/solar-return', body: { ...birth, return_year: 2020, return_city: name }, loc: ['body', 'return_city'] },
      {
        method: 'POST',
        path: '/api/v1/natal/chart/secondary-progressions',
        body: { ...birth, progression_date: '2020-01-01', progression_city: name },
        loc: ['body', 'progression_city'],
      },
      {
        method: 'POST',
        path: '/api/v1/natal/chart/composite',
        body: { person_a: birth, person_b: { ...birthWithoutCoordinates, city: name } },
        loc: ['body', 'person_b', 'city'],
      },
      { method: 'POST', path: '/api/v1/ephemeris/calculate', body: { start: '2020-01-01', bodies: [name] }, loc: ['body', 'bodies', 0] },
      { method: 'POST', path: '/api/v1/ephemeris/calculate', body: { start: '2020-01-01', city: name }, loc: ['body', 'city'] },
      { method: 'GET', path: `/api/v1/ephemeris?start=2020-01-01&bodies=${name}`, loc: ['query', 'bodies', 0] },
      { method: 'GET', path: `/api/v1/ephemeris?start=2020-01-01&house_system=${name}`, loc: ['query', 'house_system'] },
      { method: 'GET', path: `/api/v1/ephemeris?start=2020-01-01&include_fixed_stars=true&fixed_star_packs=${name}`, loc: ['query', 'fixed_star_packs', 0] },
    ];
    for (const c of cases) {
      const res = await server.request(c.method, c.path, c.body);
      expect(res.status, `${c.path} ${JSON.stringify(c.loc)}`).toBe(422);
      expect(res.body.detail[0].loc, c.path).toEqual(c.loc);
    }
  });

  it('a constructor key in a JSON-RPC message is no crash (400 from the MCP transport, not 500)', async () => {
    for (const body of ['[{"constructor":null}]', '{"constructor":null}', '[{"constructor":5}]']) {
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'x-api-key': server.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  it('an orb setting named after one is ignored like any unknown aspect name', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...birth, orb_settings: { toString: 3, hasOwnProperty: 1, conjunction: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.aspects.filter((a: { type: string }) => a.type === 'conjunction').every((a: { orb: number }) => a.orb <= 2)).toBe(true);
  });
});
