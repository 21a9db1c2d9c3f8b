/**
 * A planet within 2° of a house cusp has its house flagged as resting on the birth time, and what
 * the flag says is true of the chart: its distance from the chart's own cusp, and which way the
 * birth time would have to move to give it the other house, found by casting the chart again a
 * few minutes either side. A reader found a Mars-in-the-1st reading, a stellium and a ruler's place
 * built on Mars 1°42′ short of the 2nd cusp (Murmansk, 1972) with no word of it; another found the
 * flags pointing the wrong way in Tromsø on a January morning of 1996, when the Ascendant ran
 * backwards through the zodiac.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { castMinutesLater, natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const FLAG =
  /((?:North )?[A-Z][a-z]+) (\d+)°(\d\d)′ (short of|past) the (\d+)(?:st|nd|rd|th) house's cusp: a birth (?:about |less than )(a minute|\d+ minutes) (earlier|later) would place it in the (\d+)(?:st|nd|rd|th)/g;
const ahead = (from: number, to: number) => (((to - from) % 360) + 360) % 360;

/** The house of a planet in the same chart cast `minutes` later (earlier when negative). */
const houseAt = (chart: NatalChartInput, id: string, minutes: number) => castMinutesLater(chart, minutes).planets.find((p) => p.id === id)!.house;

describe('a house near its cusp', () => {
  it('is flagged for Mars 1°42′ short of the 2nd cusp in the Murmansk 1972 chart', () => {
    const place = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Olga Petrova', year: 1972, month: 11, day: 30, hour: 3, minute: 20 }, place);
    expect(composeReport(chart).markdown).toMatch(/Mars 1°42′ short of the 2nd house's cusp: a birth about \d+ minutes earlier would place it in the 2nd/);
  });

  it('is flagged on a planet read by its house among the life areas (Santiago 1983: Pluto 0°40′ past the 2nd cusp)', () => {
    const place = { city: 'Santiago', country: 'CL', lat: -33.4489, lng: -70.6693, source: 'request' as const, zone: 'America/Santiago' };
    const chart = natalChartFor({ name: 'Valentina', year: 1983, month: 10, day: 27, hour: 4, minute: 50 }, place);
    const md = composeReport(chart, { asOf: '2026-11-29T00:00:00Z' }).markdown;
    expect(md).toMatch(/^\*Pluto 29°37′ Libra · 0°40′ past the 2nd house's cusp: a birth about \d+ minutes later would place it in the 1st\*$/m);
  });

  it('is flagged on the North Node too (Utqiagvik 1985: 0°41′ inside the 1st, a passage built on its house)', () => {
    const place = { city: 'Utqiagvik', country: 'US', lat: 71.2906, lng: -156.7886, source: 'request' as const, zone: 'America/Anchorage' };
    const chart = natalChartFor({ name: 'Ada', year: 1985, month: 5, day: 30, hour: 2, minute: 40 }, place);
    const md = composeReport(chart, { asOf: '2026-11-30T00:00:00Z' }).markdown;
    expect(md).toMatch(
      /North Node \d+°\d\d′ \w+, 1st house · 0°4\d′ past the 1st house's cusp: a birth about (a minute|\d+ minutes) earlier would place it in the 12th/,
    );
  });

  it('points the other way where the cusps run backwards (Tromsø, 5 January 1996, 11:20)', () => {
    const chart = natalChartFor({ name: 'Siri', year: 1996, month: 1, day: 5, hour: 11, minute: 20 }, PLACES.tromso);
    const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
    expect(md).toMatch(/Venus \d+°\d\d′ short of the 1st house's cusp: a birth about (a minute|\d+ minutes) later would place it in the 1st/);
  });

  it('over random timed charts, every flag is true of the chart’s cusps and of the chart cast a few minutes either way', () => {
    let flags = 0;
    const tromso = natalChartFor({ name: 'Siri', year: 1996, month: 1, day: 5, hour: 11, minute: 20 }, PLACES.tromso);
    for (const chart of [tromso, ...randomReportCharts(80, 2719).filter((c) => c.subject.settings.time_known)]) {
      const cusp = (house: number) => chart.houses!.find((h) => h.house === house)!.abs_pos;
      for (const m of composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown.matchAll(FLAG)) {
        flags++;
        const planet = chart.planets.find((p) => p.id === ID_OF.get(m[1]!))!;
        const [arc, side, cuspHouse, minutes, when, other] = [
          Number(m[2]) + Number(m[3]) / 60,
          m[4],
          Number(m[5]),
          m[6] === 'a minute' ? 1 : Number(m[6]!.split(' ')[0]),
          m[7],
          Number(m[8]),
        ];
        const distance = side === 'short of' ? ahead(planet.abs_pos, cusp(cuspHouse)) : ahead(cusp(cuspHouse), planet.abs_pos);
        expect(distance, m[0]).toBeLessThan(2);
        expect(Math.abs(distance - arc), m[0]).toBeLessThan(1 / 60);
        expect(other).toBe(side === 'short of' ? (planet.house! % 12) + 1 : ((planet.house! + 10) % 12) + 1);
        // Cast again with the birth moved that way by the minutes said (and a little more, the cusp's speed changing
        // through them), the planet is in the other house; moved the other way as far, it is not.
        expect(minutes, m[0]).toBeLessThanOrEqual(20);
        const far = Math.ceil(minutes * 1.25) + 1;
        const sign = when === 'later' ? 1 : -1;
        expect(houseAt(chart, planet.id, sign * far), m[0]).toBe(other);
        expect(houseAt(chart, planet.id, -sign * far), m[0]).not.toBe(other);
        // Nor sooner than about the minutes said.
        if (minutes >= 4) expect(houseAt(chart, planet.id, sign * Math.floor(minutes * 0.75)), m[0]).not.toBe(other);
      }
    }
    expect(flags).toBeGreaterThan(10);
  });

  it('says "less than a minute" where the cusp is under a minute of birth time away (Kiruna, 21 June 1977, 13:40)', () => {
    const kiruna = { city: 'Kiruna', country: 'SE', lat: 67.8558, lng: 20.2253, source: 'request' as const, zone: 'Europe/Stockholm' };
    const chart = natalChartFor({ name: 'Reader', year: 1977, month: 6, day: 21, hour: 13, minute: 40 }, kiruna);
    const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
    expect(md).toMatch(/Moon 0°0\d′ past the 11th house's cusp: a birth less than a minute later would place it in the 10th/);
    // And it is so: a minute later moves it, a minute earlier does not.
    expect(houseAt(chart, 'moon', 1)).toBe(10);
    expect(houseAt(chart, 'moon', -1)).toBe(11);
  });
});
