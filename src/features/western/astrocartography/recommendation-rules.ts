/**
 * The recommendations' own rules, beside the scoring rules they share with the city check
 * (acg-rules.ts): which cities are candidates (city sizes, default population floors), how they
 * are ordered when scores tie, and the words the answer labels its list with.
 * docs/api/astrocartography.md ("Recommendations") prints them.
 */
import { matchTier, type MatchTier, type SignalStrength } from './acg-rules.ts';

export const COUNTRY_SCOPES = ['own_country', 'selected_countries', 'all'] as const;
export type CountryScope = (typeof COUNTRY_SCOPES)[number];

export const CITY_SIZES = ['small', 'medium', 'large', 'mega'] as const;
export type CitySize = (typeof CITY_SIZES)[number];

/** The gazetteer's candidates: every city of 15,000 people or more (the city grid the family already holds). */
export const CANDIDATE_FLOOR = 15_000;

/** Each size's population range, [min, max) (max null: no upper bound). */
export const CITY_SIZE_RANGES: Readonly<Record<CitySize, readonly [number, number | null]>> = {
  small: [15_000, 100_000],
  medium: [100_000, 1_000_000],
  large: [1_000_000, 5_000_000],
  mega: [5_000_000, null],
};

/** Without min_population or city_size: 100,000 people worldwide (about 4,900 cities), 15,000 within countries. */
export const DEFAULT_FLOOR: Readonly<Record<CountryScope, number>> = { all: 100_000, own_country: CANDIDATE_FLOOR, selected_countries: CANDIDATE_FLOOR };

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export type Confidence = 'high' | 'medium' | 'low';

/**
 * How far the list can be read as a clear answer, from its first result: high when that city's
 * score is strong (≥ 60) with a strong single factor (|score| ≥ 50), medium when its score is at
 * least moderate (≥ 25), low otherwise (also when there is no candidate).
 */
export function listConfidence(topScore: number | undefined, topSignal: SignalStrength | undefined): Confidence {
  if (topScore === undefined) return 'low';
  if (matchTier(topScore) === 'strong' && topSignal === 'strong') return 'high';
  if (topScore >= 25) return 'medium';
  return 'low';
}

/** A result is a weak match when its tier is below moderate (weak or challenging): still listed, labelled `weak_match`. */
export const isWeakMatch = (tier: MatchTier) => tier === 'weak' || tier === 'challenging';

export type { MatchTier, SignalStrength };
