/** What matching reads of each person: the natal Moon's sign, degree, nakshatra and pada, and the sign's lord. */
import { degreeInSign, signIndexOf } from '../../zodiac.ts';
import { SIGN_LORDS, type SevenGraha } from '../grahas.ts';
import { nakshatraOf } from '../nakshatras.ts';

export interface MatchMoon {
  longitude: number;
  sign: number;
  degreeInSign: number;
  /** 0 (Ashwini) … 26 (Revati). */
  nakshatra: number;
  pada: number;
  signLord: SevenGraha;
}

export function matchMoon(longitude: number): MatchMoon {
  const n = nakshatraOf(longitude);
  const sign = signIndexOf(longitude);
  return { longitude, sign, degreeInSign: degreeInSign(longitude), nakshatra: n.index, pada: n.pada, signLord: SIGN_LORDS[sign]! };
}

/** The count from nakshatra `from` to nakshatra `to`, inclusive: 1 (the same) to 27. */
export const nakshatraCount = (from: number, to: number) => ((((to - from) % 27) + 27) % 27) + 1;
