/**
 * Dashakoota: the ten poruthams of South Indian (Tamil and Kerala) matching, each agreed or not,
 * counted from the girl's birth star (nakshatra) to the boy's, inclusively, unless said otherwise:
 *
 * - dina: the count reduced by 9 is 2, 4, 6, 8 or 9 (0).
 * - gana: the same gana, or deva with manushya.
 * - mahendra: the count is 4, 7, 10, 13, 16, 19, 22 or 25.
 * - stree_deergha: the count is more than 13.
 * - yoni: the animals are not enemies (2 or more points in the yoni table).
 * - rasi: the boy's Moon sign is the girl's, or the 7th or beyond from it, but not the 8th or 12th.
 * - rasi_adhipathi: the sign lords are the same, or neither is the other's natural enemy.
 * - vasya: one Moon sign holds the other under its control (Muhurta Chintamani's vasya signs).
 * - rajju: the two stars are in different rajjus (body parts); essential.
 * - vedha: the two stars do not obstruct each other; essential.
 */
import { signDistance } from '../grahas.ts';
import { naturalRelationship } from '../dignity.ts';
import { NAKSHATRA_GANA, NAKSHATRA_YONI, SIGN_VASYA, YONIS, YONI_POINTS, isVedha, rajjuOf } from './koota-tables.ts';
import { nakshatraCount, type MatchMoon } from './match-moon.ts';

export const PORUTHAMS = ['dina', 'gana', 'mahendra', 'stree_deergha', 'yoni', 'rasi', 'rasi_adhipathi', 'vasya', 'rajju', 'vedha'] as const;
export type PoruthamName = (typeof PORUTHAMS)[number];
/** Poruthams whose failure most practitioners treat as rejecting the match whatever the rest. */
export const ESSENTIAL_PORUTHAMS: readonly PoruthamName[] = ['rajju', 'vedha'];

export interface Porutham {
  name: PoruthamName;
  matched: boolean;
  essential: boolean;
}

export interface Dashakoota {
  poruthams: Porutham[];
  matchedCount: number;
  max: 10;
  /** Every essential porutham agrees. */
  essentialsMatched: boolean;
}

export function dashakoota(boy: MatchMoon, girl: MatchMoon): Dashakoota {
  const count = nakshatraCount(girl.nakshatra, boy.nakshatra);
  const reduced = count % 9;
  const bg = NAKSHATRA_GANA[boy.nakshatra]!,
    gg = NAKSHATRA_GANA[girl.nakshatra]!;
  const signCount = signDistance(girl.sign, boy.sign);
  const yoni = YONI_POINTS[YONIS.indexOf(NAKSHATRA_YONI[boy.nakshatra]!.yoni)]![YONIS.indexOf(NAKSHATRA_YONI[girl.nakshatra]!.yoni)]!;
  const lordsAgree =
    boy.signLord === girl.signLord ||
    (naturalRelationship(boy.signLord, girl.signLord) !== 'enemy' && naturalRelationship(girl.signLord, boy.signLord) !== 'enemy');
  const results: Record<PoruthamName, boolean> = {
    dina: [2, 4, 6, 8, 0].includes(reduced),
    gana: bg === gg || (bg !== 'rakshasa' && gg !== 'rakshasa'),
    mahendra: count % 3 === 1 && count >= 4,
    stree_deergha: count > 13,
    yoni: yoni >= 2,
    rasi: signCount === 1 || (signCount >= 7 && signCount !== 8 && signCount !== 12),
    rasi_adhipathi: lordsAgree,
    vasya: SIGN_VASYA[boy.sign]!.includes(girl.sign) || SIGN_VASYA[girl.sign]!.includes(boy.sign),
    rajju: rajjuOf(boy.nakshatra) !== rajjuOf(girl.nakshatra),
    vedha: !isVedha(boy.nakshatra, girl.nakshatra),
  };
  const poruthams = PORUTHAMS.map((name) => ({ name, matched: results[name], essential: ESSENTIAL_PORUTHAMS.includes(name) }));
  return {
    poruthams,
    matchedCount: poruthams.filter((p) => p.matched).length,
    max: 10,
    essentialsMatched: poruthams.every((p) => !p.essential || p.matched),
  };
}
