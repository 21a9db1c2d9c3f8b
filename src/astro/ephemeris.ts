/**
 * The adapter around the Swiss Ephemeris bindings: the only module that imports them.
 *
 * Body positions, the hot path (13 calls per ephemeris row, 13 or more per chart), houses and ΔT
 * go through the project's lean binding (native/swe_calc.c), which writes into one Float64Array
 * or answers a number instead of new objects: the same library at about two thirds of the cost.
 * Its copy of the library reads the data files from memory (native/ephemeris_files.c).
 * Everything else goes through the general binding `sweph`. Each binding carries its own copy
 * of the library, so each is given the data path. With `swe_calc` in NATIVE_MODULES_OFF the lean
 * binding's three calls go through the general binding too (`generalBindingAsLean`).
 *
 * Sidereal mode is global state of the C library (per thread: the library is built with
 * thread-local storage, and every Piscina worker is its own thread). It is therefore set
 * immediately before every sidereal call, so nothing a previous request chose can leak.
 *
 * The same request must give the same answer whatever the thread computed before, and the
 * provenance must say what was used. Two choices are therefore never left to the library:
 * - ΔT: one value, `deltaTSeconds` (the library's model for the data files' tidal acceleration,
 *   as the reference program uses it at every date), added here to make Terrestrial Time for
 *   every time-dependent call. swe_calc_ut would use Moshier's ΔT wherever it fell back to it.
 * - the ephemeris: the data files inside their range, the Moshier theory outside it, asked for
 *   explicitly. Left to fall back by itself, the library used a data file still open from an
 *   earlier request a little past the files' end (asteroids present, Neptune 6" apart) and
 *   carried state from one fallback into the next call.
 */
import sweph from 'sweph';
import { AYANAMSAS, type AyanamsaName } from './ayanamsas.ts';
import { loadNativeModule, nativeModuleOn } from '../native-module.ts';
import { projectPath } from '../project-paths.ts';

const C = sweph.constants;

interface LeanBinding {
  init(ephePath: string, out: Float64Array): void;
  /** swe_calc at Terrestrial Time: the library's return flag; the six coordinates land in the registered array. */
  calc(jdTt: number, body: number, flags: number, sidMode: number): number;
  /** swe_houses_ex2 (Universal Time): the library's return flag; cusps and angles land in the registered array (see calcHouses). */
  houses(jdUt: number, flags: number, lat: number, lng: number, system: string, sidMode: number): number;
  /** swe_deltat_ex: ΔT in days at a UT Julian day. */
  deltaT(jdUt: number, flags: number): number;
  lastError(): string;
  /** The data files this process reads from memory (native/ephemeris_files.c), by path. */
  filesInMemory(): string[];
}

/**
 * The lean binding's calls through the general binding (swe_calc_ut's library, by `sweph`), with
 * `swe_calc` in NATIVE_MODULES_OFF: the same library calls, and so the same numbers, each
 * answered as a new object that is copied into the same array.
 */
function generalBindingAsLean(): LeanBinding {
  let out: Float64Array = new Float64Array(19);
  let error = '';
  return {
    init(_ephePath, registered) {
      out = registered; // the path is the general binding's already (initEphemeris)
    },
    calc(jdTt, body, flags, sidMode) {
      if (flags & C.SEFLG_SIDEREAL) sweph.set_sid_mode(sidMode, 0, 0);
      const r = sweph.calc(jdTt, body, flags);
      for (let i = 0; i < 6; i++) out[i] = r.data[i]!;
      error = r.error;
      return r.flag;
    },
    houses(jdUt, flags, lat, lng, system, sidMode) {
      if (flags & C.SEFLG_SIDEREAL) sweph.set_sid_mode(sidMode, 0, 0);
      const r = sweph.houses_ex2(jdUt, flags, lat, lng, system);
      const { houses, points, pointsSpeed } = r.data;
      for (let i = 0; i < 12; i++) out[i] = houses[i]!;
      out[12] = points[0];
      out[13] = points[1];
      out[14] = points[2];
      out[15] = points[3];
      out[16] = pointsSpeed[0];
      out[17] = pointsSpeed[1];
      out[18] = pointsSpeed[3];
      error = r.error;
      return r.flag;
    },
    deltaT(jdUt, flags) {
      const r = sweph.deltat_ex(jdUt, flags);
      error = r.error;
      return r.data;
    },
    lastError: () => error,
    filesInMemory: () => [],
  };
}

