/**
 * The daily horoscope model of this service: which of a day's real configurations count for each
 * life area (love, career, money, health), how they add up to the scores 0-100, and the day's
 * "lucky" planet with its colour and number. Pure and deterministic; every table and formula is
 * stated in docs/api/horoscope.md (change them there too). A factor only exists when the sky shows it: a
 * transit within its orb at the day's reference instant, the Moon's house and phase at that instant.
 */
import { contactPolarity } from './synastry-model.ts';

export const HOROSCOPE_MODEL = 'daily_significators_tanh_v1';

export const HOROSCOPE_DIMENSIONS = ['love', 'career', 'money', 'health'] as const;
export type HoroscopeDimension = (typeof HOROSCOPE_DIMENSIONS)[number];

/** Orbs of a day's transits, degrees (major aspects only): a transit is "in orb" within these. */
export const HOROSCOPE_ORBS = { conjunction: 3, opposition: 3, square: 3, trine: 3, sextile: 2 } as const;

/** How much a point speaks for each area (transiting or natal; the larger of the two counts). */
export const SIGNIFICATORS: Readonly<Record<HoroscopeDimension, Readonly<Record<string, number>>>> = {
  love: { venus: 1, moon: 0.7, mars: 0.6, sun: 0.4, neptune: 0.3, asc: 0.4 },
  career: { saturn: 1, mc: 1, sun: 0.7, jupiter: 0.7, mars: 0.6, mercury: 0.4, pluto: 0.3 },
  money: { jupiter: 1, venus: 0.7, saturn: 0.5, mercury: 0.5, pluto: 0.4, moon: 0.3 },
  health: { asc: 1, sun: 0.8, mars: 0.8, moon: 0.6, saturn: 0.5, neptune: 0.3 },
};

/** How much the Moon's house of the day stresses each area (a house not listed: 0). */
export const MOON_HOUSE_EMPHASIS: Readonly<Record<HoroscopeDimension, Readonly<Record<number, number>>>> = {
  love: { 5: 1, 7: 1, 11: 0.4, 1: 0.3 },
  career: { 10: 1, 6: 0.6, 11: 0.3, 2: 0.3 },
  money: { 2: 1, 8: 0.8, 10: 0.3, 6: 0.2 },
  health: { 6: 1, 1: 0.8, 12: 0.4 },
};
/** Scale of the Moon's house emphasis in a score's sum. */
export const MOON_HOUSE_WEIGHT = 0.35;

/** The Moon's phase of the day, added to every score: building while waxing, ebbing as it wanes. */
export const PHASE_WEIGHTS: Readonly<Record<string, number>> = {
  new_moon: 0,
  waxing_crescent: 0.1,
  first_quarter: 0.05,
  waxing_gibbous: 0.15,
  full_moon: 0.1,
  waning_gibbous: 0.05,
  last_quarter: -0.05,
  balsamic: -0.1,
};

/** A transit's sign in the sums: supportive +1, challenging −1, a conjunction of mixed nature +0.25. */
export function polaritySign(transiting: string, natal: string, aspect: string): number {
  const { polarity } = contactPolarity(transiting, natal, aspect);
  return polarity === 'supportive' ? 1 : polarity === 'challenging' ? -1 : polarity === 'mixed' ? 0.25 : 0;
}

/** How much a transit of `transiting` to `natal` counts for an area: the larger significance of its two points. */
export function relevance(dimension: HoroscopeDimension, transiting: string, natal: string): number {
  const table = SIGNIFICATORS[dimension];
  return Math.max(table[transiting] ?? 0, table[natal] ?? 0);
}

/** How far a score's sum reaches before the score saturates: a sum of ±SCORE_SCALE gives 50 ± 34. */
export const SCORE_SCALE = 2;

/** A score from its sum: 50 + 45·tanh(sum / SCORE_SCALE), rounded; 5 to 95. */
export function scoreOf(sum: number): number {
  return Math.round(50 + 45 * Math.tanh(sum / SCORE_SCALE));
}

/** Scale of the transits' signed strengths in the overall score. */
export const OVERALL_TRANSIT_WEIGHT = 0.5;

/** A score's level for the texts: high from 60, low up to 40, steady between. */
export function levelOf(score: number): 'high' | 'steady' | 'low' {
  return score >= 60 ? 'high' : score <= 40 ? 'low' : 'steady';
}

/** The seven planets of the classical day (the lucky planet is one of them). */
export const CLASSICAL_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'] as const;
export type ClassicalPlanet = (typeof CLASSICAL_PLANETS)[number];

/** The ruler of each weekday, Sunday first: the lucky planet of a day without a supportive transit. */
export const WEEKDAY_RULERS: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

/** This service's colour of each classical planet. */
export const PLANET_COLOURS: Readonly<Record<ClassicalPlanet, { key: string; label: string }>> = {
  sun: { key: 'gold', label: 'Gold' },
  moon: { key: 'silver', label: 'Silver' },
  mercury: { key: 'yellow', label: 'Yellow' },
  venus: { key: 'green', label: 'Green' },
  mars: { key: 'red', label: 'Red' },
  jupiter: { key: 'royal_blue', label: 'Royal blue' },
  saturn: { key: 'charcoal', label: 'Charcoal' },
};

/** The planets' numbers of the Chaldean number lore (1 the Sun ... 9 Mars; 4 and 7 belong to no classical planet). */
export const PLANET_NUMBERS: Readonly<Record<ClassicalPlanet, number>> = { sun: 1, moon: 2, jupiter: 3, mercury: 5, venus: 6, saturn: 8, mars: 9 };

export const isClassical = (id: string): id is ClassicalPlanet => (CLASSICAL_PLANETS as readonly string[]).includes(id);
