/**
 * Pythagorean numerology (spec.md §2): the 17 slugs, policy `preserve_core_11_22_33`, compound
 * policy `full_trace`.
 */
import { PYTHAGOREAN_VOWELS, pythagoreanValue } from './alphabets.ts';
import type { CivilDate } from './dates.ts';
import { dateDigits, formatCivilDate } from './dates.ts';
import { digitStringSum, red, red1, reduceSingle } from './reduction.ts';
import type { CoreReduction, SingleReduction } from './reduction.ts';

export const PYTHAGOREAN_SLUGS = [
  'life_path',
  'expression',
  'soul_urge',
  'personality',
  'birthday',
  'maturity',
  'personal_year',
  'personal_month',
  'personal_day',
  'pinnacles',
  'challenges',
  'balance',
  'rational_thought',
  'subconscious_self',
  'karmic_lessons',
  'hidden_passion',
  'karmic_debt',
] as const;

export type PythagoreanSlug = (typeof PYTHAGOREAN_SLUGS)[number];

/** `component` (Decoz) or `raw_digit_sum`: the only difference between the two profiles. */
export type DateMethod = 'component' | 'raw_digit_sum';

export interface PythagoreanInput {
  readonly dateMethod: DateMethod;
  readonly birthDate?: CivilDate;
  /** Normalised parts (§1.5) of the full birth name. */
  readonly nameParts?: readonly string[];
  /** The reference date ("today") for personal cycles. */
  readonly referenceDate?: CivilDate;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`pythagorean calculation called without ${what}`);
  return value;
}

// --- Letters -------------------------------------------------------------------------------------

function isPlainVowel(ch: string | undefined): boolean {
  return ch !== undefined && PYTHAGOREAN_VOWELS.has(ch);
}

/** §2.2: vowel flags for the letters of one normalised name part (positional Y rule). */
export function vowelFlags(part: string): boolean[] {
  const letters = [...part];
  return letters.map((ch, i) => {
    if (ch !== 'Y') return isPlainVowel(ch);
    if (isPlainVowel(letters[i - 1])) return false; // Murray, Kaye, Boyd
    if (isPlainVowel(letters[i + 1])) {
      if (i === 0) return false; // Yolanda, Yoda
      if (letters.slice(0, i).some(isPlainVowel)) return false; // Tanya, Sawyer (glide)
      return true; // Bryan, Wyatt
    }
    return true; // Lynn, Yvonne, Mary, Glynn
  });
}

export interface NamePartTrace {
  text: string;
  letters: string;
  letter_values: number[];
  sum: number;
  reduction: CoreReduction;
}

export interface NameNumberResult {
  value: number | null;
  status?: 'no_vowels' | 'no_consonants';
  parts: NamePartTrace[];
  total: CoreReduction | null;
}

type LetterFilter = 'all' | 'vowels' | 'consonants';

function namePartTrace(part: string, filter: LetterFilter): NamePartTrace {
  const flags = vowelFlags(part);
  const letters = [...part].filter((_, i) => filter === 'all' || (filter === 'vowels' ? flags[i] : !flags[i])).join('');
  const letterValues = [...letters].map(pythagoreanValue);
  const sum = letterValues.reduce((a, b) => a + b, 0);
  return { text: part, letters, letter_values: letterValues, sum, reduction: red(sum) };
}

/** Decoz per-name method: reduce each part (keeping masters), add the part values, reduce again. */
function nameNumber(parts: readonly string[], filter: LetterFilter, emptyStatus?: 'no_vowels' | 'no_consonants'): NameNumberResult {
  const traces = parts.map((p) => namePartTrace(p, filter));
  const grand = traces.reduce((a, t) => a + t.reduction.value, 0);
  if (grand === 0 && emptyStatus) return { value: null, status: emptyStatus, parts: traces, total: null };
  const total = red(grand);
  return { value: total.value, parts: traces, total };
}

