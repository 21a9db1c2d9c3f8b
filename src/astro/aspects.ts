/**
 * Aspects: angular relationships between two chart points, with orbs, applying/separating
 * (from the points' speeds) and out-of-sign detection.
 */
import { signIndexOf, signedSeparation } from './zodiac.ts';

export const ASPECT_DEFINITIONS = [
  { type: 'conjunction', angle: 0, major: true, orb: 8 },
  { type: 'opposition', angle: 180, major: true, orb: 8 },
  { type: 'trine', angle: 120, major: true, orb: 7 },
  { type: 'square', angle: 90, major: true, orb: 7 },
  { type: 'sextile', angle: 60, major: true, orb: 5 },
  { type: 'quincunx', angle: 150, major: false, orb: 3 },
  { type: 'semi_sextile', angle: 30, major: false, orb: 2 },
  { type: 'semi_square', angle: 45, major: false, orb: 2 },
  { type: 'sesquiquadrate', angle: 135, major: false, orb: 2 },
  { type: 'quintile', angle: 72, major: false, orb: 2 },
] as const;

export type AspectType = (typeof ASPECT_DEFINITIONS)[number]['type'];
export const ASPECT_TYPES: AspectType[] = ASPECT_DEFINITIONS.map((a) => a.type);
export const MAJOR_ASPECT_TYPES = ASPECT_DEFINITIONS.filter((a) => a.major).map((a) => a.type) as AspectType[];

/** The exact angle of an aspect type (degrees). */
export function aspectAngle(type: string): number {
  const definition = ASPECT_DEFINITIONS.find((d) => d.type === type);
  if (!definition) throw new Error(`no aspect named ${type}`);
  return definition.angle;
}

/** Orb overrides: keys as callers send them ("Conjunction", "semi_sextile", "Semi-Sextile"). */
export type OrbSettings = Record<string, number>;

export function aspectTypeFromName(name: string): AspectType | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const aliases: Record<string, AspectType> = {
    semisextile: 'semi_sextile',
    semisquare: 'semi_square',
    inconjunct: 'quincunx',
    sesqui_square: 'sesquiquadrate',
    sesquisquare: 'sesquiquadrate',
  };
  if ((ASPECT_TYPES as string[]).includes(key)) return key as AspectType;
  return Object.hasOwn(aliases, key) ? aliases[key] : undefined; // not what every object inherits ("constructor")
}

export interface AspectPoint {
  id: string;
  lon: number;
  /** Daily motion in longitude; 0 for points without motion data. */
  speed: number;
}

export interface Aspect {
  p1: string;
  p2: string;
  type: AspectType;
  /** The aspect's exact angle (0, 60, 90...). */
  deg: number;
  /** The actual angular distance between the points, [0, 180]. */
  angle: number;
  orb: number;
  is_major: boolean;
  is_applying: boolean;
  out_of_sign: boolean;
}

export interface AspectOptions {
  types: readonly AspectType[];
  orbs?: Partial<Record<AspectType, number>>;
}

/** Pairs whose relation is fixed by definition (the two ends of one axis, two variants of a point). */
const AXIS_GROUPS: Record<string, number> = {
  north_node: 1,
  south_node: 1,
  mean_node: 1,
  true_node: 1,
  lilith: 2,
  true_lilith: 2,
  asc: 3,
  dc: 3,
  mc: 4,
  ic: 4,
};

/** A point's axis group, 0 for none: two points of one group form a trivial pair. */
export function axisGroup(id: string): number {
  return Object.hasOwn(AXIS_GROUPS, id) ? AXIS_GROUPS[id]! : 0;
}

export function resolveOrbs(settings: OrbSettings | undefined): Partial<Record<AspectType, number>> {
  const orbs: Partial<Record<AspectType, number>> = {};
  if (!settings) return orbs;
  for (const [name, value] of Object.entries(settings)) {
    const type = aspectTypeFromName(name);
    if (type) orbs[type] = value;
  }
  return orbs;
}

interface ActiveAspect {
  type: AspectType;
  angle: number;
  major: boolean;
  orb: number;
}

/** The aspect types a search looks for, with their orbs resolved once rather than per pair. */
function activeAspects(options: AspectOptions): ActiveAspect[] {
  return ASPECT_DEFINITIONS.filter((d) => options.types.includes(d.type)).map((d) => ({
    type: d.type,
    angle: d.angle,
    major: d.major,
    orb: options.orbs?.[d.type] ?? d.orb,
  }));
}

/**
 * A search's aspect types, and by whole degree of distance (0 to 180) the ones a distance in that
 * degree could be within orb of, in the same order. Most pairs of a chart form no aspect: their
 * degree lists none, and they cost no comparison per type. A type is listed wherever its orb
 * band reaches into the degree, ends included and widened by BAND_MARGIN, so that rounding in the
 * comparison can never make a list leave out a type that comparing with every type would take.
 */
