/**
 * A separate reckoning of the year ahead's transits for its tests: the slow planets' places from the
 * ephemeris, the chart's natal points in the ephemeris's tropical zodiac, and how far a planet stands
 * from an aspect. Written apart from src/reports/sky/year-ahead.ts so that the tests do not check the
 * code with itself.
 */
import { calcBody } from '../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../src/astro/civil-time.ts';
import type { NatalChartInput } from '../../src/interpretations/chart-input.ts';

export const SE: Record<string, number> = { sun: 0, moon: 1, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
export const ANGLES: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
/** The orb within which the report counts a transit of each slow planet felt. */
export const ORB: Record<string, number> = { jupiter: 1, saturn: 1, uranus: 1.5, neptune: 1.5, pluto: 1.5 };
export const CYCLE_BODIES = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
/** The aspects of a planet's turns of its own cycle. */
export const TURNS = new Set(['conjunction', 'square', 'opposition']);

export const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
export const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso));

/** A slow planet's natal place, the target of its own cycle's turns, in the ephemeris's tropical zodiac. */
export const natalPlace = (chart: NatalChartInput, body: string) => calcBody(jdOf(chart.subject.datetime_utc), SE[body]!).lon;

/** The natal points the year ahead reads (the Moon and the angles only when timed), in the ephemeris's tropical zodiac. */
export function natalPoints(chart: NatalChartInput): Map<string, number> {
  const timed = chart.angles !== undefined && chart.houses?.length === 12;
  const sun = chart.planets.find((p) => p.id === 'sun')!;
  const offset = wrap(calcBody(jdOf(chart.subject.datetime_utc), SE.sun!).lon - sun.abs_pos);
  const out = new Map<string, number>();
  for (const p of chart.planets)
    if (['sun', 'moon', 'mercury', 'venus', 'mars'].includes(p.id) && (timed || p.id !== 'moon')) out.set(p.id, p.abs_pos + offset);
  if (timed && chart.angles) {
    out.set('asc', chart.angles.asc + offset);
    out.set('mc', chart.angles.mc + offset);
  }
  return out;
}

/**
 * The natal place a listed transit aims at: a turn of the planet's own cycle at its natal place, else the natal point (an
 * untimed chart's Moon, listed only when every hour makes the contact, at its noon place).
 */
export function targetPlace(chart: NatalChartInput, points: ReadonlyMap<string, number>, t: { body: string; target: string }): number {
  return t.target === t.body ? natalPlace(chart, t.body) : (points.get(t.target) ?? natalPlace(chart, t.target));
}

/** How far the body stands from the aspect to the point at jd, signed (the same sign throughout a stretch it never crosses). */
export const fromAspect = (body: string, point: number, angle: number, jd: number) => Math.abs(wrap(calcBody(jd, SE[body]!).lon - point)) - angle;

/**
 * The body's signed distance from exact on the branch of the aspect (point + angle or point − angle) nearer at `near`: it
 * changes sign where the aspect is exact.
 */
export function branchDistance(body: string, point: number, angle: number, near: number): (jd: number) => number {
  const lon = calcBody(near, SE[body]!).lon;
  const aim = Math.abs(wrap(lon - point - angle)) <= Math.abs(wrap(lon - point + angle)) ? point + angle : point - angle;
  return (jd) => wrap(calcBody(jd, SE[body]!).lon - aim);
}

/**
 * The year table's row of a transit, by its name ("Saturn square natal Sun"): the cell may go on to a point joined to
 * it ("… natal Sun and Moon") or one it comes near ("… natal Sun (natal Moon too, within 53′ of exact)").
 */
export function transitRow(markdown: string, name: string): string | undefined {
  return markdown.split('\n').find((l) => [' |', ' and ', ' ('].some((next) => l.includes(`| ${name}${next}`)));
}
