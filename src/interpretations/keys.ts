/**
 * The key grammar of the interpretation library: which keys exist, how a chart fact becomes a
 * key, and the list of every key a chart can reach (the coverage test requires an entry for each).
 *
 * planet.<planet>.sign.<sign>          14 points (Sun … Pluto, Chiron, the north and south nodes,
 *                                      mean Lilith) × 12 signs
 * angle.<asc|mc>.sign.<sign>           the Ascendant and the Midheaven × 12 signs
 * planet.<planet>.house.<1..12>        the same 14 points × 12 houses
 * aspect.<p1>.<family>.<p2>            p1 before p2 among the 15 aspect points (the 12 canonical ones,
 *                                      then Chiron, the north node, Lilith; not asc–mc);
 *                                      family conjunction | flowing | tense; an optional entry keyed
 *                                      by the exact type (trine, sextile, square, opposition) wins
 * transit.<tp>.<family>.<np>           transiting Sun … Pluto to the same 15 natal points
 * balance.*, hemisphere.*, shape.*, config.*, moon_phase.*, retrograde.*, dominant.planet.*,
 * section.<section_id>                 chart patterns and the report's section introductions
 *
 * Aspect families are required for every pair even where the sky rarely or never forms them
 * (the Sun and Mercury are never more than 28° apart): custom orbs widen what a chart reaches,
 * and the library's coverage stays one simple rule.
 *
 * A chart may carry a variant of a point (the true or the mean node beside the north node, true
 * Lilith): it is read with its point's entries (READ_AS), and its items are keyed by its own id
 * (`planet.true_node.sign.leo`, `aspect.sun.trine.true_node`) so that a client finds them by the
 * ids of the answer.
 */
import { SIGNS } from '../astro/zodiac.ts';

export const SIGN_IDS = SIGNS.map((s) => s.id);
export type SignId = (typeof SIGN_IDS)[number];

export const TEN_PLANET_IDS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
/** Points that have sign and house entries. */
export const PLANET_IDS = [...TEN_PLANET_IDS, 'chiron', 'north_node', 'lilith'] as const;
export type PlanetId = (typeof PLANET_IDS)[number];
/**
 * Points with sign and house entries in the interpretation block: those above and the south node
 * (the report speaks of the south node through the north node's entries, so PLANET_IDS, which it
 * lists, leaves it out).
 */
export const PLACEMENT_POINTS = [...PLANET_IDS, 'south_node'] as const;
export type PlacementPoint = (typeof PLACEMENT_POINTS)[number];

/** Chart points read with another point's entries: the true and the mean node are the node, true Lilith is Lilith. */
export const READ_AS: Readonly<Record<string, PlacementPoint>> = { true_node: 'north_node', mean_node: 'north_node', true_lilith: 'lilith' };

/** The point whose entries read a chart point: itself, or the point it is a variant of. */
export function readAs(id: string): string {
  return Object.hasOwn(READ_AS, id) ? READ_AS[id]! : id;
}

export const ANGLE_IDS = ['asc', 'mc'] as const;
export type AngleId = (typeof ANGLE_IDS)[number];

/** The order of points inside aspect keys: p1 always comes before p2 here. */
export const CANONICAL_POINTS = [...TEN_PLANET_IDS, 'asc', 'mc'] as const;
export type CanonicalPoint = (typeof CANONICAL_POINTS)[number];
/** Points whose aspects (and transits to them) have entries besides the canonical ones, in key order after them. */
export const SENSITIVE_POINTS = ['chiron', 'north_node', 'lilith'] as const;
/** Every point with aspect and transit entries, in key order. */
export const ASPECT_POINTS = [...CANONICAL_POINTS, ...SENSITIVE_POINTS] as const;
export type AspectPoint = (typeof ASPECT_POINTS)[number];

export const HOUSE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const ASPECT_FAMILIES = ['conjunction', 'flowing', 'tense'] as const;
export type AspectFamily = (typeof ASPECT_FAMILIES)[number];
/** Major aspect types that may have an entry of their own besides their family's. */
export const EXACT_ASPECT_TYPES = ['trine', 'sextile', 'square', 'opposition'] as const;
export type MajorAspectType = 'conjunction' | (typeof EXACT_ASPECT_TYPES)[number];

const FAMILY_OF: Record<MajorAspectType, AspectFamily> = {
  conjunction: 'conjunction',
  trine: 'flowing',
  sextile: 'flowing',
  square: 'tense',
  opposition: 'tense',
};

/** The family of a major aspect type; undefined for minor aspects, which have no entries. */
export function aspectFamily(type: string): AspectFamily | undefined {
  return FAMILY_OF[type as MajorAspectType];
}

export const TRANSITING_PLANETS = TEN_PLANET_IDS;