/** Body positions, houses and ΔT: the lean binding, or the general one where NATIVE_MODULES_OFF lists swe_calc. */
const lean = nativeModuleOn('swe_calc') ? loadNativeModule<LeanBinding>('swe_calc') : generalBindingAsLean();
/** Where the lean binding writes (six coordinates, or 19 numbers of houses): an ArrayBuffer of its own, so the memory never moves. */
const leanOut = new Float64Array(new ArrayBuffer(19 * Float64Array.BYTES_PER_ELEMENT));

export type ZodiacSetting = { type: 'tropical' } | { type: 'sidereal'; ayanamsa: AyanamsaName };
export const TROPICAL: ZodiacSetting = { type: 'tropical' };

export interface EclipticPosition {
  lon: number;
  lat: number;
  distAu: number;
  speedLon: number;
  speedLat: number;
  speedDist: number;
  /** True when the data files did not cover the date and the analytic Moshier theory was used. */
  moshier: boolean;
}

export interface HouseCusps {
  cusps: number[];
  asc: number;
  mc: number;
  armc: number;
  vertex: number;
  ascSpeed: number;
  mcSpeed: number;
  vertexSpeed: number;
  /** The library could not compute the requested system (polar circle) and returned Porphyry. */
  fellBack: boolean;
  message: string;
}

export class EphemerisError extends Error {}

const DEFAULT_EPHE_PATH = projectPath('ephe');
let ephePath: string | undefined;

/** Points the library at the data files once per thread; cheap to call again. */
export function initEphemeris(path: string = DEFAULT_EPHE_PATH): void {
  if (ephePath === path) return;
  sweph.set_ephe_path(path);
  lean.init(path, leanOut);
  ephePath = path;
}

/**
 * The data files where they reach, the Moshier theory elsewhere, judged at the instant the library
 * is asked for: Terrestrial Time (UT + ΔT), by which it also picks its file. Judged by UT, the
 * last minutes of 2399 (ΔT is about 8 min 40 s there) asked the files for a TT past their end:
 * the library answered from sepl_18 if it was still open from an earlier call, and from Moshier
 * by itself otherwise, so the same request answered differently after a request outside the files.
 */
export function ephemerisFlag(jdUt: number): number {
  const jdTt = terrestrialTime(jdUt);
  return jdTt >= FILES_START_JD && jdTt < FILES_END_JD ? C.SEFLG_SWIEPH : C.SEFLG_MOSEPH;
}

/**
 * TT - UT in seconds: the one ΔT of every position, and the one reported (see the header). The
 * last instant's is kept: a chart asks for it once for its moment and again for its positions.
 */
let lastDeltaUt = NaN;
let lastDeltaSeconds = NaN;
export function deltaTSeconds(jdUt: number): number {
  if (jdUt !== lastDeltaUt) {
    if (ephePath === undefined) initEphemeris();
    lastDeltaSeconds = lean.deltaT(jdUt, C.SEFLG_SWIEPH) * 86400;
    lastDeltaUt = jdUt;
  }
  return lastDeltaSeconds;
}

/** The Terrestrial Time of a UT Julian day (deltaTSeconds keeps the last instant's ΔT, which a chart asks for many times). */
export function terrestrialTime(jdUt: number): number {
  return jdUt + deltaTSeconds(jdUt) / 86400;
}

/** Flags of a call through the general binding at `jdUt`, whose sidereal mode is set here. */
function flagsFor(jdUt: number, zodiac: ZodiacSetting): number {
  let flags = ephemerisFlag(jdUt) | C.SEFLG_SPEED;
  if (zodiac.type === 'sidereal') {
    sweph.set_sid_mode(AYANAMSAS[zodiac.ayanamsa], 0, 0);
    flags |= C.SEFLG_SIDEREAL;
  }
  return flags;
}

