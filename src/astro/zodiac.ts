/** The twelve signs of the zodiac and the helpers that place a longitude in them. */

export const SIGNS = [
  { id: 'aries', abbr: 'Ari', name: 'Aries', element: 'fire', modality: 'cardinal' },
  { id: 'taurus', abbr: 'Tau', name: 'Taurus', element: 'earth', modality: 'fixed' },
  { id: 'gemini', abbr: 'Gem', name: 'Gemini', element: 'air', modality: 'mutable' },
  { id: 'cancer', abbr: 'Can', name: 'Cancer', element: 'water', modality: 'cardinal' },
  { id: 'leo', abbr: 'Leo', name: 'Leo', element: 'fire', modality: 'fixed' },
  { id: 'virgo', abbr: 'Vir', name: 'Virgo', element: 'earth', modality: 'mutable' },
  { id: 'libra', abbr: 'Lib', name: 'Libra', element: 'air', modality: 'cardinal' },
  { id: 'scorpio', abbr: 'Sco', name: 'Scorpio', element: 'water', modality: 'fixed' },
  { id: 'sagittarius', abbr: 'Sag', name: 'Sagittarius', element: 'fire', modality: 'mutable' },
  { id: 'capricorn', abbr: 'Cap', name: 'Capricorn', element: 'earth', modality: 'cardinal' },
  { id: 'aquarius', abbr: 'Aqu', name: 'Aquarius', element: 'air', modality: 'fixed' },
  { id: 'pisces', abbr: 'Pis', name: 'Pisces', element: 'water', modality: 'mutable' },
] as const;

export type Sign = (typeof SIGNS)[number];
export type Element = Sign['element'];
export type Modality = Sign['modality'];

/** Normalises any angle to [0, 360). */
export function normalizeDegrees(deg: number): number {
  // Most angles are within a turn of the range: `%` on doubles is a call to fmod (tens of ns, per
  // aspect pair), and these two give what the lines below give for them.
  if (deg >= 0 && deg < 360) return deg;
  if (deg < 0 && deg > -360) {
    const r = deg + 360;
    return r === 360 ? 0 : r;
  }
  const r = deg % 360;
  // `r + 360` can round up to exactly 360 for tiny negative r; fold that back to 0.
  return r < 0 ? (r + 360) % 360 : r;
}

/** Signed shortest difference b - a in (-180, 180]. */
export function signedSeparation(a: number, b: number): number {
  let d = normalizeDegrees(b - a);
  if (d > 180) d -= 360;
  return d;
}

/** How far two longitudes stand from an aspect of `angle` degrees (0 to 180) between them: the aspect's orb, degrees. */
export function aspectOrb(a: number, b: number, angle: number): number {
  return Math.abs(Math.abs(signedSeparation(a, b)) - angle);
}

export function signIndexOf(longitude: number): number {
  return Math.min(11, Math.floor(normalizeDegrees(longitude) / 30));
}

export function signOf(longitude: number): Sign {
  return SIGNS[signIndexOf(longitude)]!;
}

/** Degrees inside the sign, [0, 30). */
export function degreeInSign(longitude: number): number {
  return normalizeDegrees(longitude) - signIndexOf(longitude) * 30;
}

/**
 * Whole degrees and minutes of an angle, truncated as astrologers write them: 29.9969° is 29°59′,
 * never 30°00′ (which would name the next sign's first degree). The small allowance keeps values
 * that are whole minutes in decimal (7.45° = 7°27′) from falling a minute short through rounding.
 */
export function degreesAndMinutes(value: number): { deg: number; min: number } {
  let deg = Math.floor(value);
  let min = Math.floor((value - deg) * 60 + 1e-9);
  if (min >= 60) {
    min = 0;
    deg += 1;
  }
  return { deg, min };
}
