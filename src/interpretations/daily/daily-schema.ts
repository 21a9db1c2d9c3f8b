/**
 * The shape of the daily library's group files (the texts of the daily and weekly horoscopes):
 * the same layout as the interpretation library's groups (one JSON file per group, named by its
 * path, entries by dotted key), with entries made for a day's reading: a title, two to five
 * keywords, and several short variants (a sentence or two each) so that consecutive days can read
 * differently. A transit variant names the natal point it touches as `{point}`, filled in by the
 * reader ("your Moon", "your sign"); no other placeholder exists.
 */
import { z } from 'zod/v4';
import { wordCount } from '../schema.ts';

export const VARIANT_MIN_WORDS = 5;
export const VARIANT_MAX_WORDS = 45;
/** Several variants per key: the reader takes a different one on neighbouring days. */
export const MIN_VARIANTS = 2;

const prose = z
  .string()
  .min(1)
  .refine((s) => s === s.trim(), { message: 'no leading or trailing whitespace' })
  .refine((s) => !/[\n\r\t]/.test(s), { message: 'no line breaks or tabs' })
  .refine((s) => !/[*_#`<>|[\]]/.test(s), { message: 'no markdown or markup characters (* _ # ` < > | [ ])' })
  .refine((s) => /^[^{}]*(\{point\}[^{}]*)*$/.test(s), { message: 'the only placeholder is {point}' });

const variant = prose.refine(
  (s) => {
    const n = wordCount(s);
    return n >= VARIANT_MIN_WORDS && n <= VARIANT_MAX_WORDS;
  },
  { message: `each variant has ${VARIANT_MIN_WORDS} to ${VARIANT_MAX_WORDS} words` },
);

export const dailyEntrySchema = z.strictObject({
  key: z.string().regex(/^daily(\.[a-z0-9_]+)+$/, 'dotted lowercase key starting with daily.'),
  title: prose.max(80),
  themes: z
    .array(z.string().regex(/^[a-z][a-z' -]*[a-z]$/, 'lowercase keyword'))
    .min(2)
    .max(5),
  variants: z.array(variant).min(MIN_VARIANTS).max(6),
});

export const dailyGroupFileSchema = z.strictObject({
  group: z.string().regex(/^[a-z0-9_-]+$/, 'the file name without .json'),
  entries: z.array(dailyEntrySchema).min(1),
});

export type DailyEntry = z.output<typeof dailyEntrySchema>;
