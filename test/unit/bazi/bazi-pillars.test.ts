/**
 * The BaZi calendar at its boundaries: solar-term instants against published times, pillars one
 * minute either side of Lichun and of a jie, the Zi hour under both day boundaries, births in
 * zones whose offsets changed, and the reference calendar library's readings of random births
 * (test/fixtures/bazi/reference-cases.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { lichunOf, termsAround, termsOfYear, sunLongitude } from '../../../src/astro/chinese/solar-terms.ts';
import { dayAndHour, fourPillars } from '../../../src/astro/chinese/pillars.ts';
import { ganZhiText, lifeStageOf, nayinOf, cycleIndex } from '../../../src/astro/chinese/stems-branches.ts';
import { tenGodOf } from '../../../src/astro/chinese/ten-gods.ts';
import { lunarDateOfDay, lunarDateText } from '../../../src/astro/chinese/lunar-calendar.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../src/astro/civil-time.ts';
import { computeBazi } from '../../../src/features/chinese/bazi/bazi-service.ts';
import { baziRequest } from '../../../src/features/chinese/bazi/bazi-schemas.ts';

initEphemeris();

const reference = JSON.parse(readFileSync(new URL('../../fixtures/bazi/reference-cases.json', import.meta.url), 'utf8')) as {
  cases: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    sex: 'M' | 'F';
    pillars: string[];
    lunar: [number, number, number] | null;
    luck_start: [number, number, number];
    luck: string[];
  }[];
};

const CST = 8 * 3600_000;
const pillarsAt = (utcMs: number, boundary: 'midnight' | 'zi_23' = 'midnight') => {
  const p = fourPillars(utcMs, utcMs + CST, boundary);
  return [p.year, p.month, p.day, p.hour].map(ganZhiText);
};
const cstMs = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => Date.UTC(y, mo - 1, d, h, mi, s) - CST;

function chart(body: Record<string, unknown>, place = { lat: 31.23, lng: 121.47 }) {
  const request = baziRequest.parse(body);
  return computeBazi({ request, place: { city: null, country: null, region: undefined, source: 'request', zone: undefined, ambiguity: undefined, ...place } });
}

describe('solar terms', () => {
  it('Lichun 2023, 2024 and 2025 within a minute of the published times (UTC+8)', () => {
    for (const [year, published] of [
      [2023, cstMs(2023, 2, 4, 10, 42, 21)],
      [2024, cstMs(2024, 2, 4, 16, 26, 53)],
      [2025, cstMs(2025, 2, 3, 22, 10, 13)],
    ] as const) {
      expect(Math.abs(utcMsFromJulianDay(lichunOf(year).jdUt) - published)).toBeLessThan(60_000);
    }
  });

  it('each term is the instant the Sun reaches its longitude, to well under a second', () => {
    for (const term of termsOfYear(1987)) {
      const diff = ((sunLongitude(term.jdUt) - term.longitude + 540) % 360) - 180;
      expect(Math.abs(diff)).toBeLessThan(1e-6); // the Sun moves 1e-6° in about 0.09 s
    }
    const { previous, next } = termsAround(julianDayFromUtcMs(Date.UTC(1987, 5, 1)), true);
    expect([previous.chinese, next.chinese]).toEqual(['立夏', '芒种']);
  });
});

describe('pillars at their boundaries', () => {
  it('the year and month change at Lichun, not at the lunar new year, one minute either side', () => {
    const lichun = utcMsFromJulianDay(lichunOf(2024).jdUt);
    expect(pillarsAt(lichun - 60_000).slice(0, 2)).toEqual(['癸卯', '乙丑']);
    expect(pillarsAt(lichun + 60_000).slice(0, 2)).toEqual(['甲辰', '丙寅']);
    // 2024-02-09, after Lichun but before the lunar new year (2024-02-10): already 甲辰 by Lichun, still the Rabbit by the lunar year.
    const c = chart({ year: 2024, month: 2, day: 9, hour: 12, minute: 0, tz_str: 'Asia/Shanghai' });
    expect(c.pillars[0]!.gan_zhi).toBe('甲辰');
    expect(c.zodiac.by_lichun.animal).toBe('Dragon');
    expect(c.zodiac.by_lunar_new_year.animal).toBe('Rabbit');
    expect(c.zodiac.by_lunar_new_year.starts).toBe('2023-01-22'); // the Rabbit year began then; the Dragon's on 2024-02-10
    expect(c.lunar_date.text).toBe('二〇二三年 腊月 三十');
  });

  it('the month changes at a jie (Jingzhe 2024), one minute either side', () => {
    const jingzhe = termsOfYear(2024).find((t) => t.chinese === '惊蛰')!;
    const at = utcMsFromJulianDay(jingzhe.jdUt);
    expect(pillarsAt(at - 60_000)[1]).toBe('丙寅');
    expect(pillarsAt(at + 60_000)[1]).toBe('丁卯');
    // The answer names the jie that opened the month and the one that closes it.
    const c = chart({ year: 2024, month: 3, day: 5, hour: 12, minute: 0, tz_str: 'Asia/Shanghai' });
    expect(c.solar_terms.previous_jie.chinese).toBe('惊蛰');
    expect(c.summary.solar_term).toBe('惊蛰');
  });

  it('23:30 under both day boundaries: the late Zi hour', () => {
    // 2024-01-01 is a 甲子 day; its Zi hour from 23:00 is 丙子 (the first hour of 乙丑 day).
    expect(ganZhiText(dayAndHour(Date.UTC(2024, 0, 1, 12), 'midnight').day)).toBe('甲子');
    const midnight = dayAndHour(Date.UTC(2024, 0, 1, 23, 30), 'midnight');
    expect([ganZhiText(midnight.day), ganZhiText(midnight.hour)]).toEqual(['甲子', '丙子']);
    const zi23 = dayAndHour(Date.UTC(2024, 0, 1, 23, 30), 'zi_23');
    expect([ganZhiText(zi23.day), ganZhiText(zi23.hour)]).toEqual(['乙丑', '丙子']);
    // 00:30 is the same 丙子 hour, on 乙丑 day, under both.
    for (const b of ['midnight', 'zi_23'] as const) expect(dayAndHour(Date.UTC(2024, 0, 2, 0, 30), b).hour).toEqual(zi23.hour);
    // One minute before 23:00 is the 亥 hour of 甲子 day: 乙亥.
    expect(ganZhiText(dayAndHour(Date.UTC(2024, 0, 1, 22, 59), 'zi_23').hour)).toBe('乙亥');
    const c = chart({ year: 2024, month: 1, day: 1, hour: 23, minute: 30, tz_str: 'Asia/Shanghai' });
    expect(c.pillars.map((p) => p.gan_zhi).slice(2)).toEqual(['甲子', '丙子']);
    expect(c.conventions.alternatives).toContainEqual({ time_standard: 'civil', day_boundary: 'zi_23', changes: [{ label: 'day', gan_zhi: '乙丑' }] });
  });

  it('a birth in a zone whose offset changed: Shanghai local mean time in 1900 and its DST of 1986', () => {
    const lmt = chart({ year: 1900, month: 6, day: 1, hour: 23, minute: 58, tz_str: 'Asia/Shanghai' });
    expect(lmt.conventions.utc_offset).toBe('+08:05:43');
    expect(lmt.conventions.utc).toBe('1900-06-01T15:52:17Z');
    // DST (UTC+9): 23:30 on the clock is 22:30 standard time, about 22:32 apparent solar time at Shanghai.
    const dst = chart({ year: 1986, month: 7, day: 1, hour: 23, minute: 30, tz_str: 'Asia/Shanghai' });
    expect(dst.conventions.utc_offset).toBe('+09:00');
    expect(dst.pillars[3]!.zhi).toBe('子');
    const solar = chart({ year: 1986, month: 7, day: 1, hour: 23, minute: 30, tz_str: 'Asia/Shanghai', time_standard: 'true_solar' });
    expect(solar.pillars[3]!.zhi).toBe('亥');
    expect(solar.conventions.true_solar_time.slice(11, 16)).toMatch(/^22:3\d$/);
    expect(dst.conventions.alternatives.find((a) => a.time_standard === 'true_solar' && a.day_boundary === 'midnight')!.changes).toEqual([
      { label: 'hour', gan_zhi: solar.pillars[3]!.gan_zhi },
    ]);
  });

  it('local mean and true solar time move the hour pillar far from the zone meridian (Urumqi on UTC+8)', () => {
    const civil = chart({ year: 2000, month: 11, day: 3, hour: 9, minute: 30, lat: 43.8, lng: 87.6, tz_str: 'Asia/Shanghai' }, { lat: 43.8, lng: 87.6 });
    const lmt = chart({ year: 2000, month: 11, day: 3, hour: 9, minute: 30, tz_str: 'Asia/Shanghai', time_standard: 'LMT' }, { lat: 43.8, lng: 87.6 });
    expect(civil.pillars[3]!.zhi).toBe('巳');
    expect(lmt.conventions.local_mean_time).toBe('2000-11-03T07:20:24');
    expect(lmt.pillars[3]!.zhi).toBe('辰');
    // Early November: the equation of time is near its maximum, +16.4 minutes.
    expect(lmt.conventions.equation_of_time_minutes).toBeCloseTo(16.4, 0);
  });
});

describe('annual pillars and the pillars in force at a date', () => {
  it('liu nian from Lichun, the luck pillar then active, and the current pillars', () => {
    const c = chart({
      year: 1990,
      month: 5,
      day: 17,
      hour: 8,
      minute: 15,
      tz_str: 'Asia/Shanghai',
      sex: 'F',
      annual_from: 2024,
      annual_to: 2026,
      current_date: '2025-06-01',
    });
    // 庚午 year, yin... 庚 is yang and the sex F: backward from the month 辛巳.
    expect(c.luck_cycle.is_forward).toBe(false);
    expect(c.annual_pillars!.map((a) => [a.year, a.gan_zhi, a.age])).toEqual([
      [2024, '甲辰', 35],
      [2025, '乙巳', 36],
      [2026, '丙午', 37],
    ]);
    expect(c.annual_pillars![0]!.starts).toMatch(/^2024-02-04T08:2\d:\d\dZ$/);
    expect(c.current).toMatchObject({ date: '2025-06-01', age: 36, annual_pillar: { gan_zhi: '乙巳' }, monthly_pillar: { gan_zhi: '辛巳' } });
    const active = c.luck_cycle.pillars.filter((p) => p.start_date <= '2025-06-01').at(-1)!;
    expect(c.current!.luck_pillar!.gan_zhi).toBe(active.gan_zhi);
  });
});

describe('tables', () => {
  it('nayin, life stages and ten gods', () => {
    expect(nayinOf({ stem: 0, branch: 0 }).chinese).toBe('海中金');
    expect(nayinOf({ stem: 9, branch: 11 }).chinese).toBe('大海水');
    expect(cycleIndex({ stem: 9, branch: 11 })).toBe(59);
    expect(lifeStageOf(0, 11).name).toBe('Birth'); // 甲 in 亥
    expect(lifeStageOf(1, 6).name).toBe('Birth'); // 乙 in 午
    expect(lifeStageOf(8, 0).chinese).toBe('帝旺'); // 壬 in 子
    expect(lifeStageOf(1, 11).chinese).toBe('死'); // 乙 in 亥
    expect(tenGodOf(1, 8).name).toBe('Direct Resource'); // 乙 sees 壬
    expect(tenGodOf(1, 7).name).toBe('7 Killings'); // 乙 sees 辛
    expect(tenGodOf(8, 4).name).toBe('7 Killings'); // 壬 sees 戊
    expect(tenGodOf(8, 5).name).toBe('Direct Officer');
    expect(tenGodOf(0, 3).name).toBe('Hurting Officer');
  });

  it("the lunar calendar: a leap month (闰四月 2020), the 1984 solstice on a new moon's day, new years", () => {
    const jdn = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000 + 2440588;
    expect(lunarDateText(lunarDateOfDay(jdn(2020, 5, 23)))).toBe('二〇二〇年 闰四月 初一');
    expect(lunarDateOfDay(jdn(1984, 12, 22))).toMatchObject({ year: 1984, month: 11, leap: false, day: 1 });
    expect(lunarDateOfDay(jdn(1984, 12, 21))).toMatchObject({ year: 1984, month: 10, leap: true, day: 29 });
    expect(lunarDateOfDay(jdn(2025, 1, 29))).toMatchObject({ year: 2025, month: 1, day: 1 });
    expect(lunarDateOfDay(jdn(2025, 1, 28))).toMatchObject({ year: 2024, month: 12, day: 29 });
  });
});

describe('against the reference calendar library', () => {
  it(`pillars, lunar dates and luck pillars of ${reference.cases.length} random births`, () => {
    let lunarChecked = 0;
    for (const c of reference.cases) {
      const got = chart({ year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, tz_str: 'Etc/GMT-8', sex: c.sex });
      const what = `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute} ${c.sex}`;
      expect(
        got.pillars.map((p) => p.gan_zhi),
        what,
      ).toEqual(c.pillars);
      expect(
        got.luck_cycle.pillars.map((p) => p.gan_zhi),
        what,
      ).toEqual(c.luck);
      // Start offsets agree to a day: the two compute the jie's instant independently (seconds apart).
      const days = (y: number, m: number, d: number) => y * 360 + m * 30 + d;
      const o = got.luck_cycle.start_offset;
      expect(Math.abs(days(o.years, o.months, o.days) - days(...c.luck_start)), what).toBeLessThanOrEqual(1);
      if (c.lunar) {
        lunarChecked++;
        expect([got.lunar_date.year, got.lunar_date.is_leap_month ? -got.lunar_date.month : got.lunar_date.month, got.lunar_date.day], what).toEqual(c.lunar);
      }
    }
    expect(lunarChecked).toBeGreaterThan(50);
  });
});
