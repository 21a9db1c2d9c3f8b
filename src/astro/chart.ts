/**
 * A chart at one moment and place: positions of the requested points, the houses, and the
 * derived points (south node, part of fortune, angles). Pure computation, no presentation.
 */
import { bodyInfo } from './bodies.ts';
import { calcBody, calcHouses, trueObliquity, ayanamsaDegrees, EphemerisError, TROPICAL, type HouseCusps, type ZodiacSetting } from './ephemeris.ts';
import { HOUSE_SYSTEMS, POLAR_FALLBACK_SYSTEM, type HouseSystemName } from './house-systems.ts';
import { cuspsRunForward, houseOf } from './house-placement.ts';
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
}

export interface ChartMoment {
  points: PointPosition[];
  houses?: HouseFrame;
  ayanamsa?: number;
  warnings: string[];
  moshierUsed: boolean;
}

/** sin δ = sin β cos ε + cos β sin ε sin λ, on the tropical (of date) longitude. */
function declinationOf(tropicalLon: number, lat: number, obliquity: number): number {
  const rad = Math.PI / 180;
  const s = Math.sin(lat * rad) * Math.cos(obliquity * rad) + Math.cos(lat * rad) * Math.sin(obliquity * rad) * Math.sin(tropicalLon * rad);
  return Math.asin(Math.max(-1, Math.min(1, s))) / rad;
}

export function computeHouses(jdUt: number, lat: number, lng: number, system: HouseSystemName, zodiac: ZodiacSetting): { frame: HouseFrame; warning?: string } {
  const h = calcHouses(jdUt, lat, lng, HOUSE_SYSTEMS[system], zodiac);
  // Field by field rather than rest and spread: the same frame without copying the object twice.
  const frame: HouseFrame = {
    cusps: h.cusps, asc: h.asc, mc: h.mc, armc: h.armc, vertex: h.vertex, ascSpeed: h.ascSpeed, mcSpeed: h.mcSpeed, vertexSpeed: h.vertexSpeed,
    requested: system, used: h.fellBack ? POLAR_FALLBACK_SYSTEM : system,
  };
  const warning = h.fellBack
    ? `house system ${system} cannot be computed at latitude ${lat} (inside the polar circle); ${POLAR_FALLBACK_SYSTEM} houses were used instead`
    : undefined;
  return { frame, warning };
}

/**
 * Declinations are of the true position (equator of date), whatever the zodiac. A sidereal chart
 * takes them from the tropical position itself, not from the sidereal one plus the ayanamsa: the
 * modes that project onto the ecliptic of their epoch (j2000, j1900, b1950, galalign_mardyks) are
 * up to 3′ off that way, and the "true star" modes a few thousandths of an arcsecond.
 */