export function calcBody(jdUt: number, seBody: number, zodiac: ZodiacSetting = TROPICAL): EclipticPosition {
  if (ephePath === undefined) initEphemeris();
  if (fromAsteroidFiles(seBody) && !(jdUt >= ASTEROID_FILES_START_JD && jdUt <= ASTEROID_FILES_END_JD))
    throw new EphemerisError(`body ${seBody} is read from ${ASTEROID_FILES_TEXT}`);
  const flags = ephemerisFlag(jdUt) | C.SEFLG_SPEED;
  // The lean binding sets the sidereal mode itself, from the last argument.
  const flag =
    zodiac.type === 'sidereal'
      ? lean.calc(terrestrialTime(jdUt), seBody, flags | C.SEFLG_SIDEREAL, AYANAMSAS[zodiac.ayanamsa])
      : lean.calc(terrestrialTime(jdUt), seBody, flags, 0);
  if (flag < 0) throw new EphemerisError(lean.lastError() || `body ${seBody} cannot be computed at JD ${jdUt}`);
  const out = leanOut;
  return {
    lon: out[0]!,
    lat: out[1]!,
    distAu: out[2]!,
    speedLon: out[3]!,
    speedLat: out[4]!,
    speedDist: out[5]!,
    moshier: (flag & C.SEFLG_MOSEPH) !== 0,
  };
}

/**
 * A body's tropical longitude alone, for searches that only compare places. Without SEFLG_SPEED the
 * library skips the speeds, about a third of the call (9.9-11.4 → 6.7-7.8 µs on the data files);
 * the longitude agrees with calcBody's to 1e-13 degrees.
 */
export function calcLongitude(jdUt: number, seBody: number): number {
  if (ephePath === undefined) initEphemeris();
  if (fromAsteroidFiles(seBody) && !(jdUt >= ASTEROID_FILES_START_JD && jdUt <= ASTEROID_FILES_END_JD))
    throw new EphemerisError(`body ${seBody} is read from ${ASTEROID_FILES_TEXT}`);
  const flag = lean.calc(terrestrialTime(jdUt), seBody, ephemerisFlag(jdUt), 0);
  if (flag < 0) throw new EphemerisError(lean.lastError() || `body ${seBody} cannot be computed at JD ${jdUt}`);
  return leanOut[0]!;
}

/** A body's apparent geocentric right ascension and declination, equatorial of date (degrees), and its distance. */
export interface EquatorialPosition {
  ra: number;
  dec: number;
  distAu: number;
  moshier: boolean;
}

/**
 * The body's apparent geocentric equatorial coordinates of date (SEFLG_EQUATORIAL), through the
 * lean binding like calcBody: what the astrocartography lines need (a body culminates where the
 * local sidereal time equals its right ascension). Always tropical: right ascension has no zodiac.
 */
export function calcEquatorial(jdUt: number, seBody: number): EquatorialPosition {
  if (ephePath === undefined) initEphemeris();
  if (fromAsteroidFiles(seBody) && !(jdUt >= ASTEROID_FILES_START_JD && jdUt <= ASTEROID_FILES_END_JD))
    throw new EphemerisError(`body ${seBody} is read from ${ASTEROID_FILES_TEXT}`);
  const flag = lean.calc(terrestrialTime(jdUt), seBody, ephemerisFlag(jdUt) | C.SEFLG_EQUATORIAL, 0);
  if (flag < 0) throw new EphemerisError(lean.lastError() || `body ${seBody} cannot be computed at JD ${jdUt}`);
  return { ra: leanOut[0]!, dec: leanOut[1]!, distAu: leanOut[2]!, moshier: (flag & C.SEFLG_MOSEPH) !== 0 };
}

export function calcHouses(jdUt: number, lat: number, lng: number, letter: string, zodiac: ZodiacSetting = TROPICAL): HouseCusps {
  if (ephePath === undefined) initEphemeris();
  // The ephemeris flag reaches the ayanamsa of sidereal houses (a star's position for the "true" modes).
  const sidereal = zodiac.type === 'sidereal';
  const flags = ephemerisFlag(jdUt) | (sidereal ? C.SEFLG_SIDEREAL : 0);
  const flag = lean.houses(jdUt, flags, lat, lng, letter, sidereal ? AYANAMSAS[zodiac.ayanamsa] : 0);
  const out = leanOut;
  return {
    cusps: [out[0]!, out[1]!, out[2]!, out[3]!, out[4]!, out[5]!, out[6]!, out[7]!, out[8]!, out[9]!, out[10]!, out[11]!],
    asc: out[12]!,
    mc: out[13]!,
    armc: out[14]!,
    vertex: out[15]!,
    ascSpeed: out[16]!,
    mcSpeed: out[17]!,
    vertexSpeed: out[18]!,
    fellBack: flag === C.ERR,
    message: flag === C.ERR ? lean.lastError() : '',
  };
}

