/**
 * Name normalisation (spec.md §1.5 for Latin names, §4.1 for Hebrew names). Deterministic and
 * locale-independent.
 */
import { isHebrewLetter } from './alphabets.ts';

export type LatinNameResult = { ok: true; parts: string[] } | { ok: false; code: 'unsupported_characters' | 'empty_name' };

export type HebrewNameResult = { ok: true; letters: string[] } | { ok: false; code: 'requires_hebrew_script' | 'empty_name' };

/** Letters without a Unicode decomposition (§1.5 step 1). */
const LATIN_SPECIAL_MAP: ReadonlyMap<string, string> = new Map([
  ['ß', 'SS'],
  ['ẞ', 'SS'],
  ['Æ', 'AE'],
  ['æ', 'AE'],
  ['Œ', 'OE'],
  ['œ', 'OE'],
  ['Ø', 'O'],
  ['ø', 'O'],
  ['Đ', 'D'],
  ['đ', 'D'],
  ['Ð', 'D'],
  ['ð', 'D'],
  ['Ł', 'L'],
  ['ł', 'L'],
  ['Þ', 'TH'],
  ['þ', 'TH'],
  ['ı', 'I'],
  ['Ħ', 'H'],
  ['ħ', 'H'],
]);

const NONSPACING_MARK = /^\p{Mn}$/u;
const ANY_MARK = /^\p{M}$/u;
const PUNCTUATION = /^\p{P}$/u;
const WHITE_SPACE = /^[\p{White_Space}\u001C-\u001F]$/u;
/**
 * Apostrophe-like letters deleted like punctuation. U+02BC MODIFIER LETTER APOSTROPHE (ʼ) is listed
 * by spec.md §1.5 among the apostrophes to delete although Unicode files it as a letter (Lm).
 */
const LATIN_DELETED_NON_PUNCTUATION: ReadonlySet<string> = new Set(['\u02BC']);

function applySpecialMap(text: string): string {
  let out = '';
  for (const ch of text) out += LATIN_SPECIAL_MAP.get(ch) ?? ch;
  return out;
}

function isAsciiUpperLetter(ch: string): boolean {
  return ch.length === 1 && ch >= 'A' && ch <= 'Z';
}

/**
 * §1.5: special map → NFKD → delete Mn → special map → upper case → scan: A–Z kept, white space
 * separates parts, punctuation is deleted without splitting, anything else is unsupported.
 */
export function normalizeLatinName(raw: string): LatinNameResult {
  let text = applySpecialMap(raw).normalize('NFKD');
  let stripped = '';
  for (const ch of text) if (!NONSPACING_MARK.test(ch)) stripped += ch;
  // String.prototype.toUpperCase is locale-independent (unlike toLocaleUpperCase).
  text = applySpecialMap(stripped).toUpperCase();

  const parts: string[] = [];
  let current = '';
  let unsupported = false;
  for (const ch of text) {
    if (isAsciiUpperLetter(ch)) current += ch;
    else if (WHITE_SPACE.test(ch)) {
      if (current) parts.push(current);
      current = '';
    } else if (PUNCTUATION.test(ch) || LATIN_DELETED_NON_PUNCTUATION.has(ch)) {
      // deleted without splitting: "Jean-Luc" → JEANLUC, "O'Brien" → OBRIEN
    } else {
      unsupported = true;
    }
  }
  if (current) parts.push(current);
  if (unsupported) return { ok: false, code: 'unsupported_characters' };
  if (parts.length === 0) return { ok: false, code: 'empty_name' };
  return { ok: true, parts };
}

const YIDDISH_LIGATURES: ReadonlyMap<string, string> = new Map([
  ['\u05F0', '\u05D5\u05D5'], // װ → וו
  ['\u05F1', '\u05D5\u05D9'], // ױ → וי
  ['\u05F2', '\u05D9\u05D9'], // ײ → יי
]);

/**
 * §4.1: NFKD → expand Yiddish ligatures → delete combining marks, white space and punctuation →
 * every remaining character must be a Hebrew letter (final forms kept as glyphs).
 */
export function normalizeHebrewName(raw: string): HebrewNameResult {
  const letters: string[] = [];
  let foreign = false;
  for (const original of raw.normalize('NFKD')) {
    const expanded = YIDDISH_LIGATURES.get(original) ?? original;
    for (const ch of expanded) {
      if (ANY_MARK.test(ch) || WHITE_SPACE.test(ch) || PUNCTUATION.test(ch)) continue;
      if (isHebrewLetter(ch)) letters.push(ch);
      else foreign = true;
    }
  }
  if (foreign) return { ok: false, code: 'requires_hebrew_script' };
  if (letters.length === 0) return { ok: false, code: 'empty_name' };
  return { ok: true, letters };
}
