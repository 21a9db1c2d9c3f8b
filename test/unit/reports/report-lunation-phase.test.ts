/**
 * The Moon's phase in the temperament chapter: the fact line names the phase the sky showed (each
 * of the eight centred on its moment), the reading follows the lunation cycle of astrological
 * tradition (each phase 45° from the New Moon onward, 315° to 360° balsamic), and where the two
 * name the Moon differently the fact line gives the cycle's name too; a timed birth under one of
 * the four named moments (New, First Quarter, Full, Last Quarter) is told how many hours it stood
 * from it. Checked over random charts from the chart's own Sun and Moon and, for the hours, on the
 * ephemeris.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';

const TRADITION = ['New Moon', 'crescent', 'first-quarter', 'gibbous', 'Full Moon', 'disseminating', 'last-quarter', 'balsamic'];
/** The tradition's name the observed name already says ("a waxing crescent" is in the crescent phase). */
const SAYS: Record<string, string> = { 'waning crescent': 'balsamic' };
/** The library's entry read for each phase of the cycle. */
const ENTRY = ['new_moon', 'waxing_crescent', 'first_quarter', 'waxing_gibbous', 'full_moon', 'waning_gibbous', 'last_quarter', 'balsamic'];
const MOMENT: Record<string, number> = { 'New Moon': 0, 'First Quarter': 90, 'Full Moon': 180, 'Last Quarter': 270 };
const LINE =
  /^\*Moon \d+° [A-Za-z ]+?(?: at noon)?, \d+ % lit: an? ([a-z ]+?)(?: Moon)?(?:, the ([A-Za-z ]+) exact (within the hour|about (an hour|\d+ hours) (after|before)) your birth)?(?:; in the lunation cycle, counted in 45° steps from the New Moon as this reading counts it, the ([A-Za-z -]+?) phase)?(;[^*]*)?\*$/m;
const elongationAt = (ms: number) => {
  const jd = julianDayFromUtcMs(ms);
  return (((calcBody(jd, 1).lon - calcBody(jd, 0).lon) % 360) + 360) % 360;
};

describe('the Moon’s phase by both counts', () => {
  const charts = randomReportCharts(60, 6029);
  const reports = charts.map((chart) => composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown);
  const lines = reports.map((markdown) => LINE.exec(markdown));

  it('reads the phase of the lunation cycle, whatever the sky’s own name for it', () => {
    charts.forEach((chart, i) => {
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      const title = getLibrary().entries.get(`moon_phase.${ENTRY[Math.floor(elongation / 45)]}`)!.title;
      const read = [...getLibrary().entries.values()]
        .filter((e) => e.key.startsWith('moon_phase.') && reports[i]!.includes(`### ${e.title}\n`))
        .map((e) => e.title);
      expect(read, `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun`).toEqual([title]);
    });
  });

  it('names the tradition’s phase beside the observed one wherever the two differ', () => {
    let asides = 0;
    charts.forEach((chart, i) => {
      const line = lines[i];
      expect(line, chart.subject.datetime_utc).not.toBeNull();
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      const tradition = TRADITION[Math.floor(elongation / 45)]!;
      const observed = line![1]!;
      const same = observed.includes(tradition.toLowerCase().replace('-', ' ')) || SAYS[observed] === tradition;
      expect(line![6], `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun, "${observed}"`).toBe(same ? undefined : tradition);
      if (!same) asides++;
    });
    expect(asides).toBeGreaterThan(10);
  });

  it('gives a timed birth under a named moment the hours from it, which the ephemeris bears out', () => {
    let checked = 0;
    charts.forEach((chart, i) => {
      const line = lines[i]!;
      const named = MOMENT[line[1]!.replace(/\b\w/g, (c) => c.toUpperCase())];
      const timed = chart.subject.settings.time_known;
      expect(line[2] !== undefined, `${chart.subject.datetime_utc}: ${line[0]}`).toBe(timed && named !== undefined);
      if (!line[2]) return;
      checked++;
      const amount = line[3] === 'within the hour' ? 0 : line[4] === 'an hour' ? 1 : Number(line[4]!.split(' ')[0]);
      const hours = line[5] === 'before' ? -amount : amount;
      // At the hour said, the Moon stands at the moment's elongation, to within the rounding (half an hour).
      const birth = Date.parse(chart.subject.datetime_utc);
      const slack = 0.55;
      const off = (t: number) => ((((elongationAt(birth + t * 3_600_000) - MOMENT[line[2]!]!) % 360) + 540) % 360) - 180;
      expect(Math.sign(off(hours - slack)) !== Math.sign(off(hours + slack)), `${chart.subject.datetime_utc}: ${line[0]}`).toBe(true);
    });
    expect(checked).toBeGreaterThan(5);
  });
});
