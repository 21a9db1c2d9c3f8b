/**
 * A point a few minutes of birth time from another sign says so in its facts line, as the angles and the house cusps do
 * (a Kiruna reader's Sun at 0°01′ Cancer, 26 minutes after its ingress, was read as a Cancer Sun without a word of it).
 * Checked by casting the chart again: moved that way a little further than the minutes said, the point is in the sign
 * named; moved the other way as far, it is not.
 */
import { describe, expect, it } from 'vitest';
import { signIndexOf, SIGNS } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { castMinutesLater, natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const FLAG =
  /^\*((?:North )?[A-Z][a-z]+) \d+°\d\d′ [A-Z][a-z]+[^*]*? · a birth (?:about |less than )(a minute|\d+ minutes) (earlier|later) would put it in ([A-Z][a-z]+)/gm;
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const signAt = (chart: NatalChartInput, id: string, minutes: number) =>
  SIGNS[signIndexOf(castMinutesLater(chart, minutes).planets.find((p) => p.id === id)!.abs_pos)]!.name;

function checkFlags(chart: NatalChartInput): number {
  let flags = 0;
  for (const m of composeReport(chart, { asOf: AS_OF }).markdown.matchAll(FLAG)) {
    flags++;
    const id = ID_OF.get(m[1]!)!;
    const minutes = m[2] === 'a minute' ? 1 : Number(m[2]!.split(' ')[0]);
    const sign = m[4]!;
    const way = m[3] === 'later' ? 1 : -1;
    expect(minutes, m[0]).toBeLessThanOrEqual(30);
    const far = Math.ceil(minutes * 1.1) + 1;
    expect(signAt(chart, id, way * far), m[0]).toBe(sign);
    expect(signAt(chart, id, -way * far), m[0]).not.toBe(sign);
    if (minutes >= 4) expect(signAt(chart, id, way * Math.floor(minutes * 0.85)), m[0]).not.toBe(sign);
  }
  return flags;
}

describe('a point minutes of birth time from another sign', () => {
  it('Kiruna, 21 June 1977, 13:40: the Sun 26 minutes after its ingress into Cancer', () => {
    const kiruna = { city: 'Kiruna', country: 'SE', lat: 67.8558, lng: 20.2253, source: 'request' as const, zone: 'Europe/Stockholm' };
    const chart = natalChartFor({ name: 'Reader', year: 1977, month: 6, day: 21, hour: 13, minute: 40 }, kiruna);
    expect(composeReport(chart, { asOf: AS_OF }).markdown).toContain('*Sun 0°01′ Cancer, 9th house · a birth about 26 minutes earlier would put it in Gemini*');
    expect(checkFlags(chart)).toBeGreaterThan(0);
  });

  it('over random timed charts, every flag is true of the chart cast again, and an untimed chart has none', () => {
    let flags = 0;
    for (const chart of randomReportCharts(300, 5521)) {
      if (!chart.subject.settings.time_known) {
        expect(composeReport(chart, { asOf: AS_OF }).markdown).not.toMatch(/would put it in/);
        continue;
      }
      flags += checkFlags(chart);
    }
    expect(flags).toBeGreaterThan(4);
  });
});
