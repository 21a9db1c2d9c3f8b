/**
 * The horoscopes over real HTTP: the request shapes the public service's clients send (the
 * dashboard widget's city-only birth and UTC date, the horoscope demo's latitude/longitude, the
 * morning script's hours/minutes and timezone, the chat bot's tz_str, timezone and locale) answered
 * with the fields they read; the sign horoscope by GET in both versions; 422s naming the field; and
 * the MCP tools answering the same JSON as REST.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import {
  dailyPersonalV1Response,
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalResponse,
  SIGN_IDS,
} from '../../src/features/western/horoscope/horoscope-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

const strictly = (schema: { strict?: unknown } & import('zod/v4').ZodType, body: unknown) => {
  const parsed = (schema as import('zod/v4').ZodObject).strict().safeParse(body);
  return parsed.error;
};
const withoutVolatile = (body: any) =>
  JSON.parse(JSON.stringify(body, (k, v) => (k === 'request_id' || k === 'generated_at' || k === 'ttl_seconds' ? undefined : v)));

describe('POST /api/v2/horoscope/daily/personal', () => {
  it('answers the dashboard widget: a city-only birth and a date, every field it reads', async () => {
    const res = await server.post('/api/v2/horoscope/daily/personal', {
      birth: { year: 1990, month: 5, day: 17, hour: 12, minute: 0, city: 'Lisbon' },
      date: '2026-11-25',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(strictly(dailyPersonalV2Response, res.body)).toBeUndefined();
    const d = res.body.data;
    expect(d.date).toBe('2026-11-25');
    for (const k of ['overall', 'love', 'career', 'money', 'health']) expect(d.scores[k]).toBeGreaterThanOrEqual(0);
    expect(typeof d.content.theme).toBe('string');
    expect(d.content.text.length).toBeGreaterThan(80);
    expect(d.content.keywords.length).toBeGreaterThan(0);
    expect(Array.isArray(d.content.supporting_insights)).toBe(true);
    expect(d.astro.highlights[0].label).toMatch(/^Moon in /);
    expect(Array.isArray(d.personal.focus_areas)).toBe(true);
    for (const t of d.personal.transits_top.slice(0, 3)) {
      expect(typeof t.transit_planet.label).toBe('string');
      expect(typeof t.aspect.label).toBe('string');
      expect(typeof t.natal_planet.label).toBe('string');
      expect(t.orb_deg).toBeLessThanOrEqual(3);
      expect(typeof t.intensity).toBe('number');
      expect(typeof t.explanation.main).toBe('string');
    }
    expect(d.lucky.color.label).toBeTruthy();
    expect(d.lucky.time_window.display).toMatch(/^\d\d:\d\d-\d\d:\d\d$/);
    expect(res.body.meta.settings.date_resolved).toBe('2026-11-25');
    expect(res.body.meta.settings.tz_str).toBe('Europe/Lisbon');
  });

  it('reads latitude/longitude and hours/minutes as lat/lng and hour/minute', async () => {
    const canonical = await server.post('/api/v2/horoscope/daily/personal', {
      birth: { year: 1988, month: 2, day: 29, hour: 23, minute: 5, lat: 40.4168, lng: -3.7038 },
      date: '2027-01-09',
    });
    const spelled = await server.post('/api/v2/horoscope/daily/personal', {
      birth: { year: 1988, month: 2, day: 29, hours: 23, minutes: 5, latitude: 40.4168, longitude: -3.7038, city: 'Madrid' },
      date: '2027-01-09',
    });
    expect(spelled.status, JSON.stringify(spelled.body)).toBe(200);
    expect(spelled.headers.get('x-unknown-fields')).toBeNull();
    expect(withoutVolatile(spelled.body)).toEqual(withoutVolatile(canonical.body));
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ date: '2026-11-25' }, 'birth'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 0 } }, 'city'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 0, lat: 10 } }, 'lng'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 0, city: 'Lisbon' }, date: '2026-02-30' }, 'date'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 0, city: 'Lisbon' }, date: 'tomorrow' }, 'date'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, hours: 9, minute: 0, city: 'Lisbon' } }, 'hour'],
      [{ birth: { year: 1990, month: 5, day: 17, minute: 0, city: 'Lisbon' } }, 'hour'],
      [{ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 0, city: 'Lisbon' }, tz_str: 'Mars/Olympus' }, 'tz_str'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post('/api/v2/horoscope/daily/personal', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body.detail), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('POST /api/v1/horoscope/daily/personal (legacy)', () => {
  it('answers the Python client’s legacy body (hours, minutes, birth.timezone, locale et) with v2’s data labelled v1, numbers where v2 has words, and so does its MCP tool', async () => {
    const body = {
      birth: { year: 1984, month: 11, day: 3, hours: 6, minutes: 40, lat: 59.437, lng: 24.7536, timezone: 'Europe/Tallinn' },
      locale: 'et',
      date: '2026-12-01',
    };
    const v1 = await server.post('/api/v1/horoscope/daily/personal', body);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(strictly(dailyPersonalV1Response, v1.body)).toBeUndefined();
    expect(v1.body.meta.settings.version).toBe('v1');
    expect(v1.body.meta.settings.tz_str).toBe('Europe/Tallinn');
    expect(v1.body.data.date).toBe('2026-12-01');
    expect(v1.body.meta.warnings.join(' ')).toMatch(/et/);
    // v2's data, with the numbers where v2 has words (orb_policy, each driver's intensity).
    const v2 = await server.post('/api/v2/horoscope/daily/personal', body);
    const { orb_degrees, ...v2Settings } = v2.body.meta.settings;
    const numbers = {
      ...v2.body,
      meta: { ...v2.body.meta, settings: { ...v2Settings, orb_policy: orb_degrees } },
      data: {
        ...v2.body.data,
        score_factors: v2.body.data.score_factors.map((f: any) => ({
          ...f,
          drivers: f.drivers.map(({ intensity_value, ...d }: any) => ({ ...d, intensity: intensity_value })),
        })),
      },
    };
    const label = (b: any) => ({ ...withoutVolatile(b), meta: { ...withoutVolatile(b).meta, settings: { ...b.meta.settings, version: 'any' } } });
    expect(label(v1.body)).toEqual(label(numbers));
    const tool = await mcp.client.callTool({ name: 'v1_horoscope_daily_personal', arguments: body });
    expect(tool.isError).toBeFalsy();
    expect(withoutVolatile(tool.structuredContent)).toEqual(withoutVolatile(v1.body));
    const refused = await server.post('/api/v1/horoscope/daily/personal', { birth: { year: 1984, month: 11, day: 3, hours: 6, minutes: 40 } });
    expect(refused.status).toBe(422);
  });
});

describe('POST /api/v3/horoscope/daily/personal', () => {
  it('answers the chat bot (tz_str, timezone, locale) and the morning script (hours, minutes, timezone, interpretation blocks)', async () => {
    const bot = await server.post('/api/v3/horoscope/daily/personal', {
      birth: { year: 1979, month: 11, day: 8, hour: 6, minute: 40, city: 'Warsaw', lat: 52.23, lng: 21.01, tz_str: 'Europe/Warsaw' },
      date: '2026-12-01',
      timezone: 'Europe/Warsaw',
      tz_str: 'Europe/Warsaw',
      locale: 'pl',
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    expect(strictly(dailyPersonalV3Response, bot.body)).toBeUndefined();
    expect(bot.body.data.date).toBe('2026-12-01');
    expect(bot.body.meta.warnings.join(' ')).toMatch(/locale 'pl'/);
    const script = await server.post('/api/v3/horoscope/daily/personal', {
      birth: { year: 1979, month: 11, day: 8, hours: 6, minutes: 40, lat: 52.23, lng: 21.01, timezone: 'Europe/Warsaw', time_known: true },
      date: '2026-12-01',
      tz_str: 'AUTO',
      include_interpretation_blocks: true,
    });
    expect(script.status, JSON.stringify(script.body)).toBe(200);
    expect(script.body.data.date).toBe('2026-12-01');
    const top = script.body.data.personal.transits_top;
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((t: any) => t.interpretation === undefined || t.interpretation.body.length > 100)).toBe(true);
    expect(top.some((t: any) => t.interpretation)).toBe(true);
    expect(script.body.data.timeline.next_shift.kind).toBe('moon_ingress');
    expect(script.body.meta.settings.tz_str).toBe('Europe/Warsaw');
  });

  it('defaults the day to today in the zone, and the MCP tool answers the same JSON', async () => {
    const body = { birth: { year: 2001, month: 9, day: 11, hour: 9, minute: 3, city: 'New York' }, date: '2026-07-04' };
    const rest = await server.post('/api/v3/horoscope/daily/personal', body);
    const result = await mcp.client.callTool({ name: 'v3_horoscope_daily_personal', arguments: body });
    expect(result.isError).toBeFalsy();
    expect(withoutVolatile(result.structuredContent)).toEqual(withoutVolatile(rest.body));
    const today = await server.post('/api/v3/horoscope/daily/personal', { birth: body.birth });
    expect(today.status).toBe(200);
    const ny = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(today.body.data.date).toBe(ny);
    const refused = await mcp.client.callTool({ name: 'v2_horoscope_daily_personal', arguments: { birth: { year: 1990, month: 5, day: 17 } } });
    expect(refused.isError).toBe(true);
  });
});

describe('POST /api/v3/horoscope/weekly/personal', () => {
  it('answers seven days from week_start, and this week’s Monday by default', async () => {
    const birth = { name: 'Lee', year: 1985, month: 3, day: 21, hour: 7, minute: 30, city: 'Seoul', time_known: true, tz_str: 'Asia/Seoul' };
    const res = await server.post('/api/v3/horoscope/weekly/personal', { birth, week_start: '2026-11-23' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(strictly(weeklyPersonalResponse, res.body)).toBeUndefined();
    expect(res.body.data.days.map((d: any) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const daily = await server.post('/api/v3/horoscope/daily/personal', { birth, date: '2026-11-25' });
    expect(res.body.data.days[2].scores).toEqual(daily.body.data.scores);
    const def = await server.post('/api/v3/horoscope/weekly/personal', { birth });
    expect(def.body.data.days[0].weekday).toBe('Monday');
    const tool = await mcp.client.callTool({ name: 'v3_horoscope_weekly_personal', arguments: { birth, week_start: '2026-11-23' } });
    expect(withoutVolatile(tool.structuredContent)).toEqual(withoutVolatile(res.body));
  });
});

describe('GET /api/v2 and /api/v1/horoscope/daily/sign', () => {
  it('answers every sign with the §5.2 data minus personal, by query, in both versions', async () => {
    for (const sign of ['aries', 'Leo', 'PISCES']) {
      const res = await server.get(`/api/v2/horoscope/daily/sign?sign=${sign}&date=2026-11-25&tz_str=Europe/Madrid&locale=en`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(strictly(dailySignV2Response, res.body)).toBeUndefined();
      expect(res.body.data.sign.toLowerCase()).toBe(sign.toLowerCase());
      expect(res.body.meta.settings.version).toBe('v2');
      expect(res.body.data).not.toHaveProperty('personal');
    }
    const v1 = await server.get('/api/v1/horoscope/daily/sign?sign=taurus');
    expect(v1.status).toBe(200);
    expect(strictly(dailySignV1Response, v1.body)).toBeUndefined();
    const today = await server.get('/api/v2/horoscope/daily/sign?sign=taurus&date=today');
    expect(today.body.data.date).toBe(v1.body.data.date);
    const tool = await mcp.client.callTool({ name: 'v1_horoscope_daily_sign', arguments: { sign: 'taurus', date: '2026-11-25', tz_str: 'UTC', locale: 'en' } });
    const rest = await server.get('/api/v1/horoscope/daily/sign?sign=taurus&date=2026-11-25&tz_str=UTC&locale=en');
    expect(withoutVolatile(tool.structuredContent)).toEqual(withoutVolatile(rest.body));
  });

  it("passes the horoscope demo's validation of the whole v2 answer (orb_policy and each driver's intensity strings); v1 keeps the numbers", async () => {
    const publicV2 = readFileSync(new URL('../fixtures/public-schemas/horoscope-v2.schema.json', import.meta.url), 'utf8');
    const validate = new AjvJsonSchemaValidator().getValidator(JSON.parse(publicV2));
    const answers = [];
    for (const sign of SIGN_IDS) answers.push(await server.get(`/api/v2/horoscope/daily/sign?sign=${sign}&date=2026-11-25`));
    answers.push(await server.get('/api/v2/horoscope/daily/sign?sign=virgo'));
    answers.push(await server.get('/api/v2/horoscope/daily/sign?sign=virgo&date=today&lat=78.2&lng=15.6'));
    answers.push(
      await server.post('/api/v2/horoscope/daily/personal', {
        birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Lisbon' },
        date: '2026-11-25',
      }),
    );
    answers.push(
      await server.post('/api/v2/horoscope/daily/personal', { birth: { year: 1984, month: 2, day: 29, hour: 12, minute: 0, latitude: 40.4, longitude: -3.7 } }),
    );
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const verdict = validate(res.body);
      expect(verdict.valid, verdict.errorMessage).toBe(true);
      expect(res.body.meta.settings.orb_policy).toBe('majors_3deg_sextile_2deg');
      expect(res.body.meta.settings.orb_degrees).toEqual({ conjunction: 3, opposition: 3, square: 3, trine: 3, sextile: 2 });
      for (const f of res.body.data.score_factors)
        for (const d of f.drivers) {
          expect(d.intensity).toBe(
            d.intensity_value >= 0.75 ? 'very_high' : d.intensity_value >= 0.5 ? 'high' : d.intensity_value >= 0.25 ? 'moderate' : 'low',
          );
          expect(d.intensity_value).toBeGreaterThanOrEqual(0);
          expect(d.intensity_value).toBeLessThanOrEqual(1);
        }
    }
    // Every band is reached over the answers.
    const bands = new Set(answers.flatMap((r) => r.body.data.score_factors.flatMap((f: any) => f.drivers.map((d: any) => d.intensity))));
    expect([...bands].sort()).toEqual(['high', 'low', 'moderate', 'very_high']);
    // The same data otherwise: v1 carries the numbers in intensity and orb_policy.
    const v1 = await server.get('/api/v1/horoscope/daily/sign?sign=leo&date=2026-11-25');
    const v2 = answers[4]!.body;
    expect(typeof v1.body.meta.settings.orb_policy).toBe('object');
    expect(v1.body.data.score_factors[0].drivers.map((d: any) => d.intensity)).toEqual(v2.data.score_factors[0].drivers.map((d: any) => d.intensity_value));
    expect(validate(v1.body).valid).toBe(false);
    // The MCP tool answers v2's shape too.
    const tool = await mcp.client.callTool({ name: 'v2_horoscope_daily_sign', arguments: { sign: 'leo', date: '2026-11-25' } });
    expect(validate(tool.structuredContent).valid).toBe(true);
  });

  it('refuses an unknown sign, a bad date and a lone latitude with 422s naming them', async () => {
    for (const [query, field] of [
      ['sign=ophiuchus', 'sign'],
      ['date=2026-01-01', 'sign'],
      ['sign=leo&date=2026-13-01', 'date'],
      ['sign=leo&lat=40', 'lng'],
    ]) {
      const res = await server.get(`/api/v2/horoscope/daily/sign?${query}`);
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(res.body.detail), query).toContain(field);
    }
  });
});
