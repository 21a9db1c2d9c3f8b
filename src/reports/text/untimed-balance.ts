/**
 * Untimed births on a day the Moon (or another body) changed sign: the element and modality tallies
 * count each body in its noon sign, and the Moon weighs 3 of the 15.5 points an untimed chart has,
 * the Sun as much, enough to move an element across the line between "strong" and not. The balance
 * is computed again for each stretch of the day between sign changes, so that a verdict that holds
 * for part of the day only is said with its hours instead of as a fact.
 */
import { computeBalance, type Balance } from '../../interpretations/chart-factors/balance.ts';
import { keys } from '../../interpretations/keys.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import type { SignId } from '../../interpretations/keys.ts';
import type { DayStretch } from './day-stretches.ts';

export interface BalanceOverTheDay {
  /** The Moon's other sign of the birth day, and the whole balance with the Moon there (the least element and mode may differ); undefined when the Moon kept its sign. */
  otherSign: SignId | undefined;
  other: Balance | undefined;
  /** The balance entries (keys) read at noon whose verdict does not hold for every birth of the day, with the stretches it holds in. */
  holdsIn: Map<string, DayStretch[]>;
  /**
   * On a day one body other than the Moon changed sign and the Moon kept its own (Venus into Aries at 09:31): that body,
   * its noon sign and other sign, the stretches of each, and the whole balance with it in the other sign.
   */
  bodyChange?: BodyChange | undefined;
}

export interface BodyChange {
  body: string;
  noonSign: SignId;
  otherSign: SignId;
  noonStretches: DayStretch[];
  otherStretches: DayStretch[];
  other: Balance;
}

/** The entries a balance reads: its strong and weak elements and modalities and its strong polarity. */
export function balanceVerdicts(b: Balance): Set<string> {
  return new Set([
    ...b.strongElements.map((e) => keys.element(e, 'strong')),
    ...b.weakElements.map((e) => keys.element(e, 'weak')),
    ...b.strongModalities.map((m) => keys.modality(m, 'strong')),
    ...b.weakModalities.map((m) => keys.modality(m, 'weak')),
    ...(b.strongPolarity ? [keys.polarity(b.strongPolarity)] : []),
  ]);
}

/** The points with some bodies moved to other signs (a stretch of the day's signs). */
function withSigns(points: ReadonlyMap<string, PlacedPoint>, signs: ReadonlyMap<string, SignId>): Map<string, PlacedPoint> {
  return new Map([...points].map(([id, p]) => [id, signs.has(id) ? { ...p, sign: signs.get(id)! } : p]));
}

/**
 * The verdicts over the stretches of the birth day (day-stretches.ts: the day cut at each sign change, the Moon's and
 * any other body's); undefined when nothing changed sign that day.
 */
export function balanceOverTheDay(
  points: ReadonlyMap<string, PlacedPoint>,
  noon: Balance,
  stretches: readonly DayStretch[] | undefined,
): BalanceOverTheDay | undefined {
  if (!stretches) return undefined;
  const atNoon = balanceVerdicts(noon);
  const each = stretches.map((stretch) => ({ stretch, verdicts: balanceVerdicts(computeBalance(withSigns(points, stretch.signs))) }));
  const holdsIn = new Map<string, DayStretch[]>();
  for (const key of atNoon) {
    const holding = each.filter((e) => e.verdicts.has(key)).map((e) => e.stretch);
    if (holding.length < stretches.length) holdsIn.set(key, holding);
  }
  const moon = points.get('moon');
  const otherSign = stretches.map((s) => s.signs.get('moon')).find((sign) => sign !== undefined && sign !== moon?.sign);
  return {
    otherSign,
    other: moon && otherSign ? computeBalance(withSigns(points, new Map([['moon', otherSign]]))) : undefined,
    holdsIn,
    bodyChange: bodyChange(points, stretches),
  };
}

/** The one body other than the Moon that changed sign on the birth day, where it is the only one (BalanceOverTheDay.bodyChange). */
function bodyChange(points: ReadonlyMap<string, PlacedPoint>, stretches: readonly DayStretch[]): BodyChange | undefined {
  const changed = new Set(stretches.flatMap((s) => [...s.signs.keys()]));
  const [body] = changed;
  if (changed.size !== 1 || body === undefined || body === 'moon') return undefined;
  const noonSign = points.get(body)?.sign;
  const noonStretches = stretches.filter((s) => s.signs.get(body) === noonSign);
  const otherStretches = stretches.filter((s) => s.signs.get(body) !== noonSign);
  const otherSign = otherStretches[0]?.signs.get(body);
  if (!noonSign || !otherSign || noonStretches.length === 0) return undefined;
  return { body, noonSign, otherSign, noonStretches, otherStretches, other: computeBalance(withSigns(points, otherStretches[0]!.signs)) };
}
