/**
 * Dominant element, modality and sign: a weighted count over the planets and the Ascendant.
 * The Sun, the Moon and the Ascendant weigh 2, the other planets 1. The modern count takes the ten
 * planets; the traditional one the seven visible to the eye (Sun to Saturn), as astrologers before
 * the discovery of Uranus counted. Ties go to the element (modality, sign) that comes first in
 * zodiacal order (fire, earth, air, water; cardinal, fixed, mutable; Aries to Pisces).
 */
import { TEN_PLANETS } from './bodies.ts';
import { SIGNS, signIndexOf, signOf, type Element, type Modality } from './zodiac.ts';

export type DominantsMethod = 'modern' | 'traditional';

const WEIGHTS: Record<string, number> = { sun: 2, moon: 2, asc: 2 };
const ELEMENTS: Element[] = ['fire', 'earth', 'air', 'water'];
const MODALITIES: Modality[] = ['cardinal', 'fixed', 'mutable'];
const COUNTED: Record<DominantsMethod, ReadonlySet<string>> = {
  modern: new Set([...TEN_PLANETS, 'asc']),
  traditional: new Set([...TEN_PLANETS.slice(0, 7), 'asc']),
};

export interface Dominants {
  element: Element;
  modality: Modality;
  element_scores: Record<Element, number>;
  modality_scores: Record<Modality, number>;
}

export function dominants(points: readonly { id: string; lon: number }[], method: DominantsMethod = 'modern'): Dominants {
  const counted = COUNTED[method];
  const elementScores = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<Element, number>;
  const modalityScores = Object.fromEntries(MODALITIES.map((m) => [m, 0])) as Record<Modality, number>;
  for (const p of points) {
    if (!counted.has(p.id)) continue;
    const sign = signOf(p.lon);
    const w = weightOf(p.id);
    elementScores[sign.element] += w;
    modalityScores[sign.modality] += w;
  }
  return { element: highest(ELEMENTS, elementScores), modality: highest(MODALITIES, modalityScores), element_scores: elementScores, modality_scores: modalityScores };
}

/** The natal answer's `dominants`: the element and modality, and the sign that holds the most weight. */
export function natalDominants(points: readonly { id: string; lon: number }[], method: DominantsMethod) {
  const { element, modality, element_scores, modality_scores } = dominants(points, method);
  const signScores = SIGNS.map(() => 0);
  const counted: string[] = [];
  for (const p of points) {
    if (!COUNTED[method].has(p.id)) continue;
    signScores[signIndexOf(p.lon)]! += weightOf(p.id);
    counted.push(p.id);
  }
  const sign = SIGNS[signScores.indexOf(Math.max(...signScores))]!;
  return { method, element, modality, sign: sign.abbr, sign_id: sign.id, element_scores, modality_scores, points_counted: counted };
}

function weightOf(id: string): number {
  return Object.hasOwn(WEIGHTS, id) ? WEIGHTS[id]! : 1;
}

/** The key with the highest score, the first of them on a tie. */
function highest<K extends string>(keys: readonly K[], scores: Record<K, number>): K {
  return keys.reduce((best, k) => (scores[k] > scores[best] ? k : best), keys[0]!);
}
