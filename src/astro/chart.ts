/**
 * A chart at one moment and place: positions of the requested points, the houses, and the
 * derived points (south node, part of fortune, angles). Pure computation, no presentation.
 */
import { bodyInfo } from './bodies.ts';
import {
  calcBody,
  calcHouses,
  trueObliquity,
  ayanamsaDegrees,
  EphemerisError,
  fromAsteroidFiles,
  TROPICAL,
  type HouseCusps,
  type ZodiacSetting,
} from './ephemeris.ts';
import { HOUSE_SYSTEMS, POLAR_FALLBACK_SYSTEM, type HouseSystemName } from './house-systems.ts';
import { cuspOrder, houseOf } from './house-placement.ts';
import { normalizeDegrees } from './zodiac.ts';

export type NodeVariant = 'mean' | 'true';

export interface ChartMomentInput {
  jdUt: number;
  lat: number;
  lng: number;
  /** When false there are no houses, angles or house placements (and no part of fortune). */
  timeKnown: boolean;
  zodiac: ZodiacSetting;
  houseSystem: HouseSystemName;
  /** Point ids from the catalogue, in the order the response lists them. */
  points: readonly string[];
  nodeVariant: NodeVariant;
  /** Warnings the chart starts with: what its moment says of itself (a local time a daylight-saving change skipped). */
  warnings?: readonly string[] | undefined;
  /**
   * False when the caller reads no declination: each point's `declination` is then NaN, and a
   * sidereal chart makes no second (tropical) position per body nor a second houses call, which
   * only the declinations need. Default true.
   */
  declinations?: boolean | undefined;
}

export interface PointPosition {
  id: string;
  lon: number;
  lat: number;
  distAu: number;
  speed: number;
  declination: number;
  moshier: boolean;
  house?: number;
}

/** The houses of a chart: the library's cusps and angles, and which system they really are. */
export interface HouseFrame extends Omit<HouseCusps, 'fellBack' | 'message'> {
  requested: HouseSystemName;
  used: HouseSystemName;
  /** The direction the cusps run in (cuspOrder), read once for every house placement. */
  forward: boolean;
  /** Whether the cusps go round the zodiac once (cuspOrder). */
  inOrder: boolean;
}

/** What an answer says of a chart besides its points: its houses' system and order, its ayanamsa, the ephemeris used, its warnings. */
export interface ChartFacts {
  houses?: Pick<HouseFrame, 'requested' | 'used' | 'inOrder'> | undefined;
  ayanamsa?: number | undefined;
  warnings: string[];
  moshierUsed: boolean;
}

export interface ChartMoment extends ChartFacts {
  points: PointPosition[];
  houses?: HouseFrame;
}

/** sin δ = sin β cos ε + cos β sin ε sin λ, on the tropical (of date) longitude. */
function declinationOf(tropicalLon: number, lat: number, obliquity: number): number {
  const rad = Math.PI / 180;
  const s = Math.sin(lat * rad) * Math.cos(obliquity * rad) + Math.cos(lat * rad) * Math.sin(obliquity * rad) * Math.sin(tropicalLon * rad);
  return Math.asin(Math.max(-1, Math.min(1, s))) / rad;
}

/**
 * What a chart says of its houses, if anything: that the library could not compute the system
 * asked for (and gave Porphyry), or that the system's cusps turn back on themselves. Those near
 * the poles (Topocentric, Sunshine-Makransky) are the system's own cusps (the library gives them
 * without an error, and its reference program prints them), so they are answered as they are; a
 * house read from them is said to be uncertain.
 */
export function houseWarning(requested: string, used: string, inOrder: boolean, lat: number): string | undefined {
  if (used !== requested) return `house system ${requested} cannot be computed at latitude ${lat} (inside the polar circle); ${used} houses were used instead`;
  if (!inOrder)
    return `house system ${requested} gives cusps out of order at latitude ${lat} (they turn back on themselves): the house of a point near them is uncertain`;
  return undefined;
}

