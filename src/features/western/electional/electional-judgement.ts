/**
 * How a moment is judged from the rules that hold at it. Two judgements are kept apart:
 * - the ranking: `score` = 50 + the points of every factor that holds (and the bounded natal
 *   resonance), kept within 0 to 100, and its `quality_band`;
 * - the doctrine: `strict_traditional_verdict`, from the kinds of factors alone (a blocking fault
 *   rejects the moment whatever its score; cautions outweighing supports make it weak...).
 * `status` is the band the moment may be offered under: its quality band capped by its verdict.
 */
import { TIMING_BANDS, type TimingBand } from '../../../answers/timing-core.ts';
import type { ElectionRule } from './electional-rules.ts';
import type { ElectionSky } from './electional-sky.ts';

/** The bands of the timing searches' shared scale (src/answers/timing-core.ts). */
export const QUALITY_BANDS = TIMING_BANDS;
export type QualityBand = TimingBand;
/** Lowest score of each band, best first. */
export const BAND_FLOORS: Readonly<Record<QualityBand, number>> = { excellent: 85, very_strong: 75, strong: 65, good: 57, moderate: 45, weak: 35, poor: 0 };

export const VERDICTS = ['sound', 'acceptable', 'mixed', 'weak', 'rejected'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The status scale, best first: the bands with `mixed` between moderate and weak, and `rejected` last. */
export const STATUSES = ['excellent', 'very_strong', 'strong', 'good', 'moderate', 'mixed', 'weak', 'poor', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];

/** A caution at least this heavy (in points) is major: the verdict is at best `mixed`. */
export const MAJOR_CAUTION = 8;
/** A sound verdict needs supports of at least this many points and cautions of at most SOUND_CAUTION_LIMIT. */
export const SOUND_SUPPORT = 15;
export const SOUND_CAUTION_LIMIT = 5;

export interface Factor {
  code: string;
  title: string;
  detail: string;
  points: number;
}

export interface Judgement {
  score: number;
  /** The sum of the sky's factors' points (the natal resonance apart). */
  sky_points: number;
  supporting: Factor[];
  caution: Factor[];
  blocking: boolean;
  verdict: Verdict;
}

export function bandOf(score: number, blocking: boolean): QualityBand {
  const band = QUALITY_BANDS.find((b) => score >= BAND_FLOORS[b])!;
  return blocking && QUALITY_BANDS.indexOf(band) < QUALITY_BANDS.indexOf('weak') ? 'weak' : band;
}

export function verdictOf(supporting: readonly Factor[], caution: readonly Factor[], blocking: boolean): Verdict {
  if (blocking) return 'rejected';
  const forPoints = supporting.reduce((s, f) => s + f.points, 0);
  const againstPoints = -caution.reduce((s, f) => s + f.points, 0);
  if (againstPoints >= forPoints && againstPoints > 0) return 'weak';
  if (caution.some((f) => -f.points >= MAJOR_CAUTION)) return 'mixed';
  if (forPoints >= SOUND_SUPPORT && againstPoints <= SOUND_CAUTION_LIMIT) return 'sound';
  return 'acceptable';
}

export function statusOf(band: QualityBand, verdict: Verdict): Status {
  if (verdict === 'rejected') return 'rejected';
  const cap: Status = verdict === 'weak' ? 'weak' : verdict === 'mixed' ? 'mixed' : 'excellent';
  return STATUSES.indexOf(band) < STATUSES.indexOf(cap) ? cap : band;
}

export const clampScore = (points: number) => Math.max(0, Math.min(100, 50 + points));

/** The points and blocking of a moment under a rule set, without the factors' words: what the scan ranks by. */
export function tallyMoment(sky: ElectionSky, rules: readonly ElectionRule[]): { sky_points: number; blocking: boolean } {
  let blocking = false;
  let points = 0;
  for (const rule of rules) {
    if (!rule.holds(sky)) continue;
    points += rule.weight;
    if (rule.blocking) blocking = true;
  }
  return { sky_points: points, blocking };
}

/** The moment's factors, score (before the natal resonance) and verdict under a rule set. */
export function judgeMoment(sky: ElectionSky, rules: readonly ElectionRule[]): Judgement {
  const supporting: Factor[] = [];
  const caution: Factor[] = [];
  let blocking = false;
  let points = 0;
  for (const rule of rules) {
    if (!rule.holds(sky)) continue;
    const found = rule.words(sky);
    const factor = { code: rule.code, title: found.title, detail: found.detail, points: rule.weight };
    points += rule.weight;
    if (rule.weight > 0) supporting.push(factor);
    else caution.push(factor);
    if (rule.blocking) blocking = true;
  }
  return { score: clampScore(points), sky_points: points, supporting, caution, blocking, verdict: verdictOf(supporting, caution, blocking) };
}
