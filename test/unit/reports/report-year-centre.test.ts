/**
 * The year ahead ties a contact back to the chart's centre when it reaches one of its points (readers
 * met Saturn on the Moon and square the Midheaven of the chart's central square read as separate stock
 * passages). Over random reports: the centre named in the year ahead is the one "The Central Tension"
 * names, and each contact said to reach it touches a point that the centre's name contains.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-29T00:00:00Z';
/** How a natal point is named inside the centre's name: an angle by its axis too. */
const NAMED_AS: Record<string, RegExp> = { Ascendant: /Ascendant|Descendant|horizon/, Midheaven: /Midheaven|IC\b|meridian/ };

describe("the year ahead and the chart's centre", () => {
  it("over 80 random reports, a contact said to reach the centre touches one of its points, and the centre is the chapter's", () => {
    let first = 0;
    let again = 0;
    for (const chart of randomReportCharts(80, 7307)) {
      const { sections } = composeReport(chart, { asOf: AS_OF });
      const year = sections.find((s) => s.id === 'year_ahead')?.markdown ?? '';
      const central = sections.find((s) => s.id === 'central_tension')!.markdown.split('\n\n')[1] ?? '';
      const named = /It also reaches the centre of your chart, (.+?), named in "The Central Tension"/.exec(year);
      const paragraphs = year.split('\n\n');
      if (!named) {
        expect(year).not.toMatch(/centre of your chart/);
        continue;
      }
      first++;
      // The same centre as the chapter's opening names: each of its points is named there.
      const POINTS = /\b(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Ascendant|Descendant|Midheaven|IC)\b/g;
      for (const [point] of named[1]!.matchAll(POINTS)) expect(central, `${chart.subject.datetime}: ${point}`).toContain(point);
      const touched = (name: string) => expect(named[1], `${chart.subject.datetime}: ${name}`).toMatch(NAMED_AS[name] ?? new RegExp(`\\b${name}\\b`));
      // The first contact names, before the tie, a natal point of the centre.
      const firstParagraph = paragraphs.find((p) => p.includes('It also reaches the centre'))!;
      const before = firstParagraph.split('It also reaches')[0]!;
      const targets = [...before.matchAll(/your (?:natal )?(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Ascendant|Midheaven)\b/g)].map(
        (m) => m[1]!,
      );
      expect(
        targets.some((t) => (NAMED_AS[t] ?? new RegExp(`\\b${t}\\b`)).test(named[1]!)),
        firstParagraph,
      ).toBe(true);
      // Later ones say which point ("through your Venus", "Through your Venus it meets").
      for (const p of paragraphs)
        for (const m of p.matchAll(/(?:through|Through) your (\w+)(?:\.| it meets the chart's centre)/g)) {
          again++;
          touched(m[1]!);
        }
    }
    expect(first).toBeGreaterThan(15);
    expect(again).toBeGreaterThan(5);
  });
});
