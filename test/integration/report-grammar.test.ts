/**
 * Grammar of generated reports: 50 reports of random births (timed and untimed), their reading
 * prose run through a grammar checker's agreement rules (test/helpers/report-grammar.ts). The
 * report's own sentences are assembled from parts, where an agreement slip ("how you present
 * yourself ... repay") is easy to make and hard to see.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../helpers/natal-charts.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { readingSentences } from '../helpers/report-sentences.ts';
import { agreementFindings, type GrammarFinding } from '../helpers/report-grammar.ts';

describe('generated report prose', () => {
  it('has no agreement errors over 50 reports', async () => {
    const random = seededRandom(2052);
    const findings: (GrammarFinding & { report: number })[] = [];
    for (let i = 0; i < 50; i++) {
      const timed = random() < 0.8;
      const birth = {
        name: `Person ${i}`,
        year: 1935 + Math.floor(random() * 85),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        ...(timed ? { hour: Math.floor(random() * 24), minute: Math.floor(random() * 60) } : { time_known: false }),
      };
      const place = { city: null, country: null, lat: -50 + random() * 115, lng: -170 + random() * 340, source: 'request' as const, zone: 'UTC' };
      const report = composeReport(natalChartFor(birth, place as never), { asOf: '2026-11-25T00:00:00Z' });
      for (const f of await agreementFindings(readingSentences(report).join(' '))) findings.push({ ...f, report: i });
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
