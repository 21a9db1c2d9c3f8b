/**
 * Bhava bala, the strength of the twelve houses (Brihat Parashara Hora Shastra; B.V. Raman,
 * "Graha and Bhava Balas", chapter IX), in virupas: the sum of
 * - bhavadhipati bala: the shadbala of the house's lord;
 * - bhava dig bala: by the kind of the sign the bhava madhya (the house's middle) falls in:
 *   human signs (Gemini, Virgo, Libra, Aquarius, the first half of Sagittarius) are strongest in
 *   the 1st house, quadrupeds (Aries, Taurus, Leo, the second half of Sagittarius, the first half
 *   of Capricorn) in the 10th, water signs (Cancer, Pisces, the second half of Capricorn) in the
 *   4th, and Scorpio (an insect) in the 7th; 60 virupas there and 10 less for each house away, 0
 *   in the opposite house;
 * - bhava drishti bala: a quarter of the aspects (drishti.ts) of the benefics on the bhava madhya
 *   less a quarter of those of the malefics.
 * The bhava madhyas are Parashara's equal bhavas: the ascendant's degree and every 30° from it.
 * Raman's further additions (for houses holding Jupiter, Mercury or malefics, and for day and night
 * signs) are not part of this sum.
 */
import { SIGN_LORDS, type SevenGraha } from '../grahas.ts';
import { normalizeDegrees, signIndexOf } from '../../zodiac.ts';
import type { Shadbala } from './shadbala/shadbala.ts';
import { netAspect } from './shadbala/drik-bala.ts';

export type SignKind = 'human' | 'quadruped' | 'water' | 'insect';

/** The kind of a sign at a longitude (Sagittarius and Capricorn change kind at their 15th degree). */
export function signKindAt(longitude: number): SignKind {
  const sign = signIndexOf(longitude);
  const firstHalf = normalizeDegrees(longitude) - sign * 30 < 15;
  switch (sign) {
    case 2:
    case 5:
    case 6:
    case 10:
      return 'human';
    case 0:
    case 1:
    case 4:
      return 'quadruped';
    case 3:
    case 11:
      return 'water';
    case 7:
      return 'insect';
    case 8:
      return firstHalf ? 'human' : 'quadruped';
    default: // Capricorn
      return firstHalf ? 'quadruped' : 'water';
  }
}

/** The house each kind is strongest in. */
export const STRONG_HOUSE: Readonly<Record<SignKind, number>> = { human: 1, quadruped: 10, water: 4, insect: 7 };

/** Bhava dig bala of house `house` whose madhya is at `longitude`. */
export function bhavaDigBala(house: number, longitude: number): number {
  const strong = STRONG_HOUSE[signKindAt(longitude)];
  const apart = (((house - strong) % 12) + 12) % 12;
  return (6 - Math.min(apart, 12 - apart)) * 10;
}

export interface BhavaBala {
  house: number;
  /** Bhava madhya, sidereal longitude. */
  madhya: number;
  sign: number;
  lord: SevenGraha;
  signKind: SignKind;
  adhipati: number;
  dig: number;
  drishti: number;
  totalVirupas: number;
  totalRupas: number;
  /** 1 (strongest) to 12. */
  rank: number;
}

export function bhavaBalaOf(shadbala: Shadbala): BhavaBala[] {
  const ctx = shadbala.context;
  const rows: Omit<BhavaBala, 'rank'>[] = [];
  for (let house = 1; house <= 12; house++) {
    const madhya = normalizeDegrees(ctx.ascendant + 30 * (house - 1));
    const sign = signIndexOf(madhya);
    const lord = SIGN_LORDS[sign]!;
    const adhipati = shadbala.grahas[lord].totalVirupas;
    const dig = bhavaDigBala(house, madhya);
    const drishti = netAspect(ctx, madhya).virupas;
    const totalVirupas = adhipati + dig + drishti;
    rows.push({ house, madhya, sign, lord, signKind: signKindAt(madhya), adhipati, dig, drishti, totalVirupas, totalRupas: totalVirupas / 60 });
  }
  const order = [...rows].sort((a, b) => b.totalVirupas - a.totalVirupas).map((r) => r.house);
  return rows.map((r) => ({ ...r, rank: order.indexOf(r.house) + 1 }));
}
