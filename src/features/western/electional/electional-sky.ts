/**
 * The sky of one candidate moment at the search's place, as the electional rules read it: the seven
 * classical planets (sign, speed, essential dignity, house), the houses and angles, the Moon's
 * phase and course (next aspect, void of course), the stations near the moment and the planetary
 * hour. Everything is
 * read from the service's own computations: calcBody, computeHouses, dignitiesInSign, signRuler and
 * the window's events.
 */
import { bodyInfo } from '../../../astro/bodies.ts';
import { computeHouses } from '../../../astro/chart.ts';
import { dignitiesInSign, type Dignity } from '../../../astro/dignities.ts';
import { calcBody, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import { cuspOrder, houseOf } from '../../../astro/house-placement.ts';
import type { HouseSystemName } from '../../../astro/house-systems.ts';
import { signRuler } from '../../../astro/profections.ts';
import { normalizeDegrees, signIndexOf } from '../../../astro/zodiac.ts';
import type { HourAt, HourFinder } from './electional-hours.ts';
import type { MoonCourse, NearStation, WindowEvents } from './electional-window-events.ts';
import { PLANET_INDEX, SEVEN_PLANETS, type Planet } from './electional-planets.ts';

/** Beyond this |latitude| the horizon no longer defines an Ascendant that moves with the hour: house rules are not judged. */
export const POLE_LIMIT_DEG = 89.5;

const SE: Readonly<Record<Planet, number>> = Object.fromEntries(SEVEN_PLANETS.map((p) => [p, bodyInfo(p).se!])) as Record<Planet, number>;

/** Each planet's dignities in each sign, in SEVEN_PLANETS order, with the two verdicts the rules read. */
const DIGNITY_BY_SIGN = SEVEN_PLANETS.map((p) =>
  Array.from({ length: 12 }, (_, sign) => {
    const dignities = dignitiesInSign(p, sign);
    return {
      dignities,
      dignified: dignities.includes('domicile') || dignities.includes('exaltation'),
      debilitated: dignities.includes('detriment') || dignities.includes('fall'),
    };
  }),
);

export interface PlanetState {
  lon: number;
  /** Degrees a day; negative when retrograde. */
  speed: number;
  sign: number;
  dignities: readonly Dignity[];
  /** In its domicile or exaltation. */
  dignified: boolean;
  /** In its detriment or fall. */
  debilitated: boolean;
  /** 1 to 12, or undefined without houses. */
  house: number | undefined;
}

export interface SkyHouses {
  cusps: number[];
  asc: number;
  mc: number;
  /** The system the cusps are really of (Porphyry where the one asked for fails near the poles). */
  used: HouseSystemName;
}

export interface ElectionSky {
  jdUt: number;
  planets: Readonly<Record<Planet, PlanetState>>;
  /** The same states in SEVEN_PLANETS order (the rules' tests read them by index: one load site, whatever the planet). */
  states: readonly PlanetState[];
  houses: SkyHouses | null;
  /** Moon − Sun, degrees [0, 360): below 180 the Moon waxes. */
  moonPhaseAngle: number;
  moonCourse: MoonCourse;
  stationNear(body: Planet): NearStation | null;
  /** The planetary hour, or null where the Sun does not rise and set (or no finder was given). */
  planetaryHour: HourAt | null;
  /**
   * Readings several rules of a moment share, kept for this moment only (emptied whenever the sky
   * is filled again): a planet's malefic pressure at its SEVEN_PLANETS index (electional-rules.ts).
   */
  readonly shared: unknown[];
}

const SHARED_SLOTS = SEVEN_PLANETS.length;

export interface SkySettings {
  lat: number;
  lng: number;
  zodiac: ZodiacSetting;
  houseSystem: HouseSystemName;
}

/** The houses of the moment at the place, or null beyond POLE_LIMIT_DEG. */
export function skyHouses(jdUt: number, settings: SkySettings): SkyHouses | null {
  if (Math.abs(settings.lat) > POLE_LIMIT_DEG) return null;
  const { frame } = computeHouses(jdUt, settings.lat, settings.lng, settings.houseSystem, settings.zodiac);
  return { cusps: frame.cusps, asc: frame.asc, mc: frame.mc, used: frame.used };
}

/**
 * A sky made once and filled from given positions and houses: the exact ones here (electionSky),
 * the interpolated ones at each step of the scan (electional-scan-sky.ts), which refills one sky
 * instead of making thousands. `house`: each planet's house in SEVEN_PLANETS order when the caller
 * has placed them already, or null to place them here.
 */
export function reusableSky(events: WindowEvents, hourAt: HourFinder | undefined) {
  const blank = (): PlanetState => ({ lon: 0, speed: 0, sign: 0, dignities: [], dignified: false, debilitated: false, house: undefined });
  const planets = Object.fromEntries(SEVEN_PLANETS.map((p) => [p, blank()])) as Record<Planet, PlanetState>;
  const states = SEVEN_PLANETS.map((p) => planets[p]);
  const sky = {
    jdUt: 0,
    planets,
    states,
    houses: null as SkyHouses | null,
    moonPhaseAngle: 0,
    moonCourse: undefined as unknown as MoonCourse,
    stationNear: (body: Planet) => events.stationNear(body, sky.jdUt),
    planetaryHour: null as HourAt | null,
    shared: new Array<unknown>(SHARED_SLOTS).fill(undefined),
    fill(jdUt: number, lon: Float64Array, speed: Float64Array, houses: SkyHouses | null, house: Int8Array | null): void {
      const forward = houses && !house ? cuspOrder(houses.cusps).forward : true;
      for (let i = 0; i < states.length; i++) {
        const state = states[i]!;
        const l = lon[i]!;
        state.lon = l;
        state.speed = speed[i]!;
        state.sign = signIndexOf(l);
        const d = DIGNITY_BY_SIGN[i]![state.sign]!;
        state.dignities = d.dignities;
        state.dignified = d.dignified;
        state.debilitated = d.debilitated;
        state.house = houses ? (house ? house[i]! : houseOf(l, houses.cusps, forward)) : undefined;
      }
      sky.jdUt = jdUt;
      // A loop, not Array.prototype.fill: this runs at every step, and the builtin's call costs more than the seven stores.
      for (let k = 0; k < SHARED_SLOTS; k++) sky.shared[k] = undefined;
      sky.houses = houses;
      sky.moonPhaseAngle = normalizeDegrees(planets.moon.lon - planets.sun.lon);
      sky.moonCourse = events.moonCourse(jdUt);
      sky.planetaryHour = hourAt ? hourAt(jdUt) : null;
    },
  };
  return sky;
}

/** The sky of the moment from the ephemeris itself. */
export function electionSky(jdUt: number, settings: SkySettings, events: WindowEvents, hourAt?: HourFinder): ElectionSky {
  const lon = new Float64Array(SEVEN_PLANETS.length);
  const speed = new Float64Array(SEVEN_PLANETS.length);
  SEVEN_PLANETS.forEach((p, i) => {
    const pos = calcBody(jdUt, SE[p], settings.zodiac);
    lon[i] = pos.lon;
    speed[i] = pos.speedLon;
  });
  const sky = reusableSky(events, hourAt);
  sky.fill(jdUt, lon, speed, skyHouses(jdUt, settings), null);
  return sky;
}

export interface HouseRuler {
  /** The sign on the cusp, 0 Aries. */
  sign: number;
  ruler: Planet;
  /** The ruler's SEVEN_PLANETS index. */
  index: number;
}

/** Each sign with its traditional ruler, made once: a scan asks for several houses' rulers at every step. */
const RULER_BY_SIGN: readonly HouseRuler[] = Array.from({ length: 12 }, (_, sign) => {
  const ruler = signRuler(sign) as Planet;
  return Object.freeze({ sign, ruler, index: PLANET_INDEX[ruler] });
});

/** The sign on the cusp of a house (1 to 12), its traditional ruler and the ruler's index; undefined without houses. */
export function houseRuler(sky: ElectionSky, house: number): HouseRuler | undefined {
  return sky.houses ? RULER_BY_SIGN[signIndexOf(sky.houses.cusps[house - 1]!)] : undefined;
}

/** Angular distance between two longitudes, 0 to 180. */
export function separation(a: number, b: number): number {
  const d = Math.abs(normalizeDegrees(a - b));
  return d > 180 ? 360 - d : d;
}
