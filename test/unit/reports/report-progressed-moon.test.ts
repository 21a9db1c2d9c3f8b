/**
 * The progressed Moon's conjunctions, squares and oppositions to every natal planet and angle (a
 * reader found the Cape Town report of 1993-06-21 13:05 naming only its square to the natal Moon,
 * while it also squared natal Neptune, Uranus and Mercury that year; the dates below are the ones
 * that reader recomputed on the ephemeris by hand).
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

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
