/**
 * A planet or Chiron within 3° of the Descendant is named in the love chapter with its distance,
 * whichever side of the cusp it stands on: a reader found "with no planet in the 7th" above a
 * Chiron 0°24′ from the Descendant (Lima, 1992) and no word of it.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const gap = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);
const arc = (d: number) => {
  const m = Math.floor(d * 60 + 1e-9); // the report truncates to the minute, as its tables do
  return `${Math.floor(m / 60)}°${String(m % 60).padStart(2, '0')}′`;
};

describe('points on the Descendant', () => {
  it('are named with their distance in the love chapter', () => {
    let named = 0;
    for (const chart of randomReportCharts(160, 6151).filter((c) => c.subject.settings.time_known)) {
      const dsc = chart.angles!.asc + 180;
      const near = chart.planets.filter((p) => (p.id === 'chiron' || (PLANETS.includes(p.id) && p.house !== 7)) && gap(p.abs_pos, dsc) <= 3 - 1 / 60);
      if (!near.length) continue;
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const line = md.split('\n').find((l) => l.includes('on the Descendant itself:'));
      for (const p of near) {
        named++;
        const name = p.id === 'sun' || p.id === 'moon' ? `the ${POINT_NAMES[p.id]}` : POINT_NAMES[p.id]!;
        expect(line, `${chart.subject.datetime_utc}: ${p.id}`).toContain(`${name}, ${arc(gap(p.abs_pos, dsc))} from it`);
      }
    }
    expect(named).toBeGreaterThan(3);
  });
});
