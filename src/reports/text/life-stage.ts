/**
 * Readings that picture a stage of life, and the ages they are printed for. A few of the library's
 * readings speak of a moment most people meet at one age ("leaving home for a first serious job",
 * "in your twenties you may have watched…"): where an entry has another reading, such a reading is
 * not printed for a reader at another stage (a reader of 58 had been told how to survive a first job
 * away from home). Ages are whole years at the report's date.
 */
const STAGES: readonly { words: RegExp; suits: (age: number) => boolean }[] = [
  // The start of working life.
  { words: /\bfirst serious job\b|\bgraduate scheme\b|\bleaving home for\b/i, suits: (age) => age < 30 },
  // Looking back on one's twenties.
  { words: /\bin your twenties you (may|might) have\b/i, suits: (age) => age >= 30 },
  // A teenager of one's own at home (a reader of 32 was told hers could become her most evenly matched opponent).
  { words: /\ba teenager in the house\b|\bset limits for a teenager\b/i, suits: (age) => age >= 36 && age < 66 },
  // Grandchildren and a last project.
  { words: /\bjust when grandchildren\b/i, suits: (age) => age >= 50 },
  // Being the family's older generation (a reader of 25 was told younger relatives find her "the easiest older person").
  { words: /\beasiest older person\b/i, suits: (age) => age >= 50 },
];

/** Whether a reading suits a reader of this age (undefined: not known, every reading suits). */
export function suitsAge(text: string, age: number | undefined): boolean {
  return age === undefined || STAGES.every((s) => !s.words.test(text) || s.suits(age));
}

/** Whole years from a birth date to a later date, both ISO (YYYY-MM-DD…). */
export function ageOn(birthIso: string, onIso: string): number {
  const [by, bm, bd] = birthIso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = onIso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
