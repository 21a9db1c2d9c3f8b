/**
 * Chaldean numerology after Cheiro (spec.md §3): `chaldean_name_number`, reduce-all, Cheiro
 * compounds 10..52.
 */
import { cheiroValue } from './alphabets.ts';
import { firstInRange, lastOf, reductionChain } from './reduction.ts';

export const CHALDEAN_SLUGS = ['chaldean_name_number'] as const;
export type ChaldeanSlug = (typeof CHALDEAN_SLUGS)[number];

export type NameBasis = 'current_name' | 'birth_name';

/** Cheiro describes compound numbers up to 52. */
export const CHEIRO_COMPOUND_MIN = 10;
export const CHEIRO_COMPOUND_MAX = 52;

export interface CheiroPartTrace {
  text: string;
  letter_values: number[];
  sum: number;
}

/** Per-part trace plus the whole-name total (Cheiro adds every letter of the name). */
export function cheiroNameTotal(parts: readonly string[]): { parts: CheiroPartTrace[]; total: number } {
  const traces = parts.map((text) => {
    const letterValues = [...text].map(cheiroValue);
    return { text, letter_values: letterValues, sum: letterValues.reduce((a, b) => a + b, 0) };
  });
  return { parts: traces, total: traces.reduce((a, t) => a + t.sum, 0) };
}

export function chaldeanNameNumber(parts: readonly string[], nameBasis: NameBasis) {
  const { parts: traces, total } = cheiroNameTotal(parts);
  const chain = reductionChain(total, false);
  return {
    value: lastOf(chain),
    name_basis: nameBasis,
    parts: traces,
    total,
    chain,
    cheiro_compound: firstInRange(chain, CHEIRO_COMPOUND_MIN, CHEIRO_COMPOUND_MAX),
  };
}
