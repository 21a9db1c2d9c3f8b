/** Natal and compact natal through HTTP: time zones, edges of the globe and of time, untimed births, bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { natalResponse, compactNatalResponse } from '../../src/features/western/natal/natal-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const natal = (body: unknown, query = '') => server.post(`/api/v1/natal/calculate${query}`, body);
const base = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };

describe('natal chart', () => {
  it('returns the documented shape with the default 13 bodies', async () => {
    const res = await natal({ ...base, name: 'Ada' });
    expect(res.status).toBe(200);
    // Responses are serialised in the compute worker; the documented schema must still hold.
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.subject.name).toBe('Ada');
    expect(b.subject.datetime).toBe('1990-06-15T14:30:00+01:00');
    expect(b.subject.datetime_utc).toBe('1990-06-15T13:30:00.000Z');
    expect(b.subject.location).toMatchObject({ lat: 51.5074, lng: -0.1278, timezone: 'Europe/London' });
    expect(b.planets.map((p: any) => p.id)).toEqual([
      'sun',
      'moon',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'uranus',
      'neptune',
      'pluto',
      'north_node',
      'lilith',
      'chiron',
    ]);
    for (const p of b.planets) {
      expect(p).toHaveProperty('sign_id');
      expect(p.pos).toBeGreaterThanOrEqual(0);
      expect(p.pos).toBeLessThan(30);
      expect(p.house).toBeGreaterThanOrEqual(1);
      expect(typeof p.declination).toBe('number');
    }
    expect(b.planets.find((p: any) => p.id === 'north_node').variant).toBe('mean');
    expect(b.houses).toHaveLength(12);
    expect(Object.keys(b.angles_details)).toEqual(['asc', 'mc', 'ic', 'dc', 'vertex']);
    expect(b.confidence).toMatchObject({ houses: 'high', angles: 'high', overall: 'high' });
    expect(b.aspects.every((a: any) => a.is_major)).toBe(true);
    expect(b.aspects_summary.total).toBe(b.aspects.length);
    expect(b.provenance).toMatchObject({ engine: 'Swiss Ephemeris', time_zone: 'Europe/London', utc_offset: '+01:00' });
    expect(b.provenance.ephemeris.mode).toBe('swiss_ephemeris_files');
    expect(b.provenance.tz_database).toMatch(/^IANA 20\d\d/);
  });

  it('adds minor aspects and stelliums from the query or the body (query wins)', async () => {
    const minor = await natal(base, '?include_minor=true&include_stelliums=true');
    expect(natalResponse.strict().safeParse(minor.body).error).toBeUndefined();
    expect(minor.body.aspects.some((a: any) => !a.is_major)).toBe(true);
    expect(Array.isArray(minor.body.stelliums.signs)).toBe(true);
    expect(Array.isArray(minor.body.stelliums.houses)).toBe(true);
    const fromBody = await natal({ ...base, include_minor: true });
    expect(fromBody.body.aspects_summary.total).toBe(minor.body.aspects_summary.total);
    const queryWins = await natal({ ...base, include_minor: true }, '?include_minor=false');
    expect(queryWins.body.aspects_summary.minor).toBe(0);
    for (const a of minor.body.aspects) {
      expect(Math.abs(a.angle - a.deg)).toBeCloseTo(a.orb, 9);
      expect(typeof a.is_applying).toBe('boolean');
    }
  });

  it('finds a stellium in one sign', async () => {
    // 1962-02-04: Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn gathered in Aquarius/Capricorn.
    const res = await natal({ ...base, year: 1962, month: 2, day: 4, hour: 12, minute: 0, include_stelliums: true });
    const aquarius = res.body.stelliums.signs.find((s: any) => s.sign_id === 'aquarius');
    expect(aquarius.sign).toBe('Aqu');
    expect(aquarius.bodies.length).toBeGreaterThanOrEqual(3);
    expect(aquarius.count).toBe(aquarius.bodies.length);
  });

  it('honours orb_settings', async () => {
    const tight = await natal({ ...base, orb_settings: { Conjunction: 0.01, Opposition: 0.01, Trine: 0.01, Square: 0.01, Sextile: 0.01 } });
    const wide = await natal({ ...base, orb_settings: { Conjunction: 12, Trine: 10 } });
    expect(tight.body.aspects.length).toBeLessThan(wide.body.aspects.length);
    for (const a of tight.body.aspects) expect(a.orb).toBeLessThanOrEqual(0.01);
  });

  it('rounds numbers only when precision is asked for', async () => {
    const res = await natal({ ...base, precision: 3 });
    for (const p of res.body.planets) expect(Math.round(p.abs_pos * 1000) / 1000).toBe(p.abs_pos);
  });

  it('resolves the zone from coordinates with AUTO (default)', async () => {
    const res = await natal({ ...base, tz_str: undefined, lat: 40.7128, lng: -74.006 });
    expect(res.body.subject.location.timezone).toBe('America/New_York');
    expect(res.body.provenance.time_zone_source).toBe('auto');
  });

  it('resolves a city from the gazetteer, narrowed by country', async () => {
    const res = await natal({ year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens' });
    expect(res.status).toBe(200);
    expect(res.body.subject.location).toMatchObject({ city: 'Athens', country: 'GR', timezone: 'Europe/Athens' });
    expect(res.body.subject.datetime).toBe('1981-01-01T23:30:00+02:00');
    const us = await natal({ year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens', country: 'US' });
    expect(us.body.subject.location.country).toBe('US');
    expect(us.body.subject.location.timezone).toMatch(/^America\//);
    const unknown = await natal({ year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Qwertyuiopville' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'city']);
  });

  it('treats 0 latitude and longitude as values (equator, Greenwich)', async () => {
    const res = await natal({ ...base, lat: 0, lng: 0, tz_str: 'UTC' });
    expect(res.status).toBe(200);
    expect(res.body.subject.location).toMatchObject({ lat: 0, lng: 0 });
    expect(res.body.houses).toHaveLength(12);
  });

  it('computes southern latitudes (houses run the same way)', async () => {
    const res = await natal({ ...base, lat: -33.8688, lng: 151.2093, tz_str: 'Australia/Sydney' });
    expect(res.status).toBe(200);
    expect(res.body.subject.datetime).toBe('1990-06-15T14:30:00+10:00');
    for (const p of res.body.planets) expect(p.house).toBeGreaterThanOrEqual(1);
  });

  it('falls back to Porphyry inside the polar circle and says so', async () => {
    const res = await natal({ ...base, lat: 78.22, lng: 15.65, tz_str: 'Arctic/Longyearbyen' });
    expect(res.body.subject.settings.house_system).toBe('porphyry');
    expect(res.body.warnings[0]).toMatch(/placidus.*porphyry/);
    expect(res.body.confidence.houses).toBe('medium');
  });

  it('applies dst_policy to a skipped local time, and rejects it with reject', async () => {
    const gap = { ...base, year: 2024, month: 3, day: 10, hour: 2, minute: 30, lat: 40.7128, lng: -74.006, tz_str: 'America/New_York' };
    const shifted = await natal(gap);
    expect(shifted.body.subject.datetime).toBe('2024-03-10T03:30:00-04:00');
    expect(shifted.body.provenance.dst_resolution).toMatchObject({ status: 'gap', policy: 'shift_forward', applied: true });
    // The warnings say so too, where a reader looks first.
    expect(shifted.body.warnings).toEqual([
      'local time 2024-03-10 02:30 does not exist in America/New_York (a daylight-saving change skipped it): read as 2024-03-10T03:30:00-04:00 (dst_policy shift_forward; reject refuses such times)',
    ]);
    const earlier = await natal({ ...gap, dst_policy: 'earlier' });
    expect(earlier.body.subject.datetime_utc).toBe('2024-03-10T06:30:00.000Z');
    expect(earlier.body.warnings[0]).toContain('read as 2024-03-10T01:30:00-05:00 (dst_policy earlier');
    expect((await natal({ ...gap, hour: 1 })).body.warnings).toEqual([]);
    // The compact answer says it too; a transit answer says whose time it is.
    expect((await server.post('/natal', gap)).body.warnings).toEqual(shifted.body.warnings);
    const transits = await server.post('/api/v1/transits/calculate', {
      natal: gap,
      transit_date: '2024-03-10T02:30',
      tz_str: 'America/New_York',
      current_lat: 40.7128,
      current_lng: -74.006,
    });
    expect(transits.status).toBe(200);
    expect(transits.body.warnings).toEqual([`natal: ${shifted.body.warnings[0]}`, `transit: ${shifted.body.warnings[0]}`]);
    const rejected = await natal({ ...gap, dst_policy: 'reject' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.detail[0].loc).toEqual(['body', 'dst_policy']);
  });

  it('applies dst_policy to a repeated local time', async () => {
    const fold = { ...base, year: 2024, month: 11, day: 3, hour: 1, minute: 30, lat: 41.8781, lng: -87.6298, tz_str: 'America/Chicago' };
    const earlier = await natal({ ...fold, dst_policy: 'earlier' });
    const later = await natal({ ...fold, dst_policy: 'later' });
    expect(earlier.body.subject.datetime).toBe('2024-11-03T01:30:00-05:00');
    expect(later.body.subject.datetime).toBe('2024-11-03T01:30:00-06:00');
    expect(later.body.provenance.dst_resolution.candidate_offsets).toEqual(['-05:00', '-06:00']);
    expect(earlier.body.warnings).toEqual([
      'local time 2024-11-03 01:30 occurs twice in America/Chicago (a daylight-saving change repeated it): the earlier one was used, 2024-11-03T01:30:00-05:00 (dst_policy earlier or later chooses)',
    ]);
    expect(later.body.warnings[0]).toContain('the later one was used, 2024-11-03T01:30:00-06:00');
    expect((await natal({ ...fold, dst_policy: 'reject' })).status).toBe(422);
  });

  it('computes dates before 1900 with local mean time', async () => {
    const res = await natal({ ...base, year: 1850, month: 6, day: 1, hour: 12, minute: 0, lat: 48.8566, lng: 2.3522, tz_str: 'Europe/Paris' });
    expect(res.status).toBe(200);
    expect(res.body.subject.settings.utc_offset).toBe('+00:09:21');
    expect(res.body.provenance.ephemeris.mode).toBe('swiss_ephemeris_files');
  });

  it('computes dates after 2100, and declares the Moshier fallback outside the files', async () => {
    const late = await natal({ ...base, year: 2150, tz_str: 'UTC' });
    expect(late.status).toBe(200);
    expect(late.body.provenance.ephemeris.mode).toBe('swiss_ephemeris_files');
    const far = await natal({ ...base, year: 2600, tz_str: 'UTC' });
    expect(far.status).toBe(200);
    expect(far.body.provenance.ephemeris.mode).toBe('moshier_fallback');
    expect(far.body.planets.some((p: any) => p.id === 'chiron')).toBe(false);
    expect(far.body.warnings.join(' ')).toMatch(/chiron omitted/);
  });

  it('omits houses, angles and house placements for an untimed birth', async () => {
    const res = await natal({ year: 1990, month: 6, day: 15, lat: 51.5, lng: -0.13, time_known: false });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.houses).toBeUndefined();
    expect(b.angles).toBeUndefined();
    expect(b.angles_details).toBeUndefined();
    for (const p of b.planets) expect(p.house).toBeUndefined();
    expect(b.aspects.some((a: any) => a.p1 === 'asc' || a.p2 === 'asc')).toBe(false);
    expect(b.confidence).toMatchObject({ houses: 'unavailable', angles: 'unavailable', overall: 'medium' });
    expect(b.subject.datetime).toBe('1990-06-15T12:00:00+01:00');
  });

  it('computes sidereal charts with several ayanamsas and house systems', async () => {
    const lahiri = await natal({ ...base, zodiac_type: 'sidereal' });
    const raman = await natal({ ...base, zodiac_type: 'sidereal', sidereal_ayanamsa: 'raman' });
    const tropical = await natal(base);
    const sun = (r: any) => r.body.planets[0].abs_pos;
    expect(lahiri.body.subject.settings).toMatchObject({ zodiac_type: 'Sidereal', sidereal_ayanamsa: 'lahiri' });
    expect(sun(tropical) - sun(lahiri)).toBeCloseTo(lahiri.body.subject.settings.ayanamsa_deg, 9);
    expect(sun(lahiri)).not.toBe(sun(raman));
    for (const hs of [
      'koch',
      'whole_sign',
      'equal',
      'campanus',
      'regiomontanus',
      'porphyry',
      'morinus',
      'alcabitius',
      'topocentric',
      'meridian',
      'vehlow',
      'krusinski',
      'apc',
    ]) {
      const r = await natal({ ...base, house_system: hs });
      expect(r.status, hs).toBe(200);
      expect(r.body.subject.settings.house_system).toBe(hs);
    }
  });

  it('adds requested features and the true node variant', async () => {
    const res = await natal({
      ...base,
      node_type: 'true',
      include_features: ['south_node', 'ceres', 'pallas', 'juno', 'vesta', 'pholus', 'true_lilith', 'part_of_fortune', 'vertex', 'asc', 'mc'],
    });
    const ids = res.body.planets.map((p: any) => p.id);
    for (const id of ['south_node', 'ceres', 'pallas', 'juno', 'vesta', 'pholus', 'true_lilith', 'part_of_fortune', 'vertex', 'asc', 'mc'])
      expect(ids).toContain(id);
    const north = res.body.planets.find((p: any) => p.id === 'north_node');
    const south = res.body.planets.find((p: any) => p.id === 'south_node');
    expect(north.variant).toBe('true');
    expect((south.abs_pos - north.abs_pos + 360) % 360).toBeCloseTo(180, 9);
  });
});

describe('explicit nulls', () => {
  it('mean "not given" for optional fields, at any depth', async () => {
    const nulls = {
      ...base,
      name: null,
      second: null,
      city: null,
      country: null,
      tz_str: null,
      timezone: null,
      dst_policy: null,
      house_system: null,
      zodiac_type: null,
      sidereal_ayanamsa: null,
      include_features: null,
      orb_settings: null,
      precision: null,
    };
    const res = await natal(nulls);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const plain = await natal({ ...base, tz_str: undefined });
    expect(res.body.planets).toEqual(plain.body.planets);
    expect(res.body.subject.name).toBe('User');
    const transit = await server.post('/api/v1/transits/calculate', {
      natal: { ...base, city: null, tz_str: null },
      transit_date: '2025-11-20T12:00',
      current_lat: null,
      current_lng: null,
      current_city: 'London',
    });
    expect(transit.status, JSON.stringify(transit.body)).toBe(200);
  });

  it('still leave a required field missing', async () => {
    const res = await natal({ ...base, year: null });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'year'], type: 'missing' }));
  });

  it('inside an array are refused like any wrong element', async () => {
    const res = await natal({ ...base, include_features: ['chiron', null] });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'include_features', 1]);
  });
});

describe('bad input answers 422 with the field', () => {
  const cases: [string, unknown, (string | number)[]][] = [
    ['month out of range', { ...base, month: 13 }, ['body', 'month']],
    ['day that does not exist', { ...base, month: 2, day: 30 }, ['body', 'day']],
    ['hour out of range', { ...base, hour: 24 }, ['body', 'hour']],
    ['latitude out of range', { ...base, lat: 91 }, ['body', 'lat']],
    ['longitude out of range', { ...base, lng: -180.5 }, ['body', 'lng']],
    ['unknown zone', { ...base, tz_str: 'Europe/Atlantis' }, ['body', 'tz_str']],
    ['unknown ayanamsa', { ...base, zodiac_type: 'sidereal', sidereal_ayanamsa: 'nonsense' }, ['body', 'sidereal_ayanamsa']],
    ['unknown house system', { ...base, house_system: 'astrodienst' }, ['body', 'house_system']],
    ['unknown zodiac', { ...base, zodiac_type: 'draconic' }, ['body', 'zodiac_type']],
    ['missing year', { ...base, year: undefined }, ['body', 'year']],
    ['missing hour when timed', { ...base, hour: undefined }, ['body', 'hour']],
    ['lat without lng', { ...base, lng: undefined }, ['body', 'lng']],
    ['no place at all', { year: 1990, month: 1, day: 1, hour: 1, minute: 1 }, ['body', 'city']],
    ['string that says no number', { ...base, year: 'MCMXC' }, ['body', 'year']],
    ['float for an integer', { ...base, minute: 1.5 }, ['body', 'minute']],
    ['year before the supported range', { ...base, year: 1200 }, ['body', 'year']],
    ['unknown feature', { ...base, include_features: ['planet_x'] }, ['body', 'include_features', 0]],
    ['negative orb', { ...base, orb_settings: { Trine: -1 } }, ['body', 'orb_settings', 'Trine']],
    ['huge number', '{"year": 1e400, "month": 1, "day": 1, "hour": 1, "minute": 1, "lat": 0, "lng": 0}', ['body', 'year']],
  ];
  for (const [what, body, loc] of cases) {
    it(what, async () => {
      const res = await natal(body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
      for (const d of res.body.detail) {
        expect(typeof d.msg).toBe('string');
        expect(typeof d.type).toBe('string');
      }
    });
  }

  it('tells a missing field from a field of the wrong type or size', async () => {
    const detailAt = async (body: unknown, field: string) => (await natal(body)).body.detail.find((d: any) => d.loc[1] === field);
    expect(await detailAt({ ...base, year: undefined }, 'year')).toMatchObject({ msg: 'Field required', type: 'missing' });
    expect(await detailAt({ ...base, year: 'MCMXC' }, 'year')).toMatchObject({ type: 'type_error.number' });
    expect((await detailAt({ ...base, year: 'MCMXC' }, 'year')).msg).not.toBe('Field required');
    expect(await detailAt({ ...base, minute: 1.5 }, 'minute')).toMatchObject({ type: 'type_error.int' });
    expect(await detailAt('{"year": 1e400, "month": 1, "day": 1, "hour": 1, "minute": 1, "lat": 0, "lng": 0}', 'year')).toMatchObject({
      msg: 'Input should be a finite number',
      type: 'type_error.number',
    });
    expect(await detailAt({ ...base, name: 'x'.repeat(201) }, 'name')).toMatchObject({ type: 'value_error.any_str.max_length' });
    expect(await detailAt({ ...base, month: 13 }, 'month')).toMatchObject({ type: 'value_error.number.not_le' });
  });

  it('tells a query parameter of the wrong type from a missing one', async () => {
    // Fastify keeps the query string in request.query: the sent value must be found there.
    const minor = (await natal(base, '?include_minor=maybe')).body.detail;
    expect(minor).toEqual([expect.objectContaining({ loc: ['query', 'include_minor'] })]);
    expect(minor[0].msg).not.toBe('Field required');
    const limit = (await server.get('/api/v1/geo/search?q=london&limit=abc')).body.detail;
    expect(limit).toEqual([expect.objectContaining({ loc: ['query', 'limit'] })]);
    expect(limit[0].type).not.toBe('missing');
    const twice = (await server.get('/api/v1/sky-events?date=2024-04-08&date=2024-04-09')).body.detail;
    expect(twice).toEqual([expect.objectContaining({ loc: ['query', 'date'] })]);
    expect(twice[0].msg).not.toBe('Field required');
  });

  it('a key that could reach a prototype, said as it is (the JSON is valid)', async () => {
    const res = await natal(`{"year":1990,"month":6,"day":15,"hour":14,"minute":30,"lat":51.5,"lng":0,"orb_settings":{"__proto__":5}}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body'], type: 'value_error.json_forbidden_key' })]);
  });

  it('an orb setting that names no aspect is ignored and named in X-Unknown-Fields', async () => {
    const res = await natal({ ...base, orb_settings: { conjunction: 2, sextil: 4, constructor: 5 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-unknown-fields')).toBe('orb_settings.sextil, orb_settings.constructor');
    const plain = await natal({ ...base, orb_settings: { conjunction: 2 } });
    expect(plain.body.aspects).toEqual(res.body.aspects);
  });

  it('a JSON body sent as text/plain: 415 naming the type expected', async () => {
    const res = await fetch(`${server.url}/api/v1/natal/calculate`, {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'text/plain' },
      body: JSON.stringify(base),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toMatch(/expects application\/json/);
  });

  it('broken JSON', async () => {
    const res = await natal('{"year": 1990,');
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe('json_invalid');
  });

  it('a body that is not an object', async () => {
    expect((await natal('[1,2,3]')).status).toBe(422);
    expect((await natal('null')).status).toBe(422);
  });

  it('a 10 MB body is refused without a 5xx', async () => {
    const res = await natal(JSON.stringify({ ...base, name: 'x'.repeat(10 * 1024 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('a non-JSON content type is refused, saying which one the endpoint takes', async () => {
    const res = await server.post('/api/v1/natal/calculate', 'year=1990', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe('Unsupported Media Type: application/x-www-form-urlencoded; this endpoint expects application/json');
    expect(res.headers.get('accept-post')).toBe('application/json');
  });

  it('a misspelt field is named in X-Unknown-Fields, and the request still succeeds', async () => {
    const { lat: _lat, lng: _lng, tz_str: _tz, ...time } = base;
    const res = await natal({ ...time, city: 'London', citty: 'Paris', housesystem: 'W', unused: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-unknown-fields')).toBe('citty, housesystem');
    const clean = await natal(base);
    expect(clean.headers.get('x-unknown-fields')).toBeNull();
  });

  it('unknown names that a header cannot hold are percent-encoded and cut, and the answer is still 200', async () => {
    const long = 'x'.repeat(40_000);
    const cutInCharacter = `${'y'.repeat(96)}日本`;
    const res = await natal({ ...base, 'a\r\nX-Injected: 1': 1, 日本: 2, 'a\u0000b,c%d': 3, [long]: 4, [cutInCharacter]: 5 });
    expect(res.status).toBe(200);
    const header = res.headers.get('x-unknown-fields')!;
    expect(header.split(', ')).toEqual(['a%0D%0AX-Injected:%201', '%E6%97%A5%E6%9C%AC', 'a%00b%2Cc%25d', `${'x'.repeat(100)}...`, `${'y'.repeat(96)}...`]);
    expect(res.headers.get('x-injected')).toBeNull();
  });
});

describe('POST /natal (compact)', () => {
  it('returns curated planets, cusp signs and the summary', async () => {
    const res = await server.post('/natal', { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278 });
    expect(res.status).toBe(200);
    expect(compactNatalResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(Object.keys(res.body.planets)).toEqual(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node']);
    expect(res.body.planets.sun.sign).toBe('Gemini');
    expect(Object.keys(res.body.houses)).toHaveLength(12);
    expect(res.body.summary).toMatchObject({ sun_sign: 'Gemini' });
    expect(['fire', 'earth', 'air', 'water']).toContain(res.body.summary.dominant_element);
    expect(['cardinal', 'fixed', 'mutable']).toContain(res.body.summary.dominant_modality);
    expect(typeof res.body.summary.rising_sign).toBe('string');
  });

  it('requires the birth fields', async () => {
    const res = await server.post('/natal', { year: 1990, month: 6, day: 15, lat: 51.5, lng: 0 });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'hour']);
  });

  it('takes the birth fields of the full chart: timezone, city, time_known', async () => {
    const utc = await server.post('/natal', { year: 2021, month: 3, day: 14, hour: 2, minute: 30, lat: 40.71, lng: -74, timezone: 'UTC' });
    expect(utc.status).toBe(200);
    expect(utc.body.subject).toMatchObject({ timezone: 'UTC', datetime: '2021-03-14T02:30:00+00:00' });
    const city = await server.post('/natal', { year: 1990, month: 6, day: 15, hour: 14, minute: 30, city: 'London' });
    expect(city.status).toBe(200);
    expect(city.body.subject.timezone).toBe('Europe/London');
    const untimed = await server.post('/natal', { year: 1990, month: 6, day: 15, time_known: false, lat: 51.5074, lng: -0.1278 });
    expect(untimed.status, JSON.stringify(untimed.body)).toBe(200);
    expect(compactNatalResponse.strict().safeParse(untimed.body).error).toBeUndefined();
    expect(untimed.body.summary.rising_sign).toBeNull();
    expect(untimed.body.houses).toEqual({});
    expect(untimed.body.planets.sun).not.toHaveProperty('house');
    expect(untimed.body.planets.sun.sign).toBe('Gemini');
  });
});
