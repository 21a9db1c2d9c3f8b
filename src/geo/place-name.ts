/**
 * The folded form under which place names are indexed and looked up: lower case, without
 * accents, with the letters that Unicode does not decompose spelt in plain Latin (ø → o,
 * ł → l, æ → ae, ß → ss, đ → d…), and every run of punctuation or spaces made one space. So
 * "Łódź", "LODZ" and "lodz" meet, as do "København" and "Kobenhavn", "Sankt-Peterburg" and
 * "sankt peterburg". Other scripts keep their letters ("Москва", "東京").
 */

/** Letters without a canonical decomposition, after lower-casing, and their plain spelling. */
const SPECIAL_LETTERS = new Map<string, string>([
  ['ø', 'o'],
  ['ł', 'l'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ß', 'ss'],
  ['đ', 'd'],
  ['ð', 'd'],
  ['þ', 'th'],
  ['ı', 'i'],
  ['ħ', 'h'],
  ['ŧ', 't'],
  ['ŀ', 'l'],
  ['ĸ', 'k'],
  ['ſ', 's'],
  ['ƒ', 'f'],
  ['ŋ', 'n'],
  ['ɨ', 'i'],
  ['ʉ', 'u'],
  ['ƶ', 'z'],
  ['ȥ', 'z'],
]);
const SPECIAL_LETTER = new RegExp(`[${[...SPECIAL_LETTERS.keys()].join('')}]`, 'gu');
const ASCII = /^[\x00-\x7f]*$/;

export function foldPlaceName(name: string): string {
  let text = name.toLowerCase();
  // Most names are plain ASCII: they skip the Unicode work (the index folds about a million names).
  if (ASCII.test(text)) return text.replace(/[^a-z0-9]+/g, ' ').trim();
  text = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(SPECIAL_LETTER, (letter) => SPECIAL_LETTERS.get(letter) ?? letter);
  return text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
