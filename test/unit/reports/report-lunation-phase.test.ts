/**
 * The Moon's phase in the temperament chapter: the report names the phase the sky showed (each of
 * the eight centred on its moment), and where the lunation cycle of astrological tradition (each
 * phase 45° from the New Moon onward, 315° to 360° balsamic) names it otherwise, the fact line
 * gives that name too. Checked over random charts from the chart's own Sun and Moon.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const TRADITION = ['new', 'crescent', 'first-quarter', 'gibbous', 'full', 'disseminating', 'last-quarter', 'balsamic'];
/** The tradition's name the observed name already says ("a waxing crescent" is in the crescent phase). */
const SAYS: Record<string, string> = { 'waning crescent': 'balsamic' };

describe('the Moon’s phase by both counts', () => {
  it('names the tradition’s phase beside the observed one wherever the two differ', () => {
    let asides = 0;
    for (const chart of randomReportCharts(50, 6029)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const line =
        /^\*Moon \d+° [A-Za-z ]+?(?: at noon)?, \d+ % lit: an? ([a-z ]+?)( \(counted in 45° steps from the New Moon, as the lunation cycle of astrological tradition counts, the ([a-z-]+) phase\))?(;[^*]*)?\*$/m.exec(
          md,
        );
      if (!line) continue;
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      const tradition = TRADITION[Math.floor(elongation / 45)]!;
      const observed = line[1]!;
      const same = observed.includes(tradition.replace('-', ' ')) || SAYS[observed] === tradition;
      expect(line[3], `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun, "${observed}"`).toBe(same ? undefined : tradition);
      if (!same) asides++;
    }
    expect(asides).toBeGreaterThan(10);
  });
});
