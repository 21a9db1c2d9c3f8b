/** lon, long, longitude and latitude on real routes: the same answer as lat and lng, conflicts refused, the rest still unknown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const birth = { year: 1990, month: 6, day: 15, hour: 14, minute: 30 };
const withoutVolatile = (body: any) => JSON.parse(JSON.stringify(body, (k, v) => (k === 'computed_at' || k === 'request_id' ? undefined : v)));

describe('longitude spellings', () => {
  it("moon: lat+lon with tz_str=AUTO finds the place's zone, and an explicit zone no longer hides lon", async () => {
    const lon = await server.get('/api/v1/moon/phase?date=2024-05-01&lat=48.8566&lon=2.3522&tz_str=AUTO');
    expect(lon.status, JSON.stringify(lon.body)).toBe(200);
    expect(lon.body.timezone).toBe('Europe/Paris');
    const lng = await server.get('/api/v1/moon/phase?date=2024-05-01&lat=48.8566&lng=2.3522&tz_str=AUTO');
    expect(lon.body).toEqual(lng.body);
    const month = await server.get('/api/v1/moon/month?year=2024&month=5&lat=35.68&lon=139.69');
    expect(month.status).toBe(200);
    expect(month.body.timezone).toBe('Asia/Tokyo');
    const longitude = await server.get('/api/v1/moon/phase?date=2024-05-01&latitude=35.68&longitude=139.69');
    expect(longitude.body.timezone).toBe('Asia/Tokyo');
  });

  it('natal, compact natal and transits: latitude/longitude and lon in the body and nested objects', async () => {
    const sent = await server.post('/api/v1/natal/calculate', { ...birth, latitude: 51.5074, longitude: -0.1278 });
    const canonical = await server.post('/api/v1/natal/calculate', { ...birth, lat: 51.5074, lng: -0.1278 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.headers.get('x-unknown-fields')).toBeNull();
    expect(withoutVolatile(sent.body)).toEqual(withoutVolatile(canonical.body));
    const compact = await server.post('/natal', { ...birth, lat: 51.5074, lon: -0.1278 });
    expect(compact.status, JSON.stringify(compact.body)).toBe(200);
    expect(compact.headers.get('x-unknown-fields')).toBeNull();
    const transits = await server.post('/api/v1/transits/calculate', {
      natal: { ...birth, latitude: 51.5074, lon: -0.1278 },
      current_lat: 40.7128,
      current_lon: -74.006,
      transit_date: '2025-11-20T09:15',
    });
    expect(transits.status, JSON.stringify(transits.body)).toBe(200);
    expect(transits.body.transit.location.timezone).toBe('America/New_York');
    expect(transits.headers.get('x-unknown-fields')).toBeNull();
  });

  it('ephemeris GET reads lon like lng', async () => {
    const lon = await server.get('/api/v1/ephemeris?start=2024-03-01&include_houses=true&lat=48.8566&lon=2.3522');
    const lng = await server.get('/api/v1/ephemeris?start=2024-03-01&include_houses=true&lat=48.8566&lng=2.3522');
    expect(lon.status, JSON.stringify(lon.body)).toBe(200);
    expect(withoutVolatile(lon.body)).toEqual(withoutVolatile(lng.body));
  });

  it('refuses two values under two spellings with a 422 naming both, and still names a field that is no place', async () => {
    const query = await server.get('/api/v1/moon/phase?lat=10&lng=20&lon=21');
    expect(query.status).toBe(422);
    expect(query.body.detail.map((d: any) => d.loc)).toEqual([
      ['query', 'lng'],
      ['query', 'lon'],
    ]);
    const body = await server.post('/api/v1/natal/calculate', { ...birth, lat: 51.5, latitude: 52, lng: 0 });
    expect(body.status).toBe(422);
    expect(body.body.detail.map((d: any) => d.loc)).toEqual([
      ['body', 'lat'],
      ['body', 'latitude'],
    ]);
    const same = await server.post('/api/v1/natal/calculate', { ...birth, lat: 51.5, latitude: 51.5, lng: 0 });
    expect(same.status).toBe(200);
    const unknown = await server.post('/api/v1/natal/calculate', { ...birth, lat: 51.5, lng: 0, interpretation: { lon: 3 }, citty: 'x' });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('x-unknown-fields')).toContain('citty');
  });
});
