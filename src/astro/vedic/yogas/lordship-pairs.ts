/**
 * Yogas of two lords acting together: each unordered pair of distinct grahas (Sun to Saturn),
 * one ruling a house of the first set and the other a house of the second, in relation
 * (association.ts). The raja yogas (kendra with trikona lords) and the dhana yogas (2nd and
 * 11th with trikona lords) are both of this form.
 */
import { SEVEN_GRAHAS, type SevenGraha } from '../grahas.ts';
import { housesRuledBy, type ChartFacts } from './chart-facts.ts';
import { associationOf, oneWayAspect, type Association } from './association.ts';

export interface LordPair {
  a: SevenGraha;
  b: SevenGraha;
  /** Houses from the lagna each rules. */
  aHouses: number[];
  bHouses: number[];
  /** The houses of each set the pair holds between them, for the evidence. */
  firstSet: number[];
  secondSet: number[];
  association: Association | null;
  /** For a pair not in relation: a one-way aspect, the near miss. */
  nearly: string | null;
}

export function lordPairs(facts: ChartFacts, first: readonly number[], second: readonly number[]): LordPair[] {
  const ruled = new Map(SEVEN_GRAHAS.map((g) => [g, housesRuledBy(facts, g)]));
  const pairs: LordPair[] = [];
  for (let i = 0; i < SEVEN_GRAHAS.length; i++) {
    for (let j = i + 1; j < SEVEN_GRAHAS.length; j++) {
      const a = SEVEN_GRAHAS[i]!;
      const b = SEVEN_GRAHAS[j]!;
      const aH = ruled.get(a)!;
      const bH = ruled.get(b)!;
      const forward = aH.some((h) => first.includes(h)) && bH.some((h) => second.includes(h));
      const backward = bH.some((h) => first.includes(h)) && aH.some((h) => second.includes(h));
      if (!forward && !backward) continue;
      const all = [...aH, ...bH];
      const association = associationOf(facts, a, b);
      pairs.push({
        a,
        b,
        aHouses: aH,
        bHouses: bH,
        firstSet: [...new Set(all.filter((h) => first.includes(h)))].sort((x, y) => x - y),
        secondSet: [...new Set(all.filter((h) => second.includes(h)))].sort((x, y) => x - y),
        association,
        nearly: association ? null : oneWayAspect(facts, a, b),
      });
    }
  }
  return pairs;
}

/** `the 5th and 9th`. */
export function housesWords(houses: readonly number[]): string {
  const words = houses.map((h) => `${h}${h === 1 ? 'st' : h === 2 ? 'nd' : h === 3 ? 'rd' : 'th'}`);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
