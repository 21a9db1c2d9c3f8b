/**
 * The dasha answers' dates: the reference date read in the birth's zone (bare) or as the instant
 * it names (Z, offset), instants rounded to the nearest second, the levels asked, and the warning
 * of a reference date outside the timeline.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicDashaRequest } from '../../../src/features/vedic/vedic-dasha-schemas.ts';
import { computeVedicDashaV1, computeVedicDashaV2, secondIso } from '../../../src/features/vedic/vedic-dasha-service.ts';

initEphemeris();
const birth = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
const task = (extra: Record<string, unknown>) => {
  const request = vedicDashaRequest.parse({ ...birth, ...extra });
  return { request, place: resolveSubjectPlace(request, ['body']), nowMs: Date.UTC(2026, 0, 1) };
};

describe('the dasha answer', () => {
  it('reads a bare reference date in the birth zone, and one with Z or an offset as its instant', () => {
    expect(computeVedicDashaV1(task({ reference_date: '2026-01-01' })).settings.reference_date).toBe('2025-12-31T18:30:00Z');
    expect(computeVedicDashaV1(task({ reference_date: '2026-01-01T00:00Z' })).settings.reference_date).toBe('2026-01-01T00:00:00Z');
    expect(computeVedicDashaV2(task({ reference_date: '2026-01-01T10:00:00+02:00' })).reference_date).toBe('2026-01-01T08:00:00Z');
    expect(computeVedicDashaV2(task({})).reference_date).toBe('2026-01-01T00:00:00Z');
  });

  it('writes instants to the nearest second', () => {
    expect(secondIso(Date.UTC(2000, 0, 1, 0, 0, 0, 499))).toBe('2000-01-01T00:00:00Z');
    expect(secondIso(Date.UTC(2000, 0, 1, 0, 0, 0, 500))).toBe('2000-01-01T00:00:01Z');
    expect(secondIso(Date.UTC(1999, 11, 31, 23, 59, 59, 700))).toBe('2000-01-01T00:00:00Z');
  });

  it('gives the levels asked', () => {
    const one = computeVedicDashaV1(task({ levels: 1 }));
    expect(one.vimshottari_dasha[0]!.antardashas).toBeUndefined();
    expect(one.current_dasha.antardasha).toBeNull();
    const three = computeVedicDashaV2(task({ levels: 3, include_yogini: false }));
    expect(three.timeline[0]!.periods![0]!.periods).toHaveLength(9);
    expect(three.active_periods.map((p) => p.level_name)).toEqual(['mahadasha', 'antardasha', 'pratyantardasha']);
    expect(three.yogini_dasha).toBeUndefined();
    for (const p of three.active_periods) {
      expect(p.progress_fraction).toBeGreaterThanOrEqual(0);
      expect(p.progress_fraction).toBeLessThan(1);
    }
  });

  it('says when the reference date is outside the timeline', () => {
    const late = computeVedicDashaV1(task({ reference_date: '2200-01-01' }));
    expect(late.current_dasha.mahadasha).toBeNull();
    expect(late.warnings.join(' ')).toMatch(/outside the dasha timeline/);
  });
});
