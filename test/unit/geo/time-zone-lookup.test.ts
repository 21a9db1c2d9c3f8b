import { describe, expect, it } from 'vitest';
import { MAX_CACHED_VERTICES, timeZoneAt, timeZoneCacheUsage } from '../../../src/geo/time-zone-lookup.ts';

describe('time-zone lookup', () => {
  it('finds the zones of known places, and nautical zones at sea', () => {
    expect(timeZoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
    expect(timeZoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
    expect(timeZoneAt(28.6139, 77.209)).toBe('Asia/Kolkata');
    expect(timeZoneAt(0, -140)).toMatch(/^Etc\/GMT\+9$/);
  });

  it('keeps its decoded boundary tiles within a fixed budget, however many places it is asked about', () => {
    // A deterministic walk over the inhabited latitudes of the whole globe: far more tiles than
    // the budget holds (decoding all of them would take about 1.8 GB).
    const zones = new Set<string>();
    for (let lat = -55; lat <= 70; lat += 1.5) {
      for (let lng = -179; lng <= 179; lng += 2.5) zones.add(timeZoneAt(lat, lng));
    }
    const usage = timeZoneCacheUsage();
    expect(zones.size).toBeGreaterThan(300);
    expect(usage.vertices).toBeLessThanOrEqual(MAX_CACHED_VERTICES);
    expect(usage.tiles).toBeGreaterThan(0);
    expect(usage.evictions).toBeGreaterThan(0);
    // Evicted tiles are decoded again on demand, with the same answer.
    expect(timeZoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
  });
});
