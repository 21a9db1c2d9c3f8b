/**
 * The hard figures an angle completes (a reader found a Moon–angle–planet T-square unread, the
 * figures being looked for among the planets alone). Over random timed charts, each passage's
 * distances and orbs are recomputed here from the chart's longitudes, the figure is checked not to
 * be one the planets make among themselves, and a chart whose longitudes hold such a figure gets
 * one passage (the tightest), a chart without one none. A figure's aspects that cross a sign line (an out-of-sign square)
 * are named with their signs, and only those.
 */
import { describe, expect, it } from 'vitest';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { angleFigureReading, angleFigures } from '../../../src/reports/synthesis/angle-figures.ts';
import { ReportContext } from '../../../src/reports/text/context.ts';
import { chartShapeSection } from '../../../src/reports/text/sections/chart-shape.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const NAMES: Record<string, string> = { asc: 'Ascendant', dsc: 'Descendant', mc: 'Midheaven', ic: 'IC' };
const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
const sep = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);
const off = (a: number, b: number, angle: number) => Math.abs(sep(a, b) - angle);
const minutes = (text: string) => {
  const [d, m] = text.replace('′', '').split('°').map(Number) as [number, number];
  return d + m / 60;
};

function contextOf(chart: NatalChartInput): ReportContext {
  // The figures read nothing of the year ahead: the sky is left empty.
  return new ReportContext(chart, extractChartFactors(chart), getLibrary(), 'improved', {});
}

/** The chart's figures an angle completes, found here from its longitudes alone. */
function expectedFigures(chart: NatalChartInput): { onAngle: [string, string, string][]; acrossAxis: [string, string, string][] } {
  const lon = Object.fromEntries(chart.planets.filter((p) => PLANETS.includes(p.id)).map((p) => [p.id, p.abs_pos]));
  const angles = { asc: chart.angles!.asc, dsc: chart.angles!.asc + 180, mc: chart.angles!.mc, ic: chart.angles!.mc + 180 };
  const opposed = (a: string, b: string) => off(lon[a]!, lon[b]!, 180) <= 7;
  const squared = (a: string, b: string) => off(lon[a]!, lon[b]!, 90) <= 6;
  const onAngle: [string, string, string][] = [];
  const acrossAxis: [string, string, string][] = [];
  for (const p of PLANETS)
    for (const [angle, at] of Object.entries(angles)) {
      if (sep(lon[p]!, at) > 5) continue;
      for (const apex of PLANETS)
        if (
          apex !== p &&
          squared(apex, p) &&
          // The apex squares the angle too: it presses on the axis, not only on the planet there.
          off(lon[apex]!, at, 90) <= 6 &&
          !PLANETS.some((y) => y !== p && y !== apex && opposed(p, y) && squared(apex, y)) &&
          // The corner opposite the apex must be empty.
          !PLANETS.some((y) => y !== apex && opposed(apex, y))
        )
          onAngle.push([p, angle, apex]);
    }
  for (const a of PLANETS)
    for (const b of PLANETS)
      if (a < b && opposed(a, b))
        for (const [axis, end] of [
          ['horizon', angles.asc],
          ['meridian', angles.mc],
        ] as const)
          if (off(lon[a]!, end, 90) <= 6 && off(lon[b]!, end, 90) <= 6) acrossAxis.push([a, b, axis]);
  return { onAngle, acrossAxis };
}