/** The 12 cusps of the library's answer (Gauquelin sectors give 36), without an intermediate copy. */
function firstTwelve(cusps: ArrayLike<number>): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 12; i++) out[i] = cusps[i]!;
  return out;
}

const starMagnitudes = new Map<string, number | null>();

/**
 * A fixed star's apparent position; undefined when the name is not in the catalogue. The name
 * the library answers with is "Traditional,designation" (e.g. "Aldebaran,alTau").
 */
export function calcFixedStar(
  jdUt: number,
  name: string,
  zodiac: ZodiacSetting = TROPICAL,
): { name: string; designation: string; lon: number; lat: number; magnitude: number | null } | undefined {
  if (ephePath === undefined) initEphemeris();
  // The library reads a name that starts with a digit as the star's line number in its catalogue
  // ("12", "1e400" were some star): the API takes names only.
  if (/^\s*\d/.test(name)) return undefined;
  const flags = flagsFor(jdUt, zodiac) & ~C.SEFLG_SPEED;
  const r = sweph.fixstar2(name, terrestrialTime(jdUt), flags);
  if (r.flag < 0) return undefined;
  const [traditional, designation] = String(r.name).split(',');
  let magnitude = starMagnitudes.get(r.name);
  if (magnitude === undefined) {
    const m = sweph.fixstar2_mag(name);
    magnitude = m.flag < 0 ? null : m.data;
    starMagnitudes.set(r.name, magnitude);
  }
  const [lon, lat] = r.data as number[];
  return { name: (traditional ?? name).trim(), designation: (designation ?? '').trim(), lon: lon!, lat: lat!, magnitude };
}

/**
 * Houses from a given ARMC, latitude and obliquity (composite charts: no real moment exists).
 *
 * The Sunshine systems divide the Sun's diurnal and nocturnal arcs, so they need the Sun's
 * declination, which the library cannot know without a moment. Every caller passes it: left out,
 * the binding handed the library an unset value, which it read as the declination, as the last
 * call's (when it happened to be 99), or as an error that left the cusps unset.
 */
export function calcHousesFromArmc(
  armc: number,
  lat: number,
  obliquity: number,
  letter: string,
  sunDeclination: number,
): { cusps: number[]; asc: number; mc: number; vertex: number; fellBack: boolean } {
  if (ephePath === undefined) initEphemeris();
  const r = sweph.houses_armc_ex2(armc, lat, obliquity, letter, sunDeclination);
  return {
    cusps: firstTwelve(r.data.houses),
    asc: r.data.points[0],
    mc: r.data.points[1],
    vertex: r.data.points[3],
    fellBack: r.flag === C.ERR,
  };
}

/**
 * True obliquity of the ecliptic (degrees), for turning ecliptic into equatorial coordinates.
 *
 * Asked for with the data files' flag at every date: obliquity and nutation come from the same
 * models whichever ephemeris is chosen, and the library treats SE_ECL_NUT as a special case when
 * the flag changes. It drops the planets' data read from the open files but leaves the files open
 * and keeps the last flag, so a Moshier flag here, outside the files' years, made the next
 * position from the files fail ("damaged" file, or planets omitted as if out of range).
 */
export function trueObliquity(jdUt: number): number {
  if (ephePath === undefined) initEphemeris();
  lean.calc(terrestrialTime(jdUt), C.SE_ECL_NUT, C.SEFLG_SWIEPH, 0);
  return leanOut[0]!;
}

/** The true ayanamsa (nutation included), the offset between tropical and sidereal longitudes. */
export function ayanamsaDegrees(jdUt: number, name: AyanamsaName): number {
  sweph.set_sid_mode(AYANAMSAS[name], 0, 0);
  return sweph.get_ayanamsa_ex(terrestrialTime(jdUt), ephemerisFlag(jdUt)).data;
}

