/**
 * The rules that turn astrocartography geometry into judgements: how much each body on each
 * angle counts for each focus, and in which direction; how far a line or a paran reaches; the
 * words for the tiers. docs/api/astrocartography.md ("Scoring rules") prints these tables; a
 * change here is a change of the documented rules.
 *
 * The tables are this project's own: one traditional reading (benefics help, malefics test) with
 * each focus leaning on the angle that stands for its area of life (career the MC, romance the
 * descendant, home the IC, health and the body the ascendant, the inner life the IC and the
 * ascendant) and on the bodies that signify it.
 */
import type { AcgAngle } from '../../../astro/astrocartography.ts';

export const ACG_FOCUSES = ['career', 'romance', 'home', 'health', 'spiritual'] as const;
export type AcgFocus = (typeof ACG_FOCUSES)[number];

/** Signed weight of a body for a focus: positive supports, negative challenges (−1 to 1). */
export const BODY_FOCUS_WEIGHTS: Readonly<Record<string, Readonly<Record<AcgFocus, number>>>> = {
  sun: { career: 1.0, romance: 0.4, home: 0.3, health: 1.0, spiritual: 0.2 },
  moon: { career: 0.3, romance: 0.6, home: 1.0, health: 0.4, spiritual: 0.6 },
  mercury: { career: 0.6, romance: 0.2, home: 0.1, health: 0.2, spiritual: 0.1 },
  venus: { career: 0.4, romance: 1.0, home: 0.7, health: 0.5, spiritual: 0.3 },
  mars: { career: 0.5, romance: 0.3, home: -0.5, health: -0.4, spiritual: -0.4 },
  jupiter: { career: 1.0, romance: 0.7, home: 0.8, health: 0.6, spiritual: 0.9 },
  saturn: { career: -0.5, romance: -0.8, home: -0.6, health: -0.8, spiritual: -0.2 },
  uranus: { career: -0.3, romance: -0.5, home: -0.7, health: -0.5, spiritual: 0.3 },
  neptune: { career: -0.5, romance: -0.3, home: -0.4, health: -0.7, spiritual: 1.0 },
  pluto: { career: -0.4, romance: -0.6, home: -0.6, health: -0.5, spiritual: 0.4 },
  true_node: { career: 0.4, romance: 0.3, home: 0.2, health: 0.1, spiritual: 0.6 },
  mean_node: { career: 0.4, romance: 0.3, home: 0.2, health: 0.1, spiritual: 0.6 },
  chiron: { career: -0.2, romance: -0.3, home: -0.2, health: -0.4, spiritual: 0.4 },
  lilith: { career: -0.3, romance: -0.2, home: -0.3, health: -0.3, spiritual: 0.1 },
  true_lilith: { career: -0.3, romance: -0.2, home: -0.3, health: -0.3, spiritual: 0.1 },
};

/** How much each angle matters for a focus (0 to 1). */
export const ANGLE_FOCUS_WEIGHTS: Readonly<Record<AcgFocus, Readonly<Record<AcgAngle, number>>>> = {
  career: { mc: 1.0, asc: 0.6, dsc: 0.4, ic: 0.3 },
  romance: { dsc: 1.0, asc: 0.6, ic: 0.5, mc: 0.3 },
  home: { ic: 1.0, asc: 0.5, dsc: 0.4, mc: 0.3 },
  health: { asc: 1.0, ic: 0.5, dsc: 0.4, mc: 0.3 },
  spiritual: { ic: 0.8, asc: 0.7, mc: 0.5, dsc: 0.5 },
};

/** The signed weight of a body on an angle for a focus: the body's weight times the angle's. */
export function focusWeight(focus: AcgFocus, body: string, angle: AcgAngle): number {
  return (BODY_FOCUS_WEIGHTS[body]?.[focus] ?? 0) * ANGLE_FOCUS_WEIGHTS[focus][angle];
}

/** A line counts in full within this distance of a place... */
export const LINE_FULL_KM = 150;
/** ...and fades linearly to nothing here. */
export const LINE_REACH_KM = 800;
/** A line within this distance is "close" (drawn strong in the visual explanation). */
export const LINE_CLOSE_KM = 300;

