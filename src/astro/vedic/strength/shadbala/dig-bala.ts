/**
 * Dig bala, directional strength (Parashara; Raman, chapter IV): Jupiter and Mercury are strongest
 * on the ascendant (east), the Sun and Mars on the midheaven (south), Saturn on the descendant
 * (west), the Moon and Venus on the nadir (north). The strength is the arc from the opposite,
 * powerless point (at most 180°) divided by 3: 60 virupas at the point of strength, 0 opposite.
 * The points are the sidereal ascendant and midheaven of the birth (Raman's bhava madhyas of the
 * 1st and 10th), not the signs.
 */
import type { SevenGraha } from '../../grahas.ts';
import { arcBetween, type StrengthContext } from '../strength-context.ts';

export type DigPoint = 'ascendant' | 'midheaven' | 'descendant' | 'nadir';

/** Where each graha is strongest. */
export const DIG_STRONG_POINT: Readonly<Record<SevenGraha, DigPoint>> = {
  sun: 'midheaven',
  mars: 'midheaven',
  jupiter: 'ascendant',
  mercury: 'ascendant',
  saturn: 'descendant',
  moon: 'nadir',
  venus: 'nadir',
};

export function pointLongitude(ctx: Pick<StrengthContext, 'ascendant' | 'midheaven'>, point: DigPoint): number {
  switch (point) {
    case 'ascendant':
      return ctx.ascendant;
    case 'descendant':
      return (ctx.ascendant + 180) % 360;
    case 'midheaven':
      return ctx.midheaven;
    case 'nadir':
      return (ctx.midheaven + 180) % 360;
  }
}

export function digBala(ctx: Pick<StrengthContext, 'ascendant' | 'midheaven'>, graha: SevenGraha, longitude: number): number {
  const strong = pointLongitude(ctx, DIG_STRONG_POINT[graha]);
  return (180 - arcBetween(longitude, strong)) / 3;
}
