/**
 * The year ahead's dates are Universal Time's; what that means on the birthplace's clocks is said with the hour of UT from
 * which a date moves (a reader born in Wellington, 13 hours ahead at the year's start, read "one falling near midnight may be
 * a day later" of contacts exact at 15:00 UT, the next day there). Checked against the zone's own calendar: an instant a
 * minute after the stated hour falls on another local day than the UT one, an instant a minute before on the same.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const localDate = (ms: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(ms);

describe("the year ahead's Universal Time dates on the birthplace's clocks", () => {
  const places = [
    { city: 'Wellington', country: 'NZ', lat: -41.2866, lng: 174.7756, source: 'request' as const, zone: 'Pacific/Auckland' },
    { city: 'New York', country: 'US', lat: 40.7128, lng: -74.006, source: 'request' as const, zone: 'America/New_York' },
    { city: 'Kolkata', country: 'IN', lat: 22.5726, lng: 88.3639, source: 'request' as const, zone: 'Asia/Kolkata' },
    { city: 'Utqiagvik', country: 'US', lat: 71.2906, lng: -156.7886, source: 'request' as const, zone: 'America/Anchorage' },
  ];
  for (const place of places)
    it(`${place.city}: the hour of UT from which a date moves, true of the zone's calendar`, () => {
      const chart = natalChartFor({ name: 'x', year: 1972, month: 1, day: 30, hour: 16, minute: 20 }, place);
      const year = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')!.markdown;
      const m = /so there a contact exact (after|before) (\d\d):(\d\d) UT falls on the (next day|day before)\./.exec(year);
      expect(m, place.city).not.toBeNull();
      const edge = Date.parse(`2026-11-30T${m![2]}:${m![3]}:00Z`);
      const utDay = '2026-11-30';
      const [inside, outside] = m![1] === 'after' ? [edge + 60_000, edge - 60_000] : [edge - 60_000, edge + 60_000];
      expect(localDate(inside, place.zone), `${place.city} inside`).not.toBe(utDay);
      expect(localDate(outside, place.zone), `${place.city} outside`).toBe(utDay);
      expect(m![4]).toBe(m![1] === 'after' ? 'next day' : 'day before');
      // "At the start of the year" only where the clocks change within it (Kolkata's do not).
      expect(year.includes('at the start of the year the clocks'), place.city).toBe(place.zone !== 'Asia/Kolkata');
      // Each later stretch's hour, ten days into it, by the zone's own calendar (an Alaska reader's contact at 08:27 UT in
      // summer fell on the same day there, which the winter hour said it did not).
      const stretches = [
        ...year.matchAll(
          /from (\d+) (\w+) (\d{4}) they run [\d½¼¾]+ hours? (ahead of|behind) it, and there a contact exact (after|before) (\d\d):(\d\d) UT falls on the (next day|day before)/g,
        ),
      ];
      if (place.zone !== 'Asia/Kolkata') expect(stretches.length, place.city).toBeGreaterThan(0);
      for (const s of stretches) {
        const day = new Date(Date.parse(`${s[1]} ${s[2]} ${s[3]} 12:00 UTC`) + 10 * 86_400_000).toISOString().slice(0, 10);
        const edge = Date.parse(`${day}T${s[6]}:${s[7]}:00Z`);
        const [inside, outside] = s[5] === 'after' ? [edge + 60_000, edge - 60_000] : [edge - 60_000, edge + 60_000];
        expect(localDate(inside, place.zone), `${place.city} ${s[0]}`).not.toBe(day);
        expect(localDate(outside, place.zone), `${place.city} ${s[0]}`).toBe(day);
      }
    });

  it('London: clocks on UT at the start of the year, then an hour ahead from the spring change, true of the calendar', () => {
    const london = { city: 'London', country: 'GB', lat: 51.5072, lng: -0.1276, source: 'request' as const, zone: 'Europe/London' };
    const chart = natalChartFor({ name: 'x', year: 1972, month: 1, day: 30, hour: 16, minute: 20 }, london);
    const year = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')!.markdown;
    expect(year).toContain('The dates are those of Universal Time; at the start of the year the clocks of your birthplace keep it.');
    const s = /from (\d+) (\w+) (\d{4}) they run 1 hour ahead of it, and there a contact exact after 23:00 UT falls on the next day/.exec(year)!;
    const day = new Date(Date.parse(`${s[1]} ${s[2]} ${s[3]} 12:00 UTC`) + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(localDate(Date.parse(`${day}T23:01:00Z`), london.zone)).not.toBe(day);
    expect(localDate(Date.parse(`${day}T22:59:00Z`), london.zone)).toBe(day);
  });
});
