/** What the chart images say: per-kind orbs, synastry houses and palette, header lines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { checkXml } from '../helpers/xml-check.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const ada = { name: 'Ada', year: 1990, month: 5, day: 12, hour: 14, minute: 30, lat: 48.8566, lng: 2.3522, tz_str: 'Europe/Paris', city: 'Paris' };
const bob = { name: 'Bob', year: 1988, month: 2, day: 3, hour: 9, minute: 15, lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon', city: 'Lisbon' };
const untimedBob = { ...bob, hour: undefined, minute: undefined, time_known: false };

const aspectCount = (svg: string) => checkXml(svg).elements.filter((e) => e.attrs['data-aspect']).length;
const cusps = (svg: string, ring?: string) =>
  checkXml(svg).elements.filter((e) => e.attrs['data-cusp'] && (ring === undefined || e.attrs['data-ring'] === ring)).length;

describe('orbs per chart kind', () => {
  it('transits and progressions use tight orbs by default, and orb_settings widens them', async () => {
    const transit = { natal: ada, transit_date: '2025-11-20T12:00' };
    const tight = aspectCount((await post('/api/v1/natal/chart/transits', transit)).text);
    const wide = aspectCount(
      (
        await post('/api/v1/natal/chart/transits', {
          ...transit,
          natal: { ...ada, orb_settings: { conjunction: 8, opposition: 8, trine: 7, square: 7, sextile: 5 } },
        })
      ).text,
    );
    expect(tight).toBeGreaterThan(0);
    expect(tight).toBeLessThan(25);
    expect(wide).toBeGreaterThan(tight);
    const progressed = aspectCount((await post('/api/v1/natal/chart/secondary-progressions', { ...ada, progression_date: '2026-01-01' })).text);
    // Natal orbs drew 81 lines here; most that remain are slow planets conjunct their natal selves.
    expect(progressed).toBeLessThan(30);
  });

  it('synastry is tighter than natal orbs', async () => {
    const syn = aspectCount((await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob })).text);
    const natalOrbs = aspectCount(
      (
        await post('/api/v1/natal/chart/synastry', {
          person_a: { ...ada, orb_settings: { conjunction: 8, opposition: 8, trine: 7, square: 7, sextile: 5 } },
          person_b: bob,
        })
      ).text,
    );
    expect(syn).toBeLessThan(natalOrbs);
  });
});

describe('synastry', () => {
  it('frames the chart with A’s houses, adds B’s band, and keeps A’s houses when B is untimed', async () => {
    const both = (await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob })).text;
    expect(cusps(both, 'inner')).toBe(24);
    expect(both).toContain('data-house-band="second"');
    const untimed = (await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: untimedBob })).text;
    expect(cusps(untimed)).toBe(12);
    expect(untimed).not.toContain('data-house-band="second"');
    expect(checkXml(untimed).elements.filter((e) => e.attrs['data-angle']).length).toBe(4);
  });

  it('uses the theme palette unless colours are given, and refuses invalid colours', async () => {
    const mono = (await post('/api/v1/natal/chart/synastry', { person_a: { ...ada, theme_type: 'mono' }, person_b: bob })).text;
    expect(mono.toLowerCase()).not.toContain('#1565c0');
    expect(mono.toLowerCase()).not.toContain('#c62828');
    const custom = (await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob, person_a_planet_color: '#123456' })).text;
    expect(custom).toContain('#123456');
    const bad = await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob, person_b_planet_color: 'not-a-colour' });
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.text).detail[0].loc).toEqual(['body', 'person_b_planet_color']);
  });

  it('draws the angle colours and the zone backgrounds of both persons', async () => {
    const colours = { person_a_angle_color: '#AA0001', person_b_angle_color: '#00AA02', person_a_zone_bg_color: '#EEEEF3', person_b_zone_bg_color: '#FFEEE4' };
    const svg = (await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob, ...colours })).text;
    const doc = checkXml(svg);
    // A's houses frame the chart: A's axes take A's colour; B's Ascendant and Midheaven, among B's planets, B's.
    const axes = doc.elements.filter((e) => e.attrs['data-angle']);
    expect(axes).toHaveLength(4);
    for (const axis of axes) expect(axis.attrs.stroke).toBe('#AA0001');
    for (const id of ['asc', 'mc']) expect(new RegExp(`<g data-point="${id}" data-ring="inner"[^>]*>[^]*?stroke="#00AA02"`).test(svg), id).toBe(true);
    const zones = doc.elements.filter((e) => e.attrs['data-layer'] === 'zone-background');
    expect(zones.map((z) => [z.attrs['data-ring'], z.attrs.fill])).toEqual([
      ['outer', '#EEEEF3'],
      ['inner', '#FFEEE4'],
    ]);
    // chart_config's own line colour wins; with A untimed the axes are B's, in B's colour.
    const own = checkXml(
      (await post('/api/v1/natal/chart/synastry', { person_a: { ...ada, chart_config: { asc_line_color: '#0000FE' } }, person_b: bob, ...colours })).text,
    );
    expect(own.elements.find((e) => e.attrs['data-angle'] === 'asc')!.attrs.stroke).toBe('#0000FE');
    expect(own.elements.find((e) => e.attrs['data-angle'] === 'mc')!.attrs.stroke).toBe('#AA0001');
    const untimedA = checkXml(
      (await post('/api/v1/natal/chart/synastry', { person_a: { ...ada, hour: undefined, minute: undefined, time_known: false }, person_b: bob, ...colours }))
        .text,
    );
    for (const axis of untimedA.elements.filter((e) => e.attrs['data-angle'])) expect(axis.attrs.stroke).toBe('#00AA02');
    // Without them, nothing changes.
    const plain = (await post('/api/v1/natal/chart/synastry', { person_a: ada, person_b: bob })).text;
    expect(plain).not.toContain('zone-background');
  });
});

describe('header lines', () => {
  it('name the transit place, both places of composite and synastry, the ayanamsa value, the node and UT/LST', async () => {
    const transit = (
      await post('/api/v1/natal/chart/transits', {
        natal: { ...ada, node_type: 'true' },
        transit_date: '2025-11-20T12:00',
        current_city: 'Tokyo',
        current_lat: 35.6762,
        current_lng: 139.6503,
      })
    ).text;
    expect(transit).toMatch(/<desc>[^<]*Tokyo[^<]*35°41′N/);
    expect(transit).toContain('True node');
    const composite = (await post('/api/v1/natal/chart/composite', { person_a: ada, person_b: bob })).text;
    expect(composite).toMatch(/Lisbon|38°43′N/);
    const sidereal = (await post('/api/v1/natal/chart/', { ...ada, zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' })).text;
    expect(sidereal).toMatch(/lahiri 23°\d\d′\d\d″/i);
    const natal = (await post('/api/v1/natal/chart/', ada)).text;
    expect(natal).toMatch(/UT 12:30:00 · LST \d+:\d\d:\d\d/);
    // The bi-wheel draws the natal houses, and its settings line names them.
    const transits = (await post('/api/v1/natal/chart/transits', { natal: ada, transit_date: '2025-11-20T12:00' })).text;
    expect(transits).toMatch(/Placidus · Tropical/);
    expect(transits).not.toMatch(/No houses/);
  });
});

describe('response headers', () => {
  it('lets pages on other origins read the chart headers', async () => {
    const res = await post('/api/v1/natal/chart/transits', { natal: { ...ada, size: 5000 }, transit_date: '2025-11-20T12:00' });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
    // The chart's own headers, and the API's others (the limits) with them.
    expect(exposed).toEqual(expect.arrayContaining(['x-transit-datetime-utc', 'x-chart-adjustments', 'x-warnings', 'x-ratelimit-remaining', 'retry-after']));
  });
});

describe('warnings', () => {
  it("say where a chart's house system fell back, after the place's own, in X-Warnings", async () => {
    const north = { ...ada, lat: 70.66, lng: 23.68, tz_str: 'Europe/Oslo' };
    const natal = await post('/api/v1/natal/chart/', north);
    expect(JSON.parse(natal.headers.get('x-warnings')!)).toEqual([expect.stringMatching(/placidus cannot be computed at latitude 70.66.*porphyry/)]);
    const ambiguous = await post('/api/v1/natal/chart/', { ...ada, lat: undefined, lng: undefined, tz_str: undefined, city: 'Roma', house_system: 'placidus' });
    expect(ambiguous.headers.get('x-warnings')).toMatch(/chose Rome/);
    const composite = await post('/api/v1/natal/chart/composite', { person_a: north, person_b: { ...north, lat: 69.65, lng: 18.96, day: 3 } });
    expect(JSON.parse(composite.headers.get('x-warnings')!).some((w: string) => /porphyry/.test(w))).toBe(true);
    const solarReturn = await post('/api/v1/natal/chart/solar-return', {
      ...ada,
      lat: undefined,
      lng: undefined,
      tz_str: undefined,
      city: 'Roma',
      return_year: 2024,
      return_lat: 70.66,
      return_lng: 23.68,
      return_tz_str: 'Europe/Oslo',
    });
    expect(solarReturn.status).toBe(200);
    expect(JSON.parse(solarReturn.headers.get('x-warnings')!)).toEqual([
      expect.stringMatching(/chose Rome/),
      expect.stringMatching(/latitude 70.66.*porphyry/),
    ]);
    expect((await post('/api/v1/natal/chart/', ada)).headers.get('x-warnings')).toBeNull();
  });
});

describe('names in other scripts', () => {
  it('the compute threads draw a Cyrillic, Greek and CJK name from the bundled fonts, in SVG and PNG', async () => {
    const name = 'Анна Ελένη 山田花子';
    const res = await post('/api/v1/natal/chart/', { ...ada, name });
    expect(res.status).toBe(200);
    const outlines = new Set([...res.text.matchAll(/href="#(ac-[\w-]*?-?o\d+-\d+)"/g)].map((m) => m[1]));
    // Every letter of the name has its own outline glyph (Α/Ε-like letters differ by script).
    expect(outlines.size).toBeGreaterThanOrEqual(new Set(name.replace(/ /g, '')).size - 1);
    expect(res.text).not.toMatch(/href="#ac-[\w-]*f(3f|25af)"/);
    const png = await fetch(server.url + '/api/v1/natal/chart/', {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ada, name, format: 'png', size: 400, png_quality_scale: 1 }),
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});

describe('aspect grid and positions table', () => {
  it('chart_config flags widen the image by a panel; a PNG counts the wider image against its pixel limit', async () => {
    const res = await post('/api/v1/natal/chart/', { ...ada, chart_config: { show_aspect_grid: true, show_positions_table: true } });
    expect(res.status).toBe(200);
    const x = checkXml(res.text);
    expect(x.rootAttrs.width).toBe('1050');
    expect(x.rootAttrs.height).toBe('700');
    expect(x.elements.filter((e) => e.attrs['data-grid-aspect']).length).toBeGreaterThan(5);
    expect(x.elements.filter((e) => e.attrs['data-cusp-position']).length).toBe(12);
    // 2000 px at scale 2 is the largest square PNG; half as wide again is over the limit, so the scale is lowered to fit.
    const big = await post('/api/v1/natal/chart/', { ...ada, format: 'png', size: 2000, png_quality_scale: 2, chart_config: { show_aspect_grid: true } });
    expect(big.status).toBe(200);
    expect(big.headers.get('x-chart-adjustments')).toBe('png_quality_scale=2->1.63');
  });
});
