/**
 * `tz_str` and its alias `timezone` sent together: a named zone wins over AUTO in the other
 * field, the same zone twice is accepted, two different zones are a 422 naming `timezone`, on
 * every endpoint that takes the pair (natal, compact natal, transits' natal, chart images,
 * ephemeris, moon).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { requestedZone } from '../../src/requests/place.ts';
import { castNatal } from '../../src/features/western/natal/natal-service.ts';
import { natalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import { DEMO_SUBJECT } from '../../src/reports/http/demo-birth.ts';
import { isDemoSubject } from '../../src/reports/http/demo-subject.ts';
import type { PsychologicalReportRequest } from '../../src/reports/http/report-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// Coordinates in Paris: AUTO gives Europe/Paris; a zone named elsewhere shows which field won.
const birth = { year: 1990, month: 6, day: 15, hour: 12, minute: 0, lat: 48.8566, lng: 2.3522 };
const natalZone = async (fields: Record<string, unknown>) => {
  const res = await server.post('/api/v1/natal/calculate', { ...birth, ...fields });
  return { status: res.status, zone: res.body.subject?.location?.timezone, body: res.body };
};

describe('requestedZone', () => {
  it('takes the one field sent, a named zone over AUTO, and one zone named twice', () => {
    expect(requestedZone({}, ['body'])).toEqual({ tz: undefined, field: 'tz_str' });
    expect(requestedZone({ timezone: 'Asia/Tokyo' }, ['body'])).toEqual({ tz: 'Asia/Tokyo', field: 'timezone' });
    expect(requestedZone({ tz_str: 'AUTO', timezone: 'Asia/Tokyo' }, ['body'])).toEqual({ tz: 'Asia/Tokyo', field: 'timezone' });
    expect(requestedZone({ tz_str: 'Asia/Tokyo', timezone: 'auto' }, ['body'])).toEqual({ tz: 'Asia/Tokyo', field: 'tz_str' });
    expect(requestedZone({ tz_str: 'asia/tokyo', timezone: 'Asia/Tokyo' }, ['body'])).toEqual({ tz: 'asia/tokyo', field: 'tz_str' });
    expect(requestedZone({ tz_str: null, timezone: '' }, ['body'])).toEqual({ tz: undefined, field: 'tz_str' });
    expect(requestedZone({ tz_str: 'AUTO', timezone: 'AUTO' }, ['query'], 'timezone')).toEqual({ tz: 'AUTO', field: 'timezone' });
  });

  it('takes two names of one zone as one zone', () => {
    expect(requestedZone({ tz_str: 'UTC', timezone: 'Etc/UTC' }, ['body'])).toEqual({ tz: 'UTC', field: 'tz_str' });
    expect(requestedZone({ tz_str: 'US/Eastern', timezone: 'America/New_York' }, ['body']).tz).toBe('US/Eastern');
    expect(requestedZone({ tz_str: 'Europe/Kyiv', timezone: 'europe/kiev' }, ['body']).tz).toBe('Europe/Kyiv');
  });

  it('refuses two different zones, naming both', () => {
    expect(() => requestedZone({ tz_str: 'Asia/Tokyo', timezone: 'Europe/Paris' }, ['body', 'natal'])).toThrow(
      expect.objectContaining({
        loc: ['body', 'natal', 'timezone'],
        type: 'value_error.conflict',
        message: expect.stringMatching(/'Asia\/Tokyo'.*'Europe\/Paris'/),
      }),
    );
  });
});

describe('the natal chart', () => {
  it('casts for the zone named in either field when the other says AUTO', async () => {
    expect((await natalZone({})).zone).toBe('Europe/Paris');
    expect((await natalZone({ tz_str: 'AUTO', timezone: 'Asia/Tokyo' })).zone).toBe('Asia/Tokyo');
    const named = await natalZone({ tz_str: 'Asia/Tokyo', timezone: 'AUTO' });
    expect(named.zone).toBe('Asia/Tokyo');
    expect(named.body.subject.datetime).toBe('1990-06-15T12:00:00+09:00');
    expect((await natalZone({ tz_str: 'Asia/Tokyo', timezone: 'Asia/Tokyo' })).status).toBe(200);
  });

  it('answers 422 at timezone when the two fields name different zones', async () => {
    const res = await natalZone({ tz_str: 'Asia/Tokyo', timezone: 'Europe/Paris' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'timezone'], type: 'value_error.conflict' });
  });

  it('reports a zone that cannot be used at the field that sent it', () => {
    // The schemas refuse names that are not zones; the cast, which a stored report request also
    // goes through, names the field that the zone came from.
    const request = { ...natalRequest.parse({ ...birth, tz_str: 'AUTO' }), timezone: 'Mars/Olympus' };
    const place = { city: null, country: null, lat: birth.lat, lng: birth.lng, source: 'request' as const };
    expect(() => castNatal({ request, place, includeMinor: false, includeStelliums: false })).toThrow(expect.objectContaining({ loc: ['body', 'timezone'] }));
  });

  it("gives the free demo report only when the zone either field asks for is Lisbon's", () => {
    const standard = { enabled: true, style: 'standard' } as PsychologicalReportRequest;
    const demo = (zones: Record<string, string>) => isDemoSubject(natalRequest.parse({ ...DEMO_SUBJECT, ...zones }), standard);
    expect(demo({})).toBe(true);
    expect(demo({ tz_str: 'AUTO' })).toBe(true);
    expect(demo({ tz_str: 'AUTO', timezone: 'europe/lisbon' })).toBe(true);
    expect(demo({ tz_str: 'AUTO', timezone: 'Asia/Tokyo' })).toBe(false);
    expect(demo({ timezone: 'Asia/Tokyo', tz_str: 'auto' })).toBe(false);
  });
});

describe('the other endpoints that take both fields', () => {
  it('compact natal, transits and chart images refuse a conflict and honour a named zone', async () => {
    const conflict = { tz_str: 'Asia/Tokyo', timezone: 'Europe/Paris' };
    expect((await server.post('/natal', { ...birth, ...conflict })).status).toBe(422);
    const transits = await server.post('/api/v1/transits/calculate', { natal: { ...birth, ...conflict }, transit_date: '2025-01-01T12:00' });
    expect(transits.status).toBe(422);
    expect(transits.body.detail[0].loc).toEqual(['body', 'natal', 'timezone']);
    expect((await server.post('/api/v1/natal/chart/', { ...birth, ...conflict, format: 'svg' })).status).toBe(422);
    const compact = await server.post('/natal', { ...birth, tz_str: 'AUTO', timezone: 'Asia/Tokyo' });
    expect(compact.status).toBe(200);
    expect(JSON.stringify(compact.body)).toContain('Asia/Tokyo');
  });

  it('ephemeris and moon refuse a conflict and honour a named zone', async () => {
    const range = { start: '2024-03-01', end: '2024-03-02', step: '1d', lat: 48.8566, lng: 2.3522 };
    const conflict = await server.post('/api/v1/ephemeris/calculate', { ...range, tz_str: 'Asia/Tokyo', timezone: 'Europe/Paris' });
    expect(conflict.status).toBe(422);
    expect(conflict.body.detail[0].loc).toEqual(['body', 'timezone']);
    const named = await server.post('/api/v1/ephemeris/calculate', { ...range, tz_str: 'AUTO', timezone: 'Asia/Tokyo' });
    expect(named.status).toBe(200);
    expect(named.body.meta.timezone).toBe('Asia/Tokyo');

    const moonConflict = await server.get('/api/v1/moon/phase?date=2024-05-01&timezone=Asia/Tokyo&tz_str=Europe/Paris');
    expect(moonConflict.status).toBe(422);
    expect(moonConflict.body.detail[0].loc).toEqual(['query', 'timezone']);
    const moon = await server.get('/api/v1/moon/phase?date=2024-05-01&timezone=AUTO&tz_str=Asia/Tokyo');
    expect(moon.status).toBe(200);
    expect(moon.body.timezone).toBe('Asia/Tokyo');
  });
});
