/**
 * `include_chart`: the wheel of the recommended moment is the natal chart endpoint's drawing of
 * that very instant at the search's place, and the request given beside it draws it again.
 */
import { describe, expect, it } from 'vitest';
import { decodeBinaryResponse, encodeBinaryResponse } from '../../../src/compute/binary-response.ts';
import { natalChartEndpoint } from '../../../src/features/charts/charts-endpoints.ts';
import { ELECTIONAL_ENDPOINTS } from '../../../src/features/western/electional/electional-endpoints.ts';
import type { ElectionalAnswer } from '../../../src/features/western/electional/electional-schemas.ts';

function search(category: string, body: Record<string, unknown>): ElectionalAnswer {
  const e = ELECTIONAL_ENDPOINTS.find((x) => x.paths[0].includes(`/${category}/`))!;
  const bytes = e.task.run(e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, 0)) as Uint8Array;
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as ElectionalAnswer;
}

function drawn(body: Record<string, unknown>): string {
  const request = natalChartEndpoint.body!.parse(body);
  const out = natalChartEndpoint.task.run(natalChartEndpoint.prepare({ body: request, query: undefined, params: undefined }, 0));
  const bytes = out instanceof Uint8Array ? Buffer.from(out) : Buffer.from(encodeBinaryResponse(out as never));
  return decodeBinaryResponse(bytes).body.toString('utf8');
}

const WINDOW = { search_window: { start: '2026-05-04', end: '2026-05-10', step_minutes: 60 }, lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' };

describe('the wheel of the recommended moment', () => {
  it('is absent unless asked for', () => {
    expect(search('wedding', WINDOW).chart).toBeNull();
  });

  it('is the natal wheel of results[0] at the place, drawn again by its request', () => {
    const a = search('wedding', { ...WINDOW, include_chart: true });
    const chart = a.chart!;
    expect(chart.rank).toBe(1);
    expect(chart.event_time_utc).toBe(a.results[0]!.event_time_utc);
    expect(chart.media_type).toBe('image/svg+xml');
    expect(chart.svg.startsWith('<svg')).toBe(true);
    const when = new Date(chart.event_time_utc);
    expect(chart.request).toMatchObject({ method: 'POST', path: '/api/v1/natal/chart/' });
    expect(chart.request.body).toMatchObject({
      year: when.getUTCFullYear(),
      month: when.getUTCMonth() + 1,
      day: when.getUTCDate(),
      hour: when.getUTCHours(),
      minute: when.getUTCMinutes(),
      lat: 38.7223,
      lng: -9.1393,
      tz_str: 'UTC',
      house_system: 'regiomontanus',
      zodiac_type: 'tropical',
    });
    expect(drawn(chart.request.body)).toBe(chart.svg);
  });

  it('follows a sidereal search and its house system', () => {
    const a = search('purchase-car', { ...WINDOW, include_chart: true, zodiac_type: 'sidereal', sidereal_ayanamsa: 'raman', house_system: 'whole_sign' });
    expect(a.chart!.request.body).toMatchObject({ zodiac_type: 'sidereal', sidereal_ayanamsa: 'raman', house_system: 'whole_sign' });
    expect(drawn(a.chart!.request.body)).toBe(a.chart!.svg);
  });
});
