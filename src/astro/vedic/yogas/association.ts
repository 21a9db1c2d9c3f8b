/**
 * Parashara's relations (sambandha) between two grahas that make lords of houses act together,
 * as the raja and dhana yogas read them (Brihat Parashara Hora Shastra, ch. 39 and 41): an
 * exchange of signs (each in a sign of the other), being in one sign, or a mutual aspect (each
 * casting graha drishti on the other). A one-way aspect is not a relation here.
 */
import { SIGN_LORDS, type SevenGraha } from '../grahas.ts';
import { aspects, nameOf, type ChartFacts } from './chart-facts.ts';

export type Association = 'exchange' | 'conjunction' | 'mutual_aspect';

export function associationOf(facts: ChartFacts, a: SevenGraha, b: SevenGraha): Association | null {
  if (SIGN_LORDS[facts.sign[a]] === b && SIGN_LORDS[facts.sign[b]] === a) return 'exchange';
  if (facts.sign[a] === facts.sign[b]) return 'conjunction';
  if (aspects(facts, a, b) && aspects(facts, b, a)) return 'mutual_aspect';
  return null;
}

/** A one-way aspect, for the near misses: which of the two aspects the other. */
export function oneWayAspect(facts: ChartFacts, a: SevenGraha, b: SevenGraha): string | null {
  if (aspects(facts, a, b)) return `${nameOf(a)} aspects ${nameOf(b)}, but not in return`;
  if (aspects(facts, b, a)) return `${nameOf(b)} aspects ${nameOf(a)}, but not in return`;
  return null;
}

export function associationWords(kind: Association, a: SevenGraha, b: SevenGraha): string {
  if (kind === 'exchange') return `${nameOf(a)} and ${nameOf(b)} exchange signs`;
  if (kind === 'conjunction') return `${nameOf(a)} and ${nameOf(b)} are together in one sign`;
  return `${nameOf(a)} and ${nameOf(b)} aspect each other`;
}
