/**
 * Dominant element and modality: a weighted count over the ten planets and the Ascendant.
 * The Sun, the Moon and the Ascendant weigh 2, the other planets 1; ties go to the element
 * (modality) that comes first in zodiacal order (fire, earth, air, water; cardinal, fixed, mutable).
 */
import { TEN_PLANETS } from './bodies.ts';
import { signOf, type Element, type Modality } from './zodiac.ts';

const WEIGHTS: Record<string, number> = { sun: 2, moon: 2, asc: 2 };
const ELEMENTS: Element[] = ['fire', 'earth', 'air', 'water'];
const MODALITIES: Modality[] = ['cardinal', 'fixed', 'mutable'];

export function dominants(points: readonly { id: string; lon: number }[]): { element: Element; modality: Modality; element_scores: Record<Element, number>; modality_scores: Record<Modality, number> } {
  const elementScores = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<Element, number>;
  const modalityScores = Object.fromEntries(MODALITIES.map((m) => [m, 0])) as Record<Modality, number>;
  for (const p of points) {
    if (!(TEN_PLANETS as readonly string[]).includes(p.id) && p.id !== 'asc') continue;
    const sign = signOf(p.lon);
    const w = (Object.hasOwn(WEIGHTS, p.id) ? WEIGHTS[p.id]! : 1);
    elementScores[sign.element] += w;
    modalityScores[sign.modality] += w;
  }
  return { element: highest(ELEMENTS, elementScores), modality: highest(MODALITIES, modalityScores), element_scores: elementScores, modality_scores: modalityScores };
}

/** The key with the highest score, the first of them on a tie. */
function highest<K extends string>(keys: readonly K[], scores: Record<K, number>): K {
  return keys.reduce((best, k) => (scores[k] > scores[best] ? k : best), keys[0]!);
}
