/** A day of the Chinese calendar: hand-checked days, and the answer's contract over random days and zones. */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computeCalendarDay } from '../../../src/features/chinese/calendar/chinese-calendar-service.ts';
import { chineseCalendarAnswerBytes } from '../../../src/features/chinese/calendar/chinese-calendar-answer.ts';
import { calendarResponse } from '../../../src/features/chinese/calendar/chinese-calendar-schemas.ts';
import { todayIn } from '../../../src/features/chinese/calendar/chinese-calendar-endpoints.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

describe('a day of the Chinese calendar', () => {
  it('the lunar new year of 2024 (甲辰 day, 正月初一)', () => {
    const day = computeCalendarDay({ year: 2024, month: 2, day: 10, timezone: 'Asia/Shanghai' });
    expect([day.pillars.year.gan_zhi, day.pillars.month.gan_zhi, day.pillars.day.gan_zhi]).toEqual(['甲辰', '丙寅', '甲辰']);
    expect(day.lunar_date).toMatchObject({ year: 2024, month: 1, day: 1, is_leap_month: false, text: '二〇二四年 正月 初一' });
    expect(day.zodiac).toEqual({ by_lichun: 'Dragon', by_lunar_new_year: 'Dragon' });
    expect(day.solar_term.today).toBeNull();
    expect(day.solar_term.current.chinese).toBe('立春');
    // 甲 day: the Zi hour is 甲子, the Hai hour 乙亥.
    expect(day.hours[0]).toEqual({ zhi: '子', gan_zhi: '甲子', from: '23:00', to: '01:00' });
    expect(day.hours[11]).toEqual({ zhi: '亥', gan_zhi: '乙亥', from: '21:00', to: '23:00' });
  });

  it('Lichun day: the year and month change in the afternoon (UTC+8), noon is still 癸卯 乙丑', () => {
    const day = computeCalendarDay({ year: 2024, month: 2, day: 4, timezone: 'Asia/Shanghai' });
    expect([day.pillars.year.gan_zhi, day.pillars.month.gan_zhi, day.pillars.day.gan_zhi]).toEqual(['癸卯', '乙丑', '戊戌']);
    expect(day.solar_term.today?.chinese).toBe('立春');
    expect(day.changes).toHaveLength(1);
    expect(day.changes[0]).toMatch(/^year and month change at 立春 \(2024-02-04T16:2\d:\d\d\+08:00\)$/);
    expect(day.lunar_date.text).toBe('二〇二三年 腊月 廿五');
  });

  it('the same date in another zone is the same day pillar, its terms in local time', () => {
    const ny = computeCalendarDay({ year: 1984, month: 12, day: 21, timezone: 'America/New_York' });
    expect(ny.pillars.day.gan_zhi).toBe('己丑');
    expect(ny.solar_term.today?.chinese).toBe('冬至'); // 1984-12-21 11:23 in New York
    expect(ny.solar_term.today?.local).toMatch(/^1984-12-21T11:2\d:\d\d-05:00$/);
  });

  it('today in a zone', () => {
    expect(todayIn('Asia/Tokyo', Date.UTC(2026, 0, 1, 16))).toBe('2026-01-02');
    expect(todayIn('America/Los_Angeles', Date.UTC(2026, 0, 1, 6))).toBe('2025-12-31');
  });

  it('the answer holds its schema over random days and zones', () => {
    const random = seededRandom(2026_50);
    const zones = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Pacific/Auckland', 'Asia/Kolkata'];
    const answers = Array.from({ length: 60 }, (_, i) =>
      chineseCalendarAnswerBytes({
        year: i < 3 ? [1583, 2999, 1900][i]! : 1600 + Math.floor(random() * 1300),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        timezone: zones[i % zones.length]!,
      }),
    );
    // A term falls on about one day in fifteen: a few of them here, so today's term is seen.
    answers.push(chineseCalendarAnswerBytes({ year: 2024, month: 2, day: 4, timezone: 'Asia/Shanghai' }));
    expect(assertAnswerContract(calendarResponse, answers).answers).toBe(61);
  });
});
