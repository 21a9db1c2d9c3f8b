/**
 * Transits already within orb when the year ahead begins, whose exact hit came before it (Pluto two
 * months past its square to its own place, 0°11′ from exact on the year's first day): checked against
 * the ephemeris by a separate reckoning. Every such contact is listed with its last hit before the
 * year; every hit listed before the year lies in a stretch within orb that reaches the year's first
 * day; and the report dates it as before these twelve months.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { ASPECT_TITLES, ASPECT_WORDS, POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, CYCLE_BODIES, ORB, TURNS, branchDistance, jdOf, natalPlace, natalPoints, transitRow } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';

/** The last exact hit before `start` in the stretch within orb that holds it, to a day, stepping back a day at a time; undefined when the stretch has none. */
function lastHitBefore(distance: (jd: number) => number, orb: number, start: number): number | undefined {
  let later = distance(start);
  for (let jd = start - 1; Math.abs(distance(jd)) <= orb; jd -= 1) {
    const now = distance(jd);
    if (Math.sign(now) !== Math.sign(later)) return jd + 0.5;
    later = now;
  }
  return undefined;
}

describe('transits still within orb when the year begins', () => {
  const charts = randomReportCharts(60, 5113);
  const years = charts.map((chart) => yearAhead(chart, Date.parse(AS_OF)));

  it('are listed with their last exact hit before the year, and only they have hits before it', () => {
    let open = 0;
    charts.forEach((chart, i) => {
      const year = years[i]!;
      const start = jdOf(year.from);
      for (const body of CYCLE_BODIES)
        for (const [target, point] of [...natalPoints(chart), [body, natalPlace(chart, body)] as const])
          for (const [type, angle] of Object.entries(ANGLES)) {
            if (target === body ? !TURNS.has(type) : CYCLE_BODIES.includes(target)) continue;
            const what = `chart ${i}: ${body} ${type} ${target}`;
            const listed = year.transits.find((t) => t.body === body && t.type === type && t.target === target);
            const before = listed?.exact.filter((d) => d < year.from) ?? [];
            const distance = branchDistance(body, point, angle, start);
            // Clear of the orb's edge by a little, so that the day steps cannot disagree with the service on the edge.
            const inOrb = Math.abs(distance(start)) <= ORB[body]! - 0.01;
            const hit = inOrb ? lastHitBefore(distance, ORB[body]! + 0.01, start) : undefined;
            if (hit !== undefined) {
              open++;
              expect(before.length, what).toBeGreaterThan(0);
              expect(Math.abs(jdOf(before.at(-1)!) - hit), what).toBeLessThanOrEqual(1.5);
            }
            // A hit listed before the year: the planet stays within orb from it to the year's first day.
            for (const d of before)
              for (let jd = jdOf(d) + 1; jd <= start; jd += 1) expect(Math.abs(distance(jd)), `${what} on ${jd}`).toBeLessThanOrEqual(ORB[body]! + 1e-3);
          }
    });
    expect(open).toBeGreaterThanOrEqual(5);
  });

  it('are dated as before the year in the table and in the fact line', () => {
    let read = 0;
    charts.forEach((chart, i) => {
      const year = years[i]!;
      const open = year.transits.filter((t) => t.exact.some((d) => d < year.from));
      if (!open.length) return;
      const text = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')!.markdown;
      for (const t of open) {
        const first = t.exact[0]!;
        const [y, m, d] = first.split('-').map(Number) as [number, number, number];
        const long = `${d} ${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${y}`;
        const name = `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} natal ${POINT_NAMES[t.target]}`;
        const row = transitRow(text, name);
        // The table gives every date with its year, one before the twelve months too.
        const short = `${d} ${long.split(' ')[1]!.slice(0, 3)} ${y}`;
        expect(row, `chart ${i}: ${name}`).toContain(`| ${short}`);
        const heading = `### ${POINT_NAMES[t.body]} ${ASPECT_TITLES[t.type]} Your ${POINT_NAMES[t.target]}`;
        const at = text.indexOf(heading);
        if (at < 0) continue;
        read++;
        const count = t.exact.filter((d) => d < year.from).length;
        expect(text.slice(at).split('\n')[2], `chart ${i}: ${heading}`).toMatch(
          new RegExp(`^\\*exact on ${long}[^;*]*\\(${count === 1 ? '' : count === 2 ? 'both ' : 'all '}before these twelve months\\)`),
        );
      }
    });
    expect(read).toBeGreaterThan(0);
  });
});
