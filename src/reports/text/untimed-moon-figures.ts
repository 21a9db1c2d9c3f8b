/**
 * The aspect figures of an untimed chart, whose birth day leaves the Moon's place open by 12–15°.
 * The Moon is set every half degree along its path through the day, the other planets moved with it
 * by their daily motion (a Mercury–Jupiter opposition at 6°52′ at noon was 7°20′ by midnight, past
 * the figure's orb), and the figures are found at each instant: a figure found at every one is the
 * chart's own whatever the hour, stated with its widest orb of the day; one found at some only is
 * possible, and the report names it as such, with the births it holds for (its edges bisected to the
 * minute), instead of reading it or denying it. Not always the Moon's doing: the Sun's degree a day
 * took a square past the figure's 6° in the course of one birth day.
 */
import { normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { findConfigurations, type Configuration } from '../../interpretations/chart-factors/configurations.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import { moonPlacesOfTheDay, type MoonDay } from '../sky/moon-day.ts';
import { DAY_MINUTES, minuteClock } from '../sky/local-minutes.ts';

export interface DayFigures {
  /** Found wherever the Moon stood that day. */
  sure: Configuration[];
  /** Found for part of the day only, with the births it holds for ("before 05:40", "between 09:10 and 14:25") where one stretch of the day has it. */
  possible: PossibleFigure[];
}

export type PossibleFigure = Configuration & { born?: string | undefined };

const STEP_DEG = 0.5;
const figureId = (c: Configuration) => `${c.kind}:${c.planets.join(',')}`;

export function figuresOverTheDay(points: ReadonlyMap<string, PlacedPoint>, day: MoonDay): DayFigures {
  const moon = points.get('moon');
  if (!moon) return { sure: findConfigurations(points), possible: [] };
  const places = moonPlacesOfTheDay(day, STEP_DEG);
  const travel = normalizeDegrees(day.endLon - day.startLon);
  const placed = new Map(points);
  /** The figures of the sky at a fraction of the day from its first midnight (the Moon along its path, the others by their daily motion). */
  const figuresAt = (fraction: number) => {
    for (const [id, p] of points) {
      const at = id === 'moon' ? normalizeDegrees(day.startLon + travel * fraction) : normalizeDegrees(p.lon + p.speed * (fraction - 0.5));
      placed.set(id, { ...p, lon: at, sign: signOf(at).id });
    }
    return findConfigurations(placed);
  };
  // Each figure is stated as it stands at noon when it holds then, with the widest orb it reaches in the day.
  const seen = new Map<string, { figure: Configuration; found: number[] }>(
    findConfigurations(points).map((figure) => [figureId(figure), { figure, found: [] }]),
  );
  places.forEach((_, k) => {
    for (const figure of figuresAt(k / (places.length - 1))) {
      const id = figureId(figure);
      const known = seen.get(id);
      if (known) {
        known.found.push(k);
        known.figure = { ...known.figure, maxOrb: Math.max(known.figure.maxOrb, figure.maxOrb) };
      } else seen.set(id, { figure, found: [k] });
    }
  });
  /** The fraction of the day where the figure appears or goes, between two places that disagree (bisected to under a minute). */
  const edge = (id: string, k: number) => {
    const holds = (f: number) => figuresAt(f).some((c) => figureId(c) === id);
    let [lo, hi] = [k / (places.length - 1), (k + 1) / (places.length - 1)];
    const atLo = holds(lo);
    while ((hi - lo) * DAY_MINUTES > 0.5) {
      const mid = (lo + hi) / 2;
      if (holds(mid) === atLo) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const all = [...seen.entries()];
  return {
    sure: all.filter(([, s]) => s.found.length === places.length).map(([, s]) => s.figure),
    possible: all
      .filter(([, s]) => s.found.length < places.length)
      .map(([id, s]) => ({ ...s.figure, born: bornWhen(s.found, places.length, (k) => edge(id, k)) })),
  };
}

/**
 * The births a figure found at the `found` places (indices of `count`, evenly spread from one midnight to the next) holds
 * for, when they make one stretch: `edgeAfter(k)` is the fraction of the day where it changes between places k and k + 1.
 */
function bornWhen(found: readonly number[], count: number, edgeAfter: (k: number) => number): string | undefined {
  const [first, last] = [found[0]!, found.at(-1)!];
  if (last - first + 1 !== found.length) return undefined;
  const clock = (fraction: number) => minuteClock(Math.min(DAY_MINUTES - 1, Math.round(DAY_MINUTES * fraction)));
  if (first === 0) return `before ${clock(edgeAfter(last))}`;
  if (last === count - 1) return `after ${clock(edgeAfter(first - 1))}`;
  return `between ${clock(edgeAfter(first - 1))} and ${clock(edgeAfter(last))}`;
}