export function computeHouses(jdUt: number, lat: number, lng: number, system: HouseSystemName, zodiac: ZodiacSetting): { frame: HouseFrame; warning?: string } {
  const h = calcHouses(jdUt, lat, lng, HOUSE_SYSTEMS[system], zodiac);
  // Field by field rather than rest and spread: the same frame without copying the object twice.
  const order = cuspOrder(h.cusps);
  const frame: HouseFrame = {
    cusps: h.cusps,
    asc: h.asc,
    mc: h.mc,
    armc: h.armc,
    vertex: h.vertex,
    ascSpeed: h.ascSpeed,
    mcSpeed: h.mcSpeed,
    vertexSpeed: h.vertexSpeed,
    requested: system,
    used: h.fellBack ? POLAR_FALLBACK_SYSTEM : system,
    forward: order.forward,
    inOrder: order.inOrder,
  };
  const warning = houseWarning(system, frame.used, frame.inOrder, lat);
  return warning === undefined ? { frame } : { frame, warning };
}

/**
 * Declinations are of the true position (equator of date), whatever the zodiac. A sidereal chart
 * takes them from the tropical position itself, not from the sidereal one plus the ayanamsa: the
 * modes that project onto the ecliptic of their epoch (j2000, j1900, b1950, galalign_mardyks) are
 * up to 3′ off that way, and the "true star" modes a few thousandths of an arcsecond.
 */
function declinationSource(input: ChartMomentInput) {
  const sidereal = input.zodiac.type === 'sidereal';
  const wanted = input.declinations !== false;
  let tropicalHouses: HouseCusps | undefined;
  return {
    sidereal,
    /** False: no declination is worked out (NaN), so no tropical position is needed. */
    wanted,
    /** A body's tropical longitude and latitude of date: its own position in a tropical chart. */
    body(se: number, own: { lon: number; lat: number }): { lon: number; lat: number } {
      if (!sidereal) return own;
      const t = calcBody(input.jdUt, se, TROPICAL);
      return { lon: t.lon, lat: t.lat };
    },
    /** The tropical angles of a sidereal chart (one houses call, on first use). */
    tropicalHouses(): HouseCusps {
      tropicalHouses ??= calcHouses(input.jdUt, input.lat, input.lng, HOUSE_SYSTEMS[input.houseSystem], TROPICAL);
      return tropicalHouses;
    },
  };
}

type DeclinationSource = ReturnType<typeof declinationSource>;

export function computeChartMoment(input: ChartMomentInput): ChartMoment {
  const warnings: string[] = input.warnings ? [...input.warnings] : [];
  const obliquity = trueObliquity(input.jdUt);
  const ayanamsa = input.zodiac.type === 'sidereal' ? ayanamsaDegrees(input.jdUt, input.zodiac.ayanamsa) : undefined;
  const trueOf = declinationSource(input);

  let houses: HouseFrame | undefined;
  if (input.timeKnown) {
    const { frame, warning } = computeHouses(input.jdUt, input.lat, input.lng, input.houseSystem, input.zodiac);
    houses = frame;
    if (warning) warnings.push(warning);
  }

  const library = new LibraryPositions(input, obliquity, trueOf, warnings);
  const nodeSe = input.nodeVariant === 'true' ? 11 : 10;

  const points: PointPosition[] = [];
  for (const id of input.points) {
    const info = bodyInfo(id);
    let p: PointPosition | undefined;
    if (info.se !== undefined) p = library.position(id, info.se);
    else if (id === 'north_node') p = library.position(id, nodeSe);
    else if (id === 'south_node') {
      const n = library.position(id, nodeSe);
      if (n) {
        const lon = normalizeDegrees(n.lon + 180);
        p = { ...n, lon, lat: -n.lat, declination: -n.declination };
      }
    } else if (houses) {
      p = derivedPoint(id, houses, library, obliquity, trueOf);
    }
    if (!p) continue;
    if (houses) p.house = houseOf(p.lon, houses.cusps, houses.forward);
    points.push(p);
  }
  return { points, houses, ayanamsa, warnings, moshierUsed: library.moshierUsed };
}

/**
 * A chart's bodies from the library. A body asked for twice (the nodes, the Sun and Moon of the
 * part of fortune) is computed once: the first asker gets the position itself, later ones a copy
 * under their own id. (A class rather than closures made per chart: the TypeScript loader gives
 * every arrow function it creates its name, a runtime call of about 0.4 µs.)
 */
class LibraryPositions {
  /** The positions computed, by library body number (a chart has a dozen or so: a list to search beats a Map). */
  private readonly bodies: number[] = [];
  private readonly positions: PointPosition[] = [];
  moshierUsed = false;

  constructor(
    private readonly input: ChartMomentInput,
    private readonly obliquity: number,
    private readonly trueOf: DeclinationSource,
    private readonly warnings: string[],
  ) {}

