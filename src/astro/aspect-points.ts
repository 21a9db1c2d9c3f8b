/** The points of a chart that take part in its aspects. */
import type { AspectPoint } from './aspects.ts';
import type { ChartMoment } from './chart.ts';

/** Chart points left out of the aspects: the angles (the Ascendant and the Midheaven come from the houses, below). */
export const HOUSE_POINTS: ReadonlySet<string> = new Set(['ic', 'dc', 'asc', 'mc', 'vertex']);

/** Angles take part in aspects when the birth time is known: the Ascendant and the Midheaven. */
export function aspectPointsOf(chart: ChartMoment): AspectPoint[] {
  const points: AspectPoint[] = [];
  for (const p of chart.points) if (!HOUSE_POINTS.has(p.id)) points.push({ id: p.id, lon: p.lon, speed: p.speed });
  if (chart.houses) {
    points.push({ id: 'asc', lon: chart.houses.asc, speed: chart.houses.ascSpeed }, { id: 'mc', lon: chart.houses.mc, speed: chart.houses.mcSpeed });
  }
  return points;
}
