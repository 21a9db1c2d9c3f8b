/**
 * The central tension read in its own chapter, once its aspect was read with its planets earlier: the chapter sets the two
 * sides against each other with their signs and houses, and what it says is the chart's: each side's sign and house are
 * the point's own, the mode named is both signs' mode, and a sign that changed during an untimed birth day is not named.
 * A reader found the chapter named for the tension sending them elsewhere for its reading.
 */
import { describe, expect, it } from 'vitest';
import { SIGNS, signOf } from '../../../src/astro/zodiac.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const SIDE = String.raw`your ([A-Z][a-z]+)(?: in ([A-Z][a-z]+))?(?: in the (\d+)(?:st|nd|rd|th) house)?(?:, with its [^,]+)?`;
const READING = new RegExp(String.raw`Read here as one argument, it sets ${SIDE}, against ${SIDE}\. `);
const MODE = /Both signs are (cardinal|fixed|mutable)/;

describe('the central tension read in its own chapter', () => {
  it('names each side with the sign and house the chart gives it, over random births', () => {
    let read = 0;
    for (const chart of randomReportCharts(80, 9091)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const markdown = composeReport(chart, { sky }).markdown;
      const m = READING.exec(markdown);
      if (!m) continue;
      read++;
      const context = chart.subject.datetime;
      const signs: string[] = [];
      for (const [name, sign, house] of [m.slice(1, 4), m.slice(4, 7)] as [string, string | undefined, string | undefined][]) {
        const id = Object.entries(POINT_NAMES).find(([, n]) => n === name)![0];
        // A planet, or an angle (its longitude from the chart's angles, its house the one it opens).
        const planet = chart.planets.find((p) => p.id === id) ?? { abs_pos: chart.angles![id as 'asc' | 'mc'], house: id === 'asc' ? 1 : 10 };
        if (sign) {
          expect(signOf(planet.abs_pos).name, `${context} ${name}`).toBe(sign);
          signs.push(sign);
        } else {
          // Named without a sign only where the birth day's hours disagree on it.
          expect(chart.houses, context).toBeUndefined();
          const day = sky.moonDay!;
          expect(id === 'moon' ? day.signs.length > 1 : day.ingresses?.some((i) => i.body === id), `${context} ${name}`).toBe(true);
        }
        // An angle is named without the house it opens.
        if (house) expect(planet.house, `${context} ${name}`).toBe(Number(house));
        else if (id !== 'asc' && id !== 'mc') expect(chart.houses, `${context} ${name} has a house`).toBeUndefined();
      }
      const mode = MODE.exec(markdown.slice(m.index, m.index + 1500));
      const modes = signs.map((s) => SIGNS.find((x) => x.name === s)!.modality);
      if (mode) expect(modes, context).toEqual([mode[1], mode[1]]);
      else expect(signs.length === 2 && modes[0] === modes[1], `${context}: same mode unnamed`).toBe(false);
    }
    expect(read).toBeGreaterThan(20);
  });
});
