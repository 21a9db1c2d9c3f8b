/**
 * Immutable letter tables, addressed by alphabet id (spec.md §2.1, §3.1, §4.3).
 *
 * The ids are part of the public contract: a table behind an id never changes. A different table
 * gets a new id.
 */
import { deepFreeze } from './deep-freeze.ts';

export const PYTHAGOREAN_ALPHABET_ID = 'pythagorean-latin-a-z-cyclic-1-9-v1';
export const PYTHAGOREAN_Y_RULE_ID = 'pythagorean-y-positional-v1';
export const CHALDEAN_ALPHABET_ID = 'chaldean-cheiro-latin-1-8-v1';
export const HEBREW_ALPHABET_ID = 'hebrew-gematria-22-finals-as-base-v1';

export const LATIN_NORMALIZATION_ID = 'latin-name-normalization-v1';
export const HEBREW_NORMALIZATION_ID = 'hebrew-name-normalization-v1';

export const ALPHABET_IDS: readonly string[] = Object.freeze([PYTHAGOREAN_ALPHABET_ID, CHALDEAN_ALPHABET_ID, HEBREW_ALPHABET_ID]);

const LATIN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// --- Pythagorean ---------------------------------------------------------------------------------

/** `((index of letter in A..Z) mod 9) + 1`. */
const PYTHAGOREAN_VALUES: ReadonlyMap<string, number> = new Map([...LATIN_LETTERS].map((letter, index) => [letter, (index % 9) + 1] as const));

export const PYTHAGOREAN_VOWELS: ReadonlySet<string> = new Set(['A', 'E', 'I', 'O', 'U']);

export function pythagoreanValue(letter: string): number {
  const value = PYTHAGOREAN_VALUES.get(letter);
  if (value === undefined) throw new RangeError('not a letter A-Z');
  return value;
}

// --- Chaldean (Cheiro) ---------------------------------------------------------------------------

const CHEIRO_GROUPS: readonly (readonly [number, string])[] = [
  [1, 'AIJQY'],
  [2, 'BKR'],
  [3, 'CGLS'],
  [4, 'DMT'],
  [5, 'EHNX'],
  [6, 'UVW'],
  [7, 'OZ'],
  [8, 'FP'],
];

const CHEIRO_VALUES: ReadonlyMap<string, number> = new Map(CHEIRO_GROUPS.flatMap(([value, letters]) => [...letters].map((letter) => [letter, value] as const)));

export function cheiroValue(letter: string): number {
  const value = CHEIRO_VALUES.get(letter);
  if (value === undefined) throw new RangeError('not a letter A-Z');
  return value;
}

// --- Hebrew --------------------------------------------------------------------------------------

export type HebrewColumn = 'hechrechi' | 'siduri' | 'katan' | 'millui_alef';
export const HEBREW_COLUMNS: readonly HebrewColumn[] = Object.freeze(['hechrechi', 'siduri', 'katan', 'millui_alef']);

interface HebrewRowSource {
  letter: string;
  final: string | null;
  name: string;
  hechrechi: number;
  millui: string;
}