describe('hard figures an angle completes', () => {
  const charts = randomReportCharts(300, 8821).filter((c) => c.angles !== undefined && c.subject.settings.time_known !== false);

  it('each figure listed is true of the longitudes, and each chart that holds one lists it', () => {
    let onAngle = 0;
    let acrossAxis = 0;
    for (const [i, chart] of charts.entries()) {
      const lon = Object.fromEntries(chart.planets.map((p) => [p.id, p.abs_pos]));
      const angles: Record<string, number> = { asc: chart.angles!.asc, dsc: chart.angles!.asc + 180, mc: chart.angles!.mc, ic: chart.angles!.mc + 180 };
      const expected = expectedFigures(chart);
      const listed = angleFigures(contextOf(chart));
      for (const f of listed) {
        if (f.kind === 'on_angle') {
          onAngle++;
          for (const p of f.planets) {
            expect(
              expected.onAngle.some(([x, a, apex]) => x === p.id && a === f.angle && apex === f.apex),
              `${i}`,
            ).toBe(true);
            expect(Math.abs(p.distance - sep(lon[p.id]!, angles[f.angle]!))).toBeLessThan(1e-9);
            expect(Math.abs(p.squareOrb - off(lon[p.id]!, lon[f.apex]!, 90))).toBeLessThan(1e-9);
          }
          // Every planet on that angle squared by that apex is in the one figure.
          const all = expected.onAngle.filter(([, a, apex]) => a === f.angle && apex === f.apex).map(([x]) => x);
          expect(f.planets.map((p) => p.id).sort(), `${i}`).toEqual(all.sort());
        } else {
          acrossAxis++;
          expect(
            expected.acrossAxis.some(([a, b, axis]) => [a, b].sort().join() === [...f.ends].sort().join() && axis === f.axis),
            `${i}`,
          ).toBe(true);
        }
      }
      // A pair of planets each on an angle and square each other is one figure, not two.
      const pairs = listed.flatMap((f) => (f.kind === 'on_angle' ? f.planets.map((p) => [p.id, f.apex].sort().join('+')) : [[...f.ends].sort().join('+')]));
      expect(new Set(pairs).size, `${i}`).toBe(pairs.length);
      expect(listed.length > 0, `${i}`).toBe(expected.onAngle.length + expected.acrossAxis.length > 0);
    }
    expect(onAngle).toBeGreaterThan(20);
    expect(acrossAxis).toBeGreaterThan(3);
  });

  it("the chart-shape chapter reads the tightest, with the numbers of the chart's own longitudes", () => {
    let read = 0;
    for (const [i, chart] of charts.entries()) {
      const ctx = contextOf(chart);
      const lon = Object.fromEntries(chart.planets.map((p) => [p.id, p.abs_pos]));
      const angles: Record<string, number> = { asc: chart.angles!.asc, dsc: chart.angles!.asc + 180, mc: chart.angles!.mc, ic: chart.angles!.mc + 180 };
      const first = angleFigures(ctx)[0];
      const text = chartShapeSection(ctx)?.markdown ?? '';
      if (!first) {
        expect(text, `${i}`).not.toMatch(/a T-square the planets alone do not show|lies across the axis/);
        continue;
      }
      read++;
      const passage = angleFigureReading(contextOf(chart), first);
      // The house's domain is phrased in turn through the report: the passage up to it.
      expect(text, `${i}`).toContain(passage.split('; in the ')[0]);
      if (first.kind === 'on_angle') {
        const m =
          /(?:stands|stand) ([\d°′, and]+) from your (\w+), .* squares (?:it|both|all of them) \(orbs? ([\d°′, and]+)\).* the empty corner opposite the apex, at (\d+)° (\w+)/.exec(
            passage,
          )!;
        expect(m, passage).not.toBeNull();
        expect(m[2]).toBe(NAMES[first.angle]);
        const said = (text: string) => text.split(/, | and /).map(minutes);
        expect(said(m[1]!).length).toBe(first.planets.length);
        for (const [k, p] of first.planets.entries()) {
          expect(Math.abs(said(m[1]!)[k]! - sep(lon[p.id]!, angles[first.angle]!))).toBeLessThanOrEqual(1 / 60);
          expect(Math.abs(said(m[3]!)[k]! - off(lon[p.id]!, lon[first.apex]!, 90))).toBeLessThanOrEqual(1 / 60);
        }
        const corner = (lon[first.apex]! + 180) % 360;
        expect(`${m[4]}° ${m[5]}`).toBe(`${Math.floor(corner % 30)}° ${SIGNS[Math.floor(corner / 30)]}`);
        // The corner is empty: no planet opposes the apex within the figures' 7°.
        for (const id of PLANETS) if (id !== first.apex) expect(off(lon[id]!, lon[first.apex]!, 180), `${i} ${id}`).toBeGreaterThan(7);
      } else {
        const m = /\(orb (\d+°\d+′)\), and both square the (horizon|meridian) .*\(within (\d+°\d+′) and (\d+°\d+′)\)/.exec(passage)!;
        expect(m, passage).not.toBeNull();
        const [a, b] = first.ends;
        expect(Math.abs(minutes(m[1]!) - off(lon[a]!, lon[b]!, 180))).toBeLessThanOrEqual(1 / 60);
        const end = m[2] === 'horizon' ? angles.asc! : angles.mc!;
        expect(Math.abs(minutes(m[3]!) - off(lon[a]!, end, 90))).toBeLessThanOrEqual(1 / 60);
        expect(Math.abs(minutes(m[4]!) - off(lon[b]!, end, 90))).toBeLessThanOrEqual(1 / 60);
      }
    }
    expect(read).toBeGreaterThan(20);
  });

  it('says which of a figure’s aspects cross a sign line, each true of the longitudes, and none that does not', () => {
    const NAME_TO_ID: Record<string, string> = { Ascendant: 'asc', Descendant: 'dsc', Midheaven: 'mc', IC: 'ic' };
    let crossing = 0;
    let figures = 0;
    for (const chart of randomReportCharts(400, 6161)) {
      const ctx = contextOf(chart);
      const angles = chart.angles && { asc: chart.angles.asc, dsc: (chart.angles.asc + 180) % 360, mc: chart.angles.mc, ic: (chart.angles.mc + 180) % 360 };
      if (!angles) continue;
      const lon = (name: string) => {
        const id = NAME_TO_ID[name] ?? name.toLowerCase();
        return id in angles ? angles[id as keyof typeof angles] : chart.planets.find((p) => p.id === id)!.abs_pos;
      };
      const signApart = (a: number, b: number) => {
        const d = (((Math.floor(a / 30) - Math.floor(b / 30)) % 12) + 12) % 12;
        return Math.min(d, 12 - d);
      };
      for (const f of angleFigures(ctx)) {
        figures++;
        const text = angleFigureReading(ctx, f);
        const note = /(?:crosses|cross) a sign line: (.*?)\.(?= |$)/.exec(text);
        for (const item of note ? note[1]!.split('; ') : []) {
          crossing++;
          const m = /^(?:your |the )?(\w+) in (\w+) (squares|opposes) (?:your |the )?(\w+) in (\w+), signs that /.exec(item)!;
          expect(m, item).not.toBeNull();
          const [, a, signA, verb, b, signB] = m as unknown as [string, string, string, string, string, string];
          expect(SIGNS[Math.floor(lon(a) / 30)], item).toBe(signA);
          expect(SIGNS[Math.floor(lon(b) / 30)], item).toBe(signB);
          expect(signApart(lon(a), lon(b)), item).not.toBe(verb === 'squares' ? 3 : 6);
        }
        // A figure whose every aspect falls sign to sign says nothing of sign lines, and one that says nothing has none.
        const at = (id: string) => (id in angles ? angles[id as keyof typeof angles] : chart.planets.find((p) => p.id === id)!.abs_pos);
        const OPPOSITE: Record<string, string> = { asc: 'dsc', dsc: 'asc', mc: 'ic', ic: 'mc' };
        const pairs: [string, string, number][] =
          f.kind === 'on_angle'
            ? f.planets.flatMap((p) => [[f.apex, p.id, 3] as [string, string, number], [p.id, OPPOSITE[f.angle]!, 6] as [string, string, number]])
            : [
                [f.ends[0], f.ends[1], 6],
                [f.ends[0], f.axis === 'horizon' ? 'asc' : 'mc', 3],
                [f.ends[1], f.axis === 'horizon' ? 'asc' : 'mc', 3],
              ];
        const across = pairs.filter(([a, b, apart]) => signApart(at(a), at(b)) !== apart).length;
        expect(note ? note[1]!.split('; ').length : 0, text).toBe(across);
      }
    }
    expect(figures).toBeGreaterThan(20);
    expect(crossing).toBeGreaterThan(3);
  });
});
