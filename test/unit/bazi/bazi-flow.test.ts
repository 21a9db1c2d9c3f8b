/** The flow of a year against a chart: hand-checked pillars, the luck pillar in force, interactions with the outside pillars only, and the answer's contract. */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computeBaziFlow } from '../../../src/features/chinese/bazi/bazi-flow-service.ts';
import { baziFlowRequest, baziFlowResponse } from '../../../src/features/chinese/bazi/bazi-flow-schemas.ts';
import { baziFlowAnswerBytes } from '../../../src/features/chinese/bazi/bazi-answer.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const place = (lat: number, lng: number) => ({
  city: null,
  country: null,
  region: undefined,
  source: 'request' as const,
  lat,
  lng,
  zone: undefined,
  ambiguity: undefined,
});
const flow = (body: Record<string, unknown>, lat = 31.23, lng = 121.47) =>
  computeBaziFlow({ request: baziFlowRequest.parse(body), place: place(lat, lng), defaultYear: 2026 });

describe('BaZi flow', () => {
  it('2026 (丙午) against a 庚午 辛巳 壬午 甲辰 chart', () => {
    const f = flow({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, tz_str: 'Asia/Shanghai', sex: 'F', target_year: 2026 });
    expect(f.natal.pillars.map((p) => p.gan_zhi)).toEqual(['庚午', '辛巳', '壬午', '甲辰']);
    expect(f.annual_pillar).toMatchObject({ year: 2026, gan_zhi: '丙午', ten_god: 'Indirect Wealth' });
    // 丙 years start at 庚寅; the twelfth month 辛丑 opens at Xiaohan of January 2027.
    expect(f.monthly_pillars.map((m) => m.gan_zhi)).toEqual(['庚寅', '辛卯', '壬辰', '癸巳', '甲午', '乙未', '丙申', '丁酉', '戊戌', '己亥', '庚子', '辛丑']);
    expect(f.monthly_pillars[11]!.starts.slice(0, 7)).toBe('2027-01');
    const year = f.years[0]!;
    expect(year.age).toBe(37);
    expect(year.active_luck?.gan_zhi).toBe('丁丑');
    // Only pairs with the annual pillar: 午 meets the natal 午 twice (self-punishment), 丙 combines with 辛 and clashes with 壬.
    expect(year.interactions.every((i) => i.pillars.includes('annual'))).toBe(true);
    expect(year.interactions.map((i) => i.id)).toEqual(
      expect.arrayContaining(['stem_combination_annual_month', 'stem_clash_annual_day', 'self_punishment_annual_year', 'self_punishment_annual_day']),
    );
    expect(year.luck_interactions.every((i) => i.pillars.includes('luck'))).toBe(true);
    // The 子 month (庚子) clashes with the three 午 of the chart.
    const zi = year.months[10]!;
    expect(zi.interactions.filter((i) => i.kind === 'clash').map((i) => i.pillars[1])).toEqual(['year', 'day']);
  });

  it('target_year_end other than target_year is refused, on the field', () => {
    expect(() => flow({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, tz_str: 'Asia/Shanghai', target_year: 2026, target_year_end: 2027 })).toThrow(
      /target_year_end/,
    );
  });

  it('the answer holds its schema over random births and years', () => {
    const random = seededRandom(50_50);
    const answers = Array.from({ length: 40 }, (_, i) => {
      const year = 1800 + Math.floor(random() * 250);
      return baziFlowAnswerBytes({
        request: baziFlowRequest.parse({
          year,
          month: 1 + Math.floor(random() * 12),
          day: 1 + Math.floor(random() * 28),
          hour: Math.floor(random() * 24),
          minute: 0,
          tz_str: i % 2 ? 'Asia/Shanghai' : 'Europe/Paris',
          sex: i % 3 ? 'M' : 'F',
          time_known: i % 9 !== 0,
          ...(i % 4 ? { target_year: Math.min(year + Math.floor(random() * 90), 2999) } : {}),
          // Every third answer in a language: English, Simplified Chinese, or one not served (English, said in meta).
          ...(i % 3 === 0 ? { lang: ['en', 'zh-CN', 'fr'][(i / 3) % 3] } : {}),
        }),
        place: place(i % 2 ? 31.23 : 48.85, i % 2 ? 121.47 : 2.35),
        defaultYear: 2026,
      });
    });
    expect(assertAnswerContract(baziFlowResponse, answers).answers).toBe(40);
  });
});
