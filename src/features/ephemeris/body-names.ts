/**
 * Body names of the ephemeris: the public API's official names (`Sun`, `True_Node`,
 * `Mean_Lilith`...) and our ids, in either case.
 */
import { bodyInfo } from '../../astro/bodies.ts';

const IDS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'mean_node', 'true_node', 'south_node', 'chiron', 'lilith', 'true_lilith', 'pholus', 'ceres', 'pallas', 'juno', 'vesta'] as const;

const ALIASES: Record<string, string> = {
  mean_lilith: 'lilith', black_moon_lilith: 'lilith', black_moon: 'lilith', mean_apogee: 'lilith',
  osculating_lilith: 'true_lilith', true_apogee: 'true_lilith',
  north_node: 'true_node', node: 'true_node', rahu: 'true_node', ketu: 'south_node',
};

/** Display names by id, filled on first use (see displayName). */
const displayNames = new Map<string, string>();

/** Default bodies of an ephemeris row: the ten planets, the true node, Chiron and Lilith. */
export const DEFAULT_EPHEMERIS_BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'true_node', 'chiron', 'lilith'];

export const BODY_NAMES = IDS.map((id) => displayName(id));

export function resolveBodyName(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((IDS as readonly string[]).includes(key)) return key;
  return ALIASES[key];
}

/**
 * `True Node` → `True_Node`: the key of a body in rows and the stem of its CSV columns. Kept once
 * per id: an export asks for it twice per body and row.
 */
export function displayName(id: string): string {
  let name = displayNames.get(id);
  if (name === undefined) {
    name = bodyInfo(id).name.replace(/\s+/g, '_');
    displayNames.set(id, name);
  }
  return name;
}
