/**
 * Sign rulers for the chart ruler and the dominant planet. Modern rulers: Mars rules Aries,
 * Pluto Scorpio, Uranus Aquarius and Neptune Pisces, the rulership most psychological
 * astrology reads (the traditional rulers of those signs, Mars, Saturn and Jupiter, are left aside).
 */
import type { SignId } from '../keys.ts';

export const MODERN_RULER: Record<SignId, string> = {
  aries: 'mars',
  taurus: 'venus',
  gemini: 'mercury',
  cancer: 'moon',
  leo: 'sun',
  virgo: 'mercury',
  libra: 'venus',
  scorpio: 'pluto',
  sagittarius: 'jupiter',
  capricorn: 'saturn',
  aquarius: 'uranus',
  pisces: 'neptune',
};

/** The signs a planet rules. */
export function signsRuledBy(planet: string): SignId[] {
  return (Object.keys(MODERN_RULER) as SignId[]).filter((s) => MODERN_RULER[s] === planet);
}
