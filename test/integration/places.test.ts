/**
 * Places as people type them, through HTTP: local and other-language city names in the
 * calculation endpoints, the chosen place and its namesakes in `location` and `warnings`, and the
 * geo search endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { natalResponse } from '../../src/features/western/natal/natal-schemas.ts';
import { geoSearchResponse } from '../../src/features/geo/geo-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const birth = { year: 1981, month: 1, day: 1, hour: 23, minute: 30 };
const natal = (body: Record<string, unknown>) => server.post('/api/v1/natal/calculate', { ...birth, ...body });
const search = (query: string, headers?: Record<string, string>) => server.get(`/api/v1/geo/search?${query}`, headers);

describe('city names in calculations', () => {
  it('resolves local names and says which place it chose, with its zone', async () => {
    const res = await natal({ city: 'München' });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.subject.location).toMatchObject({ city: 'Munich', country: 'DE', state: 'Bavaria', timezone: 'Europe/Berlin' });
    expect(res.body.provenance.place_source).toBe('gazetteer');
    expect(res.body.warnings).toEqual([]);
  });

  it('warns when the name also belongs to places in other countries, and not once a country is given', async () => {
    const roma = await natal({ city: 'Roma' });
    expect(roma.body.subject.location).toMatchObject({ city: 'Rome', country: 'IT', state: 'Lazio', timezone: 'Europe/Rome' });
    expect(roma.body.warnings).toHaveLength(1);
    expect(roma.body.warnings[0]).toMatch(/'Roma'.*chose Rome, Lazio, Italy.*also Roma, .*United States.*Send country/);
    const italy = await natal({ city: 'Roma', country: 'IT' });
    expect(italy.body.warnings).toEqual([]);
    const australia = await natal({ city: 'Roma', country: 'Australia' });
    expect(australia.body.subject.location).toMatchObject({ city: 'Roma', country: 'AU', timezone: 'Australia/Brisbane' });
  });

  it('resolves Moskva and St. Petersburg to Russia', async () => {
    expect((await natal({ city: 'Moskva' })).body.subject.location).toMatchObject({ city: 'Moscow', country: 'RU', timezone: 'Europe/Moscow' });
    expect((await natal({ city: 'St. Petersburg' })).body.subject.location).toMatchObject({ city: 'Saint Petersburg', country: 'RU' });
  });

  it('answers 422 for property names of plain objects, never 500', async () => {
    for (const city of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await natal({ city });
      expect(res.status, city).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'city']);
      const country = await natal({ city: 'Paris', country: city });
      expect(country.status, city).toBe(422);
    }
  });

  it('carries the warning in the compact natal, the transits, the ephemeris meta and a chart header', async () => {
    const compact = await server.post('/natal', { ...birth, city: 'Roma' });
    expect(compact.status).toBe(200);
    expect(compact.body.warnings[0]).toMatch(/chose Rome/);
    const plain = await server.post('/natal', { ...birth, city: 'Tromsø' });
    expect(plain.body.warnings).toBeUndefined();

    const transits = await server.post('/api/v1/transits/calculate', { natal: { ...birth, city: 'Roma' }, current_city: 'Moskva', transit_date: '2024-01-01' });
    expect(transits.status).toBe(200);
    expect(transits.body.location).toMatchObject({ city: 'Moscow', country: 'RU' });
    expect(transits.body.warnings.filter((w: string) => /chose/.test(w))).toHaveLength(2);

    const ephemeris = await server.get('/api/v1/ephemeris?start=2024-01-01&city=Roma');
    expect(ephemeris.status).toBe(200);
    expect(ephemeris.body.meta.location).toMatchObject({ city: 'Rome', country: 'IT', state: 'Lazio' });
    expect(ephemeris.body.meta.warnings[0]).toMatch(/chose Rome/);

    const chart = await server.post('/api/v1/natal/chart/', { ...birth, city: 'Lodz, Poland' });
    expect(chart.status).toBe(200);
    expect(chart.headers.get('x-warnings')).toBeNull();
    const ambiguous = await server.post('/api/v1/natal/chart/', { ...birth, city: 'Roma' });
    expect(ambiguous.status).toBe(200);
    expect(JSON.parse(ambiguous.headers.get('x-warnings')!)[0]).toMatch(/chose Rome, Lazio, Italy/);
  });
});

describe('GET /api/v1/geo/search', () => {
  it('finds places by the beginning of any of their names, accents and case ignored, most populous first', async () => {
    const res = await search('q=lodz');
    expect(res.status).toBe(200);
    expect(geoSearchResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.results[0]).toEqual({
      name: 'Łódź',
      country: 'PL',
      country_name: 'Poland',
      state: 'Łódź Voivodeship',
      region: 'Łódź Voivodeship',
      district: null,
      lat: expect.closeTo(51.77, 1),
      lng: expect.closeTo(19.47, 1),
      timezone: 'Europe/Warsaw',
      population: expect.any(Number),
      geonames_id: expect.any(Number),
      match: 'name',
      matched_name: null,
    });
    expect(res.body.count).toBe(res.body.results.length);
    expect((await search('q=TROMSO')).body.results[0]).toMatchObject({ name: 'Tromsø', country: 'NO', timezone: 'Europe/Oslo' });
    expect((await search('q=Mosk')).body.results[0]).toMatchObject({ name: 'Moscow', country: 'RU' });
    expect((await search(`q=${encodeURIComponent('東京')}`)).body.results[0]).toMatchObject({ name: 'Tokyo', country: 'JP' });
    const paris = (await search('q=paris&limit=20')).body.results;
    expect(paris[0]).toMatchObject({ name: 'Paris', country: 'FR', timezone: 'Europe/Paris' });
    // Places of that own name come by population; one known by it only as another name counts a tenth.
    const populations = paris.filter((p: any) => p.name.startsWith('Paris')).map((p: any) => p.population);
    expect(populations.length).toBeGreaterThan(5);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(new Set(paris.map((p: any) => p.geonames_id)).size).toBe(paris.length);
  });

  it('bounds limit: default 10, at most 50, at most 5 for a query under 4 characters', async () => {
    expect((await search('q=san')).body.count).toBe(5);
    expect((await search('q=san&limit=50')).body.count).toBe(5);
    expect((await search('q=sant')).body.count).toBe(10);
    expect((await search('q=sant&limit=50')).body.count).toBe(50);
    expect((await search('q=sant&limit=3')).body.count).toBe(3);
  });

  it('narrows by country', async () => {
    const res = await search('q=paris&country=US');
    expect(res.body.results.length).toBeGreaterThan(1);
    expect(res.body.results.every((p: any) => p.country === 'US')).toBe(true);
    expect((await search('q=paris&country=Canada')).body.results[0]).toMatchObject({ country: 'CA' });
  });

  it('answers 422 with the field for bad parameters', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=a', 'q'],
      ['q=paris&limit=0', 'limit'],
      ['q=paris&limit=51', 'limit'],
      ['q=paris&limit=ten', 'limit'],
      ['q=paris&country=Atlantis', 'country'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await search(query);
      expect(res.status, query).toBe(422);
      expect(res.body.detail[0].loc, query).toEqual(['query', field]);
    }
  });

  it('answers an empty list for names it does not know, and for property names of plain objects', async () => {
    for (const q of ['qwertyuiop', 'constructor', '__proto__', '!!']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body.results)).toBe(true);
    }
    expect((await search('q=qwertyuiop')).body).toEqual({ results: [], count: 0 });
  });

  it('needs an API key, like the other calculation endpoints, and answers on the v2 path too', async () => {
    expect((await search('q=paris', { 'x-api-key': '' })).status).toBe(401);
    expect((await search('q=paris', { 'x-api-key': 'not-a-key' })).status).toBe(401);
    const v2 = await server.get('/api/v2/geo/search?q=paris&limit=2');
    expect(v2.status).toBe(200);
    expect(v2.body.count).toBe(2);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await server.get('/openapi.json')).body;
    const op = doc.paths['/api/v1/geo/search'].get;
    expect(op.parameters.map((p: any) => p.name).sort()).toEqual(['country', 'limit', 'q']);
    expect(op.security).toEqual([{ apiKey: [] }]);
  });
});
