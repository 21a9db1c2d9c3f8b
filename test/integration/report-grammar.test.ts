/**
 * Grammar of generated reports: 50 reports of random births (timed and untimed), their reading
 * prose run through a grammar checker's agreement rules (test/helpers/report-grammar.ts). The
 * report's own sentences are assembled from parts, where an agreement slip ("how you present
 * yourself ... repay") is easy to make and hard to see.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../helpers/random-report-charts.ts';
import { readingSentences } from '../helpers/report-sentences.ts';
import { agreementFindings, sentenceAgreementFindings, type GrammarFinding } from '../helpers/report-grammar.ts';

describe('the agreement check', () => {
  it("flags the report's own phrases used as a subject with a verb of the other number", async () => {
    const flagged = await agreementFindings(
      'Saturn in your 1st house suggests that how you present yourself and begin things repay patience. Your way of thinking and speaking are quick. Close partnerships asks for time. Your drive and assertiveness flows easily toward the North Node.',
    );
    expect(flagged.map((f) => f.rule)).toEqual(['VocabularyAgreement', 'VocabularyAgreement', 'VocabularyAgreement', 'VocabularyAgreement']);
    expect(flagged[0]!.context).toContain('begin things repay patience');
  });

  it('flags the same sentences when a report is checked in groups of sentences', async () => {
    const sentences = [
      'Saturn in your 1st house suggests that how you present yourself and begin things repay patience.',
      'Your way of thinking and speaking are quick.',
      'Close partnerships asks for time.',
    ];
    for (const group of [1, 2, 50]) {
      const flagged = await sentenceAgreementFindings(sentences, group);
      expect(flagged.map((f) => f.rule)).toEqual(['VocabularyAgreement', 'VocabularyAgreement', 'VocabularyAgreement']);
    }
  });

  it('passes the same phrases with verbs that agree', async () => {
    const text =
      'Saturn suggests that how you present yourself and begin things repays patience. Your way of thinking and speaking is quick. Close partnerships ask for time.';
    expect(await agreementFindings(text)).toEqual([]);
  });
});

describe('generated report prose', () => {
  it('has no agreement errors over 50 reports', async () => {
    const findings: (GrammarFinding & { report: number })[] = [];
    const charts = randomReportCharts(50, 2052);
    // The rules never look past a sentence, so a sentence another report printed (a third of them: the library's
    // readings recur) is checked once, with the first report that printed it.
    const checked = new Set<string>();
    for (const [i, chart] of charts.entries()) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      const fresh = readingSentences(report).filter((s) => !checked.has(s) && checked.add(s));
      for (const f of await sentenceAgreementFindings(fresh)) findings.push({ ...f, report: i });
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