interface AspectSearch {
  active: readonly ActiveAspect[];
  byDegree: readonly (readonly ActiveAspect[])[];
}

const BAND_MARGIN = 1e-9; // degrees: far above the rounding of numbers below 360 (about 6e-14)

function aspectSearch(active: readonly ActiveAspect[]): AspectSearch {
  const reaches = (a: ActiveAspect, degree: number) => !(a.angle - a.orb > degree + 1 + BAND_MARGIN || a.angle + a.orb < degree - BAND_MARGIN);
  const byDegree = Array.from({ length: 181 }, (_, degree) => active.filter((a) => reaches(a, degree)));
  return { active, byDegree };
}

/** Searches with the default orbs, made once per list of types (the lists are the module's constants). */
const defaultOrbSearches = new WeakMap<readonly AspectType[], AspectSearch>();

function searchFor(options: AspectOptions): AspectSearch {
  // Custom orbs come with a request: a search of one chart compares every pair with every type.
  const custom = options.orbs !== undefined && Object.keys(options.orbs).length > 0;
  if (custom) return { active: activeAspects(options), byDegree: [] };
  let search = defaultOrbSearches.get(options.types);
  if (search === undefined) {
    search = aspectSearch(activeAspects(options));
    defaultOrbSearches.set(options.types, search);
  }
  return search;
}

/** The aspect between two points, if any (the closest one when custom orbs overlap). */
function closestAspect(a: AspectPoint, b: AspectPoint, search: AspectSearch): Aspect | undefined {
  const separation = signedSeparation(a.lon, b.lon);
  const distance = Math.abs(separation);
  // A distance that is not a number (a point without a position) is compared with every type, as before.
  const active = search.byDegree[Math.floor(distance)] ?? search.active;
  // The first of the closest (the definitions' order breaks ties); the object is made once, for it.
  let def: ActiveAspect | undefined;
  let orb = Infinity;
  for (let i = 0; i < active.length; i++) {
    const candidate = active[i]!;
    const candidateOrb = Math.abs(distance - candidate.angle);
    if (candidateOrb > candidate.orb || candidateOrb >= orb) continue;
    def = candidate;
    orb = candidateOrb;
  }
  if (!def) return undefined;
  // d(orb)/dt: the orb shrinks when the distance moves toward the exact angle.
  const distanceRate = Math.sign(separation) * (b.speed - a.speed);
  const orbRate = Math.sign(distance - def.angle) * distanceRate;
  const signSteps = Math.abs(signIndexOf(a.lon) - signIndexOf(b.lon));
  const signDistance = Math.min(signSteps, 12 - signSteps);
  return {
    p1: a.id,
    p2: b.id,
    type: def.type,
    deg: def.angle,
    angle: distance,
    orb,
    is_major: def.major,
    is_applying: orbRate < 0,
    // Only aspects that are whole multiples of 30° have a natural sign distance to compare with.
    out_of_sign: def.angle % 30 === 0 ? signDistance !== def.angle / 30 : false,
  };
}

/**
 * Sorts aspects by orb, closest first, keeping the order of equal orbs: what
 * `aspects.sort((a, b) => a.orb - b.orb)` gives (the sort is stable), by insertion, which for a
 * chart's few dozen aspects takes a tenth of the builtin's calls to a comparator.
 */
export function sortByOrb<T extends { orb: number }>(aspects: T[]): T[] {
  for (let i = 1; i < aspects.length; i++) {
    const item = aspects[i]!;
    let j = i - 1;
    while (j >= 0 && aspects[j]!.orb > item.orb) {
      aspects[j + 1] = aspects[j]!;
      j--;
    }
    aspects[j + 1] = item;
  }
  return aspects;
}

/** Aspects among one set of points (each pair once). */
export function findAspectsWithin(points: readonly AspectPoint[], options: AspectOptions): Aspect[] {
  const search = searchFor(options);
  const groups = points.map((p) => axisGroup(p.id)); // once per point, not per pair
  const found: Aspect[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      if (groups[i] !== 0 && groups[i] === groups[j]) continue;
      const aspect = closestAspect(points[i]!, points[j]!, search);
      if (aspect) found.push(aspect);
    }
  }
  return found;
}

/** Aspects from every point of one set to every point of another (transits, synastry). */
export function findAspectsBetween(from: readonly AspectPoint[], to: readonly AspectPoint[], options: AspectOptions): Aspect[] {
  const search = searchFor(options);
  const found: Aspect[] = [];
  for (const a of from) {
    for (const b of to) {
      const aspect = closestAspect(a, b, search);
      if (aspect) found.push(aspect);
    }
  }
  return found;
}
