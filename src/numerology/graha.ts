/**
 * Navagraha mapping 1–9 (spec.md §5.3). Indian practice uses the shadow planets Rahu (4) and Ketu
 * (7) where Cheiro used Uranus and Neptune.
 */
import { deepFreeze } from './deep-freeze.ts';

export interface Graha {
  readonly number: number;
  readonly english: string;
  readonly common: string;
  readonly iast: string;
  readonly hindi: string;
}

export interface GrahaMappingEntry extends Graha {
  readonly aliases: readonly string[];
  readonly notes: string | null;
}

const GRAHA_TABLE: readonly GrahaMappingEntry[] = deepFreeze([
  { number: 1, english: 'Sun', common: 'Surya', iast: 'Sūrya', hindi: 'सूर्य', aliases: ['Surya', 'Ravi', 'सूर्य'], notes: null },
  {
    number: 2,
    english: 'Moon',
    common: 'Chandra',
    iast: 'Candra',
    hindi: 'चंद्र',
    aliases: ['Chandra', 'Soma', 'चन्द्र'],
    notes: 'Sanskrit spelling चन्द्र',
  },
  {
    number: 3,
    english: 'Jupiter',
    common: 'Guru',
    iast: 'Guru',
    hindi: 'गुरु',
    aliases: ['Brihaspati', 'Bṛhaspati', 'बृहस्पति'],
    notes: 'also Brihaspati / Bṛhaspati / बृहस्पति',
  },
  { number: 4, english: 'Rahu', common: 'Rahu', iast: 'Rāhu', hindi: 'राहु', aliases: ['Uranus (Cheiro)'], notes: 'Cheiro: Uranus' },
  { number: 5, english: 'Mercury', common: 'Budh', iast: 'Budha', hindi: 'बुध', aliases: ['Budha'], notes: null },
  { number: 6, english: 'Venus', common: 'Shukra', iast: 'Śukra', hindi: 'शुक्र', aliases: ['Sukra'], notes: null },
  { number: 7, english: 'Ketu', common: 'Ketu', iast: 'Ketu', hindi: 'केतु', aliases: ['Neptune (Cheiro)'], notes: 'Cheiro: Neptune' },
  { number: 8, english: 'Saturn', common: 'Shani', iast: 'Śani', hindi: 'शनि', aliases: ['Sani', 'Shanidev'], notes: null },
  {
    number: 9,
    english: 'Mars',
    common: 'Mangal',
    iast: 'Maṅgala',
    hindi: 'मंगल',
    aliases: ['Mangala', 'Kuja', 'मङ्गल'],
    notes: 'Sanskrit spelling मङ्गल',
  },
]);

export function grahaMappingTable(): readonly GrahaMappingEntry[] {
  return GRAHA_TABLE;
}

/** The `graha` output object `{number, english, common, iast, hindi}` for 1–9. */
export function grahaFor(n: number): Graha {
  const entry = GRAHA_TABLE[n - 1];
  if (!entry || entry.number !== n) throw new RangeError('graha number must be 1..9');
  return { number: entry.number, english: entry.english, common: entry.common, iast: entry.iast, hindi: entry.hindi };
}