/** The 22 letters in order; siduri = position, katan = hechrechi without trailing zeros. */
const HEBREW_SOURCE: readonly HebrewRowSource[] = [
  { letter: 'א', final: null, name: 'Alef', hechrechi: 1, millui: 'אלף' },
  { letter: 'ב', final: null, name: 'Bet', hechrechi: 2, millui: 'בית' },
  { letter: 'ג', final: null, name: 'Gimel', hechrechi: 3, millui: 'גימל' },
  { letter: 'ד', final: null, name: 'Dalet', hechrechi: 4, millui: 'דלת' },
  { letter: 'ה', final: null, name: 'He', hechrechi: 5, millui: 'הא' },
  { letter: 'ו', final: null, name: 'Vav', hechrechi: 6, millui: 'ואו' },
  { letter: 'ז', final: null, name: 'Zayin', hechrechi: 7, millui: 'זין' },
  { letter: 'ח', final: null, name: 'Chet', hechrechi: 8, millui: 'חית' },
  { letter: 'ט', final: null, name: 'Tet', hechrechi: 9, millui: 'טית' },
  { letter: 'י', final: null, name: 'Yod', hechrechi: 10, millui: 'יוד' },
  { letter: 'כ', final: 'ך', name: 'Kaf', hechrechi: 20, millui: 'כף' },
  { letter: 'ל', final: null, name: 'Lamed', hechrechi: 30, millui: 'למד' },
  { letter: 'מ', final: 'ם', name: 'Mem', hechrechi: 40, millui: 'מם' },
  { letter: 'נ', final: 'ן', name: 'Nun', hechrechi: 50, millui: 'נון' },
  { letter: 'ס', final: null, name: 'Samekh', hechrechi: 60, millui: 'סמך' },
  { letter: 'ע', final: null, name: 'Ayin', hechrechi: 70, millui: 'עין' },
  { letter: 'פ', final: 'ף', name: 'Pe', hechrechi: 80, millui: 'פא' },
  { letter: 'צ', final: 'ץ', name: 'Tsadi', hechrechi: 90, millui: 'צדי' },
  { letter: 'ק', final: null, name: 'Qof', hechrechi: 100, millui: 'קוף' },
  { letter: 'ר', final: null, name: 'Resh', hechrechi: 200, millui: 'ריש' },
  { letter: 'ש', final: null, name: 'Shin', hechrechi: 300, millui: 'שין' },
  { letter: 'ת', final: null, name: 'Tav', hechrechi: 400, millui: 'תו' },
];

export interface HebrewRow {
  readonly index: number;
  readonly letter: string;
  readonly final_form: string | null;
  readonly name: string;
  readonly hechrechi: number;
  readonly siduri: number;
  readonly katan: number;
  readonly millui_alef_spelling: string;
  readonly millui_alef_breakdown: readonly number[];
  readonly millui_alef: number;
}

function dropTrailingZeros(n: number): number {
  let v = n;
  while (v >= 10 && v % 10 === 0) v /= 10;
  return v;
}

/** Maps every glyph (base or final form) to its base letter. */
const BASE_OF_GLYPH: ReadonlyMap<string, string> = new Map(
  HEBREW_SOURCE.flatMap((row) => {
    const pairs: [string, string][] = [[row.letter, row.letter]];
    if (row.final) pairs.push([row.final, row.letter]);
    return pairs;
  }),
);

const HECHRECHI_OF_BASE: ReadonlyMap<string, number> = new Map(HEBREW_SOURCE.map((r) => [r.letter, r.hechrechi]));

function hechrechiOfGlyph(glyph: string): number {
  const base = BASE_OF_GLYPH.get(glyph);
  const value = base === undefined ? undefined : HECHRECHI_OF_BASE.get(base);
  if (value === undefined) throw new RangeError('not a Hebrew letter');
  return value;
}

const HEBREW_ROWS: readonly HebrewRow[] = deepFreeze(
  HEBREW_SOURCE.map((row, i): HebrewRow => {
    // The spelled names are valued with hechrechi; a final letter inside a name takes its base
    // value (אלף: ף = 80). The filling is applied once, never recursively.
    const breakdown = [...row.millui].map(hechrechiOfGlyph);
    return {
      index: i + 1,
      letter: row.letter,
      final_form: row.final,
      name: row.name,
      hechrechi: row.hechrechi,
      siduri: i + 1,
      katan: dropTrailingZeros(row.hechrechi),
      millui_alef_spelling: row.millui,
      millui_alef_breakdown: breakdown,
      millui_alef: breakdown.reduce((a, b) => a + b, 0),
    };
  }),
);

const HEBREW_ROW_OF_GLYPH: ReadonlyMap<string, HebrewRow> = new Map(
  HEBREW_ROWS.flatMap((row) => {
    const pairs: [string, HebrewRow][] = [[row.letter, row]];
    if (row.final_form) pairs.push([row.final_form, row]);
    return pairs;
  }),
);

