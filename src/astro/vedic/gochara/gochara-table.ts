/**
 * The classical gochara table: for each graha transiting a house counted from the natal Moon's
 * sign, whether that house gives good results, and its vedha (obstruction) house. The table is
 * the one Phaladeepika (ch. 26) and Muhurta Chintamani give, which later manuals (B.V. Raman's
 * among them) repeat: a graha's good result in a favourable house is obstructed while another
 * graha transits the paired vedha house. Rahu and Ketu follow Saturn's row, as those manuals do.
 *
 * Vipareeta vedha: the pairs also read backwards (a graha in an unfavourable house that is the
 * vedha house of a favourable one is relieved while another graha transits that favourable
 * house); the answer names which kind applies.
 *
 * Exceptions: no vedha between the Sun and Saturn, nor between the Moon and Mercury (father and
 * son in the Puranic story), whichever of the two is the transiting one.
 */
import type { GrahaId } from '../grahas.ts';

/** Favourable house → its vedha house, by graha. */
export const GOCHARA_VEDHA: Readonly<Record<GrahaId, Readonly<Record<number, number>>>> = {
  sun: { 3: 9, 6: 12, 10: 4, 11: 5 },
  moon: { 1: 5, 3: 9, 6: 12, 7: 2, 10: 4, 11: 8 },
  mars: { 3: 12, 6: 9, 11: 5 },
  mercury: { 2: 5, 4: 3, 6: 9, 8: 1, 10: 8, 11: 12 },
  jupiter: { 2: 12, 5: 4, 7: 3, 9: 10, 11: 8 },
  venus: { 1: 8, 2: 7, 3: 1, 4: 10, 5: 9, 8: 5, 9: 11, 11: 6, 12: 3 },
  saturn: { 3: 12, 6: 9, 11: 5 },
  rahu: { 3: 12, 6: 9, 11: 5 },
  ketu: { 3: 12, 6: 9, 11: 5 },
};

/** Whether `house` (1-12 from the natal Moon's sign) is a favourable transit house for the graha. */
export function isFavourableHouse(graha: GrahaId, house: number): boolean {
  return GOCHARA_VEDHA[graha][house] !== undefined;
}

/** The houses a graha's transit is favourable in, ascending. */
export function favourableHouses(graha: GrahaId): number[] {
  return Object.keys(GOCHARA_VEDHA[graha])
    .map(Number)
    .sort((a, b) => a - b);
}

export type VedhaKind = 'vedha' | 'vipareeta_vedha';

/**
 * For each graha, the favourable house whose vedha house each house is (the lowest such house,
 * as the table's ascending keys give it), worked out once rather than searched per call.
 */
const VIPAREETA: Readonly<Record<GrahaId, readonly (number | undefined)[]>> = Object.fromEntries(
  Object.entries(GOCHARA_VEDHA).map(([graha, row]) => {
    const byHouse: (number | undefined)[] = [];
    for (const [good, obstructing] of Object.entries(row)) byHouse[obstructing] ??= Number(good);
    return [graha, byHouse];
  }),
) as Record<GrahaId, (number | undefined)[]>;

/**
 * The obstructing house of a transit through `house`: the table's vedha house when `house` is
 * favourable; for an unfavourable house that is some favourable house's vedha house, that
 * favourable house (vipareeta vedha); otherwise none (the pairs do not touch every house).
 */
export function vedhaOf(graha: GrahaId, house: number): { house: number; kind: VedhaKind } | undefined {
  const direct = GOCHARA_VEDHA[graha][house];
  if (direct !== undefined) return { house: direct, kind: 'vedha' };
  const good = VIPAREETA[graha][house];
  return good === undefined ? undefined : { house: good, kind: 'vipareeta_vedha' };
}

/** The pairs between which there is no vedha. */
const NO_VEDHA: readonly (readonly [GrahaId, GrahaId])[] = [
  ['sun', 'saturn'],
  ['moon', 'mercury'],
];

/** Whether `other` in the vedha house obstructs `graha` (never itself, never across the two exceptions). */
export function canObstruct(graha: GrahaId, other: GrahaId): boolean {
  if (graha === other) return false;
  return !NO_VEDHA.some(([a, b]) => (a === graha && b === other) || (a === other && b === graha));
}
