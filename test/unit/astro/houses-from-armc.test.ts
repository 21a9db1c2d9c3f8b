/**
 * Houses from an ARMC (composite charts, progressed angles) give the cusps the library gives for a
 * real moment with the same ARMC, latitude and obliquity, for every house system: the Sunshine
 * systems included, which divide the Sun's arcs and so need the Sun's declination passed in. Left
 * out, the library read an unset value as the declination (or the last call's, or failed).
 */
import { describe, expect, it } from 'vitest';
import { computeChartMoment } from '../../../src/astro/chart.ts';
import { calcHousesFromArmc, initEphemeris, TROPICAL, trueObliquity } from '../../../src/astro/ephemeris.ts';
import { HOUSE_SYSTEMS, type HouseSystemName } from '../../../src/astro/house-systems.ts';

initEphemeris();

/** Moments with the Sun far north, far south and near the equator, at both hemispheres' latitudes. */
const MOMENTS = [
  { jdUt: 2_448_064.25, lat: 51.5, lng: -0.12 }, // 1990-06-21, the Sun at +23.4°
  { jdUt: 2_452_265.9, lat: -33.9, lng: 151.2 }, // 2001-12-21, the Sun at −23.4°
  { jdUt: 2_460_390.6, lat: 10.5, lng: -66.9 }, // 2024-03-21, the Sun near 0°
  { jdUt: 2_445_500.1, lat: 60.2, lng: 24.9 }, // 1983-05-31, a high latitude
];
const SYSTEMS = Object.keys(HOUSE_SYSTEMS).filter((s) => s !== 'gauquelin') as HouseSystemName[];

describe('houses from an ARMC', () => {
  for (const system of SYSTEMS) {
    it(`${system}: the cusps of a real moment, from its ARMC, obliquity and Sun's declination`, () => {
      for (const m of MOMENTS) {
        const chart = computeChartMoment({ ...m, timeKnown: true, zodiac: TROPICAL, houseSystem: system, points: ['sun'], nodeVariant: 'mean' });
        const sun = chart.points.find((p) => p.id === 'sun')!;
        const fromArmc = calcHousesFromArmc(chart.houses!.armc, m.lat, trueObliquity(m.jdUt), HOUSE_SYSTEMS[system], sun.declination);
        expect(fromArmc.fellBack).toBe(false);
        fromArmc.cusps.forEach((cusp, i) => expect(cusp).toBeCloseTo(chart.houses!.cusps[i]!, 6));
        expect(fromArmc.asc).toBeCloseTo(chart.houses!.asc, 6);
        expect(fromArmc.mc).toBeCloseTo(chart.houses!.mc, 6);
      }
    });
  }

  it('the Sunshine cusps follow the declination given, whatever the call before', () => {
    const at = (declination: number) => calcHousesFromArmc(100, 45, 23.44, 'I', declination).cusps;
    const north = at(20);
    at(-20);
    calcHousesFromArmc(100, 45, 23.44, 'P', 0);
    expect(at(20)).toEqual(north);
    expect(Math.abs(at(-20)[1]! - north[1]!)).toBeGreaterThan(1);
  });
});
