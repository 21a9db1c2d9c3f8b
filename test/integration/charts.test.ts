/** Chart images through HTTP: every kind as SVG and PNG, solar returns against the reference, bad input. */
import { readFixture } from '../helpers/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { checkXml } from '../helpers/xml-check.ts';

const solarReturns = readFixture('refdata/solar_returns.json');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

async function image(path: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const ada = { name: 'Ada', year: 1990, month: 5, day: 12, hour: 14, minute: 30, lat: 48.8566, lng: 2.3522, tz_str: 'Europe/Paris' };
const bob = { name: 'Bob', year: 1988, month: 2, day: 3, hour: 9, minute: 15, lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' };

const kinds: [string, string, Record<string, unknown>, { inner: number; outer: number; cusps: number }][] = [
  ['natal', '/api/v1/natal/chart/', { ...ada }, { inner: 13, outer: 0, cusps: 12 }],
  ['transits', '/api/v1/natal/chart/transits', { natal: ada, transit_date: '2025-11-20T12:00' }, { inner: 13, outer: 13, cusps: 12 }],
  [
    'transits (experimental path)',
    '/api/v1/natal/experimental/transits',
    { natal: ada, transit_date: '2025-11-20T12:00' },
    { inner: 13, outer: 13, cusps: 12 },
  ],
  ['solar return', '/api/v1/natal/chart/solar-return', { ...ada, return_year: 2026 }, { inner: 13, outer: 13, cusps: 12 }],
  ['solar return (single)', '/api/v1/natal/experimental/solar-return', { ...ada, return_year: 2026, wheel_type: 'single' }, { inner: 13, outer: 0, cusps: 12 }],
  ['progressions', '/api/v1/natal/chart/secondary-progressions', { ...ada, progression_date: '2026-01-01' }, { inner: 13, outer: 13, cusps: 24 }],
  ['progressions (alias)', '/api/v1/natal/chart/progressions', { ...ada, progression_date: '2026-01-01' }, { inner: 13, outer: 13, cusps: 24 }],
  ['composite', '/api/v1/natal/chart/composite', { person_a: ada, person_b: bob }, { inner: 13, outer: 0, cusps: 12 }],
  ['synastry', '/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob }, { inner: 13, outer: 13, cusps: 24 }],
  ['closed variant', '/api/v1/natal/experimental', { ...ada }, { inner: 13, outer: 0, cusps: 12 }],
];

describe('every chart kind', () => {
  for (const [kind, path, body, expected] of kinds) {
    it(`${kind}: a well-formed SVG with every planet, cusp and aspect, and a PNG of the asked size`, async () => {
      for (const theme of ['light', 'dark'] as const) {
        const styled =
          'natal' in body
            ? { ...body, natal: { ...(body.natal as object), theme_type: theme } }
            : 'person_a' in body
              ? { ...body, person_a: { ...(body.person_a as object), theme_type: theme } }
              : { ...body, theme_type: theme };
        const svg = await image(path, styled);
        expect(svg.status, svg.bytes.toString().slice(0, 300)).toBe(200);
        expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        const doc = checkXml(svg.bytes.toString('utf8'));
        expect(doc.root).toBe('svg');
        expect(doc.counts.get('text') ?? 0).toBe(0);
        // Planets per ring (an outer ring's own Ascendant and Midheaven are drawn as points too).
        const points = (ring: string) =>
          doc.elements.filter((e) => e.attrs['data-point'] && !['asc', 'mc'].includes(e.attrs['data-point']) && (e.attrs['data-ring'] ?? 'inner') === ring)
            .length;
        expect(points('inner')).toBe(expected.inner);
        expect(points('outer')).toBe(expected.outer);
        expect(doc.elements.filter((e) => e.attrs['data-cusp']).length).toBe(expected.cusps);
        expect(doc.elements.filter((e) => e.attrs['data-aspect']).length).toBeGreaterThan(0);
      }
      const pngBody =
        'natal' in body
          ? { ...body, format: 'png', size: 500, png_quality_scale: 1 }
          : 'person_a' in body
            ? { ...body, person_a: { ...(body.person_a as object), format: 'png', size: 500, png_quality_scale: 1 } }
            : { ...body, format: 'png', size: 500, png_quality_scale: 1 };
      const png = await image(path, pngBody);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(pngSize(png.bytes)).toEqual({ width: 500, height: 500 });
    });
  }

  it('renders the PNG at png_quality_scale times the size', async () => {
    const png = await image('/api/v1/natal/chart/', { ...ada, format: 'png', size: 400, png_quality_scale: 2.5 });
    expect(pngSize(png.bytes)).toEqual({ width: 1000, height: 1000 });
  });

  it('bounds the PNG to 4000 × 4000 pixels: a larger size × png_quality_scale is drawn at the largest scale that fits, and reported', async () => {
    const png = await image('/api/v1/natal/chart/', { ...ada, format: 'png', size: 2000, png_quality_scale: 5 });
    expect(png.status).toBe(200);
    expect(pngSize(png.bytes)).toEqual({ width: 4000, height: 4000 });
    expect(png.headers.get('x-chart-adjustments')).toBe('png_quality_scale=5->2');
    const odd = await image('/api/v1/natal/chart/', { ...ada, format: 'png', size: 1234, png_quality_scale: 5 });
    expect(pngSize(odd.bytes)).toEqual({ width: 3998, height: 3998 });
    expect(odd.headers.get('x-chart-adjustments')).toBe('png_quality_scale=5->3.24');
    const composite = await image('/api/v1/natal/chart/composite', { person_a: { ...ada, format: 'png', size: 1000, png_quality_scale: 4.5 }, person_b: bob });
    expect(composite.status).toBe(200);
    expect(pngSize(composite.bytes)).toEqual({ width: 4000, height: 4000 });
    expect(composite.headers.get('x-chart-adjustments')).toBe('person_a.png_quality_scale=4.5->4');
    // The same request as SVG has no pixels to bound.
    const svg = await image('/api/v1/natal/chart/', { ...ada, size: 2000, png_quality_scale: 5 });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('x-chart-adjustments')).toBeNull();
  });

  it('synastry and composite take the output fields at the top level too, as transits do (the top level wins over person_a)', async () => {
    for (const path of ['/api/v1/natal/chart/synastry', '/api/v1/natal/chart/composite']) {
      const png = await image(path, { person_a: ada, person_b: bob, format: 'png', size: 500, png_quality_scale: 1 });
      expect(png.status, path).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(pngSize(png.bytes)).toEqual({ width: 500, height: 500 });
      const svg = await image(path, { person_a: { ...ada, format: 'png' }, person_b: bob, format: 'svg' });
      expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const bounded = await image(path, { person_a: ada, person_b: bob, format: 'png', size: 1000, png_quality_scale: 4.5 });
      expect(bounded.headers.get('x-chart-adjustments')).toBe('png_quality_scale=4.5->4');
      const bad = await image(path, { person_a: ada, person_b: bob, format: 'gif' });
      expect(bad.status).toBe(422);
      expect(JSON.parse(bad.bytes.toString()).detail[0].loc).toEqual(['body', 'format']);
    }
  });

  it('honours display_settings, natal_ring and the synastry switches', async () => {
    const svg = await image('/api/v1/natal/chart/', { ...ada, display_settings: { moon: false, chiron: false, part_of_fortune: true, south_node: true } });
    const doc = checkXml(svg.bytes.toString());
    const ids = doc.elements.filter((e) => e.attrs['data-point']).map((e) => e.attrs['data-point']);
    expect(ids).not.toContain('moon');
    expect(ids).toContain('part_of_fortune');
    expect(ids).toContain('south_node');
    const swappedSvg = (await image('/api/v1/natal/chart/transits', { natal: ada, transit_date: '2025-11-20T12:00', natal_ring: 'outer' })).bytes.toString();
    const swapped = checkXml(swappedSvg);
    expect(swapped.elements.filter((e) => e.attrs['data-cusp']).length).toBe(12);
    // Each chart keeps its colour on either ring: natal blue, transits red, as the public service draws both layouts.
    const usualSvg = (await image('/api/v1/natal/chart/transits', { natal: ada, transit_date: '2025-11-20T12:00' })).bytes.toString();
    const sunColour = (svg: string, ring: string) =>
      new RegExp(`<g data-point="sun" data-ring="${ring}"[^>]*>[^]*?(?:fill|stroke)="(#[0-9A-F]{6})"`).exec(svg)?.[1];
    expect(sunColour(usualSvg, 'inner')).toBe(sunColour(swappedSvg, 'outer'));
    expect(sunColour(usualSvg, 'outer')).toBe(sunColour(swappedSvg, 'inner'));
    expect(sunColour(usualSvg, 'inner')).not.toBe(sunColour(usualSvg, 'outer'));
    const noB = checkXml(
      (await image('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob, show_person_b_houses: false, show_inter_aspects: false })).bytes.toString(),
    );
    // A's houses frame the chart; only B's own house band goes.
    expect(noB.elements.filter((e) => e.attrs['data-cusp']).length).toBe(12);
    expect(noB.elements.filter((e) => e.attrs['data-aspect']).length).toBe(0);
  });

  it('an untimed person makes the composite untimed', async () => {
    const doc = checkXml(
      (
        await image('/api/v1/natal/chart/composite', { person_a: ada, person_b: { ...bob, hour: undefined, minute: undefined, time_known: false } })
      ).bytes.toString(),
    );
    expect(doc.elements.filter((e) => e.attrs['data-cusp']).length).toBe(0);
  });
});

describe('charts outside the data files', () => {
  const early = { ...ada, year: 1799 };
  const natalIsWhole = async () => {
    const res = await fetch(server.url + '/api/v1/natal/calculate', {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
      body: JSON.stringify(ada),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { planets: { id: string; sign: string }[]; warnings?: string[] };
    expect(body.planets.map((p) => p.id)).toEqual(
      expect.arrayContaining(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto']),
    );
    expect(body.planets.find((p) => p.id === 'sun')!.sign).toBe('Tau');
    expect(JSON.stringify(body.warnings ?? [])).not.toContain('omitted');
  };
  const charts: [string, string, Record<string, unknown>][] = [
    ['a composite', '/api/v1/natal/chart/composite', { person_a: early, person_b: bob }],
    ['a progressed chart', '/api/v1/natal/chart/secondary-progressions', { ...early, progression_date: '2026-01-01' }],
  ];
  for (const [what, path, body] of charts) {
    it(`${what} with a birth before 1800 leaves the next natal answers of the same threads whole`, async () => {
      // Their houses ask the obliquity at a pre-1800 instant, the last call before the natal chart's.
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) expect((await image(path, body)).status).toBe(200);
        for (let i = 0; i < 2; i++) await natalIsWhole();
      }
    });
  }
});

describe('solar returns', () => {
  it('matches the reference return instants to a second', async () => {
    for (const c of solarReturns.cases) {
      const d = new Date(c.natal_datetime_utc);
      const res = await image('/api/v1/natal/chart/solar-return', {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds(),
        tz_str: 'UTC',
        lat: 0,
        lng: 0,
        return_year: c.target_year,
        wheel_type: 'single',
        show_metadata: false,
      });
      expect(res.status).toBe(200);
      const got = Date.parse(res.headers.get('x-solar-return-datetime-utc')!);
      expect(Math.abs(got - Date.parse(c.return_datetime_utc_ms)), c.id).toBeLessThanOrEqual(1000);
    }
  }, 60_000);
});

describe('secondary progressions', () => {
  it('reports the progression in headers: a day per tropical year', async () => {
    const res = await image('/api/v1/natal/chart/progressions', { ...ada, tz_str: 'UTC', hour: 0, minute: 0, progression_date: '2020-05-12' });
    expect(res.headers.get('x-progression-system')).toBe('secondary');
    expect(res.headers.get('x-progression-target-date-utc')).toBe('2020-05-12T00:00:00.000Z');
    const age = Number(res.headers.get('x-progression-age-years'));
    expect(age).toBeCloseTo(30.0, 1);
    const progressed = Date.parse(res.headers.get('x-progressed-datetime-utc')!);
    expect((progressed - Date.parse('1990-05-12T00:00:00Z')) / 86_400_000).toBeCloseTo(age, 5);
  });
});

describe('custom_theme', () => {
  it('paints the background it names, and chart_config.chart_background wins over it', async () => {
    const themed = await image('/api/v1/natal/chart/', { ...ada, format: 'svg', custom_theme: { background: '#123456' } });
    expect(themed.status).toBe(200);
    expect(themed.bytes.toString('utf8')).toContain('#123456');
    const both = await image('/api/v1/natal/chart/', {
      ...ada,
      format: 'svg',
      custom_theme: { background: '#123456' },
      chart_config: { chart_background: '#654321' },
    });
    expect(both.status).toBe(200);
    expect(both.bytes.toString('utf8')).toContain('#654321');
    expect(both.bytes.toString('utf8')).not.toContain('#123456');
  });
});

describe('bad input', () => {
  const cases: [string, string, unknown, (string | number)[]][] = [
    ['size zero', '/api/v1/natal/chart/', { ...ada, size: 0 }, ['body', 'size']],
    ['size beyond any image', '/api/v1/natal/chart/', { ...ada, size: 20_000 }, ['body', 'size']],
    ['unknown format', '/api/v1/natal/chart/', { ...ada, format: 'gif' }, ['body', 'format']],
    ['png scale out of range', '/api/v1/natal/chart/', { ...ada, png_quality_scale: 9 }, ['body', 'png_quality_scale']],
    [
      'a colour that is markup',
      '/api/v1/natal/chart/',
      { ...ada, chart_config: { custom_planet_color: '"><script>' } },
      ['body', 'chart_config', 'custom_planet_color'],
    ],
    ['unknown theme', '/api/v1/natal/chart/', { ...ada, theme_type: 'neon' }, ['body', 'theme_type']],
    [
      'a theme background that is no colour',
      '/api/v1/natal/chart/',
      { ...ada, custom_theme: { background: 'sky blue-ish' } },
      ['body', 'custom_theme', 'background'],
    ],
    ['missing return year', '/api/v1/natal/chart/solar-return', { ...ada }, ['body', 'return_year']],
    ['return year outside the files', '/api/v1/natal/chart/solar-return', { ...ada, return_year: 2500 }, ['body', 'return_year']],
    ['bad progression date', '/api/v1/natal/chart/progressions', { ...ada, progression_date: 'next year' }, ['body', 'progression_date']],
    ['missing person_b', '/api/v1/natal/chart/synastry', { person_a: ada }, ['body', 'person_b']],
    ['bad alias colour', '/api/v1/natal/chart/composite', { person_a: ada, person_b: bob, custom_sign_color: 'url(#x)' }, ['body', 'custom_sign_color']],
    ['transit natal without a place', '/api/v1/natal/chart/transits', { natal: { ...ada, lat: undefined, lng: undefined } }, ['body', 'natal', 'city']],
  ];
  for (const [what, path, body, loc] of cases) {
    it(what, async () => {
      const res = await server.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    });
  }
});