/**
 * The library's equation of time at a UT instant, in days: apparent minus mean local solar time
 * (swe_time_equ). The source of the per-thread table that answers it (equation-of-time.ts).
 */
export function libraryEquationOfTimeDays(jdUt: number): number {
  if (ephePath === undefined) initEphemeris();
  return sweph.time_equ(jdUt).data;
}

/** Greenwich apparent sidereal time in hours. */
export function siderealTimeHours(jdUt: number): number {
  return sweph.sidtime(jdUt);
}

export interface EngineInfo {
  engine: string;
  version: string;
  files: string[];
  files_range: { start_jd: number; end_jd: number; start: string; end: string };
  fallback: string;
}

/** The data files cover these Julian days (sepl_18: 1800-01-01 to 2399-12-31). */
export const FILES_START_JD = 2378496.5;
export const FILES_END_JD = 2597641.5;

/**
 * The asteroids and centaurs of the catalogue (Chiron 15, Pholus 16, Ceres 17, Pallas 18, Juno 19,
 * Vesta 20) come from the asteroid file seas_18 alone: the Moshier theory has none. Its first
 * segments begin up to 2.4 hours into 1800 (Pholus's last), and near its end the library chooses
 * the file by Terrestrial Time, which passes 2400 some minutes before UT does: there it found a
 * position only when the file was already open from an earlier call. Inside these instants every
 * state of the library answers; outside them the adapter refuses, so an answer never depends on
 * what the thread computed before.
 */
export const ASTEROID_FILES_START_JD = FILES_START_JD + 0.125;
export const ASTEROID_FILES_END_JD = FILES_END_JD - 1 / 24;
/** Those instants, as messages name them. */
export const ASTEROID_FILES_TEXT = 'the asteroid files, which serve 1800-01-01 03:00 to 2399-12-31 23:00 UT';
/** Why a body read from the asteroid files has no position at a birth outside their years (a 422's message). */
export const noPositionAtBirthText = (name: string) => `${name} has no position at this birth: it is read from ${ASTEROID_FILES_TEXT}`;

/** Whether a body (by its library number) is read from the asteroid files alone: Chiron 15 to Vesta 20. */
export function fromAsteroidFiles(seBody: number): boolean {
  return seBody >= 15 && seBody <= 20;
}

let engine: EngineInfo | undefined;

/** The same for the life of the process: read once (every chart's provenance carries it), frozen because answers share it. */
export function engineInfo(): EngineInfo {
  engine ??= Object.freeze({
    engine: 'Swiss Ephemeris',
    version: sweph.version(),
    files: Object.freeze(['sepl_18.se1', 'semo_18.se1', 'seas_18.se1']) as string[],
    files_range: Object.freeze({ start_jd: FILES_START_JD, end_jd: FILES_END_JD, start: '1800-01-01', end: '2399-12-31' }),
    fallback: 'moshier (planets only, outside the files range)',
  });
  return engine;
}

/*
 * Rise and set, eclipses: these library calls take Universal Time and convert it themselves, with
 * the library's ΔT for the ephemeris flag given, which inside the data files' range is the model
 * deltaTSeconds reports.
 */

/** Standard atmosphere of the rise and set times (the library's refraction model): 1013.25 mbar, 10 °C. */
const STANDARD_PRESSURE_MBAR = 1013.25;
const STANDARD_TEMPERATURE_C = 10;

/**
 * The first rise or set of a body after `jdUt` at a place (swe_rise_trans): the moment the upper
 * limb of the disc touches the horizon, with the standard atmosphere's refraction, as almanacs
 * give them. Undefined when the library finds none (a body that stays up or down there).
 */
export function nextRiseOrSet(jdUt: number, seBody: number, kind: 'rise' | 'set', lat: number, lng: number): number | undefined {
  if (ephePath === undefined) initEphemeris();
  const r = sweph.rise_trans(
    jdUt,
    seBody,
    null,
    ephemerisFlag(jdUt),
    kind === 'rise' ? C.SE_CALC_RISE : C.SE_CALC_SET,
    [lng, lat, 0],
    STANDARD_PRESSURE_MBAR,
    STANDARD_TEMPERATURE_C,
  );
  if (r.flag !== C.OK || !(r.data > jdUt)) return undefined;
  return r.data;
}

