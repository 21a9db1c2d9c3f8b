/**
 * Near misses in the year ahead, checked against the ephemeris by a separate reckoning: a slow planet
 * that stations within half a degree of a major aspect to a natal point (within its orb of a
 * turn of its own cycle) and turns back without reaching it is listed, with the station's date and how far short it stays; every such station of
 * the year is either listed so or lies in the stretch of an exact hit; the report says "never exact"
 * for it, in its table and in its fact line, and never calls it exact, or, when the aspect was exact in
 * the twelve months before the year, "not in the year" with that date.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { ASPECT_TITLES, ASPECT_WORDS, POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import {
  ANGLES,
  CYCLE_BODIES,
  ORB,
  SE,
  TURNS,
  fromAspect,
  jdOf,
  natalPlace,
  natalPoints as targets,
  transitRow,
  wrap,
  targetPlace,
} from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';

/** The stations of a body in [a, b] (Julian days), to a tenth of a day: where its daily motion changes sign. */
function stations(body: string, a: number, b: number): number[] {
  const speed = (jd: number) => wrap(calcBody(jd + 0.05, SE[body]!).lon - calcBody(jd - 0.05, SE[body]!).lon);
  const out: number[] = [];
  for (let t = a; t < b; t += 1) {
    if (Math.sign(speed(t)) === Math.sign(speed(t + 1))) continue;
    let lo = t;
    let hi = t + 1;
    while (hi - lo > 0.01) {
      const mid = (lo + hi) / 2;
      if (Math.sign(speed(mid)) === Math.sign(speed(lo))) lo = mid;
      else hi = mid;
    }
    out.push((lo + hi) / 2);
  }
  return out;
}

