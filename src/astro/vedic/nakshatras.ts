/**
 * The 27 nakshatras of the sidereal zodiac, each 13°20′ from 0° Aries (Ashwini), each in four
 * padas of 3°20′; their lords follow the Vimshottari order (Ketu, Venus, Sun, Moon, Mars, Rahu,
 * Jupiter, Saturn, Mercury), three times round.
 */
import type { GrahaId } from './grahas.ts';
import { normalizeDegrees } from '../zodiac.ts';

export const NAKSHATRA_NAMES = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;

/** Lords of the nakshatras in Vimshottari order: Ashwini's is Ketu, Bharani's Venus, … and the ninth (Ashlesha's) Mercury. */
export const NAKSHATRA_LORD_CYCLE: readonly GrahaId[] = ['ketu', 'venus', 'sun', 'moon', 'mars', 'rahu', 'jupiter', 'saturn', 'mercury'];

/** The span of one nakshatra, 13°20′ = 40/3 degrees. */
export const NAKSHATRA_SPAN = 40 / 3;

export interface NakshatraPosition {
  /** 0 (Ashwini) to 26 (Revati). */
  index: number;
  /** 1 to 27, as texts and clients number them. */
  number: number;
  name: string;
  /** Quarter of the nakshatra, 1 to 4 (each 3°20′). */
  pada: number;
  lord: GrahaId;
  /** Degrees past the nakshatra's start, [0, 13°20′). */
  degreesIn: number;
  /** How much of the nakshatra has been traversed, [0, 1): Vimshottari's and Yogini's balance comes from it. */
  fraction: number;
}

/**
 * The nakshatra and pada of a sidereal longitude. The index is read from 3·λ/40 (λ·3 is exact for
 * the longitudes the engine gives, so a point at exactly 13°20′ belongs to the next nakshatra).
 */
export function nakshatraOf(longitude: number): NakshatraPosition {
  const lon = normalizeDegrees(longitude);
  const scaled = (lon * 3) / 40; // nakshatras from 0° Aries, fractional
  const index = Math.min(26, Math.floor(scaled));
  const fraction = Math.min(Math.max(scaled - index, 0), 1 - Number.EPSILON);
  // Padas from 3·λ/10 directly (one rounding, as the nakshatra itself), kept inside the nakshatra.
  const pada = Math.min(4, Math.max(1, Math.floor((lon * 3) / 10) - index * 4 + 1));
  return {
    index,
    number: index + 1,
    name: NAKSHATRA_NAMES[index]!,
    pada,
    lord: NAKSHATRA_LORD_CYCLE[index % 9]!,
    degreesIn: lon - index * NAKSHATRA_SPAN,
    fraction,
  };
}