function letterCounts(parts: readonly string[]): { counts: Record<string, number>; letterCount: number } {
  const counts: Record<string, number> = {};
  for (let d = 1; d <= 9; d++) counts[String(d)] = 0;
  let letterCount = 0;
  for (const part of parts) {
    for (const ch of part) {
      const key = String(pythagoreanValue(ch));
      counts[key] = (counts[key] ?? 0) + 1;
      letterCount++;
    }
  }
  return { counts, letterCount };
}

// --- Slugs ---------------------------------------------------------------------------------------

export function lifePath(input: PythagoreanInput) {
  const b = need(input.birthDate, 'birth date');
  if (input.dateMethod === 'component') {
    const components = { month: red(b.month), day: red(b.day), year: red(b.year) };
    const total = red(components.month.value + components.day.value + components.year.value);
    return { value: total.value, method: 'component' as const, components, total };
  }
  const digits = dateDigits(b.month, b.day, b.year);
  const total = red(digitStringSum(digits));
  return { value: total.value, method: 'raw_digit_sum' as const, digits, total };
}

export function expression(input: PythagoreanInput): NameNumberResult {
  return nameNumber(need(input.nameParts, 'name'), 'all');
}

export function soulUrge(input: PythagoreanInput): NameNumberResult {
  return nameNumber(need(input.nameParts, 'name'), 'vowels', 'no_vowels');
}

export function personality(input: PythagoreanInput): NameNumberResult {
  return nameNumber(need(input.nameParts, 'name'), 'consonants', 'no_consonants');
}

export function birthday(input: PythagoreanInput) {
  const b = need(input.birthDate, 'birth date');
  const reduction = red(b.day);
  return { value: reduction.value, day: b.day, reduction };
}

export function maturity(input: PythagoreanInput) {
  const lp = lifePath(input).value;
  const ex = need(expression(input).value ?? undefined, 'expression value');
  const total = red(lp + ex);
  return { value: total.value, life_path: lp, expression: ex, total };
}

export function personalYear(input: PythagoreanInput) {
  const b = need(input.birthDate, 'birth date');
  const r = need(input.referenceDate, 'reference date');
  const reference_date = formatCivilDate(r);
  if (input.dateMethod === 'component') {
    const components = { birth_month: red1(b.month), birth_day: red1(b.day), reference_year: red1(r.year) };
    const total = red1(components.birth_month.value + components.birth_day.value + components.reference_year.value);
    return { value: total.value, method: 'component' as const, reference_date, components, total };
  }
  const digits = dateDigits(b.month, b.day, r.year);
  const total = red1(digitStringSum(digits));
  return { value: total.value, method: 'raw_digit_sum' as const, reference_date, digits, total };
}

export function personalMonth(input: PythagoreanInput) {
  const r = need(input.referenceDate, 'reference date');
  const py = personalYear(input).value;
  const total: SingleReduction = red1(py + r.month);
  return { value: total.value, reference_date: formatCivilDate(r), personal_year: py, reference_month: r.month, total };
}

export function personalDay(input: PythagoreanInput) {
  const r = need(input.referenceDate, 'reference date');
  const pm = personalMonth(input).value;
  const total: SingleReduction = red1(pm + r.day);
  return { value: total.value, reference_date: formatCivilDate(r), personal_month: pm, reference_day: r.day, total };
}

export function pinnacles(input: PythagoreanInput) {
  const b = need(input.birthDate, 'birth date');
  const components = { month: red(b.month), day: red(b.day), year: red(b.year) };
  const m = components.month.value;
  const d = components.day.value;
  const y = components.year.value;
  const p1 = red(m + d);
  const p2 = red(d + y);
  const p3 = red(p1.value + p2.value);
  const p4 = red(m + y);
  const lifePathValue = lifePath(input).value;
  const lifePathSingle = reduceSingle(lifePathValue);
  const firstEnd = 36 - lifePathSingle;
  const starts = [0, firstEnd, firstEnd + 9, firstEnd + 18];
  const reductions = [p1, p2, p3, p4];
  const list = reductions.map((reduction, i) => {
    const start_age = starts[i] as number;
    const end_age = i < 3 ? (starts[i + 1] as number) : null;
    return {
      index: i + 1,
      value: reduction.value,
      reduction,
      start_age,
      end_age,
      start_year: b.year + start_age,
      end_year: end_age === null ? null : b.year + end_age,
    };
  });
  return {
    value: reductions.map((r) => r.value),
    components,
    life_path: lifePathValue,
    life_path_single: lifePathSingle,
    pinnacles: list,
  };
}

