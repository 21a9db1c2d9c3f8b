/**
 * The aspect figures of an untimed chart, whose birth day leaves the Moon's place open by 12–15°.
 * The Moon is set every half degree along its path through the day, the other planets moved with it
 * by their daily motion (a Mercury–Jupiter opposition at 6°52′ at noon was 7°20′ by midnight, past
 * the figure's orb), and the figures are found at each instant: a figure found at every one is the
 * chart's own whatever the hour, stated with its widest orb of the day; one found at some only is
 * possible, and the report names it as such instead of reading it or denying it.
 */
import { normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { findConfigurations, type Configuration } from '../../interpretations/chart-factors/configurations.ts';
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import { moonPlacesOfTheDay, type MoonDay } from '../sky/moon-day.ts';

export interface DayFigures {
  /** Found wherever the Moon stood that day. */
  sure: Configuration[];
  /** Found for part of the day only. */
  possible: Configuration[];
}

const STEP_DEG = 0.5;
const figureId = (c: Configuration) => `${c.kind}:${c.planets.join(',')}`;

export function figuresOverTheDay(points: ReadonlyMap<string, PlacedPoint>, day: MoonDay): DayFigures {
  const moon = points.get('moon');
  if (!moon) return { sure: findConfigurations(points), possible: [] };
  const places = moonPlacesOfTheDay(day, STEP_DEG);
  // Each figure is stated as it stands at noon when it holds then, with the widest orb it reaches in the day.
  const seen = new Map<string, { figure: Configuration; count: number }>(findConfigurations(points).map((figure) => [figureId(figure), { figure, count: 0 }]));
  const placed = new Map(points);
  places.forEach((lon, k) => {
    // The places run evenly from one midnight to the next: the k-th is this far from noon, in days.
    const fromNoon = k / (places.length - 1) - 0.5;
    for (const [id, p] of points) {
      const at = id === 'moon' ? lon : normalizeDegrees(p.lon + p.speed * fromNoon);
      placed.set(id, { ...p, lon: at, sign: signOf(at).id });
    }
    for (const figure of findConfigurations(placed)) {
      const id = figureId(figure);
      const known = seen.get(id);
      if (known) {
        known.count++;
        known.figure = { ...known.figure, maxOrb: Math.max(known.figure.maxOrb, figure.maxOrb) };
      } else seen.set(id, { figure, count: 1 });
    }
  });
  const all = [...seen.values()];
  return { sure: all.filter((s) => s.count === places.length).map((s) => s.figure), possible: all.filter((s) => s.count < places.length).map((s) => s.figure) };
}
