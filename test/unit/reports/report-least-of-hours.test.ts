/**
 * An untimed scarcity that holds for some hours of the birth day only: where what it says of a faculty
 * contradicts a side the report already took, the tension is named for the births it holds for, and
 * the scarcity does not become the report's standing side. The report checker met "holding steady
 * asks for effort", true for births after 01:00, beside a Sun in Virgo's settled rhythm with nothing
 * to join them (1986-08-27, untimed, 51.6° N 77.5° W).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';
import { oppositeClaimsInText } from '../../helpers/report-faculty-text.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const place = { city: null, country: null, lat: 51.61565330112353, lng: -77.53274970222265, source: 'request', zone: 'UTC' } as never;
/** The least-of chapter, from its heading to the next chapter. */
const leastOf = (md: string) => md.slice(md.indexOf('## What Your Chart Has Least Of'), md.indexOf('\n## ', md.indexOf('## What Your Chart Has Least Of') + 1));

describe('an untimed scarcity of some hours', () => {
  it('names its tension with a settled Sun for the births it holds for, and the words no longer contradict', () => {
    const chart = natalChartFor({ name: 'Checked Person 34', year: 1986, month: 8, day: 27, time_known: false }, place);
    const report = composeReport(chart, { asOf: AS_OF });
    const chapter = leastOf(report.markdown);
    expect(chapter).toContain('holding steady asks for effort');
    expect(chapter).toMatch(/holds if you were born after 01:00 local time/);
    expect(chapter).toMatch(/\n\nFor the births it holds for, the scarcity of fixed signs in your chart [^\n]*your Sun in Virgo/);
    expect(oppositeClaimsInText(report)).toEqual([]);
  });

  it('prints such a passage only after the sentence that gives the hours, over 50 untimed births', () => {
    let named = 0;
    for (const chart of untimedBirths(50, 2207)) {
      const chapter = leastOf(composeReport(chart, { asOf: AS_OF }).markdown);
      const paragraphs = chapter.split('\n\n');
      paragraphs.forEach((p, i) => {
        if (!p.startsWith('For the births it holds for, ')) return;
        named++;
        // The hours come just before, or before the first of the tensions the same scarcity names.
        const before = paragraphs
          .slice(0, i)
          .reverse()
          .find((q) => !q.startsWith('For the births it holds for, '));
        expect(before, `${chart.subject.datetime}: ${p}`).toMatch(/^This counts .+ holds (if you were born|for births|between)/);
      });
    }
    // This sample has two.
    expect(named).toBeGreaterThanOrEqual(1);
  });
});
