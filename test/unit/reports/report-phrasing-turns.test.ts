/**
 * Sentences a report says again and again (a house's cusp sign, an empty house) take their
 * phrasings in turn within one report, so a chapter does not print one template twelve times
 * while the others lie unused; and the key aspects, read under their own headings, are not
 * numbered there (numbers with gaps, where an aspect was read earlier, looked like missing sections).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const CUSP = [
  /^Your \d+\w\w house, the house of [^\n]*, begins in \w+, which brings /gm,
  / sits on the cusp of the \d+\w\w house, so you tend to approach /g,
  /^The \d+\w\w house \([^\n)]*\) opens in \w+, lending /gm,
];
const EMPTY = [
  /No planet occupies the \d+\w\w house, so /g,
  /The \d+\w\w house holds no planet; its cusp sign/g,
  /With the \d+\w\w house empty of planets, /g,
  /An empty \d+\w\w house is no empty life/g,
  /No planet stands in your \d+\w\w house, so its tone comes from/g,
];

describe('phrasings in turn', () => {
  it('over 60 random reports, each cusp and empty-house phrasing is used as often as the others, give or take one', () => {
    let checked = 0;
    for (const chart of randomReportCharts(60, 903)) {
      const text = composeReport(chart).markdown;
      for (const kinds of [CUSP, EMPTY]) {
        const counts = kinds.map((re) => text.match(re)?.length ?? 0);
        // Said at least twice: taken in turn, no phrasing is used twice before each has been used once.
        if (counts.reduce((a, b) => a + b, 0) < 2) continue;
        checked++;
        expect(Math.max(...counts) - Math.min(...counts), `${chart.subject.datetime_utc}: ${counts.join(' ')}`).toBeLessThanOrEqual(1);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('key aspects read under their own headings carry their place in the table in the data line, not a number in the heading', () => {
    for (const chart of randomReportCharts(20, 904)) {
      const text = composeReport(chart).markdown;
      // The key aspects are read inside a theme chapter, after their table (its first column the rank).
      const keyAspects = text.slice(text.indexOf('| # | Aspect |'));
      expect(text).not.toMatch(/^#+ \d+\. /m);
      expect(keyAspects).toMatch(/ · \d+(st|nd|rd|th) in the table · /);
    }
  });

  it('the key aspects table leaves out the aspects between two of the slowest planets, and says so', () => {
    const SLOW = /^(Uranus|Neptune|Pluto) \w+ (Uranus|Neptune|Pluto)$/;
    let said = 0;
    for (const chart of randomReportCharts(60, 905)) {
      const text = composeReport(chart).markdown;
      const table = text.slice(text.indexOf('| # | Aspect |'));
      const rows = [...table.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((m) => m[2]!.trim());
      for (const row of rows) expect(SLOW.test(row), `${chart.subject.datetime_utc}: ${row}`).toBe(false);
      if (/between two of Uranus, Neptune and Pluto, which everyone born within years of you shares, (is|are) left out\./.test(text)) said++;
    }
    expect(said).toBeGreaterThan(10);
  });
});
