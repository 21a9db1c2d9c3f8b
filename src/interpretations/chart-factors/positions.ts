/** The chart's points the library speaks about, with their sign and house, read once from the chart input. */
import { signOf } from '../../astro/zodiac.ts';
import { isTimed, type NatalChartInput } from '../chart-input.ts';
import { PLACEMENT_POINTS, READ_AS, type SignId } from '../keys.ts';

export interface PlacedPoint {
  id: string;
  lon: number;
  speed: number;
  sign: SignId;
  house?: number | undefined;
  lat?: number | undefined;
  distanceAu?: number | undefined;
}

/** The points with sign and house entries, and the variants read with them (the true node, true Lilith). */
const PLANET_SET: ReadonlySet<string> = new Set([...PLACEMENT_POINTS, ...Object.keys(READ_AS)]);

/** The points with entries (when present) and, for a timed chart, the Ascendant and the Midheaven. */
export function placedPoints(chart: NatalChartInput): Map<string, PlacedPoint> {
  const points = new Map<string, PlacedPoint>();
  for (const p of chart.planets) {
    if (PLANET_SET.has(p.id) && !points.has(p.id))
      points.set(p.id, { id: p.id, lon: p.abs_pos, speed: p.speed, sign: signOf(p.abs_pos).id, house: p.house, lat: p.latitude, distanceAu: p.distance_au });
  }
  if (isTimed(chart)) {
    const { asc, mc } = chart.angles!;
    points.set('asc', { id: 'asc', lon: asc, speed: 0, sign: signOf(asc).id, house: 1 });
    points.set('mc', { id: 'mc', lon: mc, speed: 0, sign: signOf(mc).id, house: 10 });
  }
  return points;
}
