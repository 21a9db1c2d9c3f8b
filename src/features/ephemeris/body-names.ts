/**
 * Body names of the ephemeris: the public API's official names (`Sun`, `True_Node`, `Lilith`,
 * `Mean_Lilith`...) and our ids, in either case.
 *
 * The public service lists `Lilith` and `Mean_Lilith` as two official names, so its `Lilith` is
 * not the mean apogee: it is the osculating ("true") apogee. Here too: in the ephemeris `Lilith`
 * is the osculating apogee (our point `true_lilith`) and `Mean_Lilith` the mean one (our point
 * `lilith`, which is what the natal chart's `lilith` means). Both asked for are two columns.
 *
 * A request that asks for one Lilith only, either one by any of its names, gets it under the key
 * `Lilith`: a client that asks for `Mean_Lilith` reads `bodies.Lilith`, as the public service
 * answers it. `meta.body_definitions.Lilith` then says which apogee it is (columnNames).
 */
import { bodyInfo } from '../../astro/bodies.ts';

const IDS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'mean_node',
  'true_node',
  'south_node',
  'chiron',
  'true_lilith',
  'lilith',
  'pholus',
  'ceres',
  'pallas',
  'juno',
  'vesta',
] as const;

/** Column names that are not the catalogue's display name. */
const COLUMN_NAMES: Record<string, string> = { true_lilith: 'Lilith', lilith: 'Mean_Lilith' };

/** Accepted names (lower case, `_` for spaces) to points. Our own ids are accepted too, except `lilith`, which names the column `Lilith`. */
const ALIASES: Record<string, string> = {
  lilith: 'true_lilith',
  true_lilith: 'true_lilith',
  osculating_lilith: 'true_lilith',
  true_apogee: 'true_lilith',
  osculating_apogee: 'true_lilith',
  mean_lilith: 'lilith',
  black_moon_lilith: 'lilith',
  black_moon: 'lilith',
  mean_apogee: 'lilith',
  north_node: 'true_node',
  node: 'true_node',
  rahu: 'true_node',
  ketu: 'south_node',
};

/** What the lunar points of a column are, for `meta.body_definitions` (the names alone can mislead). */
const DEFINITIONS: Record<string, string> = {
  true_lilith: 'osculating (true) lunar apogee',
  lilith: 'mean lunar apogee',
  true_node: 'true (osculating) north lunar node',
  mean_node: 'mean north lunar node',
  south_node: 'opposite the true north lunar node',
};

/** Display names by id, filled on first use (see displayName). */
const displayNames = new Map<string, string>();

/** Default bodies of an ephemeris row: the ten planets, the true node, Chiron and Lilith (the osculating apogee). */
export const DEFAULT_EPHEMERIS_BODIES = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'true_node',
  'chiron',
  'true_lilith',
];

export const BODY_NAMES = IDS.map((id) => displayName(id));

export function resolveBodyName(name: string): string | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (Object.hasOwn(ALIASES, key)) return ALIASES[key];
  return (IDS as readonly string[]).includes(key) ? key : undefined;
}

/**
 * `True Node` → `True_Node`: the key of a body in rows, in `meta.bodies` and the stem of its CSV
 * columns. Kept once per id: an export asks for it twice per body and row.
 */
export function displayName(id: string): string {
  let name = displayNames.get(id);
  if (name === undefined) {
    name = COLUMN_NAMES[id] ?? bodyInfo(id).name.replace(/\s+/g, '_');
    displayNames.set(id, name);
  }
  return name;
}

/** The two apogees: a request that names exactly one of them gets it as the column `Lilith`. */
const LILITHS = ['true_lilith', 'lilith'];
const ONE_LILITH = 'Lilith';

/**
 * The column (the key in rows, `meta.bodies`, table headers and the stem of CSV columns) of each
 * of a request's bodies, in their order: each body's displayName, except that the only Lilith of
 * a request is `Lilith` whichever apogee it is; with both, `Lilith` is the osculating one and
 * `Mean_Lilith` the mean one, two distinct keys.
 */
export function columnNames(bodies: readonly string[]): string[] {
  const liliths = bodies.filter((id) => LILITHS.includes(id)).length;
  return bodies.map((id) => (liliths === 1 && LILITHS.includes(id) ? ONE_LILITH : displayName(id)));
}

/** The definition of a column that needs one (lunar points), else undefined. */
export function bodyDefinition(id: string): string | undefined {
  return DEFINITIONS[id];
}

const aspectNames = new Map<string, string>();

/** A body as an aspect names it: its column's name in lower case (`lilith` is the `Lilith` column). Kept once per column, as the columns are few. */
export function aspectName(column: string): string {
  let name = aspectNames.get(column);
  if (name === undefined) {
    name = column.toLowerCase();
    aspectNames.set(column, name);
  }
  return name;
}