/** A line's strength at a distance: 1 within LINE_FULL_KM, linearly to 0 at LINE_REACH_KM. */
export function lineStrength(distanceKm: number): number {
  if (distanceKm <= LINE_FULL_KM) return 1;
  if (distanceKm >= LINE_REACH_KM) return 0;
  return 1 - (distanceKm - LINE_FULL_KM) / (LINE_REACH_KM - LINE_FULL_KM);
}

/** Points of a line factor at full strength and weight 1. */
export const LINE_POINTS = 100;
/** Points of a paran factor at full strength and weight 1 (a paran is a weaker, latitude-wide signal). */
export const PARAN_POINTS = 50;
/** Points of an angular planet of the relocated chart at orb 0 and weight 1. */
export const ANGULAR_POINTS = 30;
/** A planet within this many degrees of ecliptic longitude of a relocated angle is angular. */
export const ANGULAR_ORB_DEG = 8;

/** Weight of each body when parans are ranked (the product of the two bodies'): the lights first, then the personal planets. */
export const PARAN_RANK_WEIGHTS: Readonly<Record<string, number>> = {
  sun: 1,
  moon: 1,
  mercury: 0.7,
  venus: 0.8,
  mars: 0.7,
  jupiter: 0.8,
  saturn: 0.7,
  uranus: 0.5,
  neptune: 0.5,
  pluto: 0.5,
  true_node: 0.4,
  mean_node: 0.4,
  chiron: 0.4,
  lilith: 0.3,
  true_lilith: 0.3,
};

export const MATCH_TIERS = ['strong', 'moderate', 'weak', 'challenging'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** The tier of a focus score: strong from 60, moderate from 25, weak above −25, challenging at −25 or below. */
export function matchTier(score: number): MatchTier {
  if (score >= 60) return 'strong';
  if (score >= 25) return 'moderate';
  if (score > -25) return 'weak';
  return 'challenging';
}

export const SIGNAL_STRENGTHS = ['strong', 'moderate', 'weak'] as const;
export type SignalStrength = (typeof SIGNAL_STRENGTHS)[number];

/** How clear the strongest single factor is: strong when its |score| is 50 or more, moderate from 20, weak below. */
export function signalStrength(topFactorScore: number): SignalStrength {
  const s = Math.abs(topFactorScore);
  if (s >= 50) return 'strong';
  if (s >= 20) return 'moderate';
  return 'weak';
}

export const VERDICTS = ['favorable', 'mixed', 'challenging'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A focus score's verdict: favorable from 25, challenging at −25 or below, mixed between. */
export function verdictOf(score: number): Verdict {
  if (score >= 25) return 'favorable';
  if (score <= -25) return 'challenging';
  return 'mixed';
}

/** What an angular body brings to a place, for the relocation summary's themes (this project's own words). */
export const BODY_THEMES: Readonly<Record<string, string>> = {
  sun: 'visibility and confidence',
  moon: 'belonging, moods and family life',
  mercury: 'communication, study and trade',
  venus: 'affection, pleasure and ease with people',
  mars: 'drive, competition and friction',
  jupiter: 'growth, opportunity and generosity',
  saturn: 'responsibility, hard work and limits',
  uranus: 'change, independence and surprises',
  neptune: 'imagination, retreat and blurred edges',
  pluto: 'intensity, power and deep change',
  true_node: 'purpose and meaningful encounters',
  mean_node: 'purpose and meaningful encounters',
  chiron: 'old wounds and their healing',
  lilith: 'raw instinct and refusal to conform',
  true_lilith: 'raw instinct and refusal to conform',
};

/** Where on the chart an angle puts a body's theme. */
export const ANGLE_AREAS: Readonly<Record<AcgAngle, string>> = {
  asc: 'in how you come across and your own body',
  dsc: 'in partners and close others',
  mc: 'in career and public standing',
  ic: 'at home and in private life',
};

export const ANGLE_NAMES: Readonly<Record<AcgAngle, string>> = { asc: 'ASC', dsc: 'DSC', mc: 'MC', ic: 'IC' };

/** A body's name for prose: `true_node` → `True Node`. */
export function bodyTitle(id: string): string {
  return id
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
