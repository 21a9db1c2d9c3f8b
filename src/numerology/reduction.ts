/**
 * Digit sums, reduction chains, master and karmic-debt detection (spec.md §1.1–§1.3).
 *
 * Every reduction is reported with its complete chain (`full_trace`): no intermediate digit sum is
 * skipped.
 */

/** Master numbers are exactly 11, 22 and 33 (44 and higher are never masters). */
export const MASTER_NUMBERS: readonly number[] = Object.freeze([11, 22, 33]);

/** Karmic-debt numbers are exactly 13, 14, 16 and 19. */
export const KARMIC_DEBT_NUMBERS: readonly number[] = Object.freeze([13, 14, 16, 19]);

export function isMasterNumber(n: number): boolean {
  return MASTER_NUMBERS.includes(n);
}

export function isKarmicDebtNumber(n: number): boolean {
  return KARMIC_DEBT_NUMBERS.includes(n);
}

function assertNonNegativeInteger(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError('reduction input must be a non-negative safe integer');
  }
}

/** The sum of the decimal digits of the non-negative integer `n`. */
export function digitSum(n: number): number {
  assertNonNegativeInteger(n);
  let sum = 0;
  let rest = n;
  while (rest > 0) {
    sum += rest % 10;
    rest = Math.floor(rest / 10);
  }
  return sum;
}

/** The sum of the digits of a string of ASCII digits (e.g. "11221992" → 27). */
export function digitStringSum(digits: string): number {
  let sum = 0;
  for (const ch of digits) {
    const d = ch.charCodeAt(0) - 48;
    if (d < 0 || d > 9) throw new RangeError('digit string contains a non-digit');
    sum += d;
  }
  return sum;
}

/**
 * `chain(n, preserve)`: `[n, digit_sum(n), ...]`, stopping at the first element `<= 9`, or, when
 * `preserve` is true, also at the first master number (11, 22, 33). `chain(0) = [0]`.
 */
export function reductionChain(n: number, preserve: boolean): number[] {
  assertNonNegativeInteger(n);
  const chain = [n];
  let current = n;
  while (current > 9 && !(preserve && isMasterNumber(current))) {
    current = digitSum(current);
    chain.push(current);
  }
  return chain;
}

/** `reduce_core` (policy `preserve_core_11_22_33`). */
export function reduceCore(n: number): number {
  return lastOf(reductionChain(n, true));
}

/** `reduce_single`: always 0..9 (0 only for 0). */
export function reduceSingle(n: number): number {
  return lastOf(reductionChain(n, false));
}

/** The first element of `chain[:-1]` that is 13, 14, 16 or 19, or null. */
export function karmicDebtInChain(chain: readonly number[]): number | null {
  for (let i = 0; i < chain.length - 1; i++) {
    const n = chain[i] as number;
    if (isKarmicDebtNumber(n)) return n;
  }
  return null;
}

/** The first element of a chain in `min..max`, or null (used for Cheiro compounds 10..52). */
export function firstInRange(chain: readonly number[], min: number, max: number): number | null {
  for (const n of chain) if (n >= min && n <= max) return n;
  return null;
}

export function lastOf(chain: readonly number[]): number {
  const last = chain[chain.length - 1];
  if (last === undefined) throw new RangeError('empty chain');
  return last;
}

/** A preserving reduction object (spec.md §1.2). */
export interface CoreReduction {
  input: number;
  chain: number[];
  value: number;
  master: boolean;
  karmic_debt: number | null;
}

/** A non-preserving reduction object: it has no `master` key. */
export interface SingleReduction {
  input: number;
  chain: number[];
  value: number;
  karmic_debt: number | null;
}

/** `red(n)`: the reduction object using `reduce_core`. */
export function red(n: number): CoreReduction {
  const chain = reductionChain(n, true);
  const value = lastOf(chain);
  return { input: n, chain, value, master: isMasterNumber(value), karmic_debt: karmicDebtInChain(chain) };
}

/** `red1(n)`: the reduction object using `reduce_single`. */
export function red1(n: number): SingleReduction {
  const chain = reductionChain(n, false);
  return { input: n, chain, value: lastOf(chain), karmic_debt: karmicDebtInChain(chain) };
}

/** The classical printed compound form, e.g. "38/11/2" (informative; the API does not need it). */
export function compoundNotation(chain: readonly number[]): string {
  return chain.join('/');
}
