/**
 * A balance reading adds no voice to a tension that another reading of its family has already spoken in: the mutable
 * signs in the foreground and a scarcity of fixed signs are one fact told twice (a Nairobi reader met the second as "one
 * more voice for the restless side").
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { splitSentences } from '../../helpers/report-sentences.ts';

const VOICE = /^(.+?) (?:speaks for|is one more voice for) the [\w -]+ side of the tension over (.+?)(?:, named earlier with .+)?\.$/;
/** The balance family a voice's subject speaks from, by its words. */
const familyOf = (subject: string) =>
  /\b(cardinal|fixed|mutable) (signs|energy|emphasis)\b/i.test(subject) ? 'modality' : /\b(fire|earth|air|water)\b/i.test(subject) ? 'element' : undefined;

describe('the voices of a tension', () => {
  it('take at most one balance reading of each family, over 150 random reports and the Nairobi one', () => {
    const nairobi = { city: 'Nairobi', country: 'KE', lat: -1.2864, lng: 36.8172, source: 'request' as const, zone: 'Africa/Nairobi' };
    const charts = [natalChartFor({ name: 'Wanjiru Kamau', year: 1986, month: 4, day: 27, hour: 9, minute: 5 }, nairobi), ...randomReportCharts(150, 3319)];
    let balanceVoices = 0;
    for (const chart of charts) {
      const seen = new Set<string>();
      const paragraphs = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown.split('\n\n');
      for (const sentence of paragraphs.flatMap(splitSentences)) {
        const m = VOICE.exec(sentence);
        const family = m && familyOf(m[1]!);
        if (!family) continue;
        balanceVoices++;
        const at = `${m[2]} / ${family}`;
        expect(seen.has(at), `${chart.subject.datetime}: ${sentence}`).toBe(false);
        seen.add(at);
      }
    }
    expect(balanceVoices).toBeGreaterThan(3);
  });
});
