/**
 * The report's aspect figures are true of the chart. A timed report never claims that no three
 * planets are joined by aspects, only that none of the five classic figures is there. An untimed
 * report reads a figure only when it holds wherever the Moon stood that day, checked here with
 * the Moon set every tenth of a degree of its path; a figure the Moon completes for part of the day
 * is named as possible, with the hours it holds for, which the ephemeris bears out, and never read
 * as the chart's.
 */
import { describe, expect, it } from 'vitest';
import { signOf } from '../../../src/astro/zodiac.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { findConfigurations, type Configuration } from '../../../src/interpretations/chart-factors/configurations.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { ReportContext } from '../../../src/reports/text/context.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';

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

  it('an untimed report gives a possible figure the hours it holds for, which the ephemeris bears out', () => {
    const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
    /** The figures of the sky at a minute of the local day (the births are cast in UTC), every planet from the ephemeris. */
    const figuresAt = (chart: ReturnType<typeof natalChartFor>, minute: number) => {
      const points = new Map(extractChartFactors(chart).points);
      const jd = julianDayFromUtcMs(Date.parse(`${chart.subject.datetime.slice(0, 10)}T00:00:00Z`) + minute * 60_000);
      for (const [pid, se] of Object.entries(SE)) {
        const p = points.get(pid);
        if (!p) continue;
        const lon = calcBody(jd, se).lon;
        points.set(pid, { ...p, lon, sign: signOf(lon).id });
      }
      return findConfigurations(points).map(id);
    };
    const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
    let checked = 0;
    for (const chart of untimedBirths(80, 9090)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const ctx = new ReportContext(chart, extractChartFactors(chart), getLibrary(), 'improved', sky);
      const possible = ctx.figures.possible.filter((f) => f.born);
      if (!possible.length) continue;
      const text = composeReport(chart, { sky }).markdown;
      for (const f of possible) {
        const at = `${chart.subject.datetime.slice(0, 10)} ${id(f)} born ${f.born}`;
        expect(text, at).toContain(`born ${f.born} local time`);
        const [kind, a, b] = /^(before|after|between) (\d\d:\d\d)(?: and (\d\d:\d\d))?$/.exec(f.born!)!.slice(1) as [string, string, string | undefined];
        // Ten minutes inside each edge the figure holds, ten minutes outside it does not (an edge at the day's end has no outside).
        const edges =
          kind === 'before'
            ? [[minuteOf(a), -1]]
            : kind === 'after'
              ? [[minuteOf(a), 1]]
              : [
                  [minuteOf(a), 1],
                  [minuteOf(b!), -1],
                ];
        for (const [edge, inward] of edges as [number, number][]) {
          expect(figuresAt(chart, edge + 10 * inward), `${at}: inside ${edge}`).toContain(id(f));
          if (edge - 10 * inward >= 0 && edge - 10 * inward < 1440) expect(figuresAt(chart, edge - 10 * inward), `${at}: outside ${edge}`).not.toContain(id(f));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('the Chicago untimed report of 1972-02-29 names the T-square of the first hours as possible and does not deny it', () => {
    const chart = natalChartFor({ name: 'Marcus Reed', year: 1972, month: 2, day: 29, time_known: false }, CHICAGO);
    const text = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
    expect(text).toMatch(/born before \d\d:\d\d local time, the Moon completes a T-square \(the Sun and the Moon in opposition, both square Neptune\)/);
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
    expect(text).toMatch(/(no|none of the classic) (grand trine|aspect figures|planetary figures)/i);
  });

  it('two T-squares of one shape (two planets conjunct at one corner) are listed as one figure naming both', () => {
    // Murmansk 1995-01-05 13:05: the Moon and Saturn both oppose Mars and square Jupiter.
    const chart = natalChartFor({ name: 'Polar Reader', year: 1995, month: 1, day: 5, hour: 13, minute: 5 }, {
      city: 'Murmansk',
      country: 'RU',
      lat: 68.9585,
      lng: 33.0827,
      source: 'request',
      zone: 'Europe/Moscow',
    } as never);
    const found = findConfigurations(extractChartFactors(chart).points).filter((c) => c.kind === 't_square');
    expect(found.length).toBeGreaterThanOrEqual(2);
    const text = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
    const fact = /^\*(.+ square .+)\*$/m.exec(text.slice(text.indexOf('T-Square')))![1]!;
    expect(fact).toMatch(/in opposition to .*, all (three|four) square /);
    expect(fact.split(';')).toHaveLength(found.length - 1);
  });

  it('over 200 random charts, the T-squares listed in a timed report are exact (each named relation is a T-square of the chart, and each T-square is named) and no two listed could be one', () => {
    const PLANET = /\b(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto)\b/g;
    const names = (t: string) => t.match(PLANET) ?? [];
    const key = (a: string, b: string, z: string) => `${[a, b].sort().join('+')}>${z}`;
    const capital = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
    const figures = (line: string) =>
      line.split('; ').map((f) => {
        const [ends, apexes] = f.replace(/ \(widest orb.*$/, '').split(/, (?:both|all \w+) square /) as [string, string];
        const [x, y] = ends.includes(' in opposition to ') ? ends.split(' in opposition to ').map(names) : [[names(ends)[0]!], [names(ends)[1]!]];
        return { x: x, y: y, z: names(apexes) };
      });
    // Timed charts: an untimed report lists the figures that hold all day (the test above), not the noon chart's.
    for (const chart of randomReportCharts(200, 4711).filter((c) => extractChartFactors(c).timed)) {
      const text = composeReport(chart).markdown;
      // One line per heading: a cardinal and a fixed T-square are read under their own headings.
      const lines = [...text.matchAll(/^\*([^*\n]*(both|all \w+) square[^*\n]*)\*$/gm)].map((m) => m[1]!);
      const found = new Set(
        findConfigurations(extractChartFactors(chart).points)
          .filter((c) => c.kind === 't_square')
          .map((c) => key(...(c.planets.map(capital) as [string, string, string]))),
      );
      const stated = lines.flatMap(figures).flatMap(({ x, y, z }) => x.flatMap((a) => y.flatMap((b) => z.map((c) => key(a, b, c)))));
      expect(new Set(stated), `${chart.subject.datetime_utc}: ${lines.join(' / ')}`).toEqual(found);
      // Maximal: two figures under one heading whose union would still be exact would have been listed as one.
      for (const line of lines) {
        const listed = figures(line);
        for (let i = 0; i < listed.length; i++)
          for (let j = i + 1; j < listed.length; j++) {
            const [g, h] = [listed[i]!, listed[j]!];
            const z = [...new Set([...g.z, ...h.z])];
            const orientations = [
              [
                [...g.x, ...h.x],
                [...g.y, ...h.y],
              ],
              [
                [...g.x, ...h.y],
                [...g.y, ...h.x],
              ],
            ];
            for (const [x, y] of orientations)
              expect(
                x!.every((a) => y!.every((b) => z.every((c) => found.has(key(a, b, c))))),
                `${chart.subject.datetime_utc}: ${line}`,
              ).toBe(false);
          }
      }
    }
  });
});

describe('a close conjunction read as one figure', () => {
  it('is not said again to be one figure where its own reading has been given (Kiruna, 21 June 1977: Venus conjunct Mars, Mercury conjunct Jupiter)', () => {
    const kiruna = { city: 'Kiruna', country: 'SE', lat: 67.8558, lng: 20.2253, source: 'request' as const, zone: 'Europe/Stockholm' };
    const markdown = composeReport(natalChartFor({ name: 'Reader', year: 1977, month: 6, day: 21, hour: 13, minute: 40 }, kiruna), {
      asOf: '2026-11-25T00:00:00Z',
    }).markdown;
    expect(markdown).toContain('*Venus conjunct Mars · ');
    expect(markdown).toContain('*Mercury conjunct Jupiter · ');
    expect(markdown).not.toMatch(/separate Venus and Mars|Venus and Mars are joined|Mercury and Jupiter are joined|separate Mercury and Jupiter/);
  });
});
