/**
 * The Moon's phase at birth: the Moon's distance ahead of the Sun along the ecliptic, in eight
 * phases of 45° each from the New Moon (0°), through the First Quarter (90°), the Full Moon
 * (180°) and the Last Quarter (270°), to the balsamic Moon (315° to 360°).
 */
import { normalizeDegrees } from '../../astro/zodiac.ts';
import { MOON_PHASES } from '../keys.ts';

export type MoonPhase = (typeof MOON_PHASES)[number];

export function moonPhaseOf(sunLon: number, moonLon: number): { phase: MoonPhase; elongation: number } {
  const elongation = normalizeDegrees(moonLon - sunLon);
  return { phase: MOON_PHASES[Math.min(7, Math.floor(elongation / 45))]!, elongation };
}
