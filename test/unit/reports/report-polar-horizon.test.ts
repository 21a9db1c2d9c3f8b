/**
 * Inside the polar circles the Midheaven can stand below the horizon, and the half of the wheel
 * from the Descendant to the Ascendant is then not the sky that was above the birthplace (a reader
 * found a Longyearbyen birth in polar night read as "Above the horizon: 74 %"). The report then
 * reads no emphasis above or below the horizon and says why; elsewhere nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const LONGYEARBYEN = { city: 'Longyearbyen', country: 'NO', lat: 78.2232, lng: 15.6267, source: 'request' as const, zone: 'Arctic/Longyearbyen' };
const NOTE = /the Midheaven, the highest point of the zodiac in an ordinary chart, stood below the horizon/;

describe('a Midheaven below the horizon', () => {
  it('Longyearbyen 1977-02-14 08:00: the Midheaven 11.6° below the horizon, no above-the-horizon emphasis read', () => {
    const md = composeReport(natalChartFor({ name: 'Polar Reader', year: 1977, month: 2, day: 14, hour: 8, minute: 0 }, LONGYEARBYEN), {
      asOf: AS_OF,
    }).markdown;
    expect(md).toMatch(NOTE);
    expect(md).not.toMatch(/\*(Above|Below) the horizon: \d+ %/);
  });

  it('outside the polar circles the note never appears and the emphasis is read as before', () => {
    let read = 0;
    for (const chart of randomReportCharts(120, 5521).filter((c) => c.houses && Math.abs(c.subject.location.lat) < 66)) {
      const md = composeReport(chart, { asOf: AS_OF }).markdown;
      expect(md).not.toMatch(NOTE);
      if (/\*(Above|Below) the horizon: \d+ %/.test(md)) read++;
    }
    expect(read).toBeGreaterThan(5);
  });
});
