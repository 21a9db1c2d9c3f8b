/**
 * Every house frame the service answers goes round the zodiac once, one way or the other: near
 * the polar circles Topocentric and Sunshine-Makransky cusps can turn back on themselves (the
 * library gives no error), and the chart then uses Porphyry and says so, as where the library
 * cannot compute a system at all.
 */
import { describe, expect, it } from 'vitest';
import { computeHouses } from '../../src/astro/chart.ts';
import { compositeHouses } from '../../src/astro/composite.ts';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { HOUSE_SYSTEMS, type HouseSystemName } from '../../src/astro/house-systems.ts';
import { cuspsInOrder, houseOf } from '../../src/astro/house-placement.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const TROPICAL = { type: 'tropical' } as const;
const SYSTEMS = Object.keys(HOUSE_SYSTEMS) as HouseSystemName[];

describe('house cusps', () => {
  it('fall back to Porphyry, with a warning, where Topocentric turns back on itself', () => {
    // 1990-06-21 12:00 UT at 66.6° S: Topocentric's 2nd cusp lies clockwise of the 1st, its 3rd counter-clockwise.
    const { frame, warning } = computeHouses(2448064.0, -66.6, 10, 'topocentric', TROPICAL);
    expect(frame.requested).toBe('topocentric');
    expect(frame.used).toBe('porphyry');
    expect(warning).toMatch(/topocentric gives cusps out of order at latitude -66.6; porphyry/);
    expect(cuspsInOrder(frame.cusps)).toBe(true);
  });

  it('go round once for every system at high latitudes, and every longitude falls in one house', () => {
    initEphemeris();
    const random = seededRandom(66);
    const fellBack = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const system = SYSTEMS[i % SYSTEMS.length]!;
      const lat = (random() < 0.5 ? -1 : 1) * (55 + random() * 34.9);
      const { frame } = computeHouses(2415020.5 + random() * 60000, lat, random() * 360 - 180, system, TROPICAL);
      expect(cuspsInOrder(frame.cusps), `${system} at ${lat}`).toBe(true);
      if (frame.used !== system) fellBack.add(system);
      const lon = random() * 360;
      const house = houseOf(lon, frame.cusps);
      expect(house).toBeGreaterThanOrEqual(1);
      expect(house).toBeLessThanOrEqual(12);
    }
    expect([...fellBack]).toEqual(expect.arrayContaining(['topocentric', 'sunshine_makransky', 'placidus']));
  });

  it('of a composite chart go round once too', () => {
    const random = seededRandom(67);
    let fellBack = 0;
    for (let i = 0; i < 500; i++) {
      const side = () => ({ armc: random() * 360, lat: 62 + random() * 8, obliquity: 23.44 });
      const system = i % 2 ? 'topocentric' : 'sunshine_makransky';
      const houses = compositeHouses(side(), side(), system);
      expect(cuspsInOrder(houses.cusps)).toBe(true);
      if (houses.used !== system) fellBack++;
    }
    expect(fellBack).toBeGreaterThan(0);
  });
});
