/**
 * The synthesis's lists say each thing once: no two lines of one list end on the same word ("Clinging
 * to the past" and "Difficulty letting go of the past", which a reader found side by side in Tromsø),
 * and none is a word-for-word part of another. Over random reports.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const lastWord = (line: string) => /([a-z]+)\W*$/i.exec(line.toLowerCase())?.[1]?.slice(0, 5);

describe('the synthesis lists', () => {
  it('never end two lines of one list on the same word', () => {
    let lists = 0;
    for (const chart of randomReportCharts(20, 3307)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      for (const heading of ['### Strengths to Build On', '### Tensions to Work With']) {
        const at = md.indexOf(heading);
        if (at < 0) continue;
        lists++;
        const lines = md
          .slice(at + heading.length)
          .split('\n\n')[1]!
          .split('\n')
          .filter((l) => l.startsWith('- '))
          .map((l) => l.slice(2).replace(/ \([^)]*\)$/, ''));
        const ends = lines.map(lastWord);
        expect(new Set(ends).size, `${chart.subject.datetime_utc} ${heading}: ${lines.join(' | ')}`).toBe(ends.length);
      }
    }
    expect(lists).toBeGreaterThan(20);
  });

  it("name the factor each line comes from as the chart has it, never a reading's heading (over 60 random reports)", () => {
    let balance = 0;
    for (const chart of randomReportCharts(60, 8821)) {
      const synthesis = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).sections.find((s) => s.id === 'synthesis')!.markdown;
      for (const [, source] of synthesis.matchAll(/^- .+ \(([^()]+)\)$/gm)) {
        expect(source, `${chart.subject.datetime}: (${source})`).not.toMatch(/in the (Fore|Back)ground|as Your Dominant Planet|^Born (at|Under)/);
        if (/^(little|much) \w+( energy)? in your chart$/.test(source!)) balance++;
      }
    }
    expect(balance).toBeGreaterThan(20);
  });

  it("a timed chart's North Node suggestion follows its house, as the node's chapter reads it (over 60 random reports)", () => {
    let timed = 0;
    for (const chart of randomReportCharts(60, 8822)) {
      const synthesis = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).sections.find((s) => s.id === 'synthesis')!.markdown;
      const node = chart.planets.find((p) => p.id === 'north_node')!;
      const said = /North Node in (the (\d+)(?:st|nd|rd|th) house|[A-Z][a-z]+)/.exec(synthesis);
      if (!said) continue;
      if (chart.subject.settings.time_known) {
        timed++;
        expect(Number(said[2]), `${chart.subject.datetime}: ${said[0]}`).toBe(node.house);
      } else expect(said[2], said[0]).toBeUndefined();
    }
    expect(timed).toBeGreaterThan(10);
  });
});
