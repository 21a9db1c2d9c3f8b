/**
 * The Central Tension names the chart's T-square or grand cross, and the reading of its planets is
 * true of the sky: recomputed here from the chart's own longitudes and cusps, the ends of the
 * opposition oppose each other, the apex squares both, and the empty corner lies opposite the apex,
 * in the sign and house the text gives.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const gap = (a: number, b: number) => Math.abs(((((b - a) % 360) + 540) % 360) - 180);

/** "the Sun, Mars and the Moon", "Mercury in your 1st house", "the Moon in your 11th and Saturn in your 5th house" → ids. */
function idsIn(list: string): string[] {
  return list
    .replace(/,? (?:both |all )?in your \d+(?:st|nd|rd|th)(?: house)?/g, '')
    .replace(/\bthe /g, '')
    .split(/, | and /)
    .map((name) => ID_OF.get(name.trim())!);
}

/** Each house the text gives a planet ("Mercury in your 1st house", "the Moon and Saturn, both in your 11th house"). */
function housesIn(list: string): [string, number][] {
  const out: [string, number][] = [];
  for (const m of list.matchAll(/((?:(?:the )?[A-Z]\w+(?:, | and )?)+?),? (?:both |all )?in your (\d+)(?:st|nd|rd|th)/g))
    for (const id of idsIn(m[1]!)) out.push([id, Number(m[2])]);
  return out;
}

/** The house of a longitude, walking the cusps forward (houses run counter-clockwise here: no polar charts read). */
function houseOf(chart: NatalChartInput, lon: number): number {
  const cusps = chart.houses!.map((h) => h.abs_pos);
  for (let i = 0; i < 12; i++) {
    const from = cusps[i]!;
    const width = (((cusps[(i + 1) % 12]! - from) % 360) + 360) % 360;
    if ((((lon - from) % 360) + 360) % 360 < width) return i + 1;
  }
  throw new Error('no house');
}

/** 200 random charts and their reports, composed once for both checks. */
let composed: { chart: NatalChartInput; report: ReturnType<typeof composeReport> }[] | undefined;
const reports = () => (composed ??= randomReportCharts(200, 9917).map((chart) => ({ chart, report: composeReport(chart, { asOf: AS_OF }) })));

