/**
 * The year ahead says which Saturn return a reader is in (the library's reading speaks of the first and the second; a
 * reader at 58 was not told hers was the second). Saturn is in Aries through 2026 and 2027: a birth of 1997 meets its
 * first return, one of 1968 its second.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';

const AS_OF = '2026-11-29T00:00:00Z';
const LYON = { city: 'Lyon', country: 'FR', lat: 45.764, lng: 4.8357, source: 'request' as const, zone: 'Europe/Paris' };

describe('the Saturn return by its number', () => {
  it('names the first return at 29 and the second at 58', () => {
    for (const [birth, place, which] of [
      [{ name: 'First', year: 1997, month: 5, day: 1, hour: 12, minute: 0 }, PLACES.paris, 'first'],
      [{ name: 'Second', year: 1968, month: 3, day: 9, time_known: false }, LYON, 'second'],
    ] as const) {
      const chart = natalChartFor(birth, place);
      const md = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
      expect(md).toContain('Saturn conjunct natal Saturn');
      expect(md, birth.name).toContain(`This is your ${which} Saturn return.`);
    }
  });
});
