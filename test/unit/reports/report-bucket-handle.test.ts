/**
 * The handle a bucket pattern names is the planet that stands apart: recomputed from the chart's
 * longitudes, it stands 60° or more from the others, the other nine fit in half the circle without
 * it, and no other planet's removal leaves them a narrower span (the bowl's edge planet can also leave the rest within 180°; a
 * reader found Jupiter, at the rim, named where Saturn stood alone, in a Murmansk 1972 chart).
 */
import { describe, expect, it } from 'vitest';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';

const TEN = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));

/** The span of the planets but one: 360° less the widest empty arc between them. */
function spanWithout(chart: NatalChartInput, left: string): number {
  const lons = chart.planets
    .filter((p) => TEN.includes(p.id) && p.id !== left)
    .map((p) => p.abs_pos)
    .sort((a, b) => a - b);
  const gaps = lons.map((l, i) => (i === lons.length - 1 ? lons[0]! + 360 : lons[i + 1]!) - l);
  return 360 - Math.max(...gaps);
}

/** How far the planet stands from the nearest of the other nine. */
function nearestApart(chart: NatalChartInput, id: string): number {
  const lon = chart.planets.find((p) => p.id === id)!.abs_pos;
  return Math.min(...chart.planets.filter((p) => TEN.includes(p.id) && p.id !== id).map((p) => Math.abs(((p.abs_pos - lon + 540) % 360) - 180)));
}

function namedHandle(chart: NatalChartInput): string | undefined {
  const m = /\*Handle: ([A-Z][a-z]+) in /.exec(composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown);
  return m ? ID_OF.get(m[1]!) : undefined;
}

describe('the bucket pattern', () => {
  it('names Saturn, alone in Gemini, as the handle of the Murmansk 1972 chart, not Jupiter at the bowl’s rim', () => {
    const place = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Olga Petrova', year: 1972, month: 11, day: 30, hour: 3, minute: 20 }, place);
    expect(spanWithout(chart, 'jupiter')).toBeLessThanOrEqual(180);
    expect(namedHandle(chart)).toBe('saturn');
  });

  it('calls no planet a handle that stands just past the rim of the group (Lagos 1987: Mars 46° from Jupiter)', () => {
    const place = { city: 'Lagos', country: 'NG', lat: 6.5244, lng: 3.3792, source: 'request' as const, zone: 'Africa/Lagos' };
    const chart = natalChartFor({ name: 'Adaeze Okafor', year: 1987, month: 3, day: 22, hour: 7, minute: 45 }, place);
    expect(spanWithout(chart, 'mars')).toBeLessThanOrEqual(180);
    expect(nearestApart(chart, 'mars')).toBeLessThan(60);
    expect(extractChartFactors(chart).shape).not.toBe('bucket');
    expect(namedHandle(chart)).toBeUndefined();
  });

  it('over random charts, the handle named stands apart and leaves the other nine the narrowest span', () => {
    let buckets = 0;
    for (const chart of randomReportCharts(160, 6151)) {
      if (extractChartFactors(chart).shape !== 'bucket') continue;
      const handle = namedHandle(chart);
      expect(handle, chart.subject.datetime).toBeDefined();
      buckets++;
      expect(nearestApart(chart, handle!), chart.subject.datetime).toBeGreaterThanOrEqual(60);
      const own = spanWithout(chart, handle!);
      expect(own).toBeLessThanOrEqual(180);
      for (const other of TEN) expect(spanWithout(chart, other), `${handle} against ${other}`).toBeGreaterThanOrEqual(own);
    }
    expect(buckets).toBeGreaterThan(5);
  });
});