describe('near misses in the year ahead', () => {
  const charts = randomReportCharts(60, 2207);
  const years = charts.map((chart) => yearAhead(chart, Date.parse(AS_OF)));

  it('list a station within half a degree of an aspect, never reached in its stretch, with its date and how far short it stays', () => {
    let seen = 0;
    charts.forEach((chart, i) => {
      const points = targets(chart);
      for (const t of years[i]!.transits.filter((x) => x.closest)) {
        seen++;
        const what = `chart ${i}: ${t.body} ${t.type} ${t.target}`;
        // Its own stretch within orb holds no exact hit (a hit of the aspect may come on another pass).
        const own = t.stretches.find((x) => x.from !== null && x.to !== null && x.from <= t.closest!.date && t.closest!.date <= x.to)!;
        expect(own, what).toBeDefined();
        expect(
          t.exact.filter((d) => own.from! <= d && d <= own.to!),
          what,
        ).toEqual([]);
        // An untimed chart's Moon, listed only when every hour makes the contact (year-untimed-moon.test.ts), at its noon place.
        const point = targetPlace(chart, points, t);
        const angle = ANGLES[t.type]!;
        // A station of the body falls on the day given, and there the body stands as far short as said.
        const day = jdOf(t.closest!.date);
        const station = stations(t.body, day - 1, day + 2).find((s) => s >= day && s < day + 1);
        expect(station, what).toBeDefined();
        const short = Math.abs(fromAspect(t.body, point, angle, station!));
        // Half a degree; for a turn of the planet's own cycle, its orb.
        expect(short, what).toBeLessThanOrEqual((t.target === t.body ? ORB[t.body]! : 0.5) + 1e-3);
        expect(Math.abs(short - t.closest!.short) * 60, what).toBeLessThan(0.5);
        // Never reached: within its stretch the body stays on one side of the aspect, and within orb.
        const side = Math.sign(fromAspect(t.body, point, angle, station!));
        for (let jd = jdOf(own.from!) + 1; jd < jdOf(own.to!); jd += 1) {
          const off = fromAspect(t.body, point, angle, jd);
          expect(Math.sign(off), `${what} on ${jd}`).toBe(side);
          expect(Math.abs(off), `${what} on ${jd}`).toBeLessThanOrEqual(ORB[t.body]! + 1e-6);
        }
      }
    });
    expect(seen).toBeGreaterThanOrEqual(5);
  });

  it('miss none: every station of the year within half a degree of an aspect to a natal point is a near miss or in the stretch of an exact hit', () => {
    charts.forEach((chart, i) => {
      const year = years[i]!;
      const points = targets(chart);
      // A point within 1° of another point's target is read in that transit (its dates joined to it).
      const listed = (body: string, type: string, target: string) =>
        year.transits.filter((t) => t.body === body && t.type === type && (t.target === target || t.alsoReaches?.some((r) => r.target === target)));
      for (const body of CYCLE_BODIES)
        for (const station of stations(body, jdOf(year.from), jdOf(year.to)))
          // The personal points, and the body's own place for the turns of its cycle.
          for (const [target, point] of [...points, [body, natalPlace(chart, body)] as const])
            for (const [type, angle] of Object.entries(ANGLES)) {
              if (target === body && !TURNS.has(type)) continue;
              if (Math.abs(fromAspect(body, point, angle, station)) > (target === body ? ORB[body]! - 0.001 : 0.499)) continue;
              const covering = listed(body, type, target).some((t) =>
                t.stretches.some((s) => s.from !== null && s.to !== null && station >= jdOf(s.from) - 1 && station <= jdOf(s.to) + 1),
              );
              expect(covering, `chart ${i}: ${body} ${type} ${target} at a station on JD ${station.toFixed(1)}`).toBe(true);
            }
    });
  });

  it('are called never exact in the table and in the fact line, or named beside the exact hits of another pass', () => {
    let read = 0;
    charts.forEach((chart, i) => {
      const misses = years[i]!.transits.filter((t) => t.closest);
      if (misses.length === 0) return;
      const text = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')!.markdown;
      for (const t of misses) {
        const name = `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} natal ${POINT_NAMES[t.target]}`;
        const row = transitRow(text, name);
        // Alone, "never (closest …)", or "not in the year (exact …; closest …)" after a hit in the months before; beside
        // exact hits, in date order among them.
        expect(row, `chart ${i}: ${name}`).toMatch(
          t.exact.length
            ? /^\| [^|]*\(closest \d+ \w+( \d{4})?, (\d+°)?\d+′ short\)/
            : t.exactBefore
              ? /^\| not in the year \(exact \d+ \w+ \d{4}; closest \d+ \w+ \d{4}, (\d+°)?\d+′ short\) \|/
              : /^\| never \(closest \d+ \w+( \d{4})?, (\d+°)?\d+′ short\) \|/,
        );
        const heading = `### ${POINT_NAMES[t.body]} ${ASPECT_TITLES[t.type]} Your ${POINT_NAMES[t.target]}`;
        const at = text.indexOf(heading);
        if (at < 0) continue;
        read++;
        const fact = text.slice(at).split('\n')[2]!;
        const miss = `${POINT_NAMES[t.body]} turns (\\d+°)?\\d+′ short of exact on \\d+ \\w+ \\d{4}`;
        expect(fact, `chart ${i}: ${heading}`).toMatch(
          new RegExp(
            t.exact.length
              ? `^\\*exact on [^*]+; on another pass ${miss}( \\(for a birth at noon[^)]*\\))?\\*$`
              : t.exactBefore
                ? `^\\*not exact in these twelve months \\(exact on \\d+ \\w+ \\d{4}, before them\\): ${miss}[;*]`
                : `^\\*never exact: ${miss}[;*]`,
          ),
        );
      }
    });
    expect(read).toBeGreaterThan(0);
  });

  it("give a near miss alone the aspect's last exact hit of the twelve months before, where it had one, as the ephemeris bears out", () => {
    const start = jdOf(AS_OF);
    let named = 0;
    charts.forEach((chart, i) => {
      const points = targets(chart);
      for (const t of years[i]!.transits.filter((x) => x.exact.length === 0 && x.closest)) {
        const point = t.body === t.target ? natalPlace(chart, t.body) : points.get(t.target);
        if (point === undefined) continue;
        const angle = ANGLES[t.type]!;
        // The reckoning's own: a day in the twelve months before the year on which the planet crossed the aspect, on either
        // side of the point (a signed distance from point ± angle changing sign, not across its wrap).
        const sides = [angle, -angle].map((a) => (jd: number) => wrap(calcBody(jd, SE[t.body]!).lon - point - a));
        const crosses = (jd: number) => sides.some((d) => Math.sign(d(jd)) !== Math.sign(d(jd + 1)) && Math.abs(d(jd) - d(jd + 1)) < 90);
        let last: number | undefined;
        for (let jd = start - 365; jd < start; jd += 1) if (crosses(jd)) last = jd;
        const context = `chart ${i}: ${t.body} ${t.type} ${t.target}`;
        if (last === undefined) {
          expect(t.exactBefore, context).toBeUndefined();
          continue;
        }
        named++;
        expect(t.exactBefore, context).toBeDefined();
        // The date said is the day of that last crossing (UT), within the day the daily steps allow.
        expect(Math.abs(jdOf(t.exactBefore!) - last), `${context}: ${t.exactBefore}`).toBeLessThanOrEqual(1.5);
      }
    });
    expect(named).toBeGreaterThan(0);
  });
});