export const ELEMENTS = ['fire', 'earth', 'air', 'water'] as const;
export const MODALITIES = ['cardinal', 'fixed', 'mutable'] as const;
export const POLARITIES = ['yang', 'yin'] as const;
export const HEMISPHERES = ['east', 'west', 'north', 'south'] as const;
export const SHAPE_KEYS = ['bundle', 'bowl', 'bucket', 'locomotive', 'seesaw', 'splash', 'splay'] as const;
export const MOON_PHASES = [
  'new_moon',
  'waxing_crescent',
  'first_quarter',
  'waxing_gibbous',
  'full_moon',
  'waning_gibbous',
  'last_quarter',
  'balsamic',
] as const;
export const RETROGRADE_PLANETS = ['mercury', 'venus', 'mars', 'jupiter', 'saturn'] as const;

/** Sections of the report that open with an introduction from the library (`section.<id>`). */
export const INTRODUCED_SECTIONS = [
  'how_to_read',
  'core_triad',
  'temperament',
  'chart_shape',
  'personal_planets',
  'jupiter_saturn',
  'outer_planets',
  'life_areas',
  'nodes_chiron',
  'key_aspects',
  'synthesis',
] as const;
export type IntroducedSection = (typeof INTRODUCED_SECTIONS)[number];

const CANONICAL_INDEX = new Map<string, number>(CANONICAL_POINTS.map((id, i) => [id, i]));
const canonicalIndex = (id: string) => CANONICAL_INDEX.get(id) ?? -1;

export function isCanonicalPoint(id: string): id is CanonicalPoint {
  return canonicalIndex(id) >= 0;
}

/** Key order of the aspect points; a variant stands where its point does. */
const ASPECT_INDEX = new Map<string, number>([
  ...ASPECT_POINTS.map((id, i) => [id, i] as const),
  ...Object.entries(READ_AS).map(([variant, point]) => [variant, ASPECT_POINTS.indexOf(point as AspectPoint)] as const),
]);
const aspectIndex = (id: string) => ASPECT_INDEX.get(id) ?? -1;

/** Whether aspects and transits to this chart point (or the point it is a variant of) have entries. */
export function isAspectPoint(id: string): id is AspectPoint {
  return aspectIndex(id) >= 0;
}

/**
 * The two chart points of an aspect in key order (their own ids, variants included), or
 * undefined when the pair has no entries: a point without them, the Ascendant–Midheaven axis, or
 * two readings of one point (the north node and the true node).
 */
export function readablePair(a: string, b: string): [string, string] | undefined {
  const i = aspectIndex(a);
  const j = aspectIndex(b);
  if (i < 0 || j < 0 || i === j) return undefined;
  const pair: [string, string] = i < j ? [a, b] : [b, a];
  return pair[0] === 'asc' && pair[1] === 'mc' ? undefined : pair;
}

/** The two points of an aspect in key order, or undefined when the pair has no entries. */
export function aspectPair(a: string, b: string): [CanonicalPoint, CanonicalPoint] | undefined {
  const i = canonicalIndex(a);
  const j = canonicalIndex(b);
  if (i < 0 || j < 0 || i === j) return undefined;
  const pair = (i < j ? [a, b] : [b, a]) as [CanonicalPoint, CanonicalPoint];
  return pair[0] === 'asc' && pair[1] === 'mc' ? undefined : pair;
}

/**
 * Builds a key once per distinct arguments and hands out the same string afterwards: a key built
 * by a template each time is a fresh string that every Map lookup must hash again, which made
 * key building the larger part of an interpretation block's cost.
 */
function memo<A extends (string | number)[]>(build: (...args: A) => string): (...args: A) => string {
  const root = new Map<string | number, unknown>();
  return (...args: A) => {
    let node = root;
    for (let i = 0; i < args.length - 1; i++) {
      let next = node.get(args[i]!) as Map<string | number, unknown> | undefined;
      if (!next) node.set(args[i]!, (next = new Map()));
      node = next;
    }
    const last = args[args.length - 1]!;
    let key = node.get(last) as string | undefined;
    if (key === undefined) node.set(last, (key = build(...args)));
    return key;
  };
}

