/**
 * The progressions family over real HTTP (secondary in depth; tertiary and converse secondary by
 * their differences), with the bodies the public service's clients
 * send (peer-families §3.3: the telegram bot's MCP calls, the extractor's schemas): the answers
 * parse against their strict schemas, the fields those clients read are there under each of
 * their names, the progressed instant agrees with the chart image's headers, bad input is a 422
 * naming the field, and each MCP tool answers what its REST endpoint answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import {
  calendarResponse,
  exactAspectsResponse,
  exactIngressesResponse,
  progressedChartResponse,
} from '../../src/features/western/progressions/progressions-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** The nested block as the bot builds it from a stored natal answer: subject.datetime (local, with its offset), the zone of the profile. */
const natal = {
  name: 'Ada',
  datetime: '1990-05-17T08:15:00+01:00',
  time_known: true,
  location: { city: 'Lisbon', lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
};
const SECONDARY = '/api/v1/western/progressions/secondary';

describe('POST /api/v1/western/progressions/secondary', () => {
  it("answers the bot's request with every field it reads, under each of its names", async () => {
    const res = await server.post(SECONDARY, { natal, response_mode: 'full', secondary_progression: { target_date: '2026-12-31' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(progressedChartResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.meta.target_date).toBe('2026-12-31');
    expect(b.meta.target_datetime).toBe('2026-12-31T00:00:00Z');
    expect(b.basis.natal_datetime_utc).toBe('1990-05-17T07:15:00Z');
    expect(b.basis.method).toBe('secondary');
    expect(b.basis.angles_method).toBe('solar_arc');
    expect(b.basis.age_years_decimal).toBeCloseTo((Date.parse('2026-12-31T00:00:00Z') - Date.parse('1990-05-17T07:15:00Z')) / 86_400_000 / 365.242189, 6);
    for (const id of ['sun', 'moon', 'mercury', 'venus', 'mars']) {
      const p = b.progressed_chart.points[id];
      expect(p.id).toBe(id);
      expect(p.sign.name).toMatch(/^[A-Z][a-z]+$/);
      expect(p.sign_id).toBe(p.sign.id);
      expect(p.longitude_text).toMatch(/^\d{1,2}°\d{2}' [A-Z][a-z]+$/);
      expect(p.house).toBeGreaterThanOrEqual(1);
    }
    for (const angle of ['ascendant', 'midheaven']) expect(b.progressed_chart.angles[angle].longitude_text).toMatch(/°/);
    const all = [...b.aspects.progressed_to_natal, ...b.aspects.progressed_to_progressed];
    expect(b.aspects.progressed_to_natal.length).toBeGreaterThan(0);
    for (const a of all) {
      expect(a.point_1).toBe(a.progressed_point);
      expect(a.p1_id).toBe(a.progressed_point);
      expect(a.p2_id).toBe(a.natal_point);
      expect(a.type).toBe(a.aspect.name);
      expect(a.orb).toBe(a.orb_deg);
      expect(a.is_applying).toBe(a.applying);
      expect(a.orb_deg).toBeLessThanOrEqual(1);
    }
    for (const list of Object.values<any[]>(b.aspects))
      for (let i = 1; i < list.length; i++) expect(list[i].orb_deg).toBeGreaterThanOrEqual(list[i - 1].orb_deg);
  });

  it('casts the progressed chart at the instant the progressions chart image names', async () => {
    const [data, image] = await Promise.all([
      server.post(SECONDARY, { natal, secondary_progression: { target_date: '2026-12-31' } }),
      server.post('/api/v1/natal/chart/progressions', {
        year: 1990,
        month: 5,
        day: 17,
        hour: 8,
        minute: 15,
        lat: 38.72,
        lng: -9.14,
        tz_str: 'Europe/Lisbon',
        progression_date: '2026-12-31',
      }),
    ]);
    expect(image.status).toBe(200);
    const header = Date.parse(image.headers.get('x-progressed-datetime-utc')!);
    expect(Math.abs(Date.parse(data.body.basis.progressed_datetime_utc) - header)).toBeLessThanOrEqual(500);
    expect(data.body.basis.age_years_decimal).toBeCloseTo(Number(image.headers.get('x-progression-age-years')), 5);
  });

  it('an unknown birth time: no angles, no houses, a warning; Naibod and sidereal are echoed', async () => {
    const res = await server.post(SECONDARY, {
      natal: { datetime: '1990-05-17', time_known: false, location: { lat: 38.72, lng: -9.14 } },
      secondary_progression: { target_date: '2030-06-01T12:00:00Z' },
      settings: { angles_method: 'naibod', zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', orb_deg: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.progressed_chart.angles).toBeNull();
    expect(res.body.progressed_chart.points.sun.house).toBeNull();
    expect(res.body.meta.time_known).toBe(false);
    expect(res.body.basis.angles_method).toBe('naibod');
    expect(res.body.meta.settings).toMatchObject({ zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', orb_deg: 2 });
    expect(res.body.warnings.some((w: string) => /unknown/.test(w))).toBe(true);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ natal, secondary_progression: { target_date: '1980-01-01' } }, ['body', 'secondary_progression', 'target_date']],
      [{ natal, secondary_progression: { target_date: '2200-01-01' } }, ['body', 'secondary_progression', 'target_date']],
      [{ natal, secondary_progression: { target_date: '2026-02-30' } }, ['body', 'secondary_progression', 'target_date']],
      [{ natal, secondary_progression: {} }, ['body', 'secondary_progression', 'target_date']],
      [{ natal, secondary_progression: { target_date: '2026-12-31' }, settings: { orb_deg: 0 } }, ['body', 'settings', 'orb_deg']],
      [{ natal, secondary_progression: { target_date: '2026-12-31' }, settings: { orb_deg: 5.5 } }, ['body', 'settings', 'orb_deg']],
      [{ natal, secondary_progression: { target_date: '2026-12-31' }, settings: { angles_method: 'placidus' } }, ['body', 'settings', 'angles_method']],
      [{ natal: { location: natal.location }, secondary_progression: { target_date: '2026-12-31' } }, ['body', 'natal', 'datetime']],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post(SECONDARY, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.detail.map((d: any) => d.loc),
        JSON.stringify(res.body),
      ).toContainEqual(loc);
    }
  });
});

describe('the searches', () => {
  it("calendar: the extractor's body; every event in time order; a window over three years is refused", async () => {
    const res = await server.post('/api/v1/western/progressions/secondary/calendar', { natal, calendar: { from: '2026-01-01', to: '2028-12-31' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(calendarResponse.strict().safeParse(res.body).error).toBeUndefined();
    const events = res.body.events;
    expect(events.length).toBe(res.body.meta.total);
    expect(new Set(events.map((e: any) => e.type))).toEqual(new Set(['exact_aspect', 'sign_ingress', 'house_ingress', 'lunation_phase']));
    for (let i = 1; i < events.length; i++) expect(events[i].datetime_utc >= events[i - 1].datetime_utc).toBe(true);
    expect(res.body.meta.window).toEqual({ from: '2026-01-01T00:00:00Z', to: '2029-01-01T00:00:00Z' });
    const tooLong = await server.post('/api/v1/western/progressions/secondary/calendar', { natal, calendar: { from: '2026-01-01', to: '2029-01-02' } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail[0].loc).toEqual(['body', 'calendar', 'to']);
  });

  it("exact aspects: the bot's body; order and limit", async () => {
    const search = { from: '2020-01-01', to: '2029-12-31', limit: 100, order: 'asc' };
    const asc = await server.post('/api/v1/western/progressions/secondary/exact-aspects', { natal, search, include_angles: true });
    expect(asc.status, JSON.stringify(asc.body)).toBe(200);
    expect(exactAspectsResponse.strict().safeParse(asc.body).error).toBeUndefined();
    const times = asc.body.aspects.map((a: any) => a.datetime_utc);
    expect(times).toEqual([...times].sort());
    expect(asc.body.aspects.some((a: any) => a.progressed_point === 'asc' || a.progressed_point === 'mc' || a.natal_point === 'asc')).toBe(true);
    const desc = await server.post('/api/v1/western/progressions/secondary/exact-aspects', { natal, search: { ...search, order: 'desc', limit: 3 } });
    expect(desc.body.aspects.map((a: any) => a.datetime_utc)).toEqual(
      asc.body.aspects
        .filter((a: any) => !['asc', 'mc'].includes(a.progressed_point) && !['asc', 'mc'].includes(a.natal_point))
        .map((a: any) => a.datetime_utc)
        .reverse()
        .slice(0, 3),
    );
    expect(desc.body.meta).toMatchObject({ returned: 3, truncated: true, include_angles: false });
    const bad = await server.post('/api/v1/western/progressions/secondary/exact-aspects', { natal, search: { ...search, limit: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'search', 'limit']);
  });

  it('exact ingresses: signs and natal houses', async () => {
    const res = await server.post('/api/v1/western/progressions/secondary/exact-ingresses', { natal, search: { from: '1990-01-01', to: '1999-12-31' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(exactIngressesResponse.strict().safeParse(res.body).error).toBeUndefined();
    // The window starts at the birth.
    expect(res.body.meta.window.from).toBe('1990-05-17T07:15:00Z');
    const kinds = new Set(res.body.ingresses.map((e: any) => e.type));
    expect(kinds).toEqual(new Set(['sign_ingress', 'house_ingress']));
    expect(res.body.ingresses.find((e: any) => e.point === 'sun' && e.type === 'sign_ingress')).toMatchObject({ sign: { id: 'gemini' }, date: '1994-05-22' });
  });
});

describe('tertiary and converse secondary', () => {
  it('answer their own body keys, with their system in basis', async () => {
    const tertiary = await server.post('/api/v1/western/progressions/tertiary', { natal, tertiary_progression: { target_date: '2000-01-01' } });
    expect(tertiary.status, JSON.stringify(tertiary.body)).toBe(200);
    expect(tertiary.body.basis).toMatchObject({ method: 'tertiary', life_days_per_progressed_day: 27.321582, direction: 'forward' });
    const converse = await server.post('/api/v1/western/progressions/converse-secondary', {
      natal,
      converse_secondary_progression: { target_date: '2026-12-31' },
    });
    expect(converse.status, JSON.stringify(converse.body)).toBe(200);
    expect(converse.body.basis).toMatchObject({ method: 'converse_secondary', direction: 'converse' });
    expect(converse.body.basis.progressed_days_after_birth).toBeLessThan(0);
    // The secondary key is not the tertiary one.
    const wrongKey = await server.post('/api/v1/western/progressions/tertiary', { natal, secondary_progression: { target_date: '2000-01-01' } });
    expect(wrongKey.status).toBe(422);
    expect(wrongKey.body.detail[0].loc).toEqual(['body', 'tertiary_progression']);
  });

  it('a tertiary calendar is at most two years', async () => {
    const ok = await server.post('/api/v1/western/progressions/tertiary/calendar', { natal, calendar: { from: '2000-01-01', to: '2001-12-31' } });
    expect(ok.status).toBe(200);
    expect(ok.body.meta.system).toBe('tertiary');
    const tooLong = await server.post('/api/v1/western/progressions/tertiary/calendar', { natal, calendar: { from: '2000-01-01', to: '2002-01-02' } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail[0].loc).toEqual(['body', 'calendar', 'to']);
  });
});

describe('MCP tools', () => {
  const cases: [string, string, unknown][] = [
    ['v1_western_progressions_secondary', SECONDARY, { natal, response_mode: 'full', secondary_progression: { target_date: '2026-12-31' } }],
    ['v1_western_progressions_secondary_calendar', `${SECONDARY}/calendar`, { natal, calendar: { from: '2026-01-01', to: '2026-12-31' } }],
    [
      'v1_western_progressions_secondary_exact_aspects',
      `${SECONDARY}/exact-aspects`,
      { natal, search: { from: '2026-01-01', to: '2026-12-31', limit: 100, order: 'asc' }, include_angles: true },
    ],
    ['v1_western_progressions_secondary_exact_ingresses', `${SECONDARY}/exact-ingresses`, { natal, search: { from: '2020-01-01', to: '2029-12-31' } }],
    ['v1_western_progressions_tertiary', '/api/v1/western/progressions/tertiary', { natal, tertiary_progression: { target_date: '2000-01-01' } }],
    [
      'v1_western_progressions_tertiary_calendar',
      '/api/v1/western/progressions/tertiary/calendar',
      { natal, calendar: { from: '2000-01-01', to: '2000-12-31' } },
    ],
    [
      'v1_western_progressions_converse_secondary',
      '/api/v1/western/progressions/converse-secondary',
      { natal, converse_secondary_progression: { target_date: '2026-12-31' } },
    ],
    ['v1_western_progressions_solar_arc', '/api/v1/western/progressions/solar-arc', { natal, solar_arc_progression: { target_date: '2026-12-31' } }],
    [
      'v1_western_progressions_converse_secondary_exact_aspects',
      '/api/v1/western/progressions/converse-secondary/exact-aspects',
      { natal, search: { from: '2020-01-01', to: '2029-12-31' } },
    ],
  ];
  it('every system has its four tools', async () => {
    const { tools } = await mcp.client.listTools();
    for (const system of ['secondary', 'tertiary', 'converse_secondary', 'solar_arc']) {
      for (const suffix of ['', '_calendar', '_exact_aspects', '_exact_ingresses'])
        expect(tools.map((t) => t.name)).toContain(`v1_western_progressions_${system}${suffix}`);
    }
  });
  it('are listed in the western family with their schemas', async () => {
    const { tools } = await mcp.client.listTools();
    for (const [name] of cases) {
      const tool = tools.find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool!.outputSchema?.type).toBe('object');
      expect(tool!.annotations?.readOnlyHint).toBe(true);
    }
  });
  for (const [name, path, args] of cases) {
    it(`${name} answers what ${path} answers`, async () => {
      const rest = await server.post(path, args);
      expect(rest.status).toBe(200);
      const result = await mcp.client.callTool({ name, arguments: args as Record<string, unknown> });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body);
    });
  }
  it('a bad target is an error result naming the field', async () => {
    const result = await mcp.client.callTool({
      name: 'v1_western_progressions_secondary',
      arguments: { natal, secondary_progression: { target_date: '1980-01-01' } },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('target_date');
  });
});