  position(id: string, se: number): PointPosition | undefined {
    const known = this.bodies.indexOf(se);
    if (known >= 0) return { ...this.positions[known]!, id };
    try {
      const r = calcBody(this.input.jdUt, se, this.input.zodiac);
      this.moshierUsed ||= r.moshier;
      let declination = NaN;
      if (this.trueOf.wanted) {
        const t = this.trueOf.body(se, r);
        declination = declinationOf(t.lon, t.lat, this.obliquity);
      }
      const p: PointPosition = {
        id,
        lon: r.lon,
        lat: r.lat,
        distAu: r.distAu,
        speed: r.speedLon,
        declination,
        moshier: r.moshier,
      };
      this.bodies.push(se);
      this.positions.push(p);
      return p;
    } catch (error) {
      // Only an asteroid's or centaur's position may be missing: the Moshier theory has none, and
      // their files begin and end a little inside 1800-2399. A planet's failure is a fault, never
      // an omission.
      if (!(error instanceof EphemerisError) || !fromAsteroidFiles(se)) throw error;
      this.warnings.push(`${id} omitted: outside the range of the asteroid ephemeris files (1800-2399)`);
      return undefined;
    }
  }
}

/**
 * Angles and the part of fortune: only with a known birth time. Declinations are those of the
 * tropical points (in a sidereal chart, of the tropical angles, Sun and Moon themselves).
 */
function derivedPoint(id: string, h: HouseFrame, library: LibraryPositions, obliquity: number, trueOf: DeclinationSource): PointPosition | undefined {
  // Without declinations the tropical angles are never read: NaN longitudes give NaN declinations.
  const t = !trueOf.wanted ? NO_TROPICAL_ANGLES : trueOf.sidereal ? trueOf.tropicalHouses() : h;
  switch (id) {
    case 'asc':
      return derivedPosition(id, h.asc, h.ascSpeed, t.asc, obliquity);
    case 'dc':
      return derivedPosition(id, h.asc + 180, h.ascSpeed, t.asc + 180, obliquity);
    case 'mc':
      return derivedPosition(id, h.mc, h.mcSpeed, t.mc, obliquity);
    case 'ic':
      return derivedPosition(id, h.mc + 180, h.mcSpeed, t.mc + 180, obliquity);
    case 'vertex':
      return derivedPosition(id, h.vertex, h.vertexSpeed, t.vertex, obliquity);
    case 'part_of_fortune': {
      const sun = library.position('sun', 0);
      const moon = library.position('moon', 1);
      if (!sun || !moon) return undefined;
      const { lon, speed } = partOfFortune(h.asc, h.ascSpeed, sun, moon);
      const tropical = trueOf.sidereal
        ? partOfFortune(t.asc, t.ascSpeed, { ...trueOf.body(0, sun), speed: sun.speed }, { ...trueOf.body(1, moon), speed: moon.speed }).lon
        : lon;
      return derivedPosition(id, lon, speed, tropical, obliquity);
    }
    default:
      return undefined;
  }
}

/** A point derived from the houses (or the part of fortune): on the ecliptic, without distance. */
/** The tropical angles of a chart that reads no declination. */
const NO_TROPICAL_ANGLES = { asc: NaN, mc: NaN, vertex: NaN, ascSpeed: NaN } as const;

function derivedPosition(id: string, lon: number, speed: number, tropicalLon: number, obliquity: number): PointPosition {
  return { id, lon: normalizeDegrees(lon), lat: 0, distAu: 0, speed, declination: declinationOf(tropicalLon, 0, obliquity), moshier: false };
}

/**
 * Day chart (Sun above the horizon, i.e. in the half of the ecliptic from the Descendant through
 * the Midheaven to the Ascendant): Asc + Moon − Sun. Night chart: Asc + Sun − Moon.
 */
export function isDayChart(asc: number, sunLon: number): boolean {
  return normalizeDegrees(sunLon - asc) >= 180;
}

export function partOfFortune(
  asc: number,
  ascSpeed: number,
  sun: { lon: number; speed: number },
  moon: { lon: number; speed: number },
): { lon: number; speed: number; day: boolean } {
  const day = isDayChart(asc, sun.lon);
  return day
    ? { lon: normalizeDegrees(asc + moon.lon - sun.lon), speed: ascSpeed + moon.speed - sun.speed, day }
    : { lon: normalizeDegrees(asc + sun.lon - moon.lon), speed: ascSpeed + sun.speed - moon.speed, day };
}
