/**
 * A slow planet that reaches both points of an aspect of the birth chart in the year is read so, with the second contact:
 * the natal aspect is the chart's, of the type named, both contacts are in the year's table with exact dates as far apart
 * as the text says. A reader met the Lagos 1987 chart's Jupiter opposite Venus and square Mars, two weeks apart across the
 * natal Venus–Mars square, as unrelated stock passages; that square is the chart's centre, tied back as such, and the
 * report now also reads Jupiter's trine to the Moon and opposition to Venus across their sextile.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const NAME = Object.values(POINT_NAMES).join('|');
const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
};
const ASPECT_WORDS: Record<string, string> = { conjunct: 'conjunction', sextile: 'sextile', square: 'square', trine: 'trine', opposite: 'opposition' };
const SAID = new RegExp(
  `### (${NAME}) (Conjunct|Sextile|Square|Trine|Opposite) Your (${NAME})\\n(?:(?!\\n### )[\\s\\S])*? With (${NAME}) (conjunct|sextile|square|trine|opposite) your (${NAME}), exact (on the same day|(\\w+) days? apart|about (\\w+) weeks apart)( for a birth at noon \\(another hour moves a date by up to \\w+ days?\\))?, it reaches both (?:ends of (?:the )?(${NAME})'s (\\w+) with (?:the )?(${NAME}) in your birth chart|your (${NAME}) and your (${NAME}), which stand together)`,
  'g',
);

/** Each "both ends" sentence checked against the chart and the year's transits; how many there were. */
function checkBothEnds(chart: NatalChartInput): number {
  const sky = reportSky({ chart, asOf: AS_OF });
  const markdown = composeReport(chart, { sky }).markdown;
  const year = sky.yearAhead!;
  let said = 0;
  for (const m of markdown.matchAll(SAID)) {
    said++;
    const [, body, type, target, otherBody, otherType, otherTarget, , days, weeks, noon, a, natalType, b, c, d] = m;
    const context = `${chart.subject.datetime}: ${m[0].slice(-200)}`;
    expect(otherBody, context).toBe(body);
    const ends = new Set([ID_OF.get(a ?? c!)!, ID_OF.get(b ?? d!)!]);
    expect(ends, context).toEqual(new Set([ID_OF.get(target!)!, ID_OF.get(otherTarget!)!]));
    // The natal aspect is the chart's, of the type named (a conjunction when the two "stand together").
    const natal = chart.aspects.find((x) => new Set([x.p1, x.p2, ...ends]).size === 2);
    expect(natal?.type, context).toBe(natalType ?? 'conjunction');
    // Both contacts are in the year, exact within the year as far apart as said.
    const exacts = (t: string, aspect: string) =>
      year.transits
        .find((x) => x.body === ID_OF.get(body!) && x.type === ASPECT_WORDS[aspect] && x.target === ID_OF.get(t))!
        .exact.filter((e) => e >= year.from && e <= year.to)
        .map((e) => Date.parse(e));
    const gaps = exacts(target!, type!.toLowerCase()).flatMap((x) => exacts(otherTarget!, otherType!).map((y) => Math.abs(x - y) / 86_400_000));
    const gap = Math.min(...gaps);
    // Untimed, a gap the hour of birth can move by a day or more is said to be a noon birth's.
    const shift = (t: string, aspect: string) =>
      year.transits.find((x) => x.body === ID_OF.get(body!) && x.type === ASPECT_WORDS[aspect] && x.target === ID_OF.get(t))!.hourShift?.days ?? 0;
    expect(noon !== undefined, context).toBe(Math.max(shift(target!, type!.toLowerCase()), shift(otherTarget!, otherType!)) >= 1);
    expect(gap, context).toBeLessThanOrEqual(90);
    // Under two weeks in days (a reader met "within a week of each other" over nine days), else in weeks.
    if (weeks) expect(Math.round(gap / 7), context).toBe(WORDS[weeks]);
    else expect(Math.round(gap), context).toBe(days ? WORDS[days] : 0);
  }
  return said;
}

describe('a slow planet at both points of a natal aspect', () => {
  it('is read so in the Lagos 1987 report: Jupiter trine the Moon and opposite Venus across their sextile', () => {
    const place = { city: 'Lagos', country: 'NG', lat: 6.5244, lng: 3.3792, source: 'request' as const, zone: 'Africa/Lagos' };
    const chart = natalChartFor({ name: 'Adaeze Okafor', year: 1987, month: 3, day: 22, hour: 7, minute: 45 }, place);
    expect(checkBothEnds(chart)).toBeGreaterThanOrEqual(1);
    const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
    expect(markdown).toMatch(/it reaches both ends of the Moon's sextile with Venus in your birth chart/);
    // Its Venus–Mars square is the chart's centre, whose two points the year ties back to it already.
    expect(markdown).toContain('Like Jupiter opposite your Venus, it comes back to the centre of your chart, through your Mars.');
    expect(markdown).not.toMatch(/both ends of Venus's square with Mars/);
  });

  it('says only what the chart and the year bear out, over random births', () => {
    let said = 0;
    for (const chart of randomReportCharts(60, 8111)) said += checkBothEnds(chart);
    expect(said).toBeGreaterThan(3);
  });
});
