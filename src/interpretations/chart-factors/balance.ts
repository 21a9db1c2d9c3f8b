/**
 * Element, modality and polarity balance: a weighted count of where the chart's main points
 * fall. Weights: the Sun, the Moon and the Ascendant 3 each (the core of the personality);
 * Mercury, Venus and Mars 2 (the personal planets); Jupiter and Saturn 1; Uranus, Neptune and
 * Pluto 0.5 (they stay in a sign for years and colour a generation more than a person); the
 * Midheaven 1. Without a birth time the angles are left out.
 *
 * An element is strong when it holds at least 40 % of the weight (1.6 times its even share) and
 * weak at 10 % or less; a modality is strong from 50 % and weak at 12 % or less; a polarity is
 * strong from 65 %. At most two elements can be strong and the thresholds keep "strong" and
 * "weak" apart, so the text never says one thing both ways.
 */
import { SIGNS } from '../../astro/zodiac.ts';
import { ELEMENTS, MODALITIES, type SignId } from '../keys.ts';
import type { PlacedPoint } from './positions.ts';

export type ElementId = (typeof ELEMENTS)[number];
export type ModalityId = (typeof MODALITIES)[number];

export const BALANCE_WEIGHTS: Record<string, number> = {
  sun: 3,
  moon: 3,
  asc: 3,
  mercury: 2,
  venus: 2,
  mars: 2,
  jupiter: 1,
  saturn: 1,
  uranus: 0.5,
  neptune: 0.5,
  pluto: 0.5,
  mc: 1,
};

const WEIGHT_LIST = Object.entries(BALANCE_WEIGHTS);

export const ELEMENT_STRONG = 0.4;
export const ELEMENT_WEAK = 0.1;
/** Under this share of the weight (percent) the report reads the least element or mode as a lack; at it or above, as a lean. */
export const LACK_BELOW_PERCENT = 20;
export const MODALITY_STRONG = 0.5;
export const MODALITY_WEAK = 0.12;
export const POLARITY_STRONG = 0.65;

export interface Balance {
  total: number;
  elements: Record<ElementId, number>;
  modalities: Record<ModalityId, number>;
  polarity: { yang: number; yin: number };
  strongElements: ElementId[];
  weakElements: ElementId[];
  strongModalities: ModalityId[];
  weakModalities: ModalityId[];
  strongPolarity?: 'yang' | 'yin' | undefined;
  /** Which points fall in each element and each modality, for the report's tables. */
  members: Record<ElementId, string[]>;
  modalityMembers: Record<ModalityId, string[]>;
}

const SIGN_BY_ID = new Map<string, (typeof SIGNS)[number]>(SIGNS.map((s) => [s.id, s]));

export function signElement(sign: SignId): ElementId {
  return SIGN_BY_ID.get(sign)!.element;
}

export function signModality(sign: SignId): ModalityId {
  return SIGN_BY_ID.get(sign)!.modality;
}

export function computeBalance(points: ReadonlyMap<string, PlacedPoint>): Balance {
  const elements = { fire: 0, earth: 0, air: 0, water: 0 };
  const modalities = { cardinal: 0, fixed: 0, mutable: 0 };
  const members: Record<ElementId, string[]> = { fire: [], earth: [], air: [], water: [] };
  const modalityMembers: Record<ModalityId, string[]> = { cardinal: [], fixed: [], mutable: [] };
  let total = 0;
  for (const [id, weight] of WEIGHT_LIST) {
    const p = points.get(id);
    if (!p) continue;
    total += weight;
    elements[signElement(p.sign)] += weight;
    modalities[signModality(p.sign)] += weight;
    members[signElement(p.sign)].push(id);
    modalityMembers[signModality(p.sign)].push(id);
  }
  const share = (v: number) => (total === 0 ? 0 : v / total);
  const yang = elements.fire + elements.air;
  const yin = elements.earth + elements.water;
  return {
    total,
    elements,
    modalities,
    polarity: { yang, yin },
    members,
    modalityMembers,
    strongElements: ELEMENTS.filter((e) => share(elements[e]) >= ELEMENT_STRONG),
    weakElements: ELEMENTS.filter((e) => share(elements[e]) <= ELEMENT_WEAK),
    strongModalities: MODALITIES.filter((m) => share(modalities[m]) >= MODALITY_STRONG),
    weakModalities: MODALITIES.filter((m) => share(modalities[m]) <= MODALITY_WEAK),
    strongPolarity: share(yang) >= POLARITY_STRONG ? 'yang' : share(yin) >= POLARITY_STRONG ? 'yin' : undefined,
  };
}
