/**
 * The North American names of the Full Moons, one for each calendar month, as almanacs of the
 * United States and Canada list them. A Full Moon is named by the local month it falls in; the
 * second Full Moon of a month is also called a Blue Moon (moon-specials.ts).
 */
export const TRADITIONAL_MOON_SYSTEM = 'north_american' as const;

export const TRADITIONAL_MOON_NAMES = [
  'Wolf Moon',
  'Snow Moon',
  'Worm Moon',
  'Pink Moon',
  'Flower Moon',
  'Strawberry Moon',
  'Buck Moon',
  'Sturgeon Moon',
  'Corn Moon',
  "Hunter's Moon",
  'Beaver Moon',
  'Cold Moon',
] as const;

export type TraditionalMoonName = (typeof TRADITIONAL_MOON_NAMES)[number];

/** The traditional name of a Full Moon in calendar month `month` (1-12). */
export const traditionalMoonName = (month: number): TraditionalMoonName => TRADITIONAL_MOON_NAMES[month - 1]!;
