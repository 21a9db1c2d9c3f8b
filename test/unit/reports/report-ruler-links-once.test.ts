/**
 * Where a house's ruler stands is read once: the house rulers' chapter points to the chapters that
 * read an angular house's ruler (the chart ruler's house with the rising sign, the 4th's and the
 * 10th's with the family, the Descendant's with love, the Midheaven's with work) instead of reading
 * the link again. A reader met the Descendant's ruler in its house twice, and the 4th's ruler too.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const nth = String.raw`(\d+)(?:st|nd|rd|th)`;
/** The four phrasings of a link read in full in the house rulers' chapter, each giving the house ruled. */
const FULL_LINK = [
  new RegExp(String.raw`rules your ${nth} house and stands in the`),
  new RegExp(String.raw`^Your ${nth} house, .*?, is ruled by`),
  new RegExp(String.raw`, ruler of the ${nth} house \(.*?\), sits in the`),
  new RegExp(String.raw`^The ${nth} house \(.*?\) answers to`),
];
/** Where the chapters say where an angular house's ruler stands. */
const READ_IN_CHAPTERS: [RegExp, number][] = [
  [/ruler of the Descendant, stands in your/, 7],
  [/Its ruler, [^,]+, stands in your \d+\w\w house, so that aim/, 10],
  [/\b(rules your 4th house \(home|The 4th house, home and the parent who kept it, is ruled by)/, 4],
  [/\b(rules your 10th house \(the parent|The 10th house, the parent who faced the world, is ruled by)/, 10],
];

describe('a house ruler placed in another house', () => {
  it('is read in full once: the house rulers point to the chapters that read it', () => {
    let pointed = 0;
    for (const chart of randomReportCharts(80, 3317).filter((c) => c.subject.settings.time_known)) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      const rulers = report.sections.find((s) => s.id === 'house_rulers')?.markdown ?? '';
      const elsewhere = report.sections
        .filter((s) => s.id !== 'house_rulers')
        .map((s) => s.markdown)
        .join('\n\n');
      const read = new Set(READ_IN_CHAPTERS.filter(([re]) => re.test(elsewhere)).map(([, house]) => house));
      const full = rulers
        .split('\n\n')
        .flatMap((p) => FULL_LINK.map((re) => re.exec(p)?.[1]).filter((h) => h !== undefined))
        .map(Number);
      for (const house of full) expect(read.has(house), `${chart.subject.datetime_utc}: the ${house} house's ruler read again`).toBe(false);
      const line = rulers.split('\n\n').find((p) => /were read with the chapters they belong to|was read with the chapter it belongs to/.test(p));
      for (const house of read) {
        // A ruler standing in its own house makes no link to point to.
        if (!new RegExp(String.raw`\| ${house}\w\w \| \w+ \| [\w ]+ \| ${house}\w\w \|`).test(rulers)) {
          expect(line, `${chart.subject.datetime_utc}: the ${house} house`).toMatch(new RegExp(String.raw`for the ${house}\w\w\b`));
          pointed++;
        }
      }
    }
    expect(pointed).toBeGreaterThan(30);
  });
});