/**
 * The true (unrefracted) topocentric altitude of a body's centre at a place, and its apparent
 * radius, in degrees: the check of the rise and set times, at which the upper limb's true
 * altitude is minus the horizontal refraction (about 0.58° in the standard atmosphere).
 */
export function trueAltitude(jdUt: number, seBody: number, lat: number, lng: number): { altitude: number; radius: number } {
  if (ephePath === undefined) initEphemeris();
  // Topocentric: the Moon's parallax (up to a degree) is part of when it rises.
  sweph.set_topo(lng, lat, 0);
  const p = sweph.calc_ut(jdUt, seBody, ephemerisFlag(jdUt) | C.SEFLG_EQUATORIAL | C.SEFLG_TOPOCTR);
  const [ra, dec, distAu] = p.data as number[];
  const h = sweph.azalt(jdUt, C.SE_EQU2HOR, [lng, lat, 0], STANDARD_PRESSURE_MBAR, STANDARD_TEMPERATURE_C, [ra!, dec!, distAu!]);
  const equatorialRadiusKm = seBody === C.SE_MOON ? 1737.4 : 695_700;
  return { altitude: h[1], radius: (Math.asin(equatorialRadiusKm / (distAu! * 149_597_870.7)) * 180) / Math.PI };
}

export type EclipseKind = 'lunar' | 'solar';

export interface EclipseFound {
  kind: EclipseKind;
  /** total, partial or penumbral (lunar); total, annular, hybrid or partial (solar). */
  type: 'total' | 'partial' | 'penumbral' | 'annular' | 'hybrid';
  /** Julian Days UT of greatest eclipse, and of the first and last contact (penumbral ones for a lunar eclipse). */
  maxJd: number;
  startJd: number;
  endJd: number;
}

function eclipseType(flag: number, kind: EclipseKind): EclipseFound['type'] {
  if (flag & C.SE_ECL_TOTAL) return 'total';
  if (kind === 'solar' && flag & C.SE_ECL_ANNULAR_TOTAL) return 'hybrid';
  if (kind === 'solar' && flag & C.SE_ECL_ANNULAR) return 'annular';
  if (flag & C.SE_ECL_PARTIAL) return 'partial';
  return 'penumbral';
}

/** The next (or, `backwards`, the previous) lunar or solar eclipse on Earth from `jdUt` (swe_lun_eclipse_when, swe_sol_eclipse_when_glob). */
export function findEclipse(jdUt: number, kind: EclipseKind, backwards: boolean): EclipseFound | undefined {
  if (ephePath === undefined) initEphemeris();
  const flags = ephemerisFlag(jdUt);
  const r =
    kind === 'lunar'
      ? sweph.lun_eclipse_when(jdUt, flags, 0, backwards)
      : sweph.sol_eclipse_when_glob(jdUt, flags, 0, backwards as unknown as number); /* the binding checks for a boolean */
  if (r.flag <= 0) return undefined;
  const t = r.data as number[];
  // Lunar: [max, -, partial start, partial end, total start, total end, penumbral start, penumbral end]; solar: [max, noon, start, end, ...].
  const [startJd, endJd] = kind === 'lunar' ? [t[6]!, t[7]!] : [t[2]!, t[3]!];
  return { kind, type: eclipseType(r.flag, kind), maxJd: t[0]!, startJd, endJd };
}

/** Where an eclipse's body stands at a place at an instant: its true altitude (degrees) and, for the Sun, the fraction of its diameter covered there. */
export function eclipseAtPlace(jdUt: number, kind: EclipseKind, lat: number, lng: number): { altitude: number; covered: number } {
  if (ephePath === undefined) initEphemeris();
  const flags = ephemerisFlag(jdUt);
  if (kind === 'lunar') {
    const r = sweph.lun_eclipse_how(jdUt, flags, [lng, lat, 0]);
    return { altitude: r.data[5], covered: r.data[0] };
  }
  const r = sweph.sol_eclipse_how(jdUt, flags, [lng, lat, 0]);
  const sun = trueAltitude(jdUt, C.SE_SUN, lat, lng);
  return { altitude: sun.altitude, covered: r.flag > 0 ? r.data[0] : 0 };
}