export const keys = {
  planetSign: memo((planet: string, sign: string) => `planet.${planet}.sign.${sign}`),
  planetHouse: memo((planet: string, house: number) => `planet.${planet}.house.${house}`),
  angleSign: memo((angle: string, sign: string) => `angle.${angle}.sign.${sign}`),
  /** `type` is an exact type or a family; the points must already be in key order. */
  aspect: memo((p1: string, type: string, p2: string) => `aspect.${p1}.${type}.${p2}`),
  transit: memo((transiting: string, type: string, natal: string) => `transit.${transiting}.${type}.${natal}`),
  element: memo((element: string, level: 'strong' | 'weak') => `balance.element.${element}.${level}`),
  modality: memo((modality: string, level: 'strong' | 'weak') => `balance.modality.${modality}.${level}`),
  polarity: memo((polarity: string) => `balance.polarity.${polarity}.strong`),
  hemisphere: memo((hemisphere: string) => `hemisphere.${hemisphere}`),
  shape: memo((shape: string) => `shape.${shape}`),
  stelliumSign: memo((sign: string) => `config.stellium.sign.${sign}`),
  stelliumHouse: memo((house: number) => `config.stellium.house.${house}`),
  grandTrine: memo((element: string) => `config.grand_trine.${element}`),
  /** A grand trine whose corners stand in signs of different elements (out of sign by at least one trine). */
  dissociateGrandTrine: () => 'config.grand_trine.dissociate',
  tSquare: memo((modality: string) => `config.t_square.${modality}`),
  grandCross: memo((modality: string) => `config.grand_cross.${modality}`),
  yod: () => 'config.yod',
  kite: () => 'config.kite',
  moonPhase: memo((phase: string) => `moon_phase.${phase}`),
  retrograde: memo((planet: string) => `retrograde.${planet}`),
  dominantPlanet: memo((planet: string) => `dominant.planet.${planet}`),
  section: memo((id: string) => `section.${id}`),
};

/** Aspect pairs with entries: each aspect point with every later one, except the Ascendant–Midheaven axis. */
export function aspectPairs(): [AspectPoint, AspectPoint][] {
  const pairs: [AspectPoint, AspectPoint][] = [];
  ASPECT_POINTS.forEach((p1, i) => {
    for (const p2 of ASPECT_POINTS.slice(i + 1)) if (!(p1 === 'asc' && p2 === 'mc')) pairs.push([p1, p2]);
  });
  return pairs;
}

/** The keys of each part of the library, by the folder (or file) that holds them. */
export function keysByPart(): Record<'signs' | 'houses' | 'aspects' | 'transits' | 'patterns' | 'sections', string[]> {
  const signs = [
    ...PLACEMENT_POINTS.flatMap((p) => SIGN_IDS.map((s) => keys.planetSign(p, s))),
    ...ANGLE_IDS.flatMap((a) => SIGN_IDS.map((s) => keys.angleSign(a, s))),
  ];
  const houses = PLACEMENT_POINTS.flatMap((p) => HOUSE_NUMBERS.map((h) => keys.planetHouse(p, h)));
  const aspects = aspectPairs().flatMap(([p1, p2]) => ASPECT_FAMILIES.map((f) => keys.aspect(p1, f, p2)));
  const transits = TRANSITING_PLANETS.flatMap((tp) => ASPECT_POINTS.flatMap((np) => ASPECT_FAMILIES.map((f) => keys.transit(tp, f, np))));
  const levels = ['strong', 'weak'] as const;
  const patterns = [
    ...ELEMENTS.flatMap((e) => levels.map((l) => keys.element(e, l))),
    ...MODALITIES.flatMap((m) => levels.map((l) => keys.modality(m, l))),
    ...POLARITIES.map((p) => keys.polarity(p)),
    ...HEMISPHERES.map((h) => keys.hemisphere(h)),
    ...SHAPE_KEYS.map((s) => keys.shape(s)),
    ...SIGN_IDS.map((s) => keys.stelliumSign(s)),
    ...HOUSE_NUMBERS.map((h) => keys.stelliumHouse(h)),
    ...ELEMENTS.map((e) => keys.grandTrine(e)),
    keys.dissociateGrandTrine(),
    ...MODALITIES.map((m) => keys.tSquare(m)),
    ...MODALITIES.map((m) => keys.grandCross(m)),
    keys.yod(),
    keys.kite(),
    ...MOON_PHASES.map((p) => keys.moonPhase(p)),
    ...RETROGRADE_PLANETS.map((p) => keys.retrograde(p)),
    ...TEN_PLANET_IDS.map((p) => keys.dominantPlanet(p)),
  ];
  const sections = INTRODUCED_SECTIONS.map((s) => keys.section(s));
  return { signs, houses, aspects, transits, patterns, sections };
}

/** Every key a chart can reach: the library must hold an entry for each. */
export function reachableKeys(): string[] {
  return Object.values(keysByPart()).flat();
}

/** Keys an entry may have beyond the reachable ones: exact-type aspect entries that override their family's. */
export function optionalKeys(): string[] {
  return aspectPairs().flatMap(([p1, p2]) => EXACT_ASPECT_TYPES.map((t) => keys.aspect(p1, t, p2)));
}

let known: ReadonlySet<string> | undefined;

/** Whether the grammar has this key (a typo in a content file is caught by the loader). */
export function isGrammarKey(key: string): boolean {
  known ??= new Set([...reachableKeys(), ...optionalKeys()]);
  return known.has(key);
}
