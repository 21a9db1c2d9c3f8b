/**
 * The `interpretation` block of a transits response: the active transits of Sun … Pluto to the
 * natal points with entries (the ten planets, the Ascendant, the Midheaven, Chiron, the north
 * node and Lilith), ranked by weight and orb, in one section `transits`. A transit's
 * weight is that of the moving planet (slow planets mark chapters, fast ones moods) times that of
 * the natal point it touches, times its closeness:
 *
 *   score = transiting weight × natal weight × (0.25 + max(0, 1 − orb / 8))
 *
 * The fifteen highest are shown; ties go to the tighter orb, then to key order. An item's key
 * names the real aspect type (`transit.saturn.square.sun`); its text is the family's entry.
 */
import { aspectFamily, isAspectPoint, keys, readAs, TRANSITING_PLANETS } from '../keys.ts';
import type { InterpretationLibrary } from '../library.ts';
import { chartSeed } from '../variant.ts';
import { blockShell, itemOf, type InterpretationBlock, type InterpretationStyle } from './item.ts';
import { UNTIMED_NOTE } from './natal.ts';

export const TRANSIT_SECTION = 'transits';
export const MAX_TRANSIT_ITEMS = 15;

export const TRANSITING_WEIGHT: Record<string, number> = {
  pluto: 5,
  neptune: 4.5,
  uranus: 4.5,
  saturn: 4,
  jupiter: 3,
  mars: 2,
  sun: 1.5,
  venus: 1.5,
  mercury: 1.2,
  moon: 1,
};
export const NATAL_WEIGHT: Record<string, number> = {
  sun: 1.5,
  moon: 1.5,
  asc: 1.5,
  mc: 1.3,
  mercury: 1.2,
  venus: 1.2,
  mars: 1.2,
  jupiter: 1,
  saturn: 1,
  uranus: 0.8,
  neptune: 0.8,
  pluto: 0.8,
  // Points of growth and sensitivity: felt, but less often than a personal planet is.
  north_node: 0.9,
  chiron: 0.9,
  lilith: 0.7,
};

export interface TransitAspectInput {
  /** The transiting point. */
  p1: string;
  /** The natal point. */
  p2: string;
  type: string;
  orb: number;
}

export function transitScore(a: TransitAspectInput): number {
  return TRANSITING_WEIGHT[a.p1]! * NATAL_WEIGHT[readAs(a.p2)]! * (0.25 + Math.max(0, 1 - a.orb / 8));
}

/**
 * A transit in the ranking. Its key is made when it is needed (an item shown, or a tie of score
 * and orb): most of a chart's transits are ranked below the fifteen shown, and a key for each cost
 * three lookups and a string.
 */
interface Ranked {
  a: TransitAspectInput;
  score: number;
  key: string | undefined;
}

function keyOf(r: Ranked): string {
  return (r.key ??= keys.transit(r.a.p1, r.a.type, r.a.p2));
}

/** Highest score first, then the tighter orb, then key order. */
function byRank(x: Ranked, y: Ranked): number {
  return y.score - x.score || x.a.orb - y.a.orb || keyOf(x).localeCompare(keyOf(y));
}

export function buildTransitBlock(
  natalSubject: { datetime_utc: string; location: { lat: number; lng: number } },
  aspects: readonly TransitAspectInput[],
  options: { style: InterpretationStyle; library: InterpretationLibrary; natalTimed: boolean },
): InterpretationBlock {
  const seed = chartSeed(natalSubject);
  const ranked: Ranked[] = [];
  for (const a of aspects) {
    if ((TRANSITING_PLANETS as readonly string[]).includes(a.p1) && isAspectPoint(a.p2) && aspectFamily(a.type) !== undefined)
      ranked.push({ a, score: transitScore(a), key: undefined });
  }
  ranked.sort(byRank);
  const items = [];
  for (const r of ranked) {
    if (items.length === MAX_TRANSIT_ITEMS) break;
    const { a } = r;
    const entry = options.library.entries.get(keys.transit(a.p1, aspectFamily(a.type)!, readAs(a.p2)));
    if (entry) items.push(itemOf(entry, { category: 'transit', key: keyOf(r), style: options.style, seed }));
  }
  return blockShell(options.library, options.style, { [TRANSIT_SECTION]: items }, options.natalTimed ? [] : [UNTIMED_NOTE]);
}
