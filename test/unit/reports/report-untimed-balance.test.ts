/**
 * Untimed births on a day the Moon changed sign: the element and modality tallies count the noon
 * Moon, and a verdict that the noon Moon alone makes is said with its hours, never as a fact. The
 * check recomputes the balance itself, with the Moon in each of the day's signs (computeBalance
 * over the chart's points), and compares the verdicts with what the report prints.
 */
import { describe, expect, it } from 'vitest';
import { computeBalance } from '../../../src/interpretations/chart-factors/balance.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { ELEMENTS, keys, MODALITIES } from '../../../src/interpretations/keys.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';

function verdicts(b: ReturnType<typeof computeBalance>): string[] {
  return [
    ...ELEMENTS.filter((e) => b.strongElements.includes(e)).map((e) => keys.element(e, 'strong')),
    ...ELEMENTS.filter((e) => b.weakElements.includes(e)).map((e) => keys.element(e, 'weak')),
    ...MODALITIES.filter((m) => b.strongModalities.includes(m)).map((m) => keys.modality(m, 'strong')),
    ...MODALITIES.filter((m) => b.weakModalities.includes(m)).map((m) => keys.modality(m, 'weak')),
    ...(b.strongPolarity ? [keys.polarity(b.strongPolarity)] : []),
  ];
}

describe('the balance of an untimed chart on a day the Moon changed sign', () => {
  it('says where the Moon is counted, and gives the hours of every verdict the noon Moon alone makes', () => {
    let days = 0;
    let hourBound = 0;
    for (const chart of untimedBirths(400, 83)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      if (day.signs.length < 2) continue;
      days++;
      const report = composeReport(chart, { sky });
      const points = extractChartFactors(chart).points;
      const moon = points.get('moon')!;
      const other = day.signs.find((s) => s !== moon.sign)!;
      const atNoon = verdicts(computeBalance(points));
      const otherwise = verdicts(computeBalance(new Map([...points, ['moon', { ...moon, sign: other }]])));
      const md = report.markdown;
      expect(md, chart.subject.datetime).toMatch(
        /The tables count the Moon in \w+, its sign at noon, which holds if you were born (before|after) \d\d:\d\d local time/,
      );
      const noonOnly = atNoon.filter((k) => !otherwise.includes(k));
      if (!noonOnly.length && atNoon.length === otherwise.length) expect(md).toContain('The verdicts read below hold either way.');
      for (const key of noonOnly) {
        hourBound++;
        const reading = report.readings!.find((r) => r.key === key);
        // Printed with its hours under its heading, and asserting nothing of a faculty (a tension would drop the hours).
        expect(reading, `${chart.subject.datetime} ${key}`).toBeDefined();
        const heading = md.indexOf(`### ${reading!.label}`);
        expect(md.slice(heading, md.indexOf('\n\n', md.indexOf('\n\n', heading) + 2))).toMatch(/true if you were born (before|after) \d\d:\d\d local time\*$/);
        expect(reading!.claims).toEqual([]);
      }
      // A verdict that holds either way is printed without hours.
      for (const key of atNoon.filter((k) => otherwise.includes(k))) {
        const reading = report.readings!.find((r) => r.key === key);
        if (!reading) continue;
        const heading = md.indexOf(`### ${reading.label}`);
        expect(md.slice(heading, md.indexOf('\n\n', md.indexOf('\n\n', heading) + 2))).not.toMatch(/true if you were born/);
      }
    }
    // Enough days, and enough verdicts bound to the hour, for the check to mean something.
    expect(days).toBeGreaterThan(60);
    expect(hourBound).toBeGreaterThan(15);
  });
});
