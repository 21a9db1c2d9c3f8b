/**
 * Sphuta drishti, the aspect of a graha on a point in virupas, for drik bala and bhava drishti
 * bala (Parashara's graded aspect; Raman, chapter VIII). The drishti kendra is the aspected
 * longitude less the aspecting graha's (0 to 360°): nothing below 30° or from 300°, a quarter
 * aspect (15) at 60°, half (30) at 120°, three quarters (45) at 90°, full (60) at 180°, and
 * straight lines between, with the dip to 0 at 150°:
 *   30-60: (k - 30) / 2;  60-90: k - 45;  90-120: (120 - k) / 2 + 30;  120-150: 150 - k;
 *   150-180: 2 (k - 150);  180-300: (300 - k) / 2.
 * The special aspects are added as Raman adds them: Saturn +45 for kendras of 60-90° and
 * 270-300° (its 3rd and 10th), Jupiter +30 for 120-150° and 240-270° (5th and 9th), Mars +15
 * for 90-120° and 210-240° (4th and 8th).
 */
import { normalizeDegrees } from '../../../zodiac.ts';
import type { SevenGraha } from '../../grahas.ts';

export function drishtiBase(kendra: number): number {
  const k = normalizeDegrees(kendra);
  if (k < 30 || k >= 300) return 0;
  if (k < 60) return (k - 30) / 2;
  if (k < 90) return k - 45;
  if (k < 120) return (120 - k) / 2 + 30;
  if (k < 150) return 150 - k;
  if (k < 180) return 2 * (k - 150);
  return (300 - k) / 2;
}

const within = (k: number, from: number, to: number) => k >= from && k < to;

export function specialDrishti(graha: SevenGraha, kendra: number): number {
  const k = normalizeDegrees(kendra);
  if (graha === 'saturn' && (within(k, 60, 90) || within(k, 270, 300))) return 45;
  if (graha === 'jupiter' && (within(k, 120, 150) || within(k, 240, 270))) return 30;
  if (graha === 'mars' && (within(k, 90, 120) || within(k, 210, 240))) return 15;
  return 0;
}

/** The aspect of `graha` at `from` on the point `to`, virupas. */
export function drishti(graha: SevenGraha, from: number, to: number): number {
  const k = normalizeDegrees(to - from);
  return drishtiBase(k) + specialDrishti(graha, k);
}

/**
 * Benefics and malefics for aspects: Jupiter, Venus and Mercury are benefic, the Sun, Mars and
 * Saturn malefic, the Moon benefic while waxing (less than 180° ahead of the Sun) and malefic while waning.
 */
export function isAspectBenefic(graha: SevenGraha, moonLongitude: number, sunLongitude: number): boolean {
  if (graha === 'moon') return normalizeDegrees(moonLongitude - sunLongitude) < 180;
  return graha === 'jupiter' || graha === 'venus' || graha === 'mercury';
}
