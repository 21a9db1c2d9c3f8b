/**
 * The progressed Moon's conjunctions, squares and oppositions to every natal planet and angle (a
 * reader found the Cape Town report of 1993-06-21 13:05 naming only its square to the natal Moon,
 * while it also squared natal Neptune, Uranus and Mercury that year; the dates below are the ones
 * that reader recomputed on the ephemeris by hand).
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { progressedJd, secondaryClock } from '../../../src/astro/progression-clock.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';

const CAPE_TOWN = { city: 'Cape Town', country: 'ZA', lat: -33.9249, lng: 18.4241, source: 'request' as const, zone: 'Africa/Johannesburg' };
const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

describe("the progressed Moon's aspects of the year", () => {
  it('Cape Town 1993-06-21 13:05: squares to the natal Moon, Neptune, Uranus and Mercury, each within a day of the hand-computed date', () => {
    const chart = natalChartFor({ name: 'Cape Town Reader', year: 1993, month: 6, day: 21, hour: 13, minute: 5 }, CAPE_TOWN);
    const year = yearAhead(chart, Date.parse('2026-11-28T00:00:00Z'));
    const aspects = year.progressions.filter((p) => p.kind === 'moon_aspect');
    for (const [target, date] of [
      ['moon', '2027-01-19'],
      ['neptune', '2027-03-30'],
      ['uranus', '2027-04-17'],
      ['mercury', '2027-07-13'],
    ] as const) {
      const found = aspects.find((p) => p.target === target && p.type === 'square');
      expect(found, target).toBeDefined();
      expect(days(found!.date, date), `${target} ${found!.date}`).toBeLessThanOrEqual(1);
    }
  });

  it('Longyearbyen 1977-02-14 08:00: the progressed Moon enters Scorpio on 25 January 2027 and stays about two years, not "two and a half"', () => {
    const LONGYEARBYEN = { city: 'Longyearbyen', country: 'NO', lat: 78.2232, lng: 15.6267, source: 'request' as const, zone: 'Arctic/Longyearbyen' };
    const chart = natalChartFor({ name: 'Polar Reader', year: 1977, month: 2, day: 14, hour: 8, minute: 0 }, LONGYEARBYEN);
    const ingress = yearAhead(chart, Date.parse('2026-11-28T00:00:00Z')).progressions.find((p) => p.kind === 'moon_ingress')!;
    expect(ingress.sign).toBe('scorpio');
    expect(days(ingress.date, '2027-01-25')).toBeLessThanOrEqual(1);
    // The reader found it leaving Scorpio about 31 January 2029.
    expect(ingress.months).toBeGreaterThanOrEqual(23);
    expect(ingress.months).toBeLessThanOrEqual(25);
  });

  it('untimed, never to the natal Moon or an angle, whose places the hour decides', () => {
    for (const chart of untimedBirths(40, 6113)) {
      const year = yearAhead(chart, Date.parse('2026-11-28T00:00:00Z'));
      for (const p of year.progressions.filter((x) => x.kind === 'moon_aspect')) expect(['moon', 'asc', 'mc']).not.toContain(p.target);
    }
  });
});

describe("the progressed Sun's aspects of the year", () => {
  // The progressed Sun moves about a degree a year: over 80 random births a few of them meet a natal point in the year.
  it('lists each exact conjunction, square or opposition to a natal planet that falls in the year, on its day, and no other', () => {
    const SE: Record<string, number> = { moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
    const ANGLES: Record<string, number> = { conjunction: 0, square: 90, opposition: 180 };
    const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
    let found = 0;
    for (const [i, chart] of randomReportCharts(80, 4417).entries()) {
      const year = yearAhead(chart, Date.parse('2026-11-25T00:00:00Z'));
      const natalJd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const clock = secondaryClock(natalJd);
      const sunAt = (iso: string) => calcBody(progressedJd(clock, julianDayFromUtcMs(Date.parse(`${iso}T00:00:00Z`))), 0).lon;
      const timed = chart.subject.settings.time_known !== false;
      for (const [target, se] of Object.entries(SE)) {
        if (target === 'moon' && !timed) continue;
        const natal = calcBody(natalJd, se).lon;
        for (const [type, angle] of Object.entries(ANGLES)) {
          const listed = year.progressions.filter((p) => p.kind === 'sun_aspect' && p.target === target && p.type === type);
          // Crossed in the year: the signed distance changes sign between its first and last day (the Sun never turns).
          const off = (iso: string) => [angle, -angle].map((a) => wrap(sunAt(iso) - natal - a));
          const [a0, b0] = off(year.from);
          const [a1, b1] = off(year.to);
          const crossings = [
            Math.sign(a0!) !== Math.sign(a1!) && Math.abs(a0!) < 5,
            angle % 180 !== 0 && Math.sign(b0!) !== Math.sign(b1!) && Math.abs(b0!) < 5,
          ].filter(Boolean).length;
          expect(listed.length, `chart ${i}: progressed Sun ${type} ${target}`).toBe(crossings);
          for (const p of listed) {
            expect(Math.min(...off(p.date).map(Math.abs)), `chart ${i}: ${p.date}`).toBeLessThan(0.01);
            found++;
          }
        }
      }
    }
    expect(found).toBeGreaterThan(3);
  });
});
