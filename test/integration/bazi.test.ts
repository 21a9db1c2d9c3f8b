/**
 * POST /api/v1/chinese/bazi over real HTTP: the answer's shape that the public service's clients
 * parse (pillars labelled year … hour with gan/zhi, their infos, nayin, life stage, ten gods;
 * luck_cycle; elements; summary), the conventions, and 422s that name the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { baziResponse } from '../../src/features/chinese/bazi/bazi-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Mozart: Salzburg, 27 January 1756, 20:00 (local mean time: the zone database's Vienna offset, +01:05:21). */
const mozart = { year: 1756, month: 1, day: 27, hour: 20, minute: 0, lat: 47.8, lng: 13.04, tz_str: 'Europe/Vienna', sex: 'M' };

describe('POST /api/v1/chinese/bazi', () => {
  it("answers the four pillars in the shape the public service's clients read", async () => {
    const res = await server.post('/api/v1/chinese/bazi', mozart);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(baziResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.day_master).toEqual({ stem: '乙', info: { name: 'Yi', pinyin: 'yǐ', element: 'Wood', polarity: 'Yin' }, pinyin: 'yǐ' });
    expect(b.pillars.map((p: any) => `${p.label}:${p.gan}${p.zhi}`)).toEqual(['year:乙亥', 'month:己丑', 'day:乙丑', 'hour:丙戌']);
    const year = b.pillars[0];
    expect(year.zhi_info).toEqual({ name: 'Hai', pinyin: 'hài', element: 'Water', polarity: 'Yin', zodiac: 'Pig', hidden: ['壬', '甲'] });
    expect(year.nayin).toBe('山头火');
    expect(year.life_stage).toEqual({ chinese: '死', name: 'Death' });
    expect(year.ten_gods.stem).toBe('Friend');
    expect(year.ten_gods.hidden.map((h: any) => [h.gan, h.ten_god])).toEqual([
      ['壬', 'Direct Resource'],
      ['甲', 'Rob Wealth'],
    ]);
    expect(b.pillars[2].ten_gods.stem).toBe('Day Master');
    expect(b.pillars[3].life_stage.name).toBe('Grave');
    // Element points: stems and branches 20 each, hidden stems 5.
    expect(b.elements.points).toEqual({ Wood: 45, Fire: 25, Earth: 95, Metal: 15, Water: 35 });
    expect(b.elements.dominant).toBe('Earth');
    expect(b.elements.percentages.Earth).toBe(44.2);
    // A yin year and a man: backward, from the Xiaohan of 1756-01-06 (21.7 days: 7 years 3 months).
    expect(b.luck_cycle).toMatchObject({ start_age_years: 7, is_forward: false });
    expect(b.luck_cycle.reference_jie.chinese).toBe('小寒');
    expect(b.luck_cycle.pillars.map((p: any) => p.gan_zhi)).toEqual(['戊子', '丁亥', '丙戌', '乙酉', '甲申', '癸未', '壬午', '辛巳']);
    expect(b.luck_cycle.pillars[0]).toMatchObject({ start_age: 8, start_year: 1763, end_year: 1772 });
    expect(b.summary).toEqual({ lunar_date: '一七五五年 腊月 廿六', zodiac: 'Pig', solar_term: null });
    expect(b.conventions).toMatchObject({ time_standard: 'civil', day_boundary: 'midnight', utc_offset: '+01:05:21' });
  });

  it('time_mode is read as time_standard, and the flags leave out their blocks', async () => {
    const res = await server.post('/api/v1/chinese/bazi', {
      ...mozart,
      time_mode: 'true_solar',
      include_ten_gods: false,
      include_pinyin: false,
      include_debug: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conventions.time_standard).toBe('true_solar');
    expect(res.body.pillars[0]).not.toHaveProperty('ten_gods');
    expect(res.body.pillars[0]).not.toHaveProperty('gan_pinyin');
    expect(res.body).not.toHaveProperty('astro_debug');
  });

  it('a city is looked up, and an untimed birth has three pillars', async () => {
    const res = await server.post('/api/v1/chinese/bazi', { year: 1990, month: 5, day: 17, city: 'Shanghai', time_known: false, sex: 'F' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pillars.map((p: any) => p.label)).toEqual(['year', 'month', 'day']);
    expect(res.body.conventions.zone).toBe('Asia/Shanghai');
    expect(res.body.warnings.join(' ')).toMatch(/unknown/);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...mozart, sex: 'X' }, 'sex'],
      [{ ...mozart, time_standard: 'sidereal' }, 'time_standard'],
      [{ ...mozart, day_boundary: '22:00' }, 'day_boundary'],
      [{ ...mozart, year: 1200 }, 'year'],
      [{ ...mozart, month: 2, day: 30 }, 'day'],
      [{ ...mozart, calendar: 'julian', month: 2, day: 30 }, 'day'],
      [{ year: 1990, month: 1, day: 1 }, 'city'],
      [{ ...mozart, annual_from: 1800, annual_to: 1950 }, 'annual_to'],
      [{ ...mozart, annual_from: 1800, annual_to: 1790 }, 'annual_to'],
      [{ ...mozart, current_date: '2025-02-30' }, 'current_date'],
    ] as const) {
      const res = await server.post('/api/v1/chinese/bazi', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.detail.map((d: any) => d.loc.at(-1)),
        JSON.stringify(res.body),
      ).toContain(field);
    }
  });
});

