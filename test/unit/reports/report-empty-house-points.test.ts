/**
 * A house read as holding no planet names Chiron, the North Node or Lilith when one of them stands
 * there: a reader found the work chapter's "empty 10th house" beside Chiron in the 10th. Checked
 * for the houses the love and work chapters read themselves (the 6th, 7th and 10th).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const POINTS = ['chiron', 'north_node', 'lilith'];
const ordinal = (n: number) => `${n}${n === 6 || n === 7 || n === 10 ? 'th' : ''}`;

describe('points in a house without planets', () => {
  it('are named where the love and work chapters read the house as holding no planet', () => {
    let named = 0;
    for (const chart of randomReportCharts(120, 8821).filter((c) => c.subject.settings.time_known)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      for (const house of [6, 7, 10]) {
        const planets = chart.planets.filter((p) => PLANETS.includes(p.id) && p.house === house);
        const points = chart.planets.filter((p) => POINTS.includes(p.id) && p.house === house);
        const said = md.includes(`in the ${ordinal(house)} house, read in the chapter`);
        if (planets.length || !points.length) continue;
        named++;
        expect(said, `${chart.subject.datetime_utc}: the ${ordinal(house)} house holds ${points.map((p) => p.id).join(', ')}`).toBe(true);
      }
    }
    expect(named).toBeGreaterThan(10);
  });
});
