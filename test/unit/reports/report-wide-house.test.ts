/**
 * Inside the polar circles a quadrant method's fallback draws some houses many times a twelfth of the sky: planets in one
 * of them are not a gathering, and the report reads no stellium of a house over 45° wide (a reader met "Stellium in the
 * 7th House" built on a 53° Porphyry house at Utqiaġvik, after the guide had called houses a lighter statement there).
 */
import { describe, expect, it } from 'vitest';
import { normalizeDegrees } from '../../../src/astro/zodiac.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const UTQIAGVIK = { city: 'Utqiaġvik', country: 'US', lat: 71.2906, lng: -156.7886, source: 'request' as const, zone: 'America/Anchorage' };

function widths(chart: NatalChartInput): number[] {
  const cusps = [...(chart.houses ?? [])].sort((a, b) => a.house - b.house).map((h) => h.abs_pos);
  return cusps.map((c, i) => normalizeDegrees(cusps[(i + 1) % 12]! - c));
}

describe('a stellium by house', () => {
  it('is not read in a house over 45° wide, and the planets there are named as such (Utqiaġvik, 20 June 1994 22:10)', () => {
    const chart = natalChartFor({ name: 'Polar Reader', year: 1994, month: 6, day: 20, hour: 22, minute: 10 }, UTQIAGVIK);
    const seventh = widths(chart)[6]!;
    expect(seventh).toBeGreaterThan(45);
    expect(extractChartFactors(chart).stelliums.some((s) => s.kind === 'house' && s.house === 7)).toBe(true);
    const md = composeReport(chart, { asOf: AS_OF }).markdown;
    expect(md).not.toContain('### Stellium in the 7th House');
    expect(md).toContain(`fall in your 7th house, but at ${Math.round(seventh)}° wide it is a stretch of sky the fallback houses drew unusually large`);
  });

  it("is read in no fallback house over 45° wide, and still in a quadrant method's own wide house, over random births", () => {
    let own = 0;
    for (const chart of randomReportCharts(200, 6619).filter((c) => c.subject.settings.time_known)) {
      const w = widths(chart);
      const fellBack = chart.subject.settings.house_system !== chart.subject.settings.house_system_requested;
      const md = composeReport(chart, { asOf: AS_OF }).markdown;
      const signGroups = new Set(
        extractChartFactors(chart)
          .stelliums.filter((x) => x.kind === 'sign')
          .map((x) => [...x.bodies].sort().join()),
      );
      for (const s of extractChartFactors(chart).stelliums.filter((x) => x.kind === 'house' && w[x.house! - 1]! > 45)) {
        // (A house stellium of the same planets as a sign's is read once, by the sign.)
        if (signGroups.has([...s.bodies].sort().join())) continue;
        const heading = new RegExp(`### Stellium in the ${s.house}(st|nd|rd|th) House\\n`);
        if (!fellBack) own++;
        expect(heading.test(md), `${chart.subject.datetime} ${s.house}`).toBe(!fellBack);
      }
    }
    expect(own).toBeGreaterThan(3);
  });
});
