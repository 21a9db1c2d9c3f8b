/**
 * Two of the avasthas (states) of Brihat Parashara Hora Shastra, from a graha's place in its sign:
 *
 * - Baladi (age): the sign in five parts of 6°; in odd signs infant (bala), youth (kumara), adult
 *   (yuva), old (vriddha), dead (mrita), in even signs the same in reverse.
 * - Jagradadi (wakefulness): awake (jagrat) in its own sign, moolatrikona or exaltation; dreaming
 *   (swapna) in the sign of a natural friend or neutral; asleep (sushupti) in the sign of a
 *   natural enemy or its debilitation.
 *
 * The nodes rule no sign: they have the baladi state and no jagradadi one.
 */
import type { Dignity } from './dignity.ts';
import { naturalRelationship, isSevenGraha } from './dignity.ts';
import { SIGN_LORDS, type GrahaId } from './grahas.ts';

export const BALADI = ['bala', 'kumara', 'yuva', 'vriddha', 'mrita'] as const;
export type Baladi = (typeof BALADI)[number];
export const JAGRADADI = ['jagrat', 'swapna', 'sushupti'] as const;
export type Jagradadi = (typeof JAGRADADI)[number];

export function baladiAvastha(signIndex: number, degreeInSign: number): Baladi {
  const part = Math.min(4, Math.floor(degreeInSign / 6));
  return BALADI[signIndex % 2 === 0 ? part : 4 - part]!;
}

export function jagradadiAvastha(graha: GrahaId, signIndex: number, dignity: Dignity | null): Jagradadi | null {
  if (!isSevenGraha(graha)) return null;
  if (dignity === 'exalted' || dignity === 'moolatrikona' || dignity === 'own_sign') return 'jagrat';
  if (dignity === 'debilitated') return 'sushupti';
  return naturalRelationship(graha, SIGN_LORDS[signIndex]!) === 'enemy' ? 'sushupti' : 'swapna';
}
