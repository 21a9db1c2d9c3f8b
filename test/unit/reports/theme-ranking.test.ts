/**
 * The themes' ranking counts a point as angular from the cadent house before an angle when it stands
 * within 5° of the angle (a reader's chart had the Moon 0°25′ short of the Descendant, in the 6th
 * house, and the Moon's theme scored as if it stood nowhere near an angle).
 */
import { describe, expect, it } from 'vitest';
import { signedSeparation } from '../../../src/astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../../../src/interpretations/keys.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { ReportContext } from '../../../src/reports/text/context.ts';
import { themeScore } from '../../../src/reports/text/themes/theme-ranking.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';

const AS_OF = '2026-11-29T00:00:00Z';

function contextFor(hour: number, minute: number): ReportContext {
  const chart = natalChartFor({ name: 'Angle Reader', year: 1984, month: 3, day: 9, hour, minute }, PLACES.lisbon);
  return new ReportContext(chart, extractChartFactors(chart), getLibrary(), 'improved', reportSky({ chart, asOf: AS_OF }));
}

describe('theme ranking', () => {
  it('a Moon in the 6th within 5° of the Descendant scores as angular, one 8° short of it does not', () => {
    // Lisbon 1984-03-09 00:20: the Moon 0°25′ before the Descendant, in the 6th house.
    const on = contextFor(0, 20);
    const moon = on.factors.points.get('moon')!;
    const dsc = on.chart.angles!.asc + 180;
    expect(moon.house).toBe(6);
    expect(Math.abs(signedSeparation(moon.lon, dsc))).toBeLessThan(1);
    // The theme's score as its rule reads: the Moon's aspects within 3°, 2 for each planet in the 4th, 8th or 12th, and 2
    // for the Moon on an angle.
    const rest = (ctx: ReportContext) =>
      ctx.factors.aspects.filter((a) => (a.p1 === 'moon' || a.p2 === 'moon') && a.orb <= 3).length +
      2 * TEN_PLANET_IDS.filter((id) => [4, 8, 12].includes(ctx.factors.points.get(id)!.house!)).length;
    const off = contextFor(0, 56);
    const offMoon = off.factors.points.get('moon')!;
    expect(offMoon.house).toBe(6);
    expect(Math.abs(signedSeparation(offMoon.lon, off.chart.angles!.asc + 180))).toBeGreaterThan(5);
    expect(themeScore(on, 'inner_needs')).toBe(rest(on) + 2);
    expect(themeScore(off, 'inner_needs')).toBe(rest(off));
  });
});
