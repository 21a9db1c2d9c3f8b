/**
 * A personal planet the report calls unaspected is joined to no other of the ten planets by a major aspect: timed, by
 * the natal answer's aspects; untimed, by any aspect the birth day held at some hour. And every personal planet that
 * is so, and whose sign is read, gets the note.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { isTimed, type NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import type { MoonDay } from '../../../src/reports/sky/moon-day.ts';

const TEN = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const PERSONAL = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars'];
/** The major aspects' angles and the natal orbs docs/api names (conjunction and opposition 8°, trine and square 7°, sextile 5°). */
const MAJOR: [number, number][] = [
  [0, 8],
  [180, 8],
  [120, 7],
  [90, 7],
  [60, 5],
];

/** The ten planets' pairs in major aspect: timed, recomputed from their longitudes; untimed, any the birth day held at some hour. */
function joined(chart: NatalChartInput, day: MoonDay | undefined): [string, string][] {
  if (!day) {
    const ten = chart.planets.filter((p) => TEN.includes(p.id));
    return ten.flatMap((a, i) =>
      ten.slice(i + 1).flatMap((b): [string, string][] => {
        const apart = Math.abs(((b.abs_pos - a.abs_pos + 540) % 360) - 180);
        return MAJOR.some(([angle, orb]) => Math.abs(apart - angle) <= orb) ? [[a.id, b.id]] : [];
      }),
    );
  }
  return [...day.pairs.map((d): [string, string] => [d.p1, d.p2]), ...day.aspects.map((d): [string, string] => ['moon', d.other])];
}

describe('an unaspected personal planet', () => {
  it('is noted exactly when no major aspect joins it to another planet', () => {
    let noted = 0;
    for (const chart of randomReportCharts(300, 4417)) {
      const sky = reportSky({ chart, asOf: '2026-11-25T00:00:00Z' });
      const markdown = composeReport(chart, { sky }).markdown;
      const pairs = joined(chart, isTimed(chart) ? undefined : sky.moonDay);
      for (const name of PERSONAL) {
        const id = name.toLowerCase();
        const alone = !pairs.some(([a, b]) => (a === id && TEN.includes(b)) || (b === id && TEN.includes(a)));
        const said = new RegExp(`(No major aspect joins your ${name} to another planet|Your ${name} makes no major aspect to any other planet)`).test(markdown);
        expect(said, `${chart.subject.datetime} ${name}`).toBe(alone);
        if (said) noted++;
      }
    }
    expect(noted).toBeGreaterThan(3);
  });
});
