/**
 * Untimed births on a day the Moon changed sign: the element and modality tallies count the Moon
 * in its noon sign, and the Moon weighs 3 of the 15.5 points an untimed chart has, enough to move
 * an element across the line between "strong" and not. The balance is computed again with the Moon
 * in its other sign of the day, so that a verdict that holds for part of the day only is said with
 * its hours instead of as a fact.
 */
import { computeBalance, type Balance } from '../../interpretations/chart-factors/balance.ts';
import { keys } from '../../interpretations/keys.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import type { SignId } from '../../interpretations/keys.ts';

export interface BalanceOverTheDay {
  /** The Moon's other sign of the birth day. */
  otherSign: SignId;
  /** The balance entries (keys) whose verdict holds with the noon Moon only. */
  noonOnly: Set<string>;
  /** The balance entries whose verdict would hold with the other Moon only. */
  otherOnly: Set<string>;
  /** The whole balance with the Moon in its other sign (the least element and mode may differ). */
  other: Balance;
}

/** The entries a balance reads: its strong and weak elements and modalities and its strong polarity. */
function balanceVerdicts(b: Balance): Set<string> {
  return new Set([
    ...b.strongElements.map((e) => keys.element(e, 'strong')),
    ...b.weakElements.map((e) => keys.element(e, 'weak')),
    ...b.strongModalities.map((m) => keys.modality(m, 'strong')),
    ...b.weakModalities.map((m) => keys.modality(m, 'weak')),
    ...(b.strongPolarity ? [keys.polarity(b.strongPolarity)] : []),
  ]);
}

/** Undefined when the birth is timed or the Moon kept one sign all day. */
export function balanceOverTheDay(points: ReadonlyMap<string, PlacedPoint>, noon: Balance, daySigns: readonly SignId[]): BalanceOverTheDay | undefined {
  const moon = points.get('moon');
  const otherSign = daySigns.find((s) => s !== moon?.sign);
  if (!moon || !otherSign) return undefined;
  const atNoon = balanceVerdicts(noon);
  const other = computeBalance(new Map([...points, ['moon', { ...moon, sign: otherSign }]]));
  const otherwise = balanceVerdicts(other);
  return {
    other,
    otherSign,
    noonOnly: new Set([...atNoon].filter((k) => !otherwise.has(k))),
    otherOnly: new Set([...otherwise].filter((k) => !atNoon.has(k))),
  };
}
