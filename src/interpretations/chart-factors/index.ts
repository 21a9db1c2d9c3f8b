/**
 * Everything the library describes about a natal chart, computed once from the chart: placed
 * points, balance, hemispheres, shape, stelliums, configurations, the Moon's phase, retrograde
 * planets, the chart ruler, the dominant planet and the major aspects.
 */
import { classifyShape } from '../../astro/chart-shape.ts';
import { findStelliums, type Stelliums } from '../../astro/stelliums.ts';
import { isTimed, type NatalChartInput } from '../chart-input.ts';
import { RETROGRADE_PLANETS, SHAPE_KEYS, TEN_PLANET_IDS } from '../keys.ts';
import { keyedAspects, type KeyedAspect } from './aspects.ts';
import { computeBalance, type Balance } from './balance.ts';
import { findConfigurations, type Configuration } from './configurations.ts';
import { dominantPlanet, type DominantPlanet } from './dominant-planet.ts';
import { computeHemispheres, type HemisphereBalance } from './hemispheres.ts';
import { moonPhaseOf, type MoonPhaseFact } from './moon-phase.ts';
import { placedPoints, type PlacedPoint } from './positions.ts';
import { MODERN_RULER } from './rulers.ts';

export type ShapeKey = (typeof SHAPE_KEYS)[number];

/** A stellium of the response's `signs[]` or `houses[]`, told apart by `kind`. */
export interface Stellium {
  kind: 'sign' | 'house';
  sign_id?: string;
  house?: number;
  bodies: string[];
}

function flattenStelliums(found: Stelliums): Stellium[] {
  return [
    ...found.signs.map((s) => ({ kind: 'sign' as const, sign_id: s.sign_id, bodies: s.bodies })),
    ...found.houses.map((h) => ({ kind: 'house' as const, house: h.house, bodies: h.bodies })),
  ];
}

export interface ChartFactors {
  timed: boolean;
  points: ReadonlyMap<string, PlacedPoint>;
  aspects: KeyedAspect[];
  balance: Balance;
  hemispheres?: HemisphereBalance | undefined;
  shape?: ShapeKey | undefined;
  /** One list, sign stelliums first, as the texts speak of them. */
  stelliums: Stellium[];
  configurations: Configuration[];
  moonPhase?: MoonPhaseFact | undefined;
  retrogrades: string[];
  /** The planet ruling the Ascendant's sign (timed charts). */
  chartRuler?: string | undefined;
  dominant: DominantPlanet;
}

export function extractChartFactors(chart: NatalChartInput): ChartFactors {
  const points = placedPoints(chart);
  const aspects = keyedAspects(chart);
  const timed = isTimed(chart);
  const asc = points.get('asc');
  const chartRuler = asc ? MODERN_RULER[asc.sign] : undefined;
  const tenLongitudes = TEN_PLANET_IDS.map((id) => points.get(id)?.lon).filter((l) => l !== undefined);
  const shape = classifyShape(tenLongitudes);
  const sun = points.get('sun');
  const moon = points.get('moon');
  return {
    timed,
    points,
    aspects,
    balance: computeBalance(points),
    hemispheres: computeHemispheres(points),
    shape: shape === null ? undefined : shape === 'see_saw' ? 'seesaw' : shape,
    stelliums: flattenStelliums(
      findStelliums(
        TEN_PLANET_IDS.map((id) => points.get(id))
          .filter((p) => p !== undefined)
          .map((p) => ({ id: p.id, lon: p.lon, house: p.house })),
      ),
    ),
    configurations: findConfigurations(points),
    moonPhase: sun && moon ? moonPhaseOf(sun, moon) : undefined,
    retrogrades: RETROGRADE_PLANETS.filter((id) => (points.get(id)?.speed ?? 0) < 0),
    chartRuler,
    dominant: dominantPlanet(points, aspects, chartRuler),
  };
}
