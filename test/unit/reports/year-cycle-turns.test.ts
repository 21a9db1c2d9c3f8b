/**
 * The turns of the slow planets' own cycles in the year ahead (Uranus opposite its own place in the
 * early forties, Neptune's square at about forty, Saturn's return), checked against the ephemeris by
 * a separate reckoning: every exact conjunction, square or opposition of Jupiter … Pluto to its own
 * natal place in the year is listed, and none that is not; and where the report reads one, it says
 * it is a turn of the planet's own cycle and gives the age it comes at.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { ASPECT_TITLES, POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, CYCLE_BODIES, SE, TURNS, jdOf, natalPlace, wrap } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';
/** The turns of a planet's own cycle and their angles. */
const TURN_ANGLES = Object.entries(ANGLES).filter(([type]) => TURNS.has(type));

/** Whether the body passes the aspect to its own natal place between the two days (the signed distance every two days: these planets move at most half a degree in two). */
function passesIn(body: string, natalLon: number, angle: number, from: number, to: number): boolean {
  // Both sides of the place for a square or opposition: the distance from +angle and from -angle.
  for (const target of angle === 0 || angle === 180 ? [angle] : [angle, -angle]) {
    let before = wrap(calcBody(from, SE[body]!).lon - natalLon - target);
    for (let jd = from + 2; jd <= to + 2; jd += 2) {
      const now = wrap(calcBody(jd, SE[body]!).lon - natalLon - target);
      if (Math.sign(now) !== Math.sign(before) && Math.abs(now - before) < 90) return true;
      before = now;
    }
  }
  return false;
}

describe('the turns of the slow planets’ own cycles in the year ahead', () => {
  // Births over seventy years: Saturn returns, Uranus and Neptune at their midlife turns, Jupiter every twelve years.
  const charts = randomReportCharts(60, 4301);
  const years = charts.map((chart) => yearAhead(chart, Date.parse(AS_OF)));

  it('lists every exact turn of the year and no other', () => {
    let found = 0;
    charts.forEach((chart, i) => {
      const year = years[i]!;
      for (const body of CYCLE_BODIES) {
        const natalLon = natalPlace(chart, body);
        for (const [type, angle] of TURN_ANGLES) {
          const exact = passesIn(body, natalLon, angle, jdOf(year.from), jdOf(year.to));
          const listed = year.transits.find((t) => t.body === body && t.target === body && t.type === type);
          const what = `chart ${i} (${chart.subject.datetime_utc}): ${body} ${type} its own place`;
          if (exact) {
            found++;
            expect(listed, what).toBeDefined();
          }
          // A listed turn has an exact date in the year or a near miss; none is listed out of nothing.
          if (listed && listed.exact.length) expect(passesIn(body, natalLon, angle, jdOf(year.from) - 1, jdOf(year.to) + 120), what).toBe(true);
        }
      }
    });
    expect(found).toBeGreaterThan(10);
  });

  it('are read as turns of the planet’s cycle, with the age they come at', () => {
    let read = 0;
    charts.forEach((chart, i) => {
      const turns = years[i]!.transits.filter((t) => t.body === t.target && ['uranus', 'neptune', 'pluto', 'saturn'].includes(t.body));
      if (!turns.length) return;
      const text = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')!.markdown;
      for (const t of turns) {
        const heading = `### ${POINT_NAMES[t.body]} ${ASPECT_TITLES[t.type]} Your ${POINT_NAMES[t.target]}`;
        const at = text.indexOf(heading);
        if (at < 0) continue;
        read++;
        const passage = text.slice(at, text.indexOf('\n### ', at + 1) > 0 ? text.indexOf('\n### ', at + 1) : undefined);
        const first = [t.exact[0], t.closest?.date].filter((d): d is string => d !== undefined).sort()[0]!;
        // The age in whole years on that date, from the local birth date, as a reader counts it.
        const [by, bm, bd] = chart.subject.datetime.slice(0, 10).split('-').map(Number) as [number, number, number];
        const [y, m, d] = first.split('-').map(Number) as [number, number, number];
        const age = y - by - (m * 100 + d < bm * 100 + bd ? 1 : 0);
        expect(passage, `chart ${i}: ${heading}`).toContain("a turn of the planet's own cycle");
        expect(passage, `chart ${i}: ${heading}`).toContain(`at about your age, ${age} at its first date`);
      }
    });
    expect(read).toBeGreaterThan(3);
  });
});