/** The table row of a Hebrew letter glyph; final forms resolve to the row of their base letter. */
export function hebrewRow(glyph: string): HebrewRow {
  const row = HEBREW_ROW_OF_GLYPH.get(glyph);
  if (!row) throw new RangeError('not a Hebrew letter');
  return row;
}

export function isHebrewLetter(glyph: string): boolean {
  return HEBREW_ROW_OF_GLYPH.has(glyph);
}

export function hebrewRows(): readonly HebrewRow[] {
  return HEBREW_ROWS;
}

// --- Public table documents (NumerologyAlphabetsResponse entries) --------------------------------

export interface LatinLetterValue {
  letter: string;
  value: number;
}

export function pythagoreanTable() {
  return {
    id: PYTHAGOREAN_ALPHABET_ID,
    kind: 'latin_letter_values',
    script: 'Latn',
    systems: ['pythagorean'],
    title: 'Pythagorean A–Z, cyclic 1–9',
    rule: 'value(letter) = ((index of letter in A..Z, starting at 0) mod 9) + 1',
    value_range: [1, 9],
    normalization_id: LATIN_NORMALIZATION_ID,
    letters: [...LATIN_LETTERS].map((letter): LatinLetterValue => ({ letter, value: pythagoreanValue(letter) })),
    vowels: [...PYTHAGOREAN_VOWELS],
    vowel_rule: {
      id: PYTHAGOREAN_Y_RULE_ID,
      summary:
        'A E I O U are vowels; every other letter (W included) is a consonant, except Y, classified within its name part: ' +
        '(1) immediately preceded by A/E/I/O/U → consonant; (2) otherwise immediately followed by A/E/I/O/U → consonant when ' +
        'it is the first letter of the part or an earlier letter of the part is A/E/I/O/U, else vowel; (3) otherwise → vowel.',
    },
    content_source_ids: ['numerology-spec-v1', 'decoz-numerology-course', 'decoz-hearts-desire-y-rule', 'tokenrock-hearts-desire'],
  };
}

export function chaldeanTable() {
  return {
    id: CHALDEAN_ALPHABET_ID,
    kind: 'latin_letter_values',
    script: 'Latn',
    systems: ['chaldean', 'ank_jyotish'],
    title: "Cheiro's Chaldean table (Cheiro's Book of Numbers, 1926)",
    rule: 'fixed table; no letter has the value 9; no phonetic rules',
    value_range: [1, 8],
    normalization_id: LATIN_NORMALIZATION_ID,
    letters: [...LATIN_LETTERS].map((letter): LatinLetterValue => ({ letter, value: cheiroValue(letter) })),
    not_used_variants: ['Sepharial C=2, H=8, X=6', 'X=6', 'H=8 by context'],
    content_source_ids: ['numerology-spec-v1', 'cheiro-book-of-numbers', 'bostjanlovrat-cheiro-variants'],
  };
}

export function hebrewTable() {
  return {
    id: HEBREW_ALPHABET_ID,
    kind: 'hebrew_gematria_columns',
    script: 'Hebr',
    systems: ['kabbalah'],
    title: 'Hebrew gematria: hechrechi, siduri, katan and Millui (alef filling); final forms take the base value',
    columns: [...HEBREW_COLUMNS],
    final_forms_policy: 'base_letter_value',
    millui_policy: 'alef filling (He = הא, Vav = ואו, Pe = פא); spelled names valued once with hechrechi',
    normalization_id: HEBREW_NORMALIZATION_ID,
    ligature_expansions: { װ: 'וו', ױ: 'וי', ײ: 'יי' },
    letters: HEBREW_ROWS.map((row) => ({ ...row, millui_alef_breakdown: [...row.millui_alef_breakdown] })),
    millui_alef_total: HEBREW_ROWS.reduce((a, r) => a + r.millui_alef, 0),
    not_used_variants: ['mispar gadol finals 500–900', 'siduri finals 23–27'],
    content_source_ids: ['numerology-spec-v1', 'wikipedia-gematria', 'pypi-hebrew', 'inner-org-gematria'],
  };
}