function declinationSource(input: ChartMomentInput) {
  const sidereal = input.zodiac.type === 'sidereal';
  let tropicalHouses: HouseCusps | undefined;
  return {
    sidereal,
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

export function computeChartMoment(input: ChartMomentInput): ChartMoment {
  const warnings: string[] = [];
  const obliquity = trueObliquity(input.jdUt);
  const ayanamsa = input.zodiac.type === 'sidereal' ? ayanamsaDegrees(input.jdUt, input.zodiac.ayanamsa) : undefined;
  const trueOf = declinationSource(input);
  let moshierUsed = false;

  let houses: HouseFrame | undefined;
  if (input.timeKnown) {
    const { frame, warning } = computeHouses(input.jdUt, input.lat, input.lng, input.houseSystem, input.zodiac);
    houses = frame;
    if (warning) warnings.push(warning);
  }

  // A body asked for twice (the nodes, the Sun and Moon of the part of fortune) is computed once;
  // the first asker gets the position itself, later ones a copy under their own id.
  const cache = new Map<number, PointPosition>();
  const fromLibrary = (id: string, se: number): PointPosition | undefined => {
    const cached = cache.get(se);
    if (cached) return { ...cached, id };
    try {
      const r = calcBody(input.jdUt, se, input.zodiac);
      moshierUsed ||= r.moshier;
      const t = trueOf.body(se, r);
      const p: PointPosition = { id, lon: r.lon, lat: r.lat, distAu: r.distAu, speed: r.speedLon, declination: declinationOf(t.lon, t.lat, obliquity), moshier: r.moshier };
      cache.set(se, p);
      return p;
    } catch (error) {
      if (!(error instanceof EphemerisError)) throw error;
      warnings.push(`${id} omitted: outside the range of the asteroid ephemeris files (1800-2399)`);
      return undefined;
    }
  };
  const nodeSe = input.nodeVariant === 'true' ? 11 : 10;

  const forward = houses ? cuspsRunForward(houses.cusps) : true;
  const points: PointPosition[] = [];
  for (const id of input.points) {
    const info = bodyInfo(id);
    let p: PointPosition | undefined;
    if (info.se !== undefined) p = fromLibrary(id, info.se);
    else if (id === 'north_node') p = fromLibrary(id, nodeSe);
    else if (id === 'south_node') {
      const n = fromLibrary(id, nodeSe);
      if (n) {
        const lon = normalizeDegrees(n.lon + 180);
        p = { ...n, lon, lat: -n.lat, declination: -n.declination };
      }
    } else if (houses) {
      p = derivedPoint(id, houses, fromLibrary, obliquity, trueOf);
    }
    if (!p) continue;
    if (houses) p.house = houseOf(p.lon, houses.cusps, forward);
    points.push(p);
  }
  return { points, houses, ayanamsa, warnings, moshierUsed };
}

/** Angles and the part of fortune: only with a known birth time. */
/**
 * Angles and the part of fortune: only with a known birth time. Declinations are those of the
 * tropical points (in a sidereal chart, of the tropical angles, Sun and Moon themselves).
 */
function derivedPoint(
  id: string, h: HouseFrame,
  fromLibrary: (id: string, se: number) => PointPosition | undefined,
  obliquity: number,
  trueOf: ReturnType<typeof declinationSource>,
): PointPosition | undefined {
  const point = (lon: number, speed: number, tropicalLon: number): PointPosition => ({
    id, lon: normalizeDegrees(lon), lat: 0, distAu: 0, speed, declination: declinationOf(tropicalLon, 0, obliquity), moshier: false,
  });
  const t = trueOf.sidereal ? trueOf.tropicalHouses() : h;
  switch (id) {
    case 'asc': return point(h.asc, h.ascSpeed, t.asc);
    case 'dc': return point(h.asc + 180, h.ascSpeed, t.asc + 180);
    case 'mc': return point(h.mc, h.mcSpeed, t.mc);
    case 'ic': return point(h.mc + 180, h.mcSpeed, t.mc + 180);
    case 'vertex': return point(h.vertex, h.vertexSpeed, t.vertex);
    case 'part_of_fortune': {
      const sun = fromLibrary('sun', 0);
      const moon = fromLibrary('moon', 1);
      if (!sun || !moon) return undefined;
      const { lon, speed } = partOfFortune(h.asc, h.ascSpeed, sun, moon);
      const tropical = trueOf.sidereal
        ? partOfFortune(t.asc, t.ascSpeed, { ...trueOf.body(0, sun), speed: sun.speed }, { ...trueOf.body(1, moon), speed: moon.speed }).lon
        : lon;
      return point(lon, speed, tropical);
    }
    default: return undefined;
  }
}

/**
 * Day chart (Sun above the horizon, i.e. in the half of the ecliptic from the Descendant through
 * the Midheaven to the Ascendant): Asc + Moon − Sun. Night chart: Asc + Sun − Moon.
 */
export function isDayChart(asc: number, sunLon: number): boolean {
  return normalizeDegrees(sunLon - asc) >= 180;
}

export function partOfFortune(asc: number, ascSpeed: number, sun: { lon: number; speed: number }, moon: { lon: number; speed: number }): { lon: number; speed: number; day: boolean } {
  const day = isDayChart(asc, sun.lon);
  return day
    ? { lon: normalizeDegrees(asc + moon.lon - sun.lon), speed: ascSpeed + moon.speed - sun.speed, day }
    : { lon: normalizeDegrees(asc + sun.lon - moon.lon), speed: ascSpeed + sun.speed - moon.speed, day };
}
