/**
 * The chart settings a request's fields ask for, in the astro domain's terms: the zodiac and the
 * points of a birth chart. Shared by every feature that casts a chart from a request (natal,
 * transits, chart images).
 */
import { DEFAULT_NATAL_BODIES } from '../astro/bodies.ts';
import type { ZodiacSetting } from '../astro/ephemeris.ts';

export function zodiacOf(request: { zodiac_type: string; sidereal_ayanamsa?: string | null | undefined }): ZodiacSetting {
  return request.zodiac_type === 'sidereal' ? { type: 'sidereal', ayanamsa: (request.sidereal_ayanamsa ?? 'lahiri') as never } : { type: 'tropical' };
}

/** Points of a natal chart: the default 13 plus the requested features, each once, in catalogue order. */
export function natalPoints(features: readonly string[] | undefined): readonly string[] {
  return features?.length ? [...new Set([...DEFAULT_NATAL_BODIES, ...features])] : DEFAULT_NATAL_BODIES;
}
