/**
 * Combustion (astangata): a graha too close to the Sun. The orbs are the ones of the Surya
 * Siddhanta tradition that most Jyotish software uses, in degrees of longitude from the Sun;
 * Mercury and Venus have smaller orbs when retrograde (they are then between the Earth and the
 * Sun, and brighter). The Sun and the nodes are never combust.
 */
import type { GrahaId } from './grahas.ts';
import { normalizeDegrees } from '../zodiac.ts';

export const COMBUSTION_ORBS_NAME = 'surya_siddhanta';

/** Orbs in degrees, direct and retrograde. */
export const COMBUSTION_ORBS: Readonly<Partial<Record<GrahaId, { direct: number; retrograde: number }>>> = {
  moon: { direct: 12, retrograde: 12 },
  mars: { direct: 17, retrograde: 17 },
  mercury: { direct: 14, retrograde: 12 },
  jupiter: { direct: 11, retrograde: 11 },
  venus: { direct: 10, retrograde: 8 },
  saturn: { direct: 15, retrograde: 15 },
};

/** The orb that applies to a graha in its motion, or undefined for those that are never combust. */
export function combustionOrb(graha: GrahaId, retrograde: boolean): number | undefined {
  const orbs = COMBUSTION_ORBS[graha];
  return orbs === undefined ? undefined : retrograde ? orbs.retrograde : orbs.direct;
}

/** The angular distance along the ecliptic, 0 to 180. */
export function longitudeDistance(a: number, b: number): number {
  const d = normalizeDegrees(a - b);
  return d > 180 ? 360 - d : d;
}

/** Whether a graha is combust: within its orb of the Sun (the orb's edge itself counts as out). */
export function isCombust(graha: GrahaId, longitude: number, retrograde: boolean, sunLongitude: number): boolean {
  const orb = combustionOrb(graha, retrograde);
  return orb !== undefined && longitudeDistance(longitude, sunLongitude) < orb;
}
