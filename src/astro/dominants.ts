/**
 * Dominant element, modality and sign: a weighted count over the planets and the Ascendant.
 * The Sun, the Moon and the Ascendant weigh 2, the other planets 1. The modern count takes the ten
 * planets; the traditional one the seven visible to the eye (Sun to Saturn), as astrologers before
 * the discovery of Uranus counted. Ties go to the element (modality, sign) that comes first in
 * zodiacal order (fire, earth, air, water; cardinal, fixed, mutable; Aries to Pisces).
 */
import { TEN_PLANETS } from './bodies.ts';
import { SIGNS, signIndexOf, type Element, type Modality } from './zodiac.ts';

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

/** The weight of the counted points in each element, modality and sign, and which points were counted. */
function tally(points: readonly { id: string; lon: number }[], method: DominantsMethod) {
  const elementScores = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<Element, number>;
  const modalityScores = Object.fromEntries(MODALITIES.map((m) => [m, 0])) as Record<Modality, number>;
  const signScores = SIGNS.map(() => 0);
  const counted: string[] = [];
  for (const p of points) {
    if (!COUNTED[method].has(p.id)) continue;
    const index = signIndexOf(p.lon);
    const sign = SIGNS[index]!;
    const w = Object.hasOwn(WEIGHTS, p.id) ? WEIGHTS[p.id]! : 1;
    elementScores[sign.element] += w;
    modalityScores[sign.modality] += w;
    signScores[index]! += w;
    counted.push(p.id);
  }
  return { elementScores, modalityScores, signScores, counted };
}

export function dominants(points: readonly { id: string; lon: number }[], method: DominantsMethod = 'modern'): Dominants {
  const { elementScores, modalityScores } = tally(points, method);
  return {
    element: highest(ELEMENTS, elementScores),
    modality: highest(MODALITIES, modalityScores),
    element_scores: elementScores,
    modality_scores: modalityScores,
  };
}

/** The natal answer's `dominants`: the element and modality, and the sign that holds the most weight. */
export function natalDominants(points: readonly { id: string; lon: number }[], method: DominantsMethod) {
  const { elementScores, modalityScores, signScores, counted } = tally(points, method);
  const sign = SIGNS[signScores.indexOf(Math.max(...signScores))]!;
  return {
    method,
    element: highest(ELEMENTS, elementScores),
    modality: highest(MODALITIES, modalityScores),
    sign: sign.abbr,
    sign_id: sign.id,
    element_scores: elementScores,
    modality_scores: modalityScores,
    points_counted: counted,
  };
}

/** The key with the highest score, the first of them on a tie. */
function highest<K extends string>(keys: readonly K[], scores: Record<K, number>): K {
  return keys.reduce((best, k) => (scores[k] > scores[best] ? k : best), keys[0]!);
}
