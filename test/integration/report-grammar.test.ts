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
import { agreementFindings, type GrammarFinding } from '../helpers/report-grammar.ts';

describe('generated report prose', () => {
  it('has no agreement errors over 50 reports', async () => {
    const findings: (GrammarFinding & { report: number })[] = [];
    const charts = randomReportCharts(50, 2052);
    for (const [i, chart] of charts.entries()) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      for (const f of await agreementFindings(readingSentences(report).join(' '))) findings.push({ ...f, report: i });
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
