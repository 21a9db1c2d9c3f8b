/**
 * Untimed, on a day the Moon changed sign, the family chapter reads the Moon's noon sign and, where
 * the other sign reads differently (its element, its modality, its pairing with the Sun), gives that
 * reading too, for the hours it holds (a reader met an air Moon's care read for a birth that may have
 * had a water Moon, with one line of caveat).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { signElement, signModality } from '../../../src/interpretations/chart-factors/balance.ts';
import { SIGNS, signOf } from '../../../src/astro/zodiac.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';

describe('the family chapter on a day the Moon changed sign', () => {
  it("gives the other sign's readings for its hours where they differ, and only then", () => {
    let days = 0;
    for (const chart of randomReportCharts(400, 7751)) {
      if (chart.angles) continue;
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay;
      if (!day || day.signs.length < 2) continue;
      days++;
      const noonSign = signOf(chart.planets.find((p) => p.id === 'moon')!.abs_pos).id;
      const other = day.signs.find((s) => s !== noonSign)!;
      const otherName = SIGNS.find((s) => s.id === other)!.name;
      const md = composeReport(chart, { sky }).sections.find((s) => s.id === 'parental_images')!.markdown;
      const side = day.signs[0] === noonSign ? 'after' : 'before';
      const lead = `If you were born ${side} ${day.ingressAt} local time, the Moon was in ${otherName}, and `;
      const alternatives = md.split('\n\n').filter((p) => p.startsWith(lead));
      const differs = [signElement(other) !== signElement(noonSign), signModality(other) !== signModality(noonSign)].filter(Boolean).length;
      // The element's and the modality's readings when they differ; the Sun's pairing may add one.
      expect(alternatives.length, chart.subject.datetime).toBeGreaterThanOrEqual(differs);
      expect(alternatives.length, chart.subject.datetime).toBeLessThanOrEqual(differs + 1);
      expect(md.split('\n\n').filter((p) => /^If you were born (before|after) /.test(p) && !p.startsWith(lead))).toEqual([]);
    }
    expect(days).toBeGreaterThan(5);
  });
});
