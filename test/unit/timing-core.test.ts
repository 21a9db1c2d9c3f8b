/**
 * The timing searches' shared core (src/answers/timing-core.ts): an electional moment and a
 * muhurat window carry `window`, `score`, `quality_band`, `supporting_factors` and
 * `caution_factors` in one shape, each agreeing with the search's own fields beside it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { timingCore, TIMING_BANDS } from '../../src/answers/timing-core.ts';
import { ENDPOINTS } from '../../src/features/endpoints.ts';

const core = z.object(timingCore);

function run(path: string, body: Record<string, unknown>): Record<string, unknown> {
  const e = ENDPOINTS.find((x) => x.paths.includes(path))!;
  const out = e.task.run(e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, Date.parse('2026-11-27T00:00:00Z'))) as Uint8Array;
  return JSON.parse(Buffer.from(out).toString('utf8')) as Record<string, unknown>;
}

type Item = Record<string, unknown> & z.output<typeof core>;
const withoutOffset = (local: string) => local.replace(/(Z|[+-]\d{2}:\d{2})$/, '');

describe('one answer shape for the electional and the muhurat searches', () => {
  it('an electional moment is a window of no length at its event time', () => {
    const a = run('/api/v2/western/electional/wedding/search', {
      search_window: { start: '2026-12-01', end: '2026-12-05', step_minutes: 60 },
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
    });
    const results = a.results as Item[];
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      core.parse(r);
      expect(r.window).toEqual({
        start_local: r.event_time_local,
        end_local: r.event_time_local,
        start_utc: r.event_time_utc,
        end_utc: r.event_time_utc,
        utc_offset: r.utc_offset,
        timezone: 'Asia/Kolkata',
        duration_minutes: 0,
      });
      expect(TIMING_BANDS).toContain(r.quality_band);
    }
  });

  it.each(['/api/v2/vedic/muhurat/search', '/api/v2/vedic/muhurat/personalized-search'])('a muhurat window of %s agrees with its own fields', (path) => {
    const body = {
      purpose: 'vehicle_purchase',
      start_date: '2026-12-01',
      end_date: '2026-12-10',
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      ayanamsha: 'lahiri',
      limit: 5,
      ...(path.endsWith('personalized-search')
        ? { subject: { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' } }
        : {}),
    };
    const a = run(path, body);
    const windows = a.best_windows as (Item & {
      start: string;
      end: string;
      duration_minutes: number;
      quality: string;
      reasons: string[];
      warnings: string[];
    })[];
    expect(windows.length).toBeGreaterThan(0);
    const bands: Record<string, string> = { excellent: 'excellent', good: 'good', fair: 'moderate', poor: 'poor' };
    for (const w of windows) {
      core.parse(w);
      expect(w.window.start_local).toBe(withoutOffset(w.start));
      expect(w.window.end_local).toBe(withoutOffset(w.end));
      expect(Date.parse(w.window.start_utc)).toBe(Date.parse(w.start));
      expect(Date.parse(w.window.end_utc)).toBe(Date.parse(w.end));
      expect(w.window.duration_minutes).toBeCloseTo(w.duration_minutes, 0);
      expect(w.quality_band).toBe(bands[w.quality]);
      expect(w.supporting_factors.map((f) => f.detail).sort()).toEqual([...w.reasons].sort());
      expect(w.caution_factors.map((f) => f.detail).sort()).toEqual([...w.warnings].sort());
      for (const f of w.supporting_factors) expect(f.points).toBeGreaterThan(0);
      for (const f of w.caution_factors) expect(f.points).toBeLessThan(0);
    }
  });
});
