/**
 * The nine grahas of Jyotish (Sun to Saturn and the two lunar nodes), their names, the short
 * abbreviations a kundli prints, and the lords of the twelve sidereal signs (Parashara: the seven
 * visible grahas rule the signs; the nodes rule none).
 */

export const GRAHA_IDS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
export type GrahaId = (typeof GRAHA_IDS)[number];

/** The seven grahas that rule signs and have natural friendships (the nodes have neither in Parashara's scheme). */
export const SEVEN_GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] as const;
export type SevenGraha = (typeof SEVEN_GRAHAS)[number];

export interface GrahaInfo {
  id: GrahaId;
  /** English name as clients print it (`Sun`, `Rahu`). */
  name: string;
  /** Sanskrit name (`Surya`, `Chandra` …). */
  sanskrit: string;
  /** Two-letter abbreviation of the chart images (`Su`, `Mo`, `Ma`, `Me`, `Ju`, `Ve`, `Sa`, `Ra`, `Ke`). */
  abbr: string;
}

export const GRAHAS: Readonly<Record<GrahaId, GrahaInfo>> = {
  sun: { id: 'sun', name: 'Sun', sanskrit: 'Surya', abbr: 'Su' },
  moon: { id: 'moon', name: 'Moon', sanskrit: 'Chandra', abbr: 'Mo' },
  mars: { id: 'mars', name: 'Mars', sanskrit: 'Mangala', abbr: 'Ma' },
  mercury: { id: 'mercury', name: 'Mercury', sanskrit: 'Budha', abbr: 'Me' },
  jupiter: { id: 'jupiter', name: 'Jupiter', sanskrit: 'Guru', abbr: 'Ju' },
  venus: { id: 'venus', name: 'Venus', sanskrit: 'Shukra', abbr: 'Ve' },
  saturn: { id: 'saturn', name: 'Saturn', sanskrit: 'Shani', abbr: 'Sa' },
  rahu: { id: 'rahu', name: 'Rahu', sanskrit: 'Rahu', abbr: 'Ra' },
  ketu: { id: 'ketu', name: 'Ketu', sanskrit: 'Ketu', abbr: 'Ke' },
};

/** The lord of each sign, Aries (0) to Pisces (11). */
export const SIGN_LORDS: readonly SevenGraha[] = [
  'mars',
  'venus',
  'mercury',
  'moon',
  'sun',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'saturn',
  'jupiter',
];

/** Sanskrit names of the twelve rasis, Aries (Mesha) to Pisces (Meena). */
export const RASI_NAMES = ['Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena'] as const;

/** The sign index (0-11) of `count` signs from `signIndex`, counted inclusively as Jyotish counts (the 1st from a sign is itself). */
export function nthSignFrom(signIndex: number, count: number): number {
  return (((signIndex + count - 1) % 12) + 12) % 12;
}

/** Which sign, counted inclusively from `fromSign`, `toSign` is: 1 (the same sign) to 12. */
export function signDistance(fromSign: number, toSign: number): number {
  return ((((toSign - fromSign) % 12) + 12) % 12) + 1;
}
