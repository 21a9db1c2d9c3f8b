/**
 * A locomotive's leading planet, named in its fact line and its sentence, recomputed from the chart's longitudes: the
 * planet the open stretch of 120° or more ends at in zodiacal order, the front of the group as the wheel turns
 * clockwise in a day. Untimed charts do not name one (the Moon can take or give up the front edge in the day).
 */
import { describe, expect, it } from 'vitest';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { isTimed, type NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { signOf } from '../../../src/astro/zodiac.ts';

const TEN = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));

/** The planet with the widest empty arc just behind it in zodiacal order, and that arc. */
function frontOfGroup(chart: NatalChartInput): { id: string; gapBehind: number } {
  const ten = chart.planets.filter((p) => TEN.includes(p.id)).sort((a, b) => a.abs_pos - b.abs_pos);
  let best = { id: '', gapBehind: -1 };
  ten.forEach((p, i) => {
    const before = ten[(i + ten.length - 1) % ten.length]!;
    const gap = (p.abs_pos - before.abs_pos + 360) % 360;
    if (gap > best.gapBehind) best = { id: p.id, gapBehind: gap };
  });
  return best;
}

describe('the locomotive pattern', () => {
  it('names the planet at the front edge of the open stretch, in its fact line and in a sentence, timed charts only', () => {
    let timed = 0;
    let untimed = 0;
    for (const chart of randomReportCharts(240, 8123)) {
      if (extractChartFactors(chart).shape !== 'locomotive') continue;
      const markdown = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const fact = /Leading planet: ([A-Z][a-z]+) in ([A-Z][a-z]+)/.exec(markdown);
      const sentence = /the planet at the front edge of the open stretch, [^.]*? is (?:the )?([A-Z][a-z]+) in ([A-Z][a-z]+)/.exec(markdown);
      if (!isTimed(chart)) {
        untimed++;
        expect(fact, chart.subject.datetime).toBeNull();
        continue;
      }
      timed++;
      const front = frontOfGroup(chart);
      expect(front.gapBehind, chart.subject.datetime).toBeGreaterThanOrEqual(120);
      expect(ID_OF.get(fact![1]!), chart.subject.datetime).toBe(front.id);
      expect(sentence![1], chart.subject.datetime).toBe(fact![1]);
      expect(fact![2], chart.subject.datetime).toBe(signOf(chart.planets.find((p) => p.id === front.id)!.abs_pos).name);
    }
    expect(timed).toBeGreaterThan(3);
    expect(untimed).toBeGreaterThan(0);
  });
});
