/** Zodiac sign glyphs, Aries first, in the classic hand-drawn forms. */
import { ring, type GlyphArt } from './types.ts';

export const SIGN_NAMES = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;

/** Element per sign (fire, earth, air, water repeating), used for colouring. */
export const SIGN_ELEMENT = ['fire', 'earth', 'air', 'water'] as const;
export type Element = (typeof SIGN_ELEMENT)[number];
export function elementOf(sign: number): Element {
  return SIGN_ELEMENT[((sign % 4) + 4) % 4] as Element;
}

export const SIGN_GLYPHS: readonly GlyphArt[] = [
  // Aries: a stem splitting into two ram horns curling outwards.
  {
    d: 'M0 38V-6C0-28-7-40-20-40C-32-40-39-31-39-21C-39-12-33-6-26-5' + 'M0-6C0-28 7-40 20-40C32-40 39-31 39-21C39-12 33-6 26-5',
  },
  // Taurus: circle with a crescent of horns resting on it.
  { d: 'M-37-38C-33-20-20-13 0-13C20-13 33-20 37-38' + ring(0, 13, 23) },
  // Gemini: two pillars joined by bowed lintels.
  { d: 'M-33-37Q0-25 33-37M-33 37Q0 25 33 37M-14-30V30M14-30V30' },
  // Cancer: two interlocking "6" and "9" curls.
  {
    d: ring(-20, -11, 11) + 'M-20-22C-4-32 22-31 38-17' + ring(20, 11, 11) + 'M20 22C4 32-22 31-38 17',
  },
  // Leo: small loop at the lower left, a mane arching over, and an outward tail.
  {
    d: ring(-23, 16, 12) + 'M-12 11C-20-6-20-38 3-39C25-40 33-20 24-2C17 13 14 29 25 36C31 40 38 36 40 29',
  },
  // Virgo: an "m" whose last leg ends in a loop crossing it.
  {
    d:
      'M-40-27C-34-33-29-31-29-22V34' +
      'M-29-18C-29-30-23-35-17-35C-10-35-6-30-6-20V34' +
      'M-6-18C-6-30 0-35 6-35C13-35 17-30 17-20V18C17 30 10 36 2 38' +
      'M17 4C23-10 38-10 38 4C38 20 24 30 10 30',
  },
  // Libra: the setting sun above the horizon line.
  {
    d: 'M-40 30H40M-40 13H-15C-24 5-26-8-20-20C-14-33 14-33 20-20C26-8 24 5 15 13H40',
  },
  // Scorpio: an "m" whose last leg ends in an arrow.
  {
    d:
      'M-40-27C-34-33-29-31-29-22V34' +
      'M-29-18C-29-30-23-35-17-35C-10-35-6-30-6-20V34' +
      'M-6-18C-6-30 0-35 6-35C13-35 17-30 17-20V24C17 34 24 38 32 32L40 24' +
      'M29 22H40V33',
  },
  // Sagittarius: the archer's arrow with a cross-bar.
  { d: 'M-36 37L37-36M9-37H37V-9M-24-3L3 24' },
  // Capricorn: a "V" turning into the sea-goat's looped tail.
  {
    d: 'M-40-26C-34-34-28-30-26-22L-13 24L1-21C6-35 19-36 21-22V12' + 'C21 29 40 31 40 15C40 3 30-2 21 10C15 20 8 33-6 38',
  },
  // Aquarius: two parallel waves.
  {
    d: 'M-40-6L-27-19L-13-6L0-19L13-6L27-19L40-6' + 'M-40 17L-27 4L-13 17L0 4L13 17L27 4L40 17',
  },
  // Pisces: two fish (arcs) back to back, bound by a cord.
  { d: 'M-33-38C-12-20-12 20-33 38M33-38C12-20 12 20 33 38M-25 0H25' },
];
