/**
 * Every pass within orb in the year of a transit the year ahead lists is among its stretches (Pluto
 * back within 1½° of a natal Mercury in the autumn, turning 1°19′ short, after a hit in the spring):
 * checked every other day on the ephemeris over random reports. A transit read in full that is exact more than once is
 * read as its passes, with their number.
 */
import { describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { ASPECT_TITLES, POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { ANGLES, ORB, fromAspect, jdOf, natalPoints, targetPlace } from '../../helpers/year-ahead-reckoning.ts';

const AS_OF = '2026-11-25T00:00:00Z';

describe('the passes of a listed transit', () => {
  it('are all among its stretches', () => {
    let days = 0;
    for (const chart of randomReportCharts(30, 7331)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      const points = natalPoints(chart);
      for (const t of year.transits) {
        // An untimed chart's Moon, listed only when every hour makes the contact (year-untimed-moon.test.ts), at its noon place.
        const point = targetPlace(chart, points, t);
        const stretches = t.stretches.map((s) => [s.from === null ? -Infinity : jdOf(s.from), s.to === null ? Infinity : jdOf(s.to)] as const);
        for (let jd = jdOf(year.from); jd <= jdOf(year.to); jd += 2) {
          // Clear of the orb's edge, so that a day's step cannot disagree with the search on the edge.
          if (Math.abs(fromAspect(t.body, point, ANGLES[t.type]!, jd)) > ORB[t.body]! - 0.01) continue;
          days++;
          expect(
            stretches.some(([from, to]) => jd >= from - 1 && jd <= to + 1),
            `${chart.subject.datetime_utc}: ${t.body} ${t.type} ${t.target} within orb on JD ${jd}`,
          ).toBe(true);
        }
      }
    }
    expect(days).toBeGreaterThan(500);
  });
});

describe('a transit read in full that is exact more than once', () => {
  it('is read as its passes, with their number, and one exact once is not', () => {
    const WORDS: Record<number, string> = { 2: 'twice', 3: 'three times', 4: 'four times', 5: 'five times' };
    let several = 0;
    for (const chart of randomReportCharts(30, 7331)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const paragraphs = composeReport(chart, { sky }).markdown.split('\n\n');
      for (const t of sky.yearAhead!.transits) {
        const planet = POINT_NAMES[t.body]!;
        const heading = paragraphs.indexOf(`### ${planet} ${ASPECT_TITLES[t.type]} Your ${POINT_NAMES[t.target]}`);
        if (heading < 0) continue;
        // The reading's paragraphs up to the next heading.
        const end = paragraphs.findIndex((p, i) => i > heading && p.startsWith('#'));
        const reading = paragraphs.slice(heading, end < 0 ? undefined : end).join('\n\n');
        // The whole series counts, the passes before and after the year's list included (year-series.test.ts).
        const m = new RegExp(`${planet} (?:makes it |is )?exact (\\w+(?: times)?)|${planet} makes (\\w+) passes in all|Again (\\w+) passes in all`).exec(
          reading,
        );
        const said = m?.[1] ?? ((m?.[2] ?? m?.[3]) ? `${m[2] ?? m[3]} times` : undefined);
        const total = t.exact.length + (t.series ? t.series.before.length + t.series.after.length : 0);
        if (total >= 2) several++;
        expect(said, `${chart.subject.datetime_utc}: ${planet} ${t.type} ${t.target}, exact on ${t.exact.join(', ')}`).toBe(WORDS[total]);
      }
    }
    expect(several).toBeGreaterThan(5);
  });
});
