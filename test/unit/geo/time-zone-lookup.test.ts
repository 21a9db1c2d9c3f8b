import { describe, expect, it } from 'vitest';
import { find } from 'geo-tz/all';
import { DEFAULT_TILE_BUDGET_BYTES, TimeZoneLookup, timeZoneAt, timeZoneCacheUsage } from '../../../src/geo/time-zone-lookup.ts';
import { zoneTestPoints } from '../../helpers/zone-test-points.ts';

/** geo-tz's own answer, the first zone it names (what the service used before its own reader). */
const geoTz = (lat: number, lng: number) => find(lat, lng)[0] ?? 'Etc/UTC';

describe('time-zone lookup', () => {
  it('finds the zones of known places, and nautical zones at sea', () => {
    expect(timeZoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
    expect(timeZoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
    expect(timeZoneAt(28.6139, 77.209)).toBe('Asia/Kolkata');
    expect(timeZoneAt(0, -140)).toBe('Etc/GMT+9');
  });

  it('answers as geo-tz does: random points of the globe, towns near borders, band edges, poles, antimeridian', () => {
    const points = zoneTestPoints(7, 6000);
    // A line across many borders, in small steps.
    for (let lng = -20; lng <= 60; lng += 0.01) points.push([47.5, lng]);
    // The nautical bands' shared edges, the poles, the antimeridian and the index's clamped bounds.
    for (let edge = -172.5; edge <= 172.5; edge += 15) points.push([0, edge], [-40, edge]);
    points.push([90, 0], [-90, 0], [89.99995, 10], [-89.99995, -10], [0, 180], [0, -180], [10, 179.99995], [-10, -179.99995], [0, 0]);
    const differing = points.filter(([lat, lng]) => timeZoneAt(lat, lng) !== geoTz(lat, lng));
    expect(points.length).toBeGreaterThan(14_000);
    expect(differing).toEqual([]);
  });

  it('keeps its decoded tiles within a byte budget; an evicted tile is decoded again with the same answer', () => {
    const small = new TimeZoneLookup({ budgetBytes: 2 * 1024 * 1024 });
    const zones = new Set<string>();
    for (let lat = -55; lat <= 70; lat += 1.5) {
      for (let lng = -179; lng <= 179; lng += 2.5) zones.add(small.zoneAt(lat, lng));
    }
    const usage = small.usage();
    expect(zones.size).toBeGreaterThan(300);
    expect(usage.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(usage.evictions).toBeGreaterThan(0);
    expect(small.zoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
  });

  it('the default budget holds every tile the walk touches, without evicting', () => {
    for (let lat = -55; lat <= 70; lat += 1.5) {
      for (let lng = -179; lng <= 179; lng += 2.5) timeZoneAt(lat, lng);
    }
    const usage = timeZoneCacheUsage();
    expect(usage.tiles).toBeGreaterThan(0);
    expect(usage.bytes).toBeLessThan(DEFAULT_TILE_BUDGET_BYTES);
    expect(usage.evictions).toBe(0);
  });

  it('refuses a place off the globe', () => {
    expect(() => timeZoneAt(91, 0)).toThrow(RangeError);
    expect(() => timeZoneAt(0, Number.NaN)).toThrow(RangeError);
  });
});
