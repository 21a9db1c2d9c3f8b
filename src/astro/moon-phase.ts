/**
 * The Moon's phase at an instant, from the geocentric apparent positions of the Sun and the Moon:
 * the elongation angle, the illuminated fraction of the disk, and the name of the phase.
 *
 * - `angle` is the Moon's longitude minus the Sun's, 0–360 (0 New Moon, 90 First Quarter, 180
 *   Full Moon, 270 Last Quarter). The same in every zodiac: an ayanamsa shifts both longitudes.
 * - `illumination` is (1 + cos i) / 2, where i is the phase angle Sun–Moon–Earth, found from the
 *   true angular separation ψ of the two bodies (latitudes included) and their distances:
 *   tan i = R sin ψ / (Δ − R cos ψ) (Meeus, Astronomical Algorithms, ch. 48). It agrees with the
 *   library's own phenomena call (swe_pheno_ut) to about 1e-6.
 * - `label` names the 45° sector centred on each of the eight phases: "Full Moon" while the angle
 *   is within 22.5° of 180, "Waxing Gibbous" between 112.5 and 157.5, and so on.
 */
import type { EclipticPosition } from './ephemeris.ts';
import { normalizeDegrees } from './zodiac.ts';

export const MOON_PHASE_LABELS = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;
export type MoonPhaseLabel = (typeof MOON_PHASE_LABELS)[number];

export interface MoonPhase {
  label: MoonPhaseLabel;
  /** Moon − Sun in ecliptic longitude, degrees in [0, 360). */
  angle: number;
  /** Illuminated fraction of the disk, 0–1. */
  illumination: number;
}

const RAD = Math.PI / 180;

export function moonPhaseLabel(angle: number): MoonPhaseLabel {
  return MOON_PHASE_LABELS[Math.floor(normalizeDegrees(angle + 22.5) / 45) % 8]!;
}

/** Illuminated fraction from the two geocentric positions (longitude, latitude in degrees, distance in AU). */
export function illuminatedFraction(sun: Pick<EclipticPosition, 'lon' | 'lat' | 'distAu'>, moon: Pick<EclipticPosition, 'lon' | 'lat' | 'distAu'>): number {
  const cosPsi = Math.sin(sun.lat * RAD) * Math.sin(moon.lat * RAD) + Math.cos(sun.lat * RAD) * Math.cos(moon.lat * RAD) * Math.cos((moon.lon - sun.lon) * RAD);
  const psi = Math.acos(Math.min(1, Math.max(-1, cosPsi)));
  const i = Math.atan2(sun.distAu * Math.sin(psi), moon.distAu - sun.distAu * Math.cos(psi));
  return (1 + Math.cos(i)) / 2;
}

export function moonPhaseOf(sun: EclipticPosition, moon: EclipticPosition): MoonPhase {
  const angle = normalizeDegrees(moon.lon - sun.lon);
  return { label: moonPhaseLabel(angle), angle, illumination: illuminatedFraction(sun, moon) };
}
