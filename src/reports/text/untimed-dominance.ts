/**
 * The dominant planet of an untimed chart over its birth day. The Moon's place decides part of
 * every planet's score (its own aspects and dignity, the aspects others make to it, the sign whose
 * ruler it favours), so the ranking is worked out with the Moon set every half degree along its
 * path through the day, by the same rules as a timed chart (chart-factors/dominant-planet.ts). A
 * planet that leads at every place is the chart's dominant planet whatever the hour; otherwise
 * the report says the hour decides, and names the planets that lead for part of the day.
 */
import { signOf, signedSeparation } from '../../astro/zodiac.ts';
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import { dominantPlanet } from '../../interpretations/chart-factors/dominant-planet.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';
import { aspectFamily, aspectPair, type MajorAspectType } from '../../interpretations/keys.ts';
import { moonPlacesOfTheDay, type MoonDay } from '../sky/moon-day.ts';

export interface DayDominance {
  /** The planet that leads wherever the Moon stood, if one does. */
  allDay?: string | undefined;
  /** Every planet that leads somewhere along the day, the most frequent first. */
  leaders: string[];
  /** Each planet's lowest and highest score along the day (both the chart's own when timed). */
  scores: Record<string, [number, number]>;
}

/** A timed chart's dominance: its own planet and scores. */
export function dominanceOfTheChart(factors: ChartFactors): DayDominance {
  const { planet, scores } = factors.dominant;
  return { allDay: planet, leaders: [planet], scores: Object.fromEntries(Object.entries(scores).map(([id, s]) => [id, [s, s]])) };
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

/** The Moon's major aspects within the scored orb to every point with entries, with the Moon at `lon`. */
function moonAspects(factors: ChartFactors, lon: number): KeyedAspect[] {
  const out: KeyedAspect[] = [];
  for (const [id, p] of factors.points) {
    const pair = aspectPair('moon', id);
    if (!pair) continue;
    const separation = Math.abs(signedSeparation(lon, p.lon));
    for (const [type, angle] of ASPECT_ANGLES) {
      const orb = Math.abs(separation - angle);
      if (orb <= SCORED_ORB) out.push({ p1: pair[0], p2: pair[1], type, family: aspectFamily(type)!, orb, applying: false });
    }
  }
  return out;
}

export function dominanceOverTheDay(factors: ChartFactors, day: MoonDay): DayDominance {
  const moon = factors.points.get('moon');
  if (!moon) return dominanceOfTheChart(factors);
  const others = factors.aspects.filter((a) => a.p1 !== 'moon' && a.p2 !== 'moon');
  const points = new Map(factors.points);
  const leads = new Map<string, number>();
  const range: Record<string, [number, number]> = {};
  for (const lon of moonPlacesOfTheDay(day, STEP_DEG)) {
    points.set('moon', { ...moon, lon, sign: signOf(lon).id });
    const { planet, scores } = dominantPlanet(points, [...others, ...moonAspects(factors, lon)], factors.chartRuler);
    leads.set(planet, (leads.get(planet) ?? 0) + 1);
    for (const [id, score] of Object.entries(scores)) {
      const r = (range[id] ??= [score, score]);
      r[0] = Math.min(r[0], score);
      r[1] = Math.max(r[1], score);
    }
  }
  const leaders = [...leads.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  return { allDay: leaders.length === 1 ? leaders[0] : undefined, leaders, scores: range };
}
