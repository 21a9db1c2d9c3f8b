/** Ephemeris through HTTP: reference positions, options, formats, streaming exports, bounds. */
import { readFixture } from '../helpers/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { requestedFormat } from '../../src/features/ephemeris/plan.ts';

const positions = readFixture('refdata/positions.json');
const ANGLE_TOLERANCE = 0.001 / 3600;
// The request below names one Lilith (the mean apogee), so its column is `Lilith`.
const NAMES: Record<string, string> = { MeanNode: 'Mean_Node', TrueNode: 'True_Node', MeanLilith: 'Lilith' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

const eph = (body: unknown) => server.post('/api/v1/ephemeris/calculate', body);
const angleDiff = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

describe('positions', () => {
  it('match positions.json (tropical and Lahiri) at every reference instant', async () => {
    const bodies = [
      'Sun',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
      'Mean_Node',
      'True_Node',
      'Chiron',
      'Mean_Lilith',
    ];
    for (const c of positions.cases.filter((_: unknown, i: number) => i % 3 === 0)) {
      const start = c.datetime_utc.replace('Z', '+00:00');
      const [tropical, sidereal] = await Promise.all([eph({ start, bodies }), eph({ start, bodies, zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' })]);
      expect(tropical.status, JSON.stringify(tropical.body)).toBe(200);
      for (const [ref, values] of Object.entries<any>(c.bodies)) {
        const name = NAMES[ref] ?? ref;
        expect(angleDiff(tropical.body.data.bodies[name].abs_pos, values.lon), `${c.id} ${name}`).toBeLessThan(ANGLE_TOLERANCE);
        expect(Math.abs(tropical.body.data.bodies[name].speed - values.lon_speed)).toBeLessThan(1e-6);
        expect(angleDiff(sidereal.body.data.bodies[name].abs_pos, values.lon_sidereal_lahiri), `${c.id} ${name} sidereal`).toBeLessThan(ANGLE_TOLERANCE);
      }
    }
  }, 60_000);
});

describe('options', () => {
  it('steps local days at the same wall time across a DST change (23-hour day)', async () => {
    const res = await eph({ start: '2024-03-09', end: '2024-03-11', tz_str: 'America/New_York' });
    expect(res.body.data.map((r: any) => r.local_timestamp)).toEqual(['2024-03-09T00:00:00-05:00', '2024-03-10T00:00:00-05:00', '2024-03-11T00:00:00-04:00']);
    expect(res.body.meta.rows).toBe(3);
  });

  it('gives no row to a calendar day the zone never had (a clock jump of a whole day)', async () => {
    const apia = await eph({ start: '2011-12-28T12:00', end: '2012-01-02', tz_str: 'Pacific/Apia' });
    expect(apia.status).toBe(200);
    expect(apia.body.data.map((r: any) => r.local_timestamp)).toEqual([
      '2011-12-28T12:00:00-10:00',
      '2011-12-29T12:00:00-10:00',
      '2011-12-31T12:00:00+14:00',
      '2012-01-01T12:00:00+14:00',
      '2012-01-02T12:00:00+14:00',
    ]);
    expect(apia.body.meta.rows).toBe(5);
    // Every second day from 29 December 1994: the 31st never was in Kiritimati.
    const kiritimati = await eph({ start: '1994-12-27T06:00', end: '1995-01-04', step: '2d', tz_str: 'Pacific/Kiritimati' });
    expect(kiritimati.body.data.map((r: any) => r.local_timestamp.slice(0, 10))).toEqual(['1994-12-27', '1994-12-29', '1995-01-02', '1995-01-04']);
    // A start on the missing day resolves forward; its row is not repeated.
    const fromMissing = await eph({ start: '2011-12-30T00:00', end: '2012-01-02', tz_str: 'Pacific/Apia' });
    expect(fromMissing.body.data.map((r: any) => r.local_timestamp)).toEqual([
      '2011-12-31T00:00:00+14:00',
      '2012-01-01T00:00:00+14:00',
      '2012-01-02T00:00:00+14:00',
    ]);
    // Kwajalein went back 23 h in 1969 and forward 24 h in 1993: a range over both still skips 21 August 1993.
    const kwajalein = await fetch(`${server.url}/api/v1/ephemeris?start=1969-01-01T06:00&end=1994-01-01&tz_str=Pacific/Kwajalein&format=csv&bodies=Sun`, {
      headers: { 'x-api-key': server.key },
    });
    const kwajaleinLines = (await kwajalein.text()).trimEnd().split('\n');
    const kwajaleinDates = kwajaleinLines.slice(1).map((line) => line.split(',')[kwajaleinLines[0]!.split(',').indexOf('local_timestamp')]!.slice(0, 10));
    expect(new Set(kwajaleinDates).size).toBe(kwajaleinDates.length);
    expect(kwajaleinDates).not.toContain('1993-08-21');
    expect(kwajaleinDates).toContain('1993-08-22');
    const csv = await fetch(`${server.url}/api/v1/ephemeris?start=2011-12-29&end=2011-12-31&tz_str=Pacific/Apia&format=csv&bodies=Sun`, {
      headers: { 'x-api-key': server.key },
    });
    const lines = (await csv.text()).trimEnd().split('\n');
    const local = lines[0]!.split(',').indexOf('local_timestamp');
    expect(lines.slice(1).map((line) => line.split(',')[local]!.slice(0, 10))).toEqual(['2011-12-29', '2011-12-31']);
  });

  it('steps hours and minutes in absolute time', async () => {
    const res = await eph({ start: '2024-01-01T00:00Z', end: '2024-01-01T03:00Z', step: '90m' });
    expect(res.body.data.map((r: any) => r.timestamp)).toEqual(['2024-01-01T00:00:00.000Z', '2024-01-01T01:30:00.000Z', '2024-01-01T03:00:00.000Z']);
  });

  it('returns one row object for a single instant, with houses and angles when a place is given', async () => {
    const res = await eph({ start: '2024-06-01T12:00', lat: 51.5, lng: -0.12 });
    expect(Array.isArray(res.body.data)).toBe(false);
    expect(res.body.data.houses).toHaveLength(12);
    expect(res.body.data.angles).toHaveProperty('asc');
    expect(res.body.meta.timezone).toBe('Europe/London');
    const off = await eph({ start: '2024-06-01T12:00', lat: 51.5, lng: -0.12, include_houses: false, include_angles: false });
    expect(off.body.data.houses).toBeUndefined();
  });

  it('adds dignities, aspects, sidereal time, fixed stars and chart links', async () => {
    const res = await eph({
      start: '2024-03-01',
      include_dignity: true,
      include_minor_aspects: true,
      include_sidereal_time: true,
      fixed_star_packs: ['royal_4'],
      fixed_stars: ['Sirius'],
      include_chart_links: true,
    });
    const row = res.body.data;
    expect(row.bodies.Sun.dignity).toBeNull();
    expect(row.bodies.Mercury.dignities).toEqual(['detriment', 'fall']);
    expect(row.aspects.length).toBeGreaterThan(0);
    expect(row.aspects.some((a: any) => !a.is_major)).toBe(true);
    expect(row.sidereal_time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(Object.keys(row.fixed_stars).sort()).toEqual(['Aldebaran', 'Antares', 'Fomalhaut', 'Regulus', 'Sirius']);
    expect(row.fixed_stars.Aldebaran.sign_id).toBe('gemini');
    expect(row.chart_link).toMatchObject({ method: 'POST', href: '/api/v1/natal/calculate' });
    const natal = await server.post(row.chart_link.href, row.chart_link.body);
    expect(natal.status).toBe(200);
    expect(natal.body.planets[0].abs_pos).toBeCloseTo(row.bodies.Sun.abs_pos, 9);
  });

  it('leaves out what is turned off', async () => {
    const res = await eph({ start: '2024-03-01', bodies: ['Sun'], include_speed: false, include_retrograde: false, include_sign_degree: false });
    expect(Object.keys(res.body.data.bodies.Sun)).toEqual(['abs_pos']);
  });

  it('takes format and its alias response_mode together: a format named in one wins over json in the other, two others conflict', async () => {
    const range = { start: '2024-04-03', end: '2024-04-04', bodies: ['Sun'] };
    expect(requestedFormat({})).toBeUndefined();
    expect(requestedFormat({ format: 'csv', response_mode: 'csv' })).toBe('csv');
    expect((await eph({ ...range, format: 'json', response_mode: 'table' })).body.table).toBeDefined();
    expect((await eph({ ...range, format: 'Table', response_mode: 'json' })).body.table).toBeDefined();
    const csv = await fetch(`${server.url}/api/v1/ephemeris?start=2024-04-03&end=2024-04-04&bodies=Sun&format=csv&response_mode=json`, {
      headers: { 'x-api-key': server.key },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    await csv.text();
    const conflict = await eph({ ...range, format: 'csv', response_mode: 'table' });
    expect(conflict.status).toBe(422);
    expect(conflict.body.detail[0]).toMatchObject({ loc: ['body', 'response_mode'], type: 'value_error.conflict' });
  });

  it('formats tables: rows, columns and grid; parts and text cells; full sign names; motion markers', async () => {
    const rows = await eph({ start: '2024-04-03', end: '2024-04-05', format: 'table', bodies: ['Sun', 'Mercury'] });
    expect(rows.body.table.columns).toEqual(['Date', 'Weekday', 'Sid.t', 'Sun', 'Mercury']);
    expect(rows.body.table.rows[0][3]).toMatchObject({ deg: expect.any(Number), min: expect.any(Number), sign: 'Ari', retrograde: false });
    expect(rows.body.table.rows[0][4].retrograde).toBe(true); // Mercury retrograde in April 2024
    const cols = await eph({
      start: '2024-04-03',
      end: '2024-04-05',
      response_mode: 'table',
      table_style: 'columns',
      cell_format: 'text',
      bodies: ['Sun', 'Mercury'],
    });
    expect(cols.body.table.rows.map((r: any) => r[0])).toEqual(['Sun', 'Mercury']);
    expect(cols.body.table.rows[1][1]).toMatch(/^\d+°\d\d' Ari Rx$/);
    const full = await eph({
      start: '2024-04-03',
      format: 'table',
      table_style: 'grid',
      sign_display: 'full',
      bodies: ['Mercury'],
      show_motion_markers: false,
    });
    expect(full.body.table.rows[0].at(-1)).toMatch(/^\d+°\d\d' Aries$/);
    expect(full.body.table.text.length).toBe(2);
    const stationary = await eph({ start: '2024-04-01T22:00Z', format: 'table', cell_format: 'text', bodies: ['Mercury'], show_motion_markers: true });
    expect(stationary.body.table.rows[0].at(-1)).toMatch(/St$/); // Mercury stations retrograde on 1 April 2024
  });

  it('the GET form takes the same parameters as query strings', async () => {
    const res = await server.get('/api/v1/ephemeris?start=2024-03-01&end=2024-03-02&bodies=Sun,Moon&include_speed=false&lat=0&lng=0&tz_str=UTC');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data[0].bodies)).toEqual(['Sun', 'Moon']);
    expect(res.body.data[0].bodies.Sun.speed).toBeUndefined();
    expect(res.body.data[0].houses).toHaveLength(12);
  });

  it("names an aspect's bodies as their columns, in lower case (Lilith and Mean_Lilith apart)", async () => {
    const res = await eph({
      start: '2024-03-01T00:00Z',
      end: '2024-03-20T00:00Z',
      step: '1d',
      bodies: ['Sun', 'Moon', 'Lilith', 'Mean_Lilith', 'True_Node'],
      include_aspects: true,
      include_minor_aspects: true,
    });
    expect(res.status).toBe(200);
    let lilithAspects = 0;
    for (const row of res.body.data) {
      const byName = new Map(Object.entries(row.bodies as Record<string, { abs_pos: number }>).map(([name, body]) => [name.toLowerCase(), body]));
      for (const a of row.aspects) {
        const [b1, b2] = [byName.get(a.p1), byName.get(a.p2)];
        expect(b1 && b2, `${a.p1} and ${a.p2} are columns`).toBeTruthy();
        expect(angleDiff(b1!.abs_pos, b2!.abs_pos)).toBeCloseTo(a.angle, 9);
        if (/lilith/.test(a.p1 + a.p2)) lilithAspects++;
      }
    }
    expect(lilithAspects).toBeGreaterThan(0);
  });
});

describe('Moon void of course', () => {
  const voc = readFixture('refdata/void_of_course.json');
  it('lists every reference period with its times (1 s), signs and last aspect, and marks the rows', async () => {
    const res = await eph({ start: '2024-12-31T00:00Z', end: '2025-04-01T00:00Z', step: '2h', include_moon_void_of_course: true, bodies: ['Moon'] });
    expect(res.status).toBe(200);
    const periods = res.body.moon_void_of_course;
    for (const ref of voc.periods) {
      const p = periods.find((x: any) => Math.abs(Date.parse(x.end_utc) - Date.parse(ref.void_end_utc)) < 1000);
      expect(p, ref.id).toBeDefined();
      expect(Math.abs(Date.parse(p.start_utc) - Date.parse(ref.void_start_utc)), ref.id).toBeLessThanOrEqual(1000);
      expect(p.moon_sign).toBe(ref.moon_sign.toLowerCase());
      expect(p.next_sign).toBe(ref.next_sign.toLowerCase());
      expect(p.last_aspect.body).toBe(ref.last_aspect.body.toLowerCase());
      expect(p.last_aspect.aspect).toBe(ref.last_aspect.aspect);
      expect(Math.abs(Date.parse(p.last_aspect.exact_utc) - Date.parse(ref.last_aspect.datetime_utc))).toBeLessThanOrEqual(1000);
      // Rows inside the period say so, and until when.
      const inside = res.body.data.find((r: any) => Date.parse(r.timestamp) > Date.parse(p.start_utc) && Date.parse(r.timestamp) < Date.parse(p.end_utc));
      if (inside) expect(inside.moon_void_of_course).toEqual({ is_void: true, until: p.end_utc, next_sign: p.next_sign });
    }
    const notVoid = res.body.data.find(
      (r: any) => !periods.some((p: any) => Date.parse(r.timestamp) >= Date.parse(p.start_utc) && Date.parse(r.timestamp) < Date.parse(p.end_utc)),
    );
    expect(notVoid.moon_void_of_course).toEqual({ is_void: false, until: null, next_sign: null });
  }, 60_000);

  it('carries the void flag into CSV exports', async () => {
    const res = await fetch(
      `${server.url}/api/v1/ephemeris?start=2025-01-01T00:00Z&end=2025-01-03T00:00Z&step=1h&format=csv&bodies=Moon&include_moon_void_of_course=true`,
      { headers: { 'x-api-key': server.key } },
    );
    const lines = (await res.text()).trimEnd().split('\n');
    // The Moon's phase closes every row; the void columns come just before it.
    expect(lines[0]).toMatch(/moon_void,moon_void_until,moon_phase,moon_phase_angle,moon_illumination$/);
    // 2025-01-01 06:02:09 to 10:49:41 is void (voc-00).
    expect(lines.find((l) => l.startsWith('2025-01-01T08:00'))).toMatch(/,true,2025-01-01T10:49:4\d\.\d{3}Z,New Moon,[\d.]+,[\d.e-]+$/);
    expect(lines.find((l) => l.startsWith('2025-01-01T12:00'))).toMatch(/,false,,(New Moon|Waxing Crescent),[\d.]+,[\d.e-]+$/);
  });
});

describe('streamed exports', () => {
  it('streams a century of daily rows as CSV', async () => {
    const res = await fetch(`${server.url}/api/v1/ephemeris?start=1900-01-01&end=1999-12-31&format=csv`, { headers: { 'x-api-key': server.key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines.length).toBe(1 + 36524); // header + every day of the century
    expect(lines[0]!.startsWith('timestamp_utc,local_timestamp,weekday,julian_day,Sun_lon')).toBe(true);
    expect(lines[1]!.startsWith('1900-01-01T00:00:00.000Z')).toBe(true);
    expect(lines.at(-1)!.startsWith('1999-12-31T00:00:00.000Z')).toBe(true);
    const width = lines[0]!.split(',').length;
    for (const line of [lines[1]!, lines[20000]!, lines.at(-1)!]) expect(line.split(',').length).toBe(width);
  }, 60_000);

  it('streams NDJSON on Accept, one row per line', async () => {
    const res = await fetch(`${server.url}/api/v1/ephemeris?start=2024-01-01&end=2024-12-31&step=12h`, {
      headers: { 'x-api-key': server.key, accept: 'application/x-ndjson' },
    });
    expect(res.headers.get('content-type')).toMatch(/ndjson/);
    const rows = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(366 * 2); // a bare end date includes that whole day
    expect(rows[0].bodies.Sun.sign_id).toBe('capricorn');
  });

  it('chooses the format Accept prefers by its q-values, JSON where nothing is preferred', async () => {
    const typeFor = async (accept: string) => {
      const res = await fetch(`${server.url}/api/v1/ephemeris?start=2024-01-01&bodies=Sun`, { headers: { 'x-api-key': server.key, accept } });
      await res.arrayBuffer();
      return res.headers.get('content-type');
    };
    expect(await typeFor('text/csv;q=0.1, application/json')).toMatch(/^application\/json/);
    expect(await typeFor('application/json;q=0.5, text/csv')).toMatch(/^text\/csv/);
    expect(await typeFor('text/csv')).toMatch(/^text\/csv/);
    expect(await typeFor('text/csv; charset=utf-8')).toMatch(/^text\/csv/);
    expect(await typeFor('text/csv; charset=utf-8; q=0.2, application/json')).toMatch(/^application\/json/);
    expect(await typeFor('application/ndjson')).toMatch(/ndjson/);
    expect(await typeFor('*/*')).toMatch(/^application\/json/);
    expect(await typeFor('text/html, image/png')).toMatch(/^application\/json/);
  });

  it('reports a bad fixed star before streaming starts', async () => {
    const res = await eph({ start: '2024-01-01', end: '2030-01-01', format: 'csv', fixed_stars: ['Nostar'] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'fixed_stars', 0]);
    // A number is no star's name (the library would read it as a line of its catalogue); no catalogue name starts with a digit.
    for (const name of ['12', '1e400', ' 7']) {
      const numbered = await eph({ start: '2024-01-01', fixed_stars: ['Sirius', name] });
      expect(numbered.status, name).toBe(422);
      expect(numbered.body.detail[0].loc).toEqual(['body', 'fixed_stars', 1]);
    }
    const natal = await server.post('/api/v1/natal/calculate', { year: 1990, month: 1, day: 1, hour: 12, minute: 0, lat: 0, lng: 0, fixed_stars: ['12'] });
    expect(natal.status).toBe(422);
  });
});

describe('bounds', () => {
  const cases: [string, unknown, (string | number)[]][] = [
    ['buffered rows over the limit name the streaming formats', { start: '2000-01-01', end: '2010-01-01' }, ['body', 'end']],
    ['grid over 31 rows', { start: '2024-01-01', end: '2024-03-01', format: 'table', table_style: 'grid' }, ['body', 'table_style']],
    ['end before start', { start: '2024-01-02', end: '2024-01-01' }, ['body', 'end']],
    ['before the data files', { start: '1799-12-31' }, ['body', 'start']],
    ['the first day of the files (asteroids reach back before them)', { start: '1800-01-01' }, ['body', 'start']],
    ['after the data files', { start: '2399-12-01', end: '2400-01-02', format: 'csv' }, ['body', 'end']],
    ['a single instant after the data files names start', { start: '2400-06-01' }, ['body', 'start']],
    ['a start after the data files names start, not end', { start: '2400-06-01', end: '2400-06-02' }, ['body', 'start']],
    ['malformed start', { start: '01/02/2024' }, ['body', 'start']],
    ['impossible date', { start: '2024-02-30' }, ['body', 'start']],
    ['bad step', { start: '2024-01-01', step: '1w' }, ['body', 'step']],
    ['zero step', { start: '2024-01-01', end: '2024-01-02', step: '0h' }, ['body', 'step']],
    ['unknown body', { start: '2024-01-01', bodies: ['Vulcan'] }, ['body', 'bodies', 0]],
    ['unknown pack', { start: '2024-01-01', fixed_star_packs: ['zodiac_99'] }, ['body', 'fixed_star_packs', 0]],
    ['houses without a place', { start: '2024-01-01', include_houses: true }, ['body', 'lat']],
    ['latitude out of range', { start: '2024-01-01', lat: 95, lng: 0 }, ['body', 'lat']],
    ['unknown format', { start: '2024-01-01', format: 'xml' }, ['body', 'format']],
    ['an offset no clock has', { start: '2024-01-01T12:00+99:99' }, ['body', 'start']],
  ];
  for (const [what, body, loc] of cases) {
    it(what, async () => {
      const res = await eph(body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    });
  }
  it('the row limit message names csv and ndjson', async () => {
    const res = await eph({ start: '2000-01-01', end: '2010-01-01' });
    expect(res.body.detail[0].msg).toMatch(/csv.*ndjson/);
  });
  it('GET reports query locations', async () => {
    const res = await server.get('/api/v1/ephemeris?start=2024-01-01&lat=abc&lng=0');
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'lat']);
    const missing = await server.get('/api/v1/ephemeris');
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContainEqual({ loc: ['query', 'start'], msg: 'Field required', type: 'missing' });
    // The same types as the POST form's for the same mistakes.
    const types = (detail: any[]) => detail.map((d) => d.type).sort();
    const get = await server.get('/api/v1/ephemeris?start=2024-01-01&lat=91&lng=0&step=2x');
    const post = await eph({ start: '2024-01-01', lat: 91, lng: 0, step: '2x' });
    expect(types(get.body.detail)).toEqual(types(post.body.detail));
    expect(types(get.body.detail)).toContain('value_error.number.not_le');
    // A blank coordinate is not 0.
    const blank = await server.get('/api/v1/ephemeris?start=2024-01-01&lat=%20&lng=%20');
    expect(blank.status).toBe(422);
    expect(blank.body.detail.map((d: any) => d.loc)).toContainEqual(['query', 'lat']);
    // Nor is hexadecimal, binary or octal text a coordinate (Number() reads 0x10 as 16).
    const coded = await server.get('/api/v1/ephemeris?start=2024-01-01&lat=0x10&lng=0o7');
    expect(coded.status).toBe(422);
    expect(coded.body.detail.map((d: any) => d.loc)).toEqual([
      ['query', 'lat'],
      ['query', 'lng'],
    ]);
    expect((await server.get('/api/v1/ephemeris?start=2024-01-01&bodies=Sun&lat=+16.5&lng=-0.25')).status).toBe(200);
  });

  it('GET reads booleans as FastAPI does', async () => {
    const off = await server.get('/api/v1/ephemeris?start=2024-01-01&include_speed=False&include_retrograde=no');
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.bodies.Sun).not.toHaveProperty('speed');
    expect(off.body.data.bodies.Sun).not.toHaveProperty('retrograde');
    const on = await server.get('/api/v1/ephemeris?start=2024-01-01&include_dignity=YES');
    expect(on.body.data.bodies.Sun).toHaveProperty('dignities');
    expect((await server.get('/api/v1/ephemeris?start=2024-01-01&include_speed=maybe')).status).toBe(422);
  });
});

describe('edge cases', () => {
  it('says which rows fell back from a house system the polar circle rules out', async () => {
    const res = await eph({ start: '2024-01-01', end: '2024-01-02', step: '6h', lat: 75, lng: 20, house_system: 'placidus' });
    expect(res.status).toBe(200);
    const fellBack = res.body.data.filter((r: any) => r.house_system === 'porphyry');
    expect(fellBack.length).toBeGreaterThan(0);
    expect(res.body.meta.warnings[0]).toMatch(/placidus.*porphyry/);
    const csv = await fetch(`${server.url}/api/v1/ephemeris?start=2024-01-01&end=2024-01-02&step=6h&lat=75&lng=20&format=csv`, {
      headers: { 'x-api-key': server.key },
    });
    const lines = (await csv.text()).trimEnd().split('\n');
    const column = lines[0]!.split(',').indexOf('house_system');
    expect(column).toBeGreaterThan(0);
    expect(lines.slice(1).map((l) => l.split(',')[column])).toContain('porphyry');
  });

  it('keeps CSV star columns aligned when two names mean one star', async () => {
    const res = await fetch(`${server.url}/api/v1/ephemeris?start=2024-01-01&fixed_stars=sirius,Sirius,alcyone&format=csv`, {
      headers: { 'x-api-key': server.key },
    });
    const [header, row] = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => l.split(','));
    const at = (name: string) => Number(row![header!.indexOf(name)]);
    expect(at('sirius_lon')).toBe(at('Sirius_lon'));
    expect(at('alcyone_lon')).toBeGreaterThan(59);
    expect(at('alcyone_lon')).toBeLessThan(61);
  });
});
