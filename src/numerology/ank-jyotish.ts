/**
 * Ank Jyotish (spec.md §5), profile `ank-jyotish-civil-cheiro-navagraha-reduce-all-v1`: civil
 * midnight date boundary, Gregorian calendar, DDMMYYYY digit order, every number reduced to 1–9,
 * Cheiro's letter table for the name.
 */
import { cheiroNameTotal } from './chaldean.ts';
import type { NameBasis } from './chaldean.ts';
import type { CivilDate } from './dates.ts';
import { dateDigits } from './dates.ts';
import { grahaFor } from './graha.ts';
import { digitStringSum, lastOf, reductionChain } from './reduction.ts';

export const ANK_JYOTISH_SLUGS = ['moolank', 'bhagyank', 'namank'] as const;
export type AnkJyotishSlug = (typeof ANK_JYOTISH_SLUGS)[number];

/** Mulank (psychic/driver number): the birth day reduced to 1–9. */
export function moolank(birth: CivilDate) {
  const chain = reductionChain(birth.day, false);
  const value = lastOf(chain);
  return { value, day: birth.day, chain, graha: grahaFor(value) };
}

/** Bhagyank (destiny/conductor number): the digits of DDMMYYYY summed and reduced to 1–9. */
export function bhagyank(birth: CivilDate) {
  const digits = dateDigits(birth.day, birth.month, birth.year);
  const chain = reductionChain(digitStringSum(digits), false);
  const value = lastOf(chain);
  return { value, digits, chain, graha: grahaFor(value) };
}

/** Namank (name number): Cheiro values over all letters, reduced to 1–9. */
export function namank(parts: readonly string[], nameBasis: NameBasis) {
  const { total } = cheiroNameTotal(parts);
  const chain = reductionChain(total, false);
  const value = lastOf(chain);
  return { value, name_basis: nameBasis, normalized: parts.join(' '), total, chain, graha: grahaFor(value) };
}
