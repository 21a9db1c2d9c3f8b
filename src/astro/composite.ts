/**
 * Midpoint composite charts: each point at the nearer midpoint of the two natal positions.
 * Houses are derived from the composite Midheaven (the midpoint of the two ARMCs), cast at the
 * midpoint of the two latitudes with the mean obliquity of the two charts: Robert Hand's
 * "derived houses" method, the usual one where the composite has no real moment or place.
 * Sunshine houses take the composite Sun's declination, the mean of the two.
 */
import { calcHousesFromArmc } from './ephemeris.ts';
import { HOUSE_SYSTEMS, POLAR_FALLBACK_SYSTEM, type HouseSystemName } from './house-systems.ts';
import { normalizeDegrees, signedSeparation } from './zodiac.ts';

/** The midpoint on the shorter arc between two longitudes. */
export function nearMidpoint(a: number, b: number): number {
  return normalizeDegrees(a + signedSeparation(a, b) / 2);
}

export interface CompositeHouses {
  cusps: number[];
  asc: number;
  mc: number;
  vertex: number;
  armc: number;
  used: HouseSystemName;
}

export function compositeHouses(
  a: { armc: number; lat: number; obliquity: number; sunDeclination: number },
  b: { armc: number; lat: number; obliquity: number; sunDeclination: number },
  system: HouseSystemName,
): CompositeHouses {
  const armc = nearMidpoint(a.armc, b.armc);
  const lat = (a.lat + b.lat) / 2;
  const obliquity = (a.obliquity + b.obliquity) / 2;
  const sunDeclination = (a.sunDeclination + b.sunDeclination) / 2;
  const houses = calcHousesFromArmc(armc, lat, obliquity, HOUSE_SYSTEMS[system], sunDeclination);
  return { cusps: houses.cusps, asc: houses.asc, mc: houses.mc, vertex: houses.vertex, armc, used: houses.fellBack ? POLAR_FALLBACK_SYSTEM : system };
}
