/**
 * Drop-in compatibility: the requests that clients written for the public service send, replayed
 * field by field, and the fields their parsers read, asserted as those parsers read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { openRaw, parseRawResponse } from '../helpers/raw-http.ts';
import { natalResponse } from '../../src/features/western/natal/natal-schemas.ts';
import { transitResponse } from '../../src/features/western/transits/transits-schemas.ts';
import { MOON_PHASE_LABELS } from '../../src/astro/moon-phase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

const birth = { name: 'User', year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'Athens', tz_str: 'AUTO' };
// 1962-02-04: seven planets in Capricorn and Aquarius.
const gathering = { year: 1962, month: 2, day: 4, hour: 12, minute: 0, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };

async function image(path: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('natal: stelliums, dignities, fixed stars', () => {
  it('stelliums.signs[] and stelliums.houses[] as clients iterate them', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...gathering, include_stelliums: true });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    const { signs, houses } = res.body.stelliums;
    // A client's loop: for (const s of stelliums.signs) print(`${s.sign} (${s.sign_id}): ${s.count} ${s.bodies.join(', ')}`)
    expect(signs.length).toBeGreaterThan(0);
    for (const s of signs) {
      expect(Object.keys(s).sort()).toEqual(['bodies', 'count', 'sign', 'sign_id']);
      expect(s.count).toBe(s.bodies.length);
      expect(s.count).toBeGreaterThanOrEqual(3);
      for (const id of s.bodies) expect(res.body.planets.find((p: any) => p.id === id).sign_id).toBe(s.sign_id);
      expect(res.body.planets.find((p: any) => p.id === s.bodies[0]).sign).toBe(s.sign);
    }
    for (const h of houses) {
      expect(Object.keys(h).sort()).toEqual(['bodies', 'count', 'house']);
      for (const id of h.bodies) expect(res.body.planets.find((p: any) => p.id === id).house).toBe(h.house);
    }
    const untimed = await server.post('/api/v1/natal/calculate?include_stelliums=true', { ...gathering, time_known: false });
    expect(untimed.body.stelliums.houses).toEqual([]);
  });

  it('include_dignity: planets[].dignity is domicile, exaltation, detriment, fall or null', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...birth, include_dignity: true });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    for (const p of res.body.planets) {
      expect([null, 'domicile', 'exaltation', 'detriment', 'fall']).toContain(p.dignity);
      expect(p.dignity).toBe(p.dignities[0] ?? null);
    }
    // 1981-01-01: the Sun in Capricorn has none; Saturn in Libra is exalted.
    const by = (id: string) => res.body.planets.find((p: any) => p.id === id);
    expect(by('sun').dignity).toBeNull();
    expect(by('saturn')).toMatchObject({ sign_id: 'libra', dignity: 'exaltation' });
    expect(by('north_node').dignity).toBeNull();
    const without = await server.post('/api/v1/natal/calculate', birth);
    expect(without.body.planets[0]).not.toHaveProperty('dignity');
  });

  it('include_dominants: the element, modality and sign with the most weight, in both methods', async () => {
    const modern = await server.post('/api/v1/natal/calculate', { ...gathering, include_dominants: true });
    expect(modern.status).toBe(200);
    expect(natalResponse.strict().safeParse(modern.body).error).toBeUndefined();
    const elementOf: Record<string, string> = {
      aries: 'fire',
      leo: 'fire',
      sagittarius: 'fire',
      taurus: 'earth',
      virgo: 'earth',
      capricorn: 'earth',
      gemini: 'air',
      libra: 'air',
      aquarius: 'air',
      cancer: 'water',
      scorpio: 'water',
      pisces: 'water',
    };
    // Counted by hand from the answer's own positions: Sun, Moon and Ascendant twice, the other planets once.
    const weigh = (ids: string[]) => {
      const scores: Record<string, number> = { fire: 0, earth: 0, air: 0, water: 0 };
      for (const id of ids) {
        const signId = id === 'asc' ? modern.body.angles_details.asc.sign_id : modern.body.planets.find((p: any) => p.id === id).sign_id;
        scores[elementOf[signId]!]! += ['sun', 'moon', 'asc'].includes(id) ? 2 : 1;
      }
      return scores;
    };
    const ten = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
    expect(modern.body.dominants).toMatchObject({ method: 'modern', element_scores: weigh([...ten, 'asc']), points_counted: [...ten, 'asc'] });
    // 1962-02-04: seven planets in Capricorn and Aquarius.
    expect(['earth', 'air']).toContain(modern.body.dominants.element);
    const traditional = await server.post('/api/v1/natal/calculate', { ...gathering, include_dominants: true, dominants_method: 'Traditional' });
    expect(traditional.body.dominants).toMatchObject({ method: 'traditional', element_scores: weigh([...ten.slice(0, 7), 'asc']) });
    const untimed = await server.post('/api/v1/natal/calculate', { ...gathering, time_known: false, include_dominants: true });
    expect(untimed.body.dominants.points_counted).toEqual(ten);
    expect((await server.post('/api/v1/natal/calculate', gathering)).body).not.toHaveProperty('dominants');
  });

  it('include_declination_aspects: parallels and contra-parallels within 1° of declination', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...birth, include_declination_aspects: true });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    const list = res.body.declination_aspects;
    expect(list.length).toBeGreaterThan(0);
    const declination = (id: string) => res.body.planets.find((p: any) => p.id === id).declination;
    for (const a of list) {
      expect([a.p1_declination, a.p2_declination]).toEqual([declination(a.p1), declination(a.p2)]);
      const exact = a.type === 'parallel' ? a.p1_declination - a.p2_declination : a.p1_declination + a.p2_declination;
      expect(a.orb).toBeCloseTo(Math.abs(exact), 12);
      expect(a.orb).toBeLessThanOrEqual(1);
    }
    expect(list.map((a: any) => a.orb)).toEqual([...list.map((a: any) => a.orb)].sort((x: number, y: number) => x - y));
    // Every pair within 1° is there.
    const ids = res.body.planets.map((p: any) => p.id);
    for (const [i, p1] of ids.entries()) {
      for (const p2 of ids.slice(i + 1)) {
        const near = Math.min(Math.abs(declination(p1) - declination(p2)), Math.abs(declination(p1) + declination(p2))) <= 1;
        expect(
          list.some((a: any) => a.p1 === p1 && a.p2 === p2),
          `${p1}-${p2}`,
        ).toBe(near);
      }
    }
  });

  it('fixed_stars: packs, names, a comma list and all, with conjunctions inside the orb', async () => {
    const royal = await server.post('/api/v1/natal/calculate', { ...birth, fixed_stars: ['royal_4'] });
    expect(royal.status).toBe(200);
    expect(natalResponse.strict().safeParse(royal.body).error).toBeUndefined();
    expect(royal.body.fixed_stars).toMatchObject({ orb: 1, stars_checked: 4 });
    const behenian = await server.post('/api/v1/natal/calculate', { ...birth, fixed_stars: ['behenian_20'] });
    expect(behenian.body.fixed_stars.stars_checked).toBe(15);
    const all = await server.post('/api/v1/natal/calculate', { ...birth, fixed_stars: ['all'], fixed_star_orb: 0.5 });
    expect(all.body.fixed_stars.stars_checked).toBeGreaterThan(500);
    const { conjunctions } = all.body.fixed_stars;
    expect(conjunctions.length).toBeGreaterThan(0);
    const points = new Map([...all.body.planets.map((p: any) => [p.id, p.abs_pos]), ...Object.entries<number>(all.body.angles)]);
    for (const c of conjunctions) {
      expect(c.orb).toBeLessThanOrEqual(0.5);
      expect(points.get(c.point)).toBeCloseTo(c.point_abs_pos, 9);
      const d = Math.abs(((c.point_abs_pos - c.star_abs_pos + 540) % 360) - 180);
      expect(d).toBeCloseTo(c.orb, 9);
    }
    expect(conjunctions.map((c: any) => c.orb)).toEqual([...conjunctions.map((c: any) => c.orb)].sort((a, b) => a - b));
    // Regulus sits at 29° Leo in 1981; a chart with the Sun there has the conjunction.
    const named = await server.post('/api/v1/natal/calculate', { ...birth, month: 8, day: 22, fixed_stars: 'Regulus, Spica' });
    expect(named.body.fixed_stars.stars_checked).toBe(2);
    expect(named.body.fixed_stars.conjunctions.some((c: any) => c.star === 'Regulus' && c.point === 'sun')).toBe(true);
    const unknown = await server.post('/api/v1/natal/calculate', { ...birth, fixed_stars: ['royal_4', 'Vulcanstar'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'fixed_stars', 1]);
  });
});

describe('requests as lenient clients write them', () => {
  it("reads numbers and booleans sent as strings, as the public service's framework reads them", async () => {
    const exact = await server.post('/api/v1/natal/calculate', { ...birth, lat: 37.98, lng: 23.72 });
    const strings = await server.post('/api/v1/natal/calculate', {
      ...birth,
      year: '1981',
      month: '1',
      day: ' 1 ',
      hour: '23',
      minute: '30',
      lat: '37.98',
      lng: '23.72',
      include_dignity: 'false',
    });
    expect(strings.status, JSON.stringify(strings.body)).toBe(200);
    expect(strings.body).toEqual(exact.body);
    const untimed = await server.post('/api/v1/natal/calculate', { ...birth, time_known: 'False' });
    expect(untimed.status).toBe(200);
    expect(untimed.body.subject.settings.time_known).toBe(false);
    // Booleans as the numbers 0 and 1, numbers with a sign or leading zeros, as the framework reads them.
    expect((await server.post('/api/v1/natal/calculate', { ...birth, time_known: 0 })).body.subject.settings.time_known).toBe(false);
    const signed = await server.post('/api/v1/natal/calculate', { ...birth, hour: '+23', minute: '030', lat: '+37.98', lng: '23.72' });
    expect(signed.body).toEqual(exact.body);
    // A number too large for a double keeps its first error.
    const huge = await server.post('/api/v1/natal/calculate', { ...birth, hour: '1e400' });
    expect(huge.body.detail[0]).toMatchObject({ loc: ['body', 'hour'], type: 'type_error.number' });
    expect(huge.body.detail[0].msg).not.toMatch(/received number/);
    const chart = await image('/api/v1/natal/chart/', { ...birth, size: '500', format: 'png', png_quality_scale: '1' });
    expect(chart.status, chart.text).toBe(200);
    // A converted value still meets its bounds; a string that says no number keeps its type error.
    const late = await server.post('/api/v1/natal/calculate', { ...birth, hour: '25' });
    expect(late.status).toBe(422);
    expect(late.body.detail.map((d: any) => d.loc)).toEqual([['body', 'hour']]);
    for (const hour of ['noon', '', '0x10', '1e', '12 30']) {
      const res = await server.post('/api/v1/natal/calculate', { ...birth, hour });
      expect(res.status, hour).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'hour'], type: 'type_error.number' });
    }
    // A field that is a string stays one: a name of digits is a name.
    const named = await server.post('/api/v1/natal/calculate', { ...birth, name: '12' });
    expect(named.body.subject.name).toBe('12');
  });

  it('finds a path without its trailing slash, and reads a body sent without a Content-Type as JSON', async () => {
    const withSlash = await image('/api/v1/natal/chart/', birth);
    const without = await image('/api/v1/natal/chart', birth);
    expect(without.status).toBe(200);
    expect(without.text).toBe(withSlash.text);
    const body = JSON.stringify(birth);
    for (const typeLine of ['', 'Content-Type: \r\n']) {
      const connection = await openRaw(server.url);
      connection.socket.write(
        `POST /api/v1/natal/calculate HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${server.key}\r\n${typeLine}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      await connection.closed;
      const bare = parseRawResponse(connection.received());
      expect(bare.status, typeLine).toBe(200);
      expect((bare.body as { subject: { name: string } }).subject.name).toBe('User');
    }
    const broken = await openRaw(server.url);
    broken.socket.write(`POST /api/v1/natal/calculate HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${server.key}\r\nContent-Length: 4\r\nConnection: close\r\n\r\n{bad`);
    await broken.closed;
    const refused = parseRawResponse(broken.received()) as { status: number; body: { detail: { msg: string; type: string }[] } };
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({ type: 'json_invalid', msg: expect.stringContaining('sent without a Content-Type') });
    const typed = await fetch(server.url + '/api/v1/natal/calculate', {
      method: 'POST',
      headers: { 'x-api-key': server.key, 'content-type': 'text/html' },
      body: JSON.stringify(birth),
    });
    expect(typed.status).toBe(415);
  });
});

describe('ephemeris: the rows a client filters by meta.bodies', () => {
  it('finds every body of meta.bodies in each row, and the Moon phase marker', async () => {
    const res = await server.post('/api/v1/ephemeris/calculate', {
      start: '2025-03-01',
      end: '2025-03-31',
      step: '1d',
      tz_str: 'Europe/Berlin',
      bodies: ['Sun', 'Moon', 'Mercury', 'Chiron', 'Lilith', 'Mean_Lilith'],
    });
    expect(res.status).toBe(200);
    const { meta, data } = res.body;
    expect(meta.bodies).toEqual(['Sun', 'Moon', 'Mercury', 'Chiron', 'Lilith', 'Mean_Lilith']);
    // The client: rows.map((row) => meta.bodies.map((name) => row.bodies[name])).
    for (const row of data) {
      for (const name of meta.bodies) expect(row.bodies[name], `${row.timestamp} ${name}`).toBeDefined();
      const phase = row.astrology.moon_phase;
      expect(MOON_PHASE_LABELS).toContain(phase.label);
      expect(phase.angle).toBeGreaterThanOrEqual(0);
      expect(phase.angle).toBeLessThan(360);
      expect(phase.illumination).toBeGreaterThanOrEqual(0);
      expect(phase.illumination).toBeLessThanOrEqual(1);
    }
    // 2025-03-14 was a Full Moon (06:54 UT), 2025-03-29 a New Moon (10:57 UT).
    expect(data.find((r: any) => r.local_timestamp.startsWith('2025-03-14')).astrology.moon_phase.label).toBe('Full Moon');
    expect(data.find((r: any) => r.local_timestamp.startsWith('2025-03-29')).astrology.moon_phase.label).toBe('New Moon');
    expect(meta.body_definitions).toEqual({ Lilith: 'osculating (true) lunar apogee', Mean_Lilith: 'mean lunar apogee' });
  });

  it('keeps Lilith (osculating) and Mean_Lilith (mean) apart, and says where an alias went', async () => {
    const res = await server.get('/api/v1/ephemeris?start=2024-06-01&bodies=Lilith,Mean_Lilith,True_Lilith,north_node');
    expect(res.status).toBe(200);
    expect(res.body.meta.bodies).toEqual(['Lilith', 'Mean_Lilith', 'True_Node']);
    expect(res.body.meta.body_aliases).toEqual({ True_Lilith: 'Lilith', north_node: 'True_Node' });
    const { Lilith, Mean_Lilith } = res.body.data.bodies;
    // The osculating apogee swings up to about 30° either side of the mean one.
    expect(Lilith.abs_pos).not.toBeCloseTo(Mean_Lilith.abs_pos, 1);
    expect(Math.abs(((Lilith.abs_pos - Mean_Lilith.abs_pos + 540) % 360) - 180)).toBeLessThan(35);
    const natal = await server.post('/api/v1/natal/calculate', {
      year: 2024,
      month: 6,
      day: 1,
      hour: 0,
      minute: 0,
      lat: 0,
      lng: 0,
      tz_str: 'UTC',
      include_features: ['true_lilith'],
    });
    const natalBy = (id: string) => natal.body.planets.find((p: any) => p.id === id).abs_pos;
    expect(Mean_Lilith.abs_pos).toBeCloseTo(natalBy('lilith'), 9);
    expect(Lilith.abs_pos).toBeCloseTo(natalBy('true_lilith'), 9);
  });

  it('reads options as clients write them: 1D steps, JSON and Table in any case', async () => {
    const res = await server.get('/api/v1/ephemeris?start=2024-01-01&end=2024-01-03&step=1D&format=JSON&sign_display=Full&bodies=sun');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.step).toBe('1d');
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0].bodies.Sun.sign).toBe('Capricorn');
    const hours = await server.post('/api/v1/ephemeris/calculate', {
      start: '2024-01-01T00:00Z',
      end: '2024-01-01T12:00Z',
      step: '6 hours',
      format: 'Table',
      table_style: 'Grid',
    });
    expect(hours.status).toBe(200);
    expect(hours.body.table.rows).toHaveLength(3);
    const months = await server.post('/api/v1/ephemeris/calculate', { start: '2024-01-01', end: '2024-06-01', step: '1M' });
    expect(months.status).toBe(422);
    expect(months.body.detail[0].loc).toEqual(['body', 'step']);
  });
});

describe('transits: the transiting side in p1/p2', () => {
  it('a client that strips " (T)"/" (N)" finds the transiting body in p1 and the natal one in p2', async () => {
    const res = await server.post('/api/v1/transits/calculate', { natal: birth, transit_date: '2025-11-20T09:15', current_city: 'New York' });
    expect(res.status).toBe(200);
    expect(transitResponse.strict().safeParse(res.body).error).toBeUndefined();
    expect(res.body.aspects.length).toBeGreaterThan(0);
    for (const a of res.body.aspects) {
      // The client: const transiting = [a.p1, a.p2].find((s) => s.endsWith(' (T)')).replace(' (T)', '')
      const transiting = [a.p1, a.p2].find((s: string) => s.endsWith(' (T)'))!.replace(' (T)', '');
      const natalSide = [a.p1, a.p2].find((s: string) => s.endsWith(' (N)'))!.replace(' (N)', '');
      expect(transiting).toBe(a.p1_id);
      expect(natalSide).toBe(a.p2_id);
      expect(res.body.transit_planets.map((p: any) => p.id)).toContain(transiting);
      expect([...res.body.natal_planets.map((p: any) => p.id), 'asc', 'mc']).toContain(natalSide);
      expect(a.p1_name).toBe(`${res.body.transit_planets.find((p: any) => p.id === transiting).name} (T)`);
    }
  });
});

describe('charts: options the public service accepts', () => {
  it('font_size_fraction 0.5 and retrograde_marker_style "R" draw, clamped and reported', async () => {
    const res = await image('/api/v1/natal/chart/', {
      ...birth,
      chart_config: { font_size_fraction: 0.5, retrograde_marker_style: 'R', planet_symbol_scale: 5, sign_line_width: 40 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const adjustments = res.headers.get('x-chart-adjustments')!.split(', ');
    expect(adjustments).toEqual(
      expect.arrayContaining(['chart_config.font_size_fraction=0.5->0.08', 'chart_config.planet_symbol_scale=5->3', 'chart_config.sign_line_width=40->20']),
    );
    expect(adjustments).toHaveLength(3);
    const same = await image('/api/v1/natal/chart/', {
      ...birth,
      chart_config: { font_size_fraction: 0.08, retrograde_marker_style: 'r', planet_symbol_scale: 3, sign_line_width: 20 },
    });
    expect(same.text).toBe(res.text);
    expect(same.headers.get('x-chart-adjustments')).toBeNull();
  });

  it('reads every enumerated option in any case, and clamps the size', async () => {
    const res = await image('/api/v1/natal/chart/', {
      ...birth,
      format: 'PNG',
      theme_type: 'Dark',
      size: 3000,
      png_quality_scale: 1,
      chart_config: { retrograde_marker_style: 'Rx', horoscope_shape_style: 'Polygon' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-chart-adjustments')).toBe('size=3000->2000');
    const composite = await image('/api/v1/natal/chart/composite', {
      person_a: { ...birth, size: 250 },
      person_b: { ...gathering },
      retrograde_marker_style: 'RX',
      chart_config: { center_disk_fraction: 0.9 },
    });
    expect(composite.status, composite.text).toBe(200);
    expect(composite.headers.get('x-chart-adjustments')).toBe('chart_config.center_disk_fraction=0.9->0.7, person_a.size=250->300');
    const transits = await image('/api/v1/natal/chart/transits', {
      natal: { ...birth, chart_config: { font_size_fraction: 0.01 } },
      transit_date: '2025-11-20T09:15',
      natal_ring: 'Outer',
    });
    expect(transits.status, transits.text).toBe(200);
    expect(transits.headers.get('x-chart-adjustments')).toBe('chart_config.font_size_fraction=0.01->0.015');
  });

  it('still refuses what cannot mean anything', async () => {
    for (const [body, loc] of [
      [
        { ...birth, retrograde_marker_style: 'R', chart_config: { retrograde_marker_style: 'upside-down' } },
        ['body', 'chart_config', 'retrograde_marker_style'],
      ],
      [{ ...birth, chart_config: { font_size_fraction: 2 } }, ['body', 'chart_config', 'font_size_fraction']],
      [{ ...birth, chart_config: { stroke_opacity: 1.5 } }, ['body', 'chart_config', 'stroke_opacity']],
      [{ ...birth, theme_type: 'neon' }, ['body', 'theme_type']],
    ] as const) {
      const res = await server.post('/api/v1/natal/chart/', body);
      expect(res.status).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    }
  });
});

describe('numerology: no profile, only a birth date', () => {
  it('applies the default profile named in the registry and the response', async () => {
    const registry = (await server.get('/api/v1/numerology/methods')).body;
    const pythagorean = registry.systems.find((s: any) => s.system === 'pythagorean');
    const defaultProfile = pythagorean.profiles.find((p: any) => p.is_default);
    expect(pythagorean.default_profile).toBe(defaultProfile.id);
    expect(defaultProfile.default_policy_combination).toEqual(defaultProfile.policy_combinations[0]);
    for (const system of registry.systems) expect(system.profiles.filter((p: any) => p.is_default)).toHaveLength(1);

    const res = await server.post('/api/v1/numerology/profile', { method: { system: 'pythagorean' }, subject: { birth_date: '1990-07-14' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.method).toMatchObject({
      system: 'pythagorean',
      profile_id: defaultProfile.id,
      profile_defaulted: true,
      ...defaultProfile.default_policy_combination,
    });
    // Every date-based number; the name-based ones left out with a warning.
    expect(Object.keys(res.body.data.calculations)).toEqual(['life_path', 'birthday', 'pinnacles', 'challenges']);
    expect(res.body.data.calculations.life_path.value).toBe(4); // 7 + 14 → 5, 1990 → 19 → 10 → 1: 5 + 1 + 7 = 13 → 4
    const omitted = res.body.warnings.find((w: any) => w.code === 'calculations_omitted');
    expect(omitted.calculations).toEqual(expect.arrayContaining(['expression', 'soul_urge', 'personality', 'personal_year']));
    expect(omitted.message).toMatch(/subject\.name\.birth/);
    expect(res.body.warnings.map((w: any) => w.code)).toContain('profile_defaulted');

    const withReference = await server.post('/api/v1/numerology/profile', {
      method: { system: 'pythagorean' },
      subject: { birth_date: '1990-07-14' },
      date_context: { reference_date: '2026-01-15' },
    });
    expect(Object.keys(withReference.body.data.calculations)).toEqual(expect.arrayContaining(['personal_year', 'personal_month', 'personal_day']));

    const explicit = await server.post('/api/v1/numerology/profile', {
      method: { system: 'pythagorean' },
      subject: { birth_date: '1990-07-14' },
      calculations: ['expression'],
    });
    expect(explicit.status).toBe(422);
    expect(explicit.body).toMatchObject({ code: 'missing_required_field', field: 'subject.name.birth' });
  });
});
