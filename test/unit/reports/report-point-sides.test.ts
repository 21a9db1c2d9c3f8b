/**
 * A point that takes both sides of a named tension says so. Murmansk, 20 December 1972, 07:40: Mars in Scorpio read as
 * patient and deliberate, then Mars in the 1st house as impatient, on facing pages, the tension over how one acts named
 * ten pages earlier between other readings. The second reading is now followed by a line that the point holds both sides;
 * over random reports, each such line follows readings of that point on those sides, of a tension named before it.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const MURMANSK = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
const LINE =
  /^Your ([A-Z][a-z]+(?: Node)?) holds both sides of the tension over ([^:]+): through (its [^,]+(?:, [^,]+)?), the ([a-z-]+) side, and through (its [^,]+(?:, [^,]+)?), the ([a-z-]+) one\.$/gm;

describe('a point on both sides of a tension', () => {
  it('Murmansk: Mars in Scorpio and Mars in the 1st house', () => {
    const chart = natalChartFor({ name: 'Alexei', year: 1972, month: 12, day: 20, hour: 7, minute: 40 }, MURMANSK);
    const { markdown } = composeReport(chart, { asOf: '2026-11-25T00:00:00Z', style: 'improved' });
    const line =
      'Your Mars holds both sides of the tension over how you act on what you want: through its sign, Scorpio, the deliberate side, and through its house, the 1st, the impulsive one.';
    expect(markdown).toContain(line);
    // After the house's reading, which comes after the sign's.
    expect(markdown.indexOf('### Mars in Scorpio')).toBeLessThan(markdown.indexOf('### Mars in the 1st House'));
    expect(markdown.indexOf('### Mars in the 1st House')).toBeLessThan(markdown.indexOf(line));
  });

  it('over random reports, each line follows both readings of its point, and the tension was named before it', () => {
    let lines = 0;
    for (const chart of randomReportCharts(120, 4411)) {
      const { markdown } = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      for (const m of markdown.matchAll(LINE)) {
        lines++;
        const [, point, over] = m as unknown as [string, string, string];
        const before = markdown.slice(0, m.index);
        expect(before, `${chart.subject.datetime_utc}: ${m[0]}`).toMatch(
          new RegExp(`tension over ${over.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}|\\b(part of you|one side of you|there is a side of you that)\\b`),
        );
        // Each reading named is printed before the line (under a heading of its own, or in a passage that names it).
        for (const through of [m[3]!, m[5]!]) {
          const sign = /^its sign, (\w+)$/.exec(through);
          const house = /^its house, the (\w+)$/.exec(through);
          if (sign) expect(before, m[0]).toMatch(new RegExp(`${point} in ${sign[1]}`, 'i'));
          if (house) expect(before, m[0]).toMatch(new RegExp(`${point} in the ${house[1]} House`, 'i'));
        }
      }
    }
    expect(lines).toBeGreaterThan(3);
  });
});