export function challenges(input: PythagoreanInput) {
  const b = need(input.birthDate, 'birth date');
  const components = { month: red1(b.month), day: red1(b.day), year: red1(b.year) };
  const m = components.month.value;
  const d = components.day.value;
  const y = components.year.value;
  const c1 = Math.abs(m - d);
  const c2 = Math.abs(d - y);
  const c3 = Math.abs(c1 - c2);
  const c4 = Math.abs(m - y);
  return { value: [c1, c2, c3, c4], components, main_challenge: c3 };
}

export function balance(input: PythagoreanInput) {
  const parts = need(input.nameParts, 'name');
  const initials = parts.map((p) => p.charAt(0)).join('');
  const letterValues = [...initials].map(pythagoreanValue);
  const total = red(letterValues.reduce((a, b) => a + b, 0));
  return { value: total.value, initials, letter_values: letterValues, total };
}

export function rationalThought(input: PythagoreanInput) {
  const parts = need(input.nameParts, 'name');
  const b = need(input.birthDate, 'birth date');
  const text = need(parts[0], 'first name part');
  const letterValues = [...text].map(pythagoreanValue);
  const sum = letterValues.reduce((a, v) => a + v, 0);
  const firstName = { text, letter_values: letterValues, sum, reduction: red(sum) };
  const birthdayReduction = red(b.day);
  const total = red(firstName.reduction.value + birthdayReduction.value);
  return { value: total.value, first_name: firstName, birthday: birthdayReduction, total };
}

export function karmicLessons(input: PythagoreanInput) {
  const { counts, letterCount } = letterCounts(need(input.nameParts, 'name'));
  const value = Object.keys(counts)
    .map(Number)
    .filter((d) => counts[String(d)] === 0)
    .sort((a, b) => a - b);
  return { value, counts, letter_count: letterCount };
}

export function hiddenPassion(input: PythagoreanInput) {
  const { counts } = letterCounts(need(input.nameParts, 'name'));
  const maxCount = Math.max(...Object.values(counts));
  const value = Object.keys(counts)
    .map(Number)
    .filter((d) => counts[String(d)] === maxCount)
    .sort((a, b) => a - b);
  return { value, max_count: maxCount, counts };
}

export function subconsciousSelf(input: PythagoreanInput) {
  const lessons = karmicLessons(input).value;
  return { value: 9 - lessons.length, karmic_lessons: lessons };
}

export function karmicDebt(input: PythagoreanInput) {
  const found: { number: number; in: string }[] = [];
  const add = (carrier: string, debt: number | null | undefined) => {
    if (debt !== null && debt !== undefined) found.push({ number: debt, in: carrier });
  };
  add('life_path', lifePath(input).total.karmic_debt);
  add('expression', expression(input).total?.karmic_debt);
  add('soul_urge', soulUrge(input).total?.karmic_debt);
  add('personality', personality(input).total?.karmic_debt);
  add('birthday', birthday(input).reduction.karmic_debt);
  const value = [...new Set(found.map((f) => f.number))].sort((a, b) => a - b);
  return { value, found };
}

const CALCULATORS: Readonly<Record<PythagoreanSlug, (input: PythagoreanInput) => object>> = {
  life_path: lifePath,
  expression,
  soul_urge: soulUrge,
  personality,
  birthday,
  maturity,
  personal_year: personalYear,
  personal_month: personalMonth,
  personal_day: personalDay,
  pinnacles,
  challenges,
  balance,
  rational_thought: rationalThought,
  subconscious_self: subconsciousSelf,
  karmic_lessons: karmicLessons,
  hidden_passion: hiddenPassion,
  karmic_debt: karmicDebt,
};

export function computePythagorean(slug: PythagoreanSlug, input: PythagoreanInput): object {
  return CALCULATORS[slug](input);
}
