/**
 * Untimed births on a day a body other than the Moon changed sign (a reader found the Sun read as
 * Libra with certainty on the September equinox of 1999, though it entered Libra at 11:31 that
 * morning): the hour of the change is right against the ephemeris, and the report says which births
 * each sign holds for and gives the other sign's reading beside the noon sign's.
 */
import { describe, expect, it } from 'vitest';
import { DateTime, julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { signIndexOf, SIGNS } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { moonDay } from '../../../src/reports/sky/moon-day.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const REYKJAVIK = { city: 'Reykjavik', country: 'IS', lat: 64.1466, lng: -21.9426, source: 'request' as const, zone: 'Atlantic/Reykjavik' };
/** The Swiss Ephemeris body numbers of the bodies whose hours are checked. */
const SE: Record<string, number> = { sun: 0, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6 };

describe('a body that changed sign on an untimed birth day', () => {
  it('the September equinox of 1999 in Reykjavik: the Sun in Virgo until 11:31, in Libra after, both read with their hours', () => {
    const chart = natalChartFor({ name: 'Equinox Reader', year: 1999, month: 9, day: 23, time_known: false }, REYKJAVIK);
    const sky = reportSky({ chart, asOf: AS_OF });
    expect(sky.moonDay!.ingresses).toEqual([{ body: 'sun', from: 'virgo', to: 'libra', at: '11:31' }]);
    const md = composeReport(chart, { sky }).markdown;
    expect(md).toContain('The Sun also changed sign on your birth day: it was in Virgo until 11:31 local time and in Libra from then on.');
    expect(md).toContain('*Sun 0°01′ Libra at noon, in Virgo if you were born before 11:31 local time*');
    expect(md).toContain('### Sun in Virgo (born before 11:31)');
  });

  it('over 2,000 random untimed births, every change found is at the minute the ephemeris gives, and the report names it', () => {
    let found = 0;
    for (const chart of untimedBirths(2000, 4417)) {
      // The birth day alone (the year ahead plays no part here).
      const sky = { moonDay: moonDay(chart) };
      for (const change of sky.moonDay?.ingresses ?? []) {
        if (!(change.body in SE)) continue;
        found++;
        const zone = chart.subject.location.timezone;
        const at = DateTime.fromISO(`${chart.subject.datetime.slice(0, 10)}T${change.at}`, { zone }).toMillis();
        const sign = (ms: number) => SIGNS[signIndexOf(calcBody(julianDayFromUtcMs(ms), SE[change.body]!).lon)]!.id;
        // A minute either side of the stated minute: the sign before the change, then the sign after it.
        expect([sign(at - 90_000), sign(at + 90_000)], `${chart.subject.datetime} ${change.body}`).toEqual([change.from, change.to]);
      }
      if (sky.moonDay?.ingresses?.some((c) => c.body in SE)) expect(composeReport(chart, { sky }).markdown).toMatch(/also changed sign on your birth day/);
    }
    // About one day in thirty for the Sun alone, more with Mercury, Venus and the rest.
    expect(found).toBeGreaterThan(100);
  });
});
