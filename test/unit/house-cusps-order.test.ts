/**
 * Near the polar circles Topocentric and Sunshine-Makransky cusps can turn back on themselves (the
 * library gives no error, and its reference program prints them so). The chart answers them as
 * they are, but says so: a warning, and the houses' confidence lowered.
 */
import { describe, expect, it } from 'vitest';
import { computeHouses } from '../../src/astro/chart.ts';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { HOUSE_SYSTEMS, type HouseSystemName } from '../../src/astro/house-systems.ts';
import { cuspOrder, houseOf } from '../../src/astro/house-placement.ts';
import { natalConfidence } from '../../src/features/western/natal/natal-service.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const TROPICAL = { type: 'tropical' } as const;
const SYSTEMS = Object.keys(HOUSE_SYSTEMS) as HouseSystemName[];

describe('house cusps', () => {
  it('that turn back on themselves are answered as the library gives them, with a warning', () => {
    initEphemeris();
    // 1990-06-21 12:00 UT at 66.6° S: Topocentric's 2nd cusp lies clockwise of the 1st, its 3rd counter-clockwise.
    const { frame, warning } = computeHouses(2448064.0, -66.6, 10, 'topocentric', TROPICAL);
    expect(frame.used).toBe('topocentric');
    expect(cuspOrder(frame.cusps).inOrder).toBe(false);
    expect(warning).toMatch(/topocentric gives cusps out of order at latitude -66.6/);
    expect(natalConfidence({ houses: frame, warnings: [], moshierUsed: false })).toMatchObject({
      houses: 'medium',
      notes: [expect.stringMatching(/turn back on themselves/)],
    });
  });

  it('go round once for every other system at high latitudes, and every longitude falls in one house', () => {
    initEphemeris();
    const random = seededRandom(66);
    const disordered = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const system = SYSTEMS[i % SYSTEMS.length]!;
      const lat = (random() < 0.5 ? -1 : 1) * (55 + random() * 34.9);
      const { frame, warning } = computeHouses(2415020.5 + random() * 60000, lat, random() * 360 - 180, system, TROPICAL);
      if (!cuspOrder(frame.cusps).inOrder) {
        disordered.add(system);
        expect(warning, `${system} at ${lat}`).toMatch(/out of order/);
      }
      const house = houseOf(random() * 360, frame.cusps);
      expect(house).toBeGreaterThanOrEqual(1);
      expect(house).toBeLessThanOrEqual(12);
    }
    expect([...disordered].sort()).toEqual(['sunshine_makransky', 'topocentric']);
  });
});
