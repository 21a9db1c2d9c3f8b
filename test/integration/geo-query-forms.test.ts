/**
 * The geo search as its clients call it (GET /api/v1|v2/geo/search): "City, Region",
 * "City, Country" and "City, Region, CC" queries, misspelt names, and the fields each client
 * reads. The same text as a natal `city` resolves to the same place, and an unknown one is
 * refused with the nearest names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { geoSearchResponse } from '../../src/features/geo/geo-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** As the telegram bot asks: the user's text, three results; it reads name, country, lat, lng and timezone of each. */
const botSearch = (text: string, version = 'v1') => server.get(`/api/${version}/geo/search?q=${encodeURIComponent(text)}&limit=3`);
const birth = { year: 1990, month: 5, day: 17, hour: 8, minute: 45 };

describe('comma forms', () => {
  const cases: [text: string, expected: { name: string; country: string; state: string; timezone: string }][] = [
    ['Jingzhou, Hubei', { name: 'Jingzhou', country: 'CN', state: 'Hubei', timezone: 'Asia/Shanghai' }],
    ['Varanasi, Uttar Pradesh, IN', { name: 'Varanasi', country: 'IN', state: 'Uttar Pradesh', timezone: 'Asia/Kolkata' }],
    ['Paris, France', { name: 'Paris', country: 'FR', state: 'Île-de-France', timezone: 'Europe/Paris' }],
    ['London, UK', { name: 'London', country: 'GB', state: 'England', timezone: 'Europe/London' }],
    ['New York, USA', { name: 'New York City', country: 'US', state: 'New York', timezone: 'America/New_York' }],
    ['Portland, OR', { name: 'Portland', country: 'US', state: 'Oregon', timezone: 'America/Los_Angeles' }],
    ['Atlanta, Georgia', { name: 'Atlanta', country: 'US', state: 'Georgia', timezone: 'America/New_York' }],
    ['Tbilisi, Georgia', { name: 'Tbilisi', country: 'GE', state: 'Tbilisi', timezone: 'Asia/Tbilisi' }],
  ];

  it.each(cases)('%s: the city first, with the fields clients read, on v1 and v2', async (text, expected) => {
    for (const version of ['v1', 'v2']) {
      const res = await botSearch(text, version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(geoSearchResponse.strict().safeParse(res.body).error).toBeUndefined();
      expect(res.body.count).toBe(res.body.results.length);
      expect(res.body.count).toBeGreaterThanOrEqual(1);
      expect(res.body.count).toBeLessThanOrEqual(3);
      const [first] = res.body.results;
      expect(first).toMatchObject({ ...expected, region: expected.state, lat: expect.any(Number), lng: expect.any(Number) });
      expect(first.population).toBeGreaterThan(100_000);
      for (const place of res.body.results) {
        expect(Object.keys(place)).toEqual(expect.arrayContaining(['name', 'country', 'state', 'district', 'lat', 'lng', 'timezone', 'population']));
      }
    }
  });

  it('narrows every result to the region and country named', async () => {
    const res = await server.get(`/api/v2/geo/search?q=${encodeURIComponent('Springfield, Illinois')}&limit=10`);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const place of res.body.results) expect(place).toMatchObject({ country: 'US', state: 'Illinois' });
    const indian = await server.get(`/api/v2/geo/search?q=${encodeURIComponent('Varanasi, Uttar Pradesh, IN')}&limit=10`);
    for (const place of indian.body.results) expect(place).toMatchObject({ country: 'IN', state: 'Uttar Pradesh' });
  });

  it('names the district of an Indian place, and none elsewhere', async () => {
    const varanasi = await server.get(`/api/v2/geo/search?q=${encodeURIComponent('Varanasi, Uttar Pradesh, IN')}&limit=1`);
    expect(varanasi.body.results[0]).toMatchObject({ name: 'Varanasi', state: 'Uttar Pradesh', district: 'Varanasi' });
    const lucknow = await server.get('/api/v2/geo/search?q=Lucknow&country=IN&limit=1');
    expect(lucknow.body.results[0]).toMatchObject({ name: 'Lucknow', district: 'Lucknow' });
    const paris = await server.get('/api/v2/geo/search?q=Paris%2C%20France&limit=1');
    expect(paris.body.results[0].district).toBeNull();
  });

  it('takes the country parameter as the connector sends it (upper case) beside a comma form', async () => {
    const res = await server.get(`/api/v2/geo/search?q=${encodeURIComponent('Jingzhou, Hubei')}&country=CN&limit=5`);
    expect(res.body.results[0]).toMatchObject({ name: 'Jingzhou', state: 'Hubei', district: null });
    expect((await server.get(`/api/v2/geo/search?q=${encodeURIComponent('Jingzhou, Hubei')}&country=FR`)).body).toEqual({ results: [], count: 0 });
  });

  it('reads a comma that is part of a name as such when no qualified reading fits', async () => {
    const res = await botSearch('Washington, D.C.');
    expect(res.body.results[0]).toMatchObject({ name: 'Washington', country: 'US', state: 'District of Columbia' });
  });

  it('resolves the same texts as a natal city, to the place the search lists first', async () => {
    for (const [text] of cases) {
      const [found, chart] = await Promise.all([botSearch(text), server.post('/api/v1/natal/calculate', { ...birth, city: text })]);
      expect(chart.status, `${text}: ${JSON.stringify(chart.body)}`).toBe(200);
      expect(chart.body.subject.location, text).toMatchObject({ lat: found.body.results[0].lat, lng: found.body.results[0].lng });
    }
  });
});

