/**
 * The dominant planet of an untimed chart over its birth day. The Moon's place decides part of
 * every planet's score (its own aspects and dignity, the aspects others make to it, the sign whose
 * ruler it favours), so the ranking is worked out with the Moon set every half degree along its
 * path through the day, the other bodies moved to the same hour (an aspect of the Sun's can cross
 * the 2° the scores read in a day), by the same rules as a timed chart
 * (chart-factors/dominant-planet.ts). A
 * planet that leads at every place is the chart's dominant planet whatever the hour; otherwise
 * the report says the hour decides, and names the planets that lead for part of the day.
 */
import { normalizeDegrees, signOf, signedSeparation } from '../../astro/zodiac.ts';
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import { dominantPlanet, type TieBreak } from '../../interpretations/chart-factors/dominant-planet.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import { aspectFamily, aspectPair, type MajorAspectType } from '../../interpretations/keys.ts';
import { moonPlacesOfTheDay, type MoonDay } from '../sky/moon-day.ts';

export interface DayDominance {
  /** The planet that leads wherever the Moon stood, if one does. */
  allDay?: string | undefined;
  /** Every planet that leads somewhere along the day, the most frequent first. */
  leaders: string[];
  /** Each planet's lowest and highest score along the day (both the chart's own when timed). */
  scores: Record<string, [number, number]>;
  /**
   * The planets that reached the leader's score at one and the same hour (or in the timed chart),
   * the lead going to the leader by the order of the planets. Ranges that overlap are no tie: a
   * reader saw "Uranus, Moon and Pluto tie" where the Moon's best hour and Uranus's worst were
   * different hours (and a tie with the Moon would have gone to the Moon).
   */
  tied: string[];
  /** Untimed: whether the tied planets tied the leader at every hour of the day, not at some hours only. */
  tiedAllDay?: boolean | undefined;
  /** A timed chart's tie: the tie-break that decided it (untimed, the hours may differ, and none is named). */
  decidedBy?: TieBreak | undefined;
}

/** A timed chart's dominance: its own planet and scores. */
export function dominanceOfTheChart(factors: ChartFactors): DayDominance {
  const { planet, scores, decidedBy } = factors.dominant;
  return {
    decidedBy,
    allDay: planet,
    leaders: [planet],
    scores: Object.fromEntries(Object.entries(scores).map(([id, s]) => [id, [s, s]])),
    tied: Object.keys(scores).filter((id) => id !== planet && scores[id] === scores[planet]),
  };
}

const STEP_DEG = 0.5;
const ASPECT_ANGLES: [MajorAspectType, number][] = [
  ['conjunction', 0],
  ['sextile', 60],
  ['square', 90],
  ['trine', 120],
  ['opposition', 180],
];
/** The widest orb the scores read (dominant-planet.ts: +1 within 6°). */
const SCORED_ORB = 6;

/** Every major aspect within the scored orb between two points with entries, as they stand in `points`. */
function aspectsAmong(points: ReadonlyMap<string, PlacedPoint>): KeyedAspect[] {
  const out: KeyedAspect[] = [];
  const placed = [...points.values()];
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      const pair = aspectPair(placed[i]!.id, placed[j]!.id);
      if (!pair) continue;
      const separation = Math.abs(signedSeparation(placed[i]!.lon, placed[j]!.lon));
      for (const [type, angle] of ASPECT_ANGLES) {
        const orb = Math.abs(separation - angle);
        if (orb <= SCORED_ORB) out.push({ p1: pair[0], p2: pair[1], type, family: aspectFamily(type)!, orb, applying: false });
      }
    }
  return out;
}

/**
 * The points at one instant of the birth day: the Moon at `moonLon`, the others moved from their
 * noon places by their speed to the same instant (`dayFraction` of the day, noon at one half), so
 * that an aspect between two of them crossing the 2° or 6° that the scores read is counted only
 * for the hours it held.
 */
function pointsAt(factors: ChartFactors, moonLon: number, dayFraction: number): Map<string, PlacedPoint> {
  const points = new Map<string, PlacedPoint>();
  for (const [id, p] of factors.points) {
    const lon = id === 'moon' ? moonLon : normalizeDegrees(p.lon + p.speed * (dayFraction - 0.5));
    points.set(id, { ...p, lon, sign: signOf(lon).id });
  }
  return points;
}

export function dominanceOverTheDay(factors: ChartFactors, day: MoonDay): DayDominance {
  if (!factors.points.has('moon')) return dominanceOfTheChart(factors);
  const leads = new Map<string, number>();
  const range: Record<string, [number, number]> = {};
  /** For each leader, the planets that tied it at some hour it led, with how many of the day's places each tied it at. */
  const tiedWith = new Map<string, Map<string, number>>();
  const places = moonPlacesOfTheDay(day, STEP_DEG);
  places.forEach((lon, k) => {
    const points = pointsAt(factors, lon, k / (places.length - 1));
    const { planet, scores } = dominantPlanet(points, aspectsAmong(points), factors.chartRuler);
    leads.set(planet, (leads.get(planet) ?? 0) + 1);
    const ties = (tiedWith.get(planet) ?? tiedWith.set(planet, new Map()).get(planet))!;
    for (const [id, score] of Object.entries(scores)) {
      if (id !== planet && score === scores[planet]) ties.set(id, (ties.get(id) ?? 0) + 1);
      const r = (range[id] ??= [score, score]);
      r[0] = Math.min(r[0], score);
      r[1] = Math.max(r[1], score);
    }
  });
  const leaders = [...leads.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const allDay = leaders.length === 1 ? leaders[0] : undefined;
  const ties = allDay ? tiedWith.get(allDay)! : new Map<string, number>();
  // A Pluto and a Saturn that score 8 at every hour tie all day (a Lima reader met "tie at some hours" of such a pair).
  const tiedAllDay = ties.size > 0 && [...ties.values()].every((n) => n === places.length);
  return { allDay, leaders, scores: range, tied: [...ties.keys()], tiedAllDay };
}

/**
 * How a lead on a tie was won, after "leads" (chart-factors/dominant-planet.ts): a timed chart's by the tie-break that decided
 * it; untimed, where the hours may differ, by the rule.
 */
export function leadOnTie(decidedBy: TieBreak | undefined): string {
  if (decidedBy === 'placement') return 'by the strength of its sign and its place by an angle';
  if (decidedBy === 'aspect') return 'by its closer aspect';
  if (decidedBy === 'order') return 'by the order of the planets, the Sun first and on outwards';
  // Untimed: no angles to stand by (a Lima reader met "its place by an angle" in a chart without them).
  return 'by the tie-break: the strength of its sign, then the closest aspect, then the order of the planets';
}

/** "tie", or untimed "tie at some hours" when the tie did not hold at every hour of the day. */
export function tieWord(dominance: DayDominance, timed: boolean): string {
  return timed || dominance.tiedAllDay ? 'tie' : 'tie at some hours';
}

/** The planets that tied the leader at some hour (or in the timed chart): a lead a tie-break decided. */
export function tiedForFirst({ allDay, tied }: DayDominance): string[] {
  return allDay ? tied : [];
}
