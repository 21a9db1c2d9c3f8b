/**
 * The factors the Vedic readings (the daily personal reading, the dasha insights, the personal
 * muhurta search, the compatibility summary) rest on: each names one thing true of the chart or
 * of the sky, whether it helps or hinders, and how much it weighs in the scores that use it.
 */
import { z } from 'zod/v4';

export const POLARITIES = ['supportive', 'challenging', 'neutral'] as const;
export type Polarity = (typeof POLARITIES)[number];

export interface ReadingFactor {
  /** Stable id, e.g. `chandra_bala`, `mahadasha_lord_dignity`. */
  id: string;
  polarity: Polarity;
  /** Signed weight: positive helps, negative hinders, 0 informs. */
  weight: number;
  title: string;
  detail: string;
}

export const polarityOf = (weight: number): Polarity => (weight > 0 ? 'supportive' : weight < 0 ? 'challenging' : 'neutral');

export function factor(id: string, weight: number, title: string, detail: string): ReadingFactor {
  return { id, polarity: polarityOf(weight), weight, title, detail };
}

/** Highest absolute weight first; ties keep their order. */
export const byWeight = (a: ReadingFactor, b: ReadingFactor) => Math.abs(b.weight) - Math.abs(a.weight);

export const polaritySchema = z.enum(POLARITIES).describe('Whether the factor helps (`supportive`), hinders (`challenging`) or only informs (`neutral`)');

export const readingFactorSchema = z.object({
  id: z.string().describe('Stable id of the factor'),
  polarity: polaritySchema,
  weight: z.number().describe('Signed weight in the scores that use it: positive helps, negative hinders, 0 informs'),
  title: z.string().describe('The factor in a few words'),
  detail: z.string().describe('What is true of the chart or the sky, and what tradition reads in it'),
});

export const BANDS = ['strong', 'favorable', 'mixed', 'challenging'] as const;
export type Band = (typeof BANDS)[number];

/** strong from 70, favorable from 56, mixed from 42, challenging below. */
export function bandOf(score: number): Band {
  return score >= 70 ? 'strong' : score >= 56 ? 'favorable' : score >= 42 ? 'mixed' : 'challenging';
}

export const bandSchema = z.enum(BANDS).describe('strong from 70, favorable from 56, mixed from 42, challenging below');

/** A 0-100 score: 50 plus the weights' sum times `scale`, clamped and rounded. */
export const scoreOf = (weights: readonly number[], scale: number) => Math.max(0, Math.min(100, Math.round(50 + weights.reduce((s, w) => s + w, 0) * scale)));

export const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