describe('misspelt names', () => {
  const cases: [typed: string, name: string, country: string, matched: string][] = [
    ['Amsterdm', 'Amsterdam', 'NL', 'amsterdam'],
    ['Frankfrut', 'Frankfurt am Main', 'DE', 'frankfurt'],
    ['Barcelonna', 'Barcelona', 'ES', 'barcelona'],
    ['Pairs', 'Paris', 'FR', 'paris'],
  ];

  it.each(cases)('%s finds %s first, saying it matched by a similar name', async (typed, name, country, matched) => {
    const res = await botSearch(typed);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ name, country, match: 'similar', matched_name: matched });
    // Population decides among similar names: the larger namesakes come before the smaller.
    const populations = res.body.results.filter((p: any) => p.matched_name === matched && p.name === name).map((p: any) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('does not look for similar names when the name is known or many names start with it', async () => {
    const paris = await server.get('/api/v1/geo/search?q=Paris&limit=10');
    expect(paris.body.results.every((p: any) => p.match !== 'similar')).toBe(true);
    const typing = await server.get('/api/v1/geo/search?q=Mosk&limit=10');
    expect(typing.body.results[0]).toMatchObject({ name: 'Moscow', match: 'prefix' });
    expect(typing.body.results.every((p: any) => p.match !== 'similar')).toBe(true);
    expect((await server.get('/api/v1/geo/search?q=qwertyuiop')).body).toEqual({ results: [], count: 0 });
  });

  it('refuses an unknown natal city with 422 on the field, naming the closest places', async () => {
    for (const [typed, , ,] of cases) {
      const res = await server.post('/api/v1/natal/calculate', { ...birth, city: typed });
      expect(res.status, typed).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'city']);
      expect(res.body.detail[0].type).toBe('value_error.unknown_city');
    }
    const res = await server.post('/api/v1/natal/calculate', { ...birth, city: 'Amsterdm' });
    expect(res.body.detail[0].msg).toContain("unknown city 'Amsterdm'; closest known: 'Amsterdam, North Holland, Netherlands'");
    expect(res.body.detail[0].msg).toContain('send lat and lng instead');
    const nothing = await server.post('/api/v1/natal/calculate', { ...birth, city: 'Qwertyuiop' });
    expect(nothing.body.detail[0].msg).toBe("unknown city 'Qwertyuiop'; send lat and lng instead");
  });
});

describe('matched_name', () => {
  it("says which other name found a place, and ranks a place found by another name's beginning after those found by name", async () => {
    const res = await server.get('/api/v1/geo/search?q=New%20York&limit=10');
    const results = res.body.results as any[];
    expect(results[0]).toMatchObject({ name: 'New York City', match: 'name', matched_name: 'new york' });
    const pittsburg = results.findIndex((p) => p.name === 'Pittsburg' && p.state === 'California');
    expect(pittsburg).toBeGreaterThan(0);
    expect(results[pittsburg]).toMatchObject({ match: 'prefix', matched_name: 'new york of the pacific' });
    const mills = results.findIndex((p) => p.name === 'New York Mills');
    expect(mills).toBeGreaterThan(0);
    expect(mills).toBeLessThan(pittsburg);
    // A place found by its own name says nothing more.
    expect(results[mills]).toMatchObject({ match: 'prefix', matched_name: null });
  });
});
