/**
 * The report's aspect figures are true of the chart. A timed report never claims that no three
 * planets are joined by aspects, only that none of the five classic figures is there. An untimed
 * report reads a figure only when it holds wherever the Moon stood that day, checked here with
 * the Moon set every tenth of a degree of its path; a figure the Moon completes for part of the day
 * is named as possible, and never read as the chart's.
 */
import { describe, expect, it } from 'vitest';
import { signOf } from '../../../src/astro/zodiac.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { findConfigurations, type Configuration } from '../../../src/interpretations/chart-factors/configurations.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { ReportContext } from '../../../src/reports/text/context.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const CHICAGO = { city: 'Chicago', country: 'US', lat: 41.8781, lng: -87.6298, source: 'request' as const, zone: 'America/Chicago' };
const id = (c: Configuration) => `${c.kind}:${c.planets.join(',')}`;

/** The figures found with the Moon at each tenth of a degree of its day: how many places each was found at, of how many. */
function figuresAlongTheDay(chart: ReturnType<typeof natalChartFor>, startLon: number, endLon: number) {
  const points = new Map(extractChartFactors(chart).points);
  const moon = points.get('moon')!;
  const travel = (((endLon - startLon) % 360) + 360) % 360;
  const places = Math.round(travel * 10) + 1;
  const found = new Map<string, number>();
  for (let k = 0; k < places; k++) {
    const lon = (startLon + (travel * k) / (places - 1)) % 360;
    points.set('moon', { ...moon, lon, sign: signOf(lon).id });
    for (const f of findConfigurations(points)) found.set(id(f), (found.get(id(f)) ?? 0) + 1);
  }
  return { found, places };
}

describe('aspect figures in a report', () => {
  it('an untimed report reads only the figures that held all day and names the others as possible', () => {
    const charts = [natalChartFor({ name: 'Marcus Reed', year: 1972, month: 2, day: 29, time_known: false }, CHICAGO), ...untimedBirths(60, 7373)];
    const library = getLibrary();
    let possibleSeen = 0;
    for (const chart of charts) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      const ctx = new ReportContext(chart, extractChartFactors(chart), library, 'improved', sky);
      const { found, places } = figuresAlongTheDay(chart, day.startLon, day.endLon);
      for (const f of ctx.figures.sure) expect(found.get(id(f)), `${chart.subject.datetime} ${id(f)}`).toBe(places);
      for (const f of ctx.figures.possible) {
        expect(found.get(id(f)) ?? 0, `${chart.subject.datetime} ${id(f)}`).toBeLessThan(places);
        possibleSeen++;
      }
      // Every figure found for part of the day is named.
      for (const [f, n] of found) if (n < places && n > 10) expect(ctx.figures.possible.map(id), `${chart.subject.datetime} ${f}`).toContain(f);
    }
    expect(possibleSeen).toBeGreaterThan(3);
  });

  it('the Chicago untimed report of 1972-02-29 names the T-square of the first hours as possible and does not deny it', () => {
    const chart = natalChartFor({ name: 'Marcus Reed', year: 1972, month: 2, day: 29, time_known: false }, CHICAGO);
    const text = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
    expect(text).toContain('for part of the birth day the Moon completes a T-square (Sun and Moon in opposition, both square Neptune)');
    expect(text).not.toMatch(/No (closed figure|grand trine, T-square, grand cross, yod or kite) joins/);
    expect(text).not.toMatch(/each join just two/);
  });

  it('a timed report without a classic figure says only that, over charts with other triangles of aspects', () => {
    const chart = natalChartFor({ name: 'Olivia Hart', year: 1987, month: 9, day: 23, hour: 4, minute: 50 }, {
      city: 'Sydney',
      country: 'AU',
      lat: -33.8688,
      lng: 151.2093,
      source: 'request',
      zone: 'Australia/Sydney',
    } as never);
    const text = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
    expect(text).not.toMatch(/closed figure|closed aspect figure|each join just two/);
    expect(text).toMatch(/(no|none of the classic) (grand trine|aspect figures)/i);
  });
});
