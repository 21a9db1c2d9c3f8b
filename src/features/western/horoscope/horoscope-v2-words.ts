/**
 * The words v2 horoscopes use where the service's own reading has numbers: the orb policy's name
 * and the bands of a driver's intensity (horoscope-public-v2.ts writes them; the schemas list them).
 */
import { HOROSCOPE_ORBS } from '../../../astro/horoscope-model.ts';

/** The name of the orbs every horoscope uses (HOROSCOPE_ORBS): 3° for the major aspects, 2° for the sextile. */
export const HOROSCOPE_ORB_POLICY = `majors_${HOROSCOPE_ORBS.conjunction}deg_sextile_${HOROSCOPE_ORBS.sextile}deg`;

export const INTENSITY_BANDS = ['low', 'moderate', 'high', 'very_high'] as const;
export type IntensityBand = (typeof INTENSITY_BANDS)[number];
export const INTENSITY_BAND_RULE = 'very_high from 0.75, high from 0.5, moderate from 0.25, else low (intensity_value is the number)';

export function intensityBand(value: number): IntensityBand {
  if (value >= 0.75) return 'very_high';
  if (value >= 0.5) return 'high';
  if (value >= 0.25) return 'moderate';
  return 'low';
}
