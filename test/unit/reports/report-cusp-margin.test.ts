/**
 * A planet within 2° of a house cusp has its house flagged as resting on the birth time, and what
 * the flag says is true of the chart's own cusps: its distance, and the house an earlier birth (the
 * next one, the cusps advancing through the zodiac with the hours) or a later one (the one before)
 * would give it. A reader found a Mars-in-the-1st reading, a stellium and a ruler's place built on
 * Mars 1°42′ short of the 2nd cusp (Murmansk, 1972) with no word of it.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const FLAG =
  /([A-Z][a-z]+) (\d+)°(\d\d)′ (short of|past) the (\d+)(?:st|nd|rd|th) house's cusp: a slightly (earlier|later) birth time would place it in the (\d+)(?:st|nd|rd|th)/g;
const ahead = (from: number, to: number) => (((to - from) % 360) + 360) % 360;

describe('a house near its cusp', () => {
  it('is flagged for Mars 1°42′ short of the 2nd cusp in the Murmansk 1972 chart', () => {
    const place = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Olga Petrova', year: 1972, month: 11, day: 30, hour: 3, minute: 20 }, place);
    expect(composeReport(chart).markdown).toContain("Mars 1°42′ short of the 2nd house's cusp: a slightly earlier birth time would place it in the 2nd");
  });

  it('over random timed charts, every flag is true of the chart’s cusps', () => {
    let flags = 0;
    for (const chart of randomReportCharts(80, 2719).filter((c) => c.subject.settings.time_known)) {
      const cusp = (house: number) => chart.houses!.find((h) => h.house === house)!.abs_pos;
      for (const m of composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown.matchAll(FLAG)) {
        flags++;
        const planet = chart.planets.find((p) => p.id === ID_OF.get(m[1]!))!;
        const [arc, side, cuspHouse, when, other] = [Number(m[2]) + Number(m[3]) / 60, m[4], Number(m[5]), m[6], Number(m[7])];
        const distance = side === 'short of' ? ahead(planet.abs_pos, cusp(cuspHouse)) : ahead(cusp(cuspHouse), planet.abs_pos);
        expect(distance, m[0]).toBeLessThan(2);
        expect(Math.abs(distance - arc), m[0]).toBeLessThan(1 / 60);
        if (side === 'short of') {
          expect([cuspHouse, when, other]).toEqual([(planet.house! % 12) + 1, 'earlier', cuspHouse]);
        } else expect([cuspHouse, when, other]).toEqual([planet.house, 'later', ((planet.house! + 10) % 12) + 1]);
      }
    }
    expect(flags).toBeGreaterThan(10);
  });
});
