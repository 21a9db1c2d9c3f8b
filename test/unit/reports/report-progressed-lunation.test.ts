/**
 * The progressed lunation phase of the year ahead (a reader missed a progressed New Moon that fell
 * inside the year): the phase named, when it began and ends, and the phase entered within the year,
 * each checked against the progressed Sun and Moon recomputed here on the ephemeris, a day after
 * birth for each year of life (365.2422 days); untimed, the phase said to depend on the hour exactly
 * when the birth day's first and last hour put the progressed Moon in different phases.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const AS_OF = Date.parse('2026-11-29T00:00:00Z');
const PHASES = ['New Moon', 'crescent', 'first-quarter', 'gibbous', 'Full Moon', 'disseminating', 'last-quarter', 'balsamic'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The progressed elongation (Moon − Sun, 0 to 360) at a real date, for a birth `shift` days from the chart's instant. */
function elongationAt(chart: NatalChartInput, realMs: number, shift = 0): number {
  const birth = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc)) + shift;
  const progressed = birth + (julianDayFromUtcMs(realMs) - birth) / 365.2422;
  return (((calcBody(progressed, 1).lon - calcBody(progressed, 0).lon) % 360) + 360) % 360;
}

const phaseAt = (chart: NatalChartInput, ms: number, shift = 0) => Math.floor(elongationAt(chart, ms, shift) / 45);

/** The paragraph that reads the progressed lunation. */
function paragraphOf(chart: NatalChartInput): string {
  const md = composeReport(chart, { asOf: new Date(AS_OF).toISOString() }).markdown;
  const found = md.split('\n\n').filter((p) => p.includes('phase of the progressed lunation cycle'));
  expect(found, chart.subject.datetime_utc).toHaveLength(1);
  return found[0]!;
}

/** The first day of a "Month YYYY" named in the text, as UTC ms. */
function monthStart(text: string): number {
  const [month, year] = text.split(' ');
  return Date.UTC(Number(year), MONTHS.indexOf(month!), 1);
}

const DAY = 86_400_000;

describe('the progressed lunation phase of the year ahead', () => {
  it('names the phase the progressed Moon is in, and the months it began and ends in, over 40 timed and 30 untimed births', () => {
    for (const chart of [...randomReportCharts(40, 9301), ...untimedBirths(30, 9302)]) {
      const text = paragraphOf(chart);
      const label = `${chart.subject.datetime_utc}: ${text.slice(0, 200)}`;
      const phase = phaseAt(chart, AS_OF);
      expect(text, label).toContain(`: the ${PHASES[phase]} phase of the progressed lunation cycle`);
      const began = /It began around (\w+ \d{4})/.exec(text);
      if (began) {
        // The edge is crossed in the month named (give or take a few days of the month's ends).
        const start = monthStart(began[1]!);
        expect(phaseAt(chart, start - 3 * DAY), label).toBe((phase + 7) % 8);
        expect(phaseAt(chart, start + 34 * DAY), label).toBe(phase);
      } else expect(text, label).toContain('You were born in this phase');
      const ends = /(?:lasts|which lasts) until about (\w+ \d{4})/.exec(text);
      expect(ends, label).not.toBeNull();
      const end = monthStart(ends![1]!);
      expect(phaseAt(chart, end - 3 * DAY), label).toBe(phase);
      expect(phaseAt(chart, end + 34 * DAY), label).toBe((phase + 1) % 8);
      // The next phase is read when, and only when, it begins within the year.
      const enters = end + 34 * DAY < AS_OF + 365 * DAY || phaseAt(chart, AS_OF + 365 * DAY) !== phase;
      if (enters) expect(text, label).toMatch(new RegExp(`it enters (your progressed New Moon|the ${PHASES[(phase + 1) % 8]} phase)`));
      if (phaseAt(chart, AS_OF + 365 * DAY) === phase) expect(text, label).not.toContain('it enters');
    }
  });

  it('untimed, says the hour decides exactly when the first and last hour of the birth day give different phases', () => {
    let uncertain = 0;
    for (const chart of untimedBirths(120, 9303)) {
      const text = paragraphOf(chart);
      const [early, noon, late] = [-0.5, 0, 0.5].map((shift) => phaseAt(chart, AS_OF, shift));
      const label = `${chart.subject.datetime_utc}: ${text}`;
      // Skip a birth whose phase edge lies within a fifth of a degree of the day's reach: the report reads that reach from
      // the Moon's speed at noon, this test from the day's two ends.
      const reach = [-0.5, 0.5].map((shift) => elongationAt(chart, AS_OF, shift));
      if (reach.some((e) => Math.abs(e - 45 * Math.round(e / 45)) < 0.2)) continue;
      if (early !== noon) {
        uncertain++;
        expect(text, label).toContain(`would still be in the ${PHASES[early!]} phase`);
      } else if (late !== noon) {
        uncertain++;
        expect(text, label).toContain(`would already be in the ${PHASES[late!]} phase`);
      } else expect(text, label).not.toContain('Without a birth time this is uncertain');
    }
    expect(uncertain).toBeGreaterThan(0);
  });
});
