/**
 * The catalogue of chart points: planets, lunar points, asteroids, derived points and angles.
 * `se` is the Swiss Ephemeris body number for points the library computes directly.
 */

export type BodyKind = 'luminary' | 'planet' | 'lunar_point' | 'centaur' | 'asteroid' | 'derived' | 'angle';

export interface BodyInfo {
  id: string;
  name: string;
  kind: BodyKind;
  se?: number;
  /**
   * Below this absolute daily speed (degrees/day) the body counts as stationary: about 7 % of its
   * mean motion. Undefined for points that never station (luminaries, mean points, angles).
   */
  stationaryBelow?: number;
}

const list: BodyInfo[] = [
  { id: 'sun', name: 'Sun', kind: 'luminary', se: 0 },
  { id: 'moon', name: 'Moon', kind: 'luminary', se: 1 },
  { id: 'mercury', name: 'Mercury', kind: 'planet', se: 2, stationaryBelow: 0.1 },
  { id: 'venus', name: 'Venus', kind: 'planet', se: 3, stationaryBelow: 0.07 },
  { id: 'mars', name: 'Mars', kind: 'planet', se: 4, stationaryBelow: 0.04 },
  { id: 'jupiter', name: 'Jupiter', kind: 'planet', se: 5, stationaryBelow: 0.006 },
  { id: 'saturn', name: 'Saturn', kind: 'planet', se: 6, stationaryBelow: 0.0025 },
  { id: 'uranus', name: 'Uranus', kind: 'planet', se: 7, stationaryBelow: 0.0008 },
  { id: 'neptune', name: 'Neptune', kind: 'planet', se: 8, stationaryBelow: 0.0004 },
  { id: 'pluto', name: 'Pluto', kind: 'planet', se: 9, stationaryBelow: 0.0003 },
  { id: 'mean_node', name: 'Mean Node', kind: 'lunar_point', se: 10 },
  { id: 'true_node', name: 'True Node', kind: 'lunar_point', se: 11 },
  // north_node is the mean or the true node (request `node_type`/`variant`); south_node is its opposite.
  { id: 'north_node', name: 'North Node', kind: 'lunar_point' },
  { id: 'south_node', name: 'South Node', kind: 'lunar_point' },
  { id: 'lilith', name: 'Lilith', kind: 'lunar_point', se: 12 },
  { id: 'true_lilith', name: 'True Lilith', kind: 'lunar_point', se: 13 },
  { id: 'chiron', name: 'Chiron', kind: 'centaur', se: 15, stationaryBelow: 0.0015 },
  { id: 'pholus', name: 'Pholus', kind: 'centaur', se: 16, stationaryBelow: 0.001 },
  { id: 'ceres', name: 'Ceres', kind: 'asteroid', se: 17, stationaryBelow: 0.015 },
  { id: 'pallas', name: 'Pallas', kind: 'asteroid', se: 18, stationaryBelow: 0.015 },
  { id: 'juno', name: 'Juno', kind: 'asteroid', se: 19, stationaryBelow: 0.015 },
  { id: 'vesta', name: 'Vesta', kind: 'asteroid', se: 20, stationaryBelow: 0.018 },
  { id: 'part_of_fortune', name: 'Part of Fortune', kind: 'derived' },
  { id: 'asc', name: 'Ascendant', kind: 'angle' },
  { id: 'mc', name: 'Midheaven', kind: 'angle' },
  { id: 'ic', name: 'Imum Coeli', kind: 'angle' },
  { id: 'dc', name: 'Descendant', kind: 'angle' },
  { id: 'vertex', name: 'Vertex', kind: 'angle' },
];

export const BODIES: ReadonlyMap<string, BodyInfo> = new Map(list.map((b) => [b.id, b]));

/** Every point's display name by id ("north_node" → "North Node"): the one table of them. */
export const POINT_NAMES: Readonly<Record<string, string>> = Object.fromEntries(list.map((b) => [b.id, b.name]));

export function bodyInfo(id: string): BodyInfo {
  const info = BODIES.get(id);
  if (!info) throw new Error(`unknown body ${id}`);
  return info;
}

/** The ten planets (Sun to Pluto): the set used for stelliums, dominants and chart shapes. */
export const TEN_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;

/** Bodies of a natal chart when the request names no extra feature (13, as the field reference). */
export const DEFAULT_NATAL_BODIES = [...TEN_PLANETS, 'north_node', 'lilith', 'chiron'] as const;

/** Default transiting set (field reference §4.3): the true node rather than the mean one. */
export const DEFAULT_TRANSIT_BODIES = [...TEN_PLANETS, 'true_node', 'chiron', 'lilith'] as const;

/** Extra points a request may add through `include_features`. */
export const FEATURE_BODIES = [
  'chiron',
  'lilith',
  'true_lilith',
  'true_node',
  'mean_node',
  'north_node',
  'south_node',
  'pholus',
  'ceres',
  'pallas',
  'juno',
  'vesta',
  'part_of_fortune',
  'asc',
  'mc',
  'ic',
  'dc',
  'vertex',
] as const;

export const ANGLE_IDS = ['asc', 'mc', 'ic', 'dc', 'vertex'] as const;
export type AngleId = (typeof ANGLE_IDS)[number];