describe('GET /api/v1/chinese/calendar/{date} and /api/v1/chinese/today', () => {
  it('a day: pillars, hours, lunar date, terms, zodiac', async () => {
    const res = await server.get('/api/v1/chinese/calendar/2024-02-10?timezone=Asia/Shanghai');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pillars.day.gan_zhi).toBe('甲辰');
    expect(res.body.lunar_date.text).toBe('二〇二四年 正月 初一');
    expect(res.body.hours).toHaveLength(12);
    const byDefault = await server.get('/api/v1/chinese/calendar/2024-02-10');
    expect(byDefault.body.timezone).toBe('Asia/Shanghai');
  });

  it('today, in the zone asked for', async () => {
    const res = await server.get('/api/v1/chinese/today?timezone=Europe/Lisbon');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.timezone).toBe('Europe/Lisbon');
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a date that is none, out of range, or an unknown zone (422 naming the field)', async () => {
    for (const [path, field] of [
      ['/api/v1/chinese/calendar/2023-02-29', 'date'],
      ['/api/v1/chinese/calendar/1200-01-01', 'date'],
      ['/api/v1/chinese/calendar/20240210', 'date'],
      ['/api/v1/chinese/calendar/2024-02-10?timezone=Mars/Olympus', 'timezone'],
      ['/api/v1/chinese/today?timezone=Nowhere', 'timezone'],
    ] as const) {
      const res = await server.get(path);
      expect(res.status, path).toBe(422);
      expect(
        res.body.detail.map((d: any) => d.loc.at(-1)),
        path,
      ).toContain(field);
    }
  });
});

describe('POST /api/v1/chinese/bazi/flow', () => {
  it('a year against the chart, under both key sets clients read', async () => {
    const res = await server.post('/api/v1/chinese/bazi/flow', { ...mozart, target_year: 1770 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.target_year).toBe(1770);
    expect(res.body.annual_pillar.gan_zhi).toBe('庚寅');
    expect(res.body.years[0].gan_zhi).toBe('庚寅');
    expect(res.body.monthly_pillars).toHaveLength(12);
    expect(res.body.years[0].months.map((m: any) => m.gan_zhi)).toEqual(res.body.monthly_pillars.map((m: any) => m.gan_zhi));
    expect(res.body.years[0].active_luck.gan_zhi).toBe('戊子');
  });

  it('refuses a range of years (422 on target_year_end)', async () => {
    const res = await server.post('/api/v1/chinese/bazi/flow', { ...mozart, target_year: 1770, target_year_end: 1771 });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc.at(-1)).toBe('target_year_end');
  });
});
