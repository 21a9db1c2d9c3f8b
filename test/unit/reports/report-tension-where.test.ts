/**
 * A tension passage points back to the earlier reading it answers: by the chapter's name when that
 * reading was printed in another chapter, and by nothing more when it was just read in the same one
 * (a reader met "read earlier" eleven times in one report).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { TENSION_FRAMES, TENSION_FRAME_PATTERN } from '../../../src/reports/synthesis/faculty-tensions.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { splitSentences } from '../../helpers/report-sentences.ts';

describe('where a tension passage says its earlier reading was', () => {
  it('over 60 random reports: a chapter named is an earlier chapter than the passage, and no passage says "read earlier"', () => {
    let named = 0;
    let unnamed = 0;
    for (const chart of randomReportCharts(60, 7731)) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      const titles = report.sections.map((s) => s.title);
      report.sections.forEach((section, index) => {
        for (const sentence of splitSentences(section.markdown)) {
          if (!TENSION_FRAME_PATTERN.test(sentence)) continue;
          expect(sentence).not.toMatch(/read earlier/);
          const where = /\(in "([^"]+)"\)/.exec(sentence)?.[1];
          if (where === undefined) {
            unnamed++;
            continue;
          }
          named++;
          expect(where, sentence).not.toBe(section.title);
          expect(titles.indexOf(where), sentence).toBeGreaterThanOrEqual(0);
          expect(titles.indexOf(where), sentence).toBeLessThan(index);
        }
      });
    }
    // Both kinds occur: a tension across two chapters and one within a chapter.
    expect(named).toBeGreaterThan(20);
    expect(unnamed).toBeGreaterThan(20);
  });

  it('turns through its openings over a report: none comes round again before every one has been said (Kiruna met one four times)', () => {
    let reportsWithMany = 0;
    for (const chart of randomReportCharts(60, 7731)) {
      const sentences = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' })
        .sections.flatMap((s) => splitSentences(s.markdown))
        .filter((sentence) => TENSION_FRAME_PATTERN.test(sentence));
      // Each frame as a pattern of its own, the earlier entry and the chapter it was read in left open.
      const patterns = TENSION_FRAMES.map(
        (frame) =>
          new RegExp(
            ` ${frame
              .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
              .replace('{earlier}', '.+?')
              .replace('{where}', '(?: \\(in "[^"]+"\\))?')}:`,
          ),
      );
      const uses = patterns.map((re) => sentences.filter((sentence) => re.test(sentence)).length);
      expect(Math.max(...uses) - Math.min(...uses), `${chart.subject.datetime}: ${uses.join(' ')}`).toBeLessThanOrEqual(1);
      if (sentences.length > TENSION_FRAMES.length) reportsWithMany++;
    }
    expect(reportsWithMany).toBeGreaterThan(5);
  });
});
