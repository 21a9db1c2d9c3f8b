/**
 * The aspect figures of an untimed chart, whose birth day leaves the Moon's place open by 12–15°.
 * The Moon is set every half degree along its path through the day and the figures are found at
 * each place: a figure found at every place is the chart's own whatever the hour; one found at some
 * only is possible, and the report names it as such instead of reading it or denying it. (A figure
 * without the Moon is the same at every place, unless the Moon completes a larger figure around it.)
 */
import { signOf } from '../../astro/zodiac.ts';
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
  // Each figure is stated as it stands with the noon Moon when it holds then (its orb varies along the day).
  const seen = new Map<string, { figure: Configuration; count: number }>(findConfigurations(points).map((figure) => [figureId(figure), { figure, count: 0 }]));
  const placed = new Map(points);
  for (const lon of places) {
    placed.set('moon', { ...moon, lon, sign: signOf(lon).id });
    for (const figure of findConfigurations(placed)) {
      const id = figureId(figure);
      const known = seen.get(id);
      if (known) known.count++;
      else seen.set(id, { figure, count: 1 });
    }
  }
  const all = [...seen.values()];
  return { sure: all.filter((s) => s.count === places.length).map((s) => s.figure), possible: all.filter((s) => s.count < places.length).map((s) => s.figure) };
}