describe('the Central Tension and the hard aspect figures', () => {
  it('over 200 random reports, names the T-square or grand cross the chart holds, and the reading of its planets is true of the sky', () => {
    const seen = { tSquare: 0, cross: 0, withHouse: 0 };
    for (const { chart, report } of reports()) {
      const factors = extractChartFactors(chart);
      const { sections } = report;
      const central = sections.find((s) => s.id === 'central_tension')!.markdown;
      const opening = central.split('\n\n')[1]!;
      const lon = (id: string) => chart.planets.find((p) => p.id === id)!.abs_pos;
      const hard = factors.configurations.some((c) => c.kind === 't_square' || c.kind === 'grand_cross');
      const named = /^(?:The central tension of your chart is|What pulls hardest in your chart is) the (T-square|grand cross)/.exec(opening);
      // An untimed chart's figures with the Moon hold only some hours: none of them is named.
      if (hard && chart.subject.settings.time_known) expect(named, chart.subject.datetime).not.toBeNull();
      if (!hard) expect(named).toBeNull();
      for (const m of central.matchAll(
        /the figure sets your [^(]+\(([^)]+)\) against your [^(]+\(([^)]+)\), while [^(]+\(([^)]+)\) stands? square to both|the opposition runs from (.+?) on one side to (.+?) on the other, .+?, and (.+?) takes? the strain of both/g,
      )) {
        const sides = [m[1] ?? m[4]!, m[2] ?? m[5]!, m[3] ?? m[6]!];
        const [x, y, z] = sides.map(idsIn) as [string[], string[], string[]];
        for (const [id, house] of sides.flatMap(housesIn)) expect(house, `${id}'s house`).toBe(chart.planets.find((p) => p.id === id)!.house);
        seen.tSquare++;
        for (const a of x) for (const b of y) expect(gap(lon(a), lon(b)), `${a} opposite ${b}`).toBeGreaterThan(173);
        for (const a of [...x, ...y]) for (const c of z) expect(Math.abs(gap(lon(a), lon(c)) - 90), `${a} square ${c}`).toBeLessThanOrEqual(6);
        // Untimed, a Moon at the apex gives no one degree for the empty corner: none is named.
        if (!chart.subject.settings.time_known && z.includes('moon')) continue;
        const after = central.slice(m.index);
        const leg = /Opposite the apex, at (\d+)° (\w+)(?: in your (\d+)(?:st|nd|rd|th) house)?, the figure has an empty corner/.exec(after)!;
        expect(leg).not.toBeNull();
        const apex = z.map(lon);
        const mean = apex[0]! + apex.reduce((s, l) => s + ((((l - apex[0]!) % 360) + 540) % 360) - 180, 0) / apex.length;
        const empty = (((mean + 180) % 360) + 360) % 360;
        expect(`${Math.floor(empty % 30)}° ${SIGNS[Math.floor(empty / 30)]}`).toBe(`${leg[1]}° ${leg[2]}`);
        if (leg[3]) {
          seen.withHouse++;
          expect(Number(leg[3])).toBe(houseOf(chart, empty));
        } else expect(chart.subject.settings.time_known && chart.houses !== undefined && chart.subject.location.lat < 66).toBe(false);
      }
      for (const m of central.matchAll(
        /two oppositions, (.+?) opposite (.+?), and (.+?) opposite (.+?); each planet|two arguments at once: [^(]+\(([^)]+)\), and [^(]+\(([^)]+)\)/g,
      )) {
        seen.cross++;
        const named = m[1] ? [m[1], m[2]!, m[3]!, m[4]!].map((side) => side.replace(/ in your (\d+)(?:st|nd|rd|th)$/, ' in your $1th house')) : [m[5]!, m[6]!];
        for (const [id, house] of named.flatMap(housesIn)) expect(house, `${id}'s house`).toBe(chart.planets.find((p) => p.id === id)!.house);
        const pairs = m[1] ? [idsIn(m[1]).concat(idsIn(m[2]!)), idsIn(m[3]!).concat(idsIn(m[4]!))] : [idsIn(m[5]!), idsIn(m[6]!)];
        for (const [a, b] of pairs as [string, string][]) expect(gap(lon(a), lon(b))).toBeGreaterThan(173);
        for (const a of pairs[0]!) for (const b of pairs[1]!) expect(Math.abs(gap(lon(a), lon(b)) - 90)).toBeLessThanOrEqual(6);
      }
    }
    expect(seen.tSquare).toBeGreaterThan(20);
    expect(seen.withHouse).toBeGreaterThan(10);
    expect(seen.cross).toBeGreaterThan(0);
  });

  it('over 200 random reports, names the planet a yod or kite turns on with its sign and house, and its aspects are true of the sky', () => {
    const seen = { yod: 0, kite: 0 };
    for (const { chart, report } of reports()) {
      const md = report.markdown;
      const lon = (id: string) => chart.planets.find((p) => p.id === id)!.abs_pos;
      const sign = (id: string) => SIGNS[Math.floor((((lon(id) % 360) + 360) % 360) / 30)];
      const check = (focus: string, signName: string, house: string | undefined) => {
        const id = ID_OF.get(focus.replace(/^the /, ''))!;
        expect(sign(id), `${focus} in ${signName}`).toBe(signName);
        if (house) expect(chart.planets.find((p) => p.id === id)!.house).toBe(Number(house));
        return id;
      };
      const place = '((?:the )?[A-Z]\\w+) in (\\w+)(?: in your (\\d+)(?:st|nd|rd|th) house)?';
      for (const m of md.matchAll(
        new RegExp(`the yod points at ${place}: (.+?), easy with each other|The apex of your yod is ${place}, quincunx (.+?)\\. The`, 'g'),
      )) {
        seen.yod++;
        const apex = check((m[1] ?? m[5])!, (m[2] ?? m[6])!, m[3] ?? m[7]);
        for (const b of idsIn((m[4] ?? m[8])!)) expect(Math.abs(gap(lon(apex), lon(b)) - 150), `${apex} quincunx ${b}`).toBeLessThanOrEqual(2.5);
      }
      for (const m of md.matchAll(
        new RegExp(
          `The tail of your kite is ${place}, opposite (.+?) and sextile (.+?)\\. By|Your kite turns on ${place}, which opposes (.+?) and sextiles (.+?):`,
          'g',
        ),
      )) {
        seen.kite++;
        const tail = check((m[1] ?? m[6])!, (m[2] ?? m[7])!, m[3] ?? m[8]);
        for (const b of idsIn((m[4] ?? m[9])!)) expect(gap(lon(tail), lon(b)), `${tail} opposite ${b}`).toBeGreaterThan(173);
        for (const b of idsIn((m[5] ?? m[10])!)) expect(Math.abs(gap(lon(tail), lon(b)) - 60), `${tail} sextile ${b}`).toBeLessThanOrEqual(4);
      }
    }
    expect(seen.yod).toBeGreaterThan(3);
    expect(seen.kite).toBeGreaterThan(0);
  });
});
