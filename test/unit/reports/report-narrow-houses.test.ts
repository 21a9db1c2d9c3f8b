/**
 * A house squeezed almost to a line, read by the sign on its cusp, is said to be narrow, once a report, and what is said
 * is true of the chart's own cusps: the houses named are exactly those under 5° wide, and the span quoted runs from the
 * house's cusp to the next. A reader of a Murmansk chart (1996, Porphyry houses at 69° N: six houses of 1°25′) took the
 * sign of its 5th and 6th cusps at its word.
 */
import { describe, expect, it } from 'vitest';
import { normalizeDegrees } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { zodiacPosition } from '../../../src/reports/text/report-markdown.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const NOTE = /At your latitude the ([^.]*?) houses? (?:each )?spans? less than 5° of the zodiac, this one from ([^:]+?) to ([^:]+?): /g;
const ORDINAL = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** The houses under 5° wide, from the chart's cusps (not from the report's code). */
function narrowFromCusps(chart: NatalChartInput): { house: number; from: number; to: number }[] {
  const cusps = chart.houses ?? [];
  return cusps.flatMap((h) => {
    const next = cusps.find((c) => c.house === (h.house % 12) + 1)!;
    return normalizeDegrees(next.abs_pos - h.abs_pos) < 5 ? [{ house: h.house, from: h.abs_pos, to: next.abs_pos }] : [];
  });
}

function checkNote(chart: NatalChartInput): number {
  const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
  const notes = [...markdown.matchAll(NOTE)];
  const narrow = narrowFromCusps(chart);
  const context = chart.subject.datetime;
  expect(notes.length, context).toBeLessThanOrEqual(1);
  if (narrow.length === 0) expect(notes, context).toEqual([]);
  for (const note of notes) {
    const named = note[1]!.split(/, | and /).map((w) => w.replace(/^the /, ''));
    expect(named, context).toEqual(narrow.map((n) => ORDINAL(n.house)));
    // The span quoted is one of the narrow houses' own.
    expect(
      narrow.some((n) => zodiacPosition(n.from) === note[2] && zodiacPosition(n.to) === note[3]),
      `${context}: ${note[0]}`,
    ).toBe(true);
  }
  return notes.length;
}

describe('a house squeezed almost to a line', () => {
  it('is said to be narrow in the Murmansk 1996 report, with the six narrow houses and the 5th one span', () => {
    const place = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Irina Volkova', year: 1996, month: 6, day: 28, hour: 23, minute: 10 }, place);
    expect(narrowFromCusps(chart).map((n) => n.house)).toEqual([4, 5, 6, 10, 11, 12]);
    expect(checkNote(chart)).toBe(1);
    expect(composeReport(chart, { asOf: AS_OF }).markdown).toContain('this one from 1°20′ Gemini to 2°46′ Gemini');
  });

  it('is said only of the houses the cusps make narrow, at most once, over random timed births (a seventh near the poles)', () => {
    let noted = 0;
    for (const chart of randomReportCharts(60, 4242).filter((c) => c.houses)) noted += checkNote(chart);
    // The random set holds polar births whose quadrant houses are this narrow.
    expect(noted).toBeGreaterThan(0);
  });
});
