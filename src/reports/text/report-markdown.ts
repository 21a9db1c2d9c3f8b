/** Markdown building blocks of the report: escaping, tables, degrees, word counts. */
import { degreeInSign, degreesAndMinutes, signOf } from '../../astro/zodiac.ts';

/**
 * Explicit direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a name
 * with a right-to-left override ran on into the report's own words and printed its title
 * backwards. Right-to-left names need none of them: their letters carry their direction.
 */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Text from outside the library without the direction controls that would run on into the report's words. */
export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}

/** Text from outside the library (a name, a city) shown literally. */
export function escapeMarkdown(text: string): string {
  return withoutDirectionControls(text)
    .replace(/[\\`*_{}[\]<>()#+!|~]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .trim();
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function bullets(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

/** 14°07′, truncated like the chart wheel's labels. */
export function degreesMinutes(value: number): string {
  const { deg, min } = degreesAndMinutes(value);
  return `${deg}°${String(min).padStart(2, '0')}′`;
}

/** 14°07′ Taurus */
export function zodiacPosition(lon: number): string {
  return `${degreesMinutes(degreeInSign(lon))} ${signOf(lon).name}`;
}

/** Words a reader reads: prose and list items, not table rows, rules or heading marks. */
export function proseWordCount(markdown: string): number {
  return markdown
    .split('\n')
    .filter((l) => !l.startsWith('|'))
    .join(' ')
    .replace(/[#>*_-]+\s/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "a, b and c" */
export function joinAnd(items: string[]): string {
  return joinWith(items, 'and');
}

/** "a, b or c". */
export function joinOr(items: string[]): string {
  return joinWith(items, 'or');
}

function joinWith(items: string[], word: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

const COUNT_WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** Small counts in words, as prose writes them. */
export function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A sentence carried on after an opening clause ("If you were born …, and the …"): its first letter in lower case. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "an opposition", "a trine": the indefinite article by the word's first letter (enough for the report's vocabulary). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
