/**
 * What the report says of itself agrees with what it prints, over random births (timed, untimed
 * and polar): the guide at the start names the theme chapters in the order they come, planets keep
 * their capitals in running text, and the key aspects' introduction counts what the table ranks.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { countWord } from '../../../src/reports/text/report-markdown.ts';
import { THEMES } from '../../../src/reports/text/themes/theme-ranking.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const THEME_TITLES = new Set(Object.values(THEMES).map((t) => t.title));
const PLANETS = ['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const charts = randomReportCharts(100, 7301);
let composed: { chart: (typeof charts)[number]; markdown: string }[] | undefined;
/** Each birth's report, composed once for the three checks. */
const reports = () => (composed ??= charts.map((chart) => ({ chart, markdown: composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown })));

/** The markdown of one chapter, from its `## ` heading to the next. */
function chapter(markdown: string, title: string): string {
  const from = markdown.indexOf(`\n## ${title}\n`);
  const to = markdown.indexOf('\n## ', from + 1);
  return from < 0 ? '' : markdown.slice(from, to < 0 ? undefined : to);
}

describe("the report's account of itself", () => {
  it('names the theme chapters in the order it prints them', () => {
    for (const { chart, markdown } of reports()) {
      const printed = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]!).filter((t) => THEME_TITLES.has(t));
      const guide = chapter(markdown, 'How to Read This Report');
      const named = [...guide.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((t) => THEME_TITLES.has(t));
      expect(named, chart.subject.datetime_utc).toEqual(printed);
    }
  });

  it('writes no planet in lower case and puts no article before one', () => {
    for (const { chart, markdown } of reports()) {
      for (const planet of PLANETS) {
        expect(markdown, `${chart.subject.datetime_utc} ${planet}`).not.toMatch(
          new RegExp(`\\b${planet.toLowerCase()} (square|trine|sextile|conjunct|opposite)\\b`),
        );
        expect(markdown, `${chart.subject.datetime_utc} ${planet}`).not.toMatch(new RegExp(`\\b[Tt]he ${planet} (speaks|stands)\\b`));
      }
    }
  });

  it('counts in the key aspects introduction what the table ranks', () => {
    for (const { chart, markdown } of reports()) {
      // A section of the central tension's chapter: its introduction, then its table.
      const at = markdown.search(/^#{2,3} Key Aspects$/m);
      if (at < 0) continue;
      const text = markdown.slice(at, markdown.indexOf('\n\n#', markdown.indexOf('\n|', at)));
      const rows = text.split('\n').filter((l) => /^\| \d+ \|/.test(l)).length;
      const claim = /of your (\w+(?:-\w+)?), the (\w+(?:-\w+)?) that weigh most are ranked|your (\w+(?:-\w+)?) are ranked/.exec(text);
      if (!claim || rows === 0) continue;
      expect(claim[2] ?? claim[3], chart.subject.datetime_utc).toBe(countWord(rows));
    }
  });
});
