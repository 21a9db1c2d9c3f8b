/**
 * Progressions (secondary, tertiary, converse secondary), computed in a compute worker (or inline)
 * from a natal task whose place is resolved: the progressed chart at a target date with its aspects and their exact dates, and
 * the events of a window (exact aspects, ingresses, stations, lunation phases), each instant found
 * by a root-finder on the ephemeris positions (src/astro/progressed-crossings.ts). The natal chart
 * is the natal endpoint's cast (castNatal); the progressed points come from computeChartMoment at
 * the progressed instant, as the natal endpoint's do at the birth.
 */
import {
  MAJOR_ASPECT_TYPES,
  ASPECT_DEFINITIONS,
  findAspectsBetween,
  findAspectsWithin,
  resolveOrbs,
  sortByOrb,
  type Aspect,
  type AspectPoint,
  type AspectType,
} from '../../../astro/aspects.ts';
import { bodyInfo, TEN_PLANETS } from '../../../astro/bodies.ts';
import { computeChartMoment, type ChartMoment, type PointPosition } from '../../../astro/chart.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { trueObliquity } from '../../../astro/ephemeris.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../../astro/iso-date-time.ts';
import { isoDateTimeText } from '../../../astro/iso-text.ts';
import { progressedAngles, type NatalAngleFrame } from '../../../astro/progressed-angles.ts';
import { monotonicPieces, type Track } from '../../../astro/progressed-crossings.ts';
import {
  angleTrack,
  bodyTrack,
  directedTrack,
  exactAspectsBetween,
  exactAspectsToFixed,
  houseIngresses,
  lunationPhaseChanges,
  lunationPhaseOf,
  signIngresses,
} from '../../../astro/progressed-events.ts';
import { ageYears, lifeJdOf, progressedJd, timeSign, type ProgressionClock } from '../../../astro/progression-clock.ts';
import { TROPICAL_YEAR_DAYS } from '../../../astro/progressions.ts';
import { degreeInSign, degreesAndMinutes, normalizeDegrees, signOf, SIGNS } from '../../../astro/zodiac.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castNatal, type NatalCast, type NatalTask } from '../natal/natal-service.ts';
import {
  DEFAULT_PROGRESSION_ORB,
  MAX_AGE_YEARS,
  MAX_SEARCH_YEARS,
  progressionSystem,
  type ProgressionSystem,
  type AspectEvent,
  type CalendarResponse,
  type ExactAspectsResponse,
  type ExactIngressesResponse,
  type IngressEvent,
  type LunationEvent,
  type ProgressionSettings,
  type ProgressedChartResponse,
  type StationEvent,
} from './progressions-schemas.ts';

/** The progressed points: the ten planets and the node of `node_type`. */
export const PROGRESSED_POINTS = [...TEN_PLANETS, 'north_node'] as const;
/** Planets whose stations are events (the luminaries never station; the nodes' wobble is not listed). */
const STATION_POINTS = new Set(['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto']);
const MAJOR_ANGLES = ASPECT_DEFINITIONS.filter((d) => d.major).map((d) => d.angle);
const ASPECT_NAME_BY_ANGLE = new Map<number, AspectType>(ASPECT_DEFINITIONS.filter((d) => d.major).map((d) => [d.angle, d.type]));

export interface ProgressionTaskBase {
  system: ProgressionSystem['id'];
  /** The birth as the natal endpoint casts it (flat fields, resolved place). */
  natal: NatalTask;
  settings: ProgressionSettings;
}
export interface TargetTask extends ProgressionTaskBase {
  targetDate: string;
}
export interface CalendarTask extends ProgressionTaskBase {
  from: string;
  to: string;
}
export interface SearchTask extends ProgressionTaskBase {
  from: string;
  to: string;
  limit: number;
  order: 'asc' | 'desc';
}
export interface ExactAspectsTask extends SearchTask {
  includeAngles: boolean;
}

/** Everything a progression answer reads of the birth. */
interface Progression {
  system: ProgressionSystem;
  /** +1, or −1 when the ephemeris runs backwards with life (converse). */
  lifeSign: 1 | -1;
  cast: NatalCast;
  clock: ProgressionClock;
  settings: ProgressionSettings;
  natalMs: number;
  /** The natal angle frame, when the birth time is known. */
  frame: NatalAngleFrame | undefined;
  /** Natal longitudes of the points progressed points aspect (and asc, mc when timed). */
  natalTargets: { id: string; lon: number }[];
  tracks: Map<string, Track>;
  orbs: Record<AspectType, number>;
}

function prepare(task: ProgressionTaskBase): Progression {
  const cast = castNatal(task.natal);
  const { chart, moment, zodiac } = cast;
  const settings = task.settings;
  const system = progressionSystem(task.system);
  const clock: ProgressionClock = { natalJd: moment.jdUt, rate: system.direction / system.lifeDays };
  const ids = new Set<string>(PROGRESSED_POINTS);
  const natalTargets = chart.points.filter((p) => ids.has(p.id)).map((p) => ({ id: p.id, lon: p.lon }));
  const tracks = new Map<string, Track>();
  const sunTrack = bodyTrack('sun', zodiac, settings.node_type);
  const natalSun = chart.points.find((p) => p.id === 'sun')!.lon;
  for (const id of PROGRESSED_POINTS) {
    const natalLon = natalTargets.find((x) => x.id === id)?.lon;
    tracks.set(id, system.directed && natalLon !== undefined ? directedTrack(natalLon, natalSun, sunTrack) : bodyTrack(id, zodiac, settings.node_type));
  }
  let frame: NatalAngleFrame | undefined;
  if (chart.houses) {
    const sun = chart.points.find((p) => p.id === 'sun')!;
    frame = {
      mc: chart.houses.mc,
      armc: chart.houses.armc,
      sunLon: sun.lon,
      lat: task.natal.place.lat,
      obliquity: trueObliquity(moment.jdUt),
      ayanamsa: chart.ayanamsa ?? 0,
    };
    natalTargets.push({ id: 'asc', lon: chart.houses.asc }, { id: 'mc', lon: chart.houses.mc });
    for (const which of ['asc', 'mc'] as const) tracks.set(which, angleTrack(which, frame, settings.angles_method, sunTrack, clock.natalJd));
  }
  const custom = resolveOrbs(settings.orb_settings);
  const orbs = Object.fromEntries(ASPECT_DEFINITIONS.map((d) => [d.type, custom[d.type] ?? settings.orb_deg ?? DEFAULT_PROGRESSION_ORB])) as Record<
    AspectType,
    number
  >;
  return { system, lifeSign: timeSign(clock), cast, clock, settings, natalMs: moment.utcMs, frame, natalTargets, tracks, orbs };
}

// ——— instants ———

/** ISO UTC to the second (the instant rounded to the nearest second). */
function isoSecond(utcMs: number): string {
  return `${isoDateTimeText(Math.round(utcMs / 1000) * 1000, 'when-not-zero')!}Z`;
}

/** A request's instant: a bare date is 00:00 UTC (or, as the end of a window, the next midnight); a date-time without an offset is UTC. */
function readInstant(text: string, loc: (string | number)[], endOfDay = false): number {
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new RequestFieldError(loc, `${text} ${reading.reason}`, 'value_error.datetime');
  const ms = civilAtOffsetMs(reading.value.civil, reading.value.offsetSeconds ?? 0);
  return endOfDay && !reading.value.hasTime ? ms + 86_400_000 : ms;
}

function addYears(ms: number, years: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
}

/** A window of life, checked: `to` after `from`, at most `years` calendar years long; the part before the birth is left out. */
function readWindow(from: string, to: string, loc: (string | number)[], years: number, natalMs: number): { fromMs: number; toMs: number } {
  let fromMs = readInstant(from, [...loc, 'from']);
  const toMs = readInstant(to, [...loc, 'to'], true);
  if (toMs <= fromMs) throw new RequestFieldError([...loc, 'to'], `${to} is not after ${from}`, 'value_error.window');
  if (toMs > addYears(fromMs, years)) throw new RequestFieldError([...loc, 'to'], `the window is longer than ${years} years`, 'value_error.window');
  if (toMs <= natalMs) throw new RequestFieldError([...loc, 'to'], `${to} is not after the birth (${isoSecond(natalMs)})`, 'value_error.before_birth');
  if (toMs > addYears(natalMs, MAX_AGE_YEARS))
    throw new RequestFieldError([...loc, 'to'], `${to} is more than ${MAX_AGE_YEARS} years after the birth`, 'value_error.window');
  fromMs = Math.max(fromMs, natalMs);
  return { fromMs, toMs };
}

// ——— presentation ———

function signRef(lon: number) {
  const sign = signOf(lon);
  return { name: sign.name, id: sign.id };
}

function longitudeText(lon: number): string {
  const { deg, min } = degreesAndMinutes(degreeInSign(lon));
  return `${deg}°${String(min).padStart(2, '0')}' ${signOf(lon).name}`;
}

function pointJson(id: string, lon: number, speed: number, house: number | null) {
  const info = bodyInfo(id);
  const sign = signRef(lon);
  return {
    id,
    name: info.name,
    sign,
    sign_id: sign.id,
    longitude: lon,
    degree: degreeInSign(lon),
    longitude_text: longitudeText(lon),
    speed,
    retrograde: info.kind !== 'angle' && speed < 0,
    house,
  };
}

function settingsEcho(p: Progression) {
  const z = p.cast.zodiac;
  return {
    zodiac_type: z.type,
    sidereal_ayanamsa: z.type === 'sidereal' ? z.ayanamsa : null,
    house_system: p.cast.chart.houses?.used ?? p.settings.house_system,
    node_type: p.settings.node_type,
    orb_deg: p.settings.orb_deg ?? DEFAULT_PROGRESSION_ORB,
  };
}

function basis(p: Progression) {
  return {
    method: p.system.id,
    life_days_per_progressed_day: p.system.lifeDays,
    direction: p.lifeSign === 1 ? ('forward' as const) : ('converse' as const),
    angles_method: p.settings.angles_method,
    natal_datetime_utc: isoSecond(p.natalMs),
  };
}

const nameOf = (id: string) => bodyInfo(id).name;
const aspectWord = (type: string) => (type === 'conjunction' ? 'conjunct' : type === 'opposition' ? 'opposite' : type);

/** The instant of life of an ephemeris instant, and what every event says of it. */
function eventTimes(p: Progression, t: number) {
  const lifeMs = utcMsFromJulianDay(lifeJdOf(p.clock, t));
  const iso = isoSecond(lifeMs);
  return {
    date: iso.slice(0, 10),
    datetime_utc: iso,
    age_years_decimal: ageYears(p.clock, lifeJdOf(p.clock, t)),
    progressed_datetime_utc: isoSecond(utcMsFromJulianDay(t)),
  };
}

// ——— the progressed chart at a target ———

/**
 * The progressed points (computeChartMoment at the progressed instant; for solar arc directions,
 * the natal points moved by the arc) and angles, placed in the natal houses.
 */
function progressedChart(p: Progression, pJd: number): { chart: ChartMoment; angles: { asc: PointPosition; mc: PointPosition } | undefined } {
  const natal = p.cast.chart;
  const chart: ChartMoment = p.system.directed
    ? {
        points: p.natalTargets
          .filter((x) => x.id !== 'asc' && x.id !== 'mc')
          .map((x) => {
            const at = p.tracks.get(x.id)!.at(pJd);
            return { id: x.id, lon: at.lon, lat: 0, distAu: 0, speed: at.speed, declination: 0, moshier: false };
          }),
        warnings: [],
        moshierUsed: false,
      }
    : computeChartMoment({
        jdUt: pJd,
        lat: 0,
        lng: 0,
        timeKnown: false,
        zodiac: p.cast.zodiac,
        houseSystem: p.settings.house_system,
        points: PROGRESSED_POINTS,
        nodeVariant: p.settings.node_type,
      });
  let angles: { asc: PointPosition; mc: PointPosition } | undefined;
  if (natal.houses && p.frame) {
    const a = progressedAngles(p.frame, p.settings.angles_method, p.tracks.get('sun')!.at(pJd).lon, pJd - p.clock.natalJd);
    const speedOf = (which: 'asc' | 'mc') => p.tracks.get(which)!.at(pJd).speed;
    const angle = (id: 'asc' | 'mc', lon: number): PointPosition => ({
      id,
      lon,
      lat: 0,
      distAu: 0,
      speed: speedOf(id),
      declination: 0,
      moshier: false,
      house: houseOf(lon, natal.houses!.cusps, natal.houses!.forward),
    });
    angles = { asc: angle('asc', a.asc), mc: angle('mc', a.mc) };
    for (const pt of chart.points) pt.house = houseOf(pt.lon, natal.houses.cusps, natal.houses.forward);
  }
  return { chart, angles };
}

/** Fractions of the horizon searched one after the other: most aspects perfect within a few years. */
const HORIZON_STAGES = [0.04, 0.2, 1];

/**
 * When an aspect in orb is (or was) exact: the next perfection (in life) of an applying aspect, the
 * last one of a separating aspect, within the system's horizon of the target and not before the birth.
 */
function exactDate(
  p: Progression,
  a: Aspect,
  targetJd: number,
  natalSide: boolean,
  cache: Map<string, ReturnType<typeof monotonicPieces>['pieces']>,
): string | null {
  const horizon = p.system.horizonYears * TROPICAL_YEAR_DAYS;
  const track = p.tracks.get(a.p1)!;
  for (let stage = 0; stage < HORIZON_STAGES.length; stage++) {
    const reach = horizon * HORIZON_STAGES[stage]!;
    const lifeFrom = a.is_applying ? targetJd : Math.max(p.clock.natalJd, targetJd - reach);
    const lifeTo = a.is_applying ? targetJd + reach : targetJd;
    if (!(lifeTo > lifeFrom)) return null;
    const pa = progressedJd(p.clock, lifeFrom),
      pb = progressedJd(p.clock, lifeTo);
    const from = Math.min(pa, pb),
      to = Math.max(pa, pb);
    let hits: { t: number }[];
    if (natalSide) {
      const target = p.natalTargets.find((x) => x.id === a.p2)!;
      const key = `${a.p1}:${a.is_applying ? 1 : 0}:${stage}`;
      let pieces = cache.get(key);
      if (!pieces) {
        pieces = monotonicPieces(track, from, to).pieces;
        cache.set(key, pieces);
      }
      hits = exactAspectsToFixed(track, target.lon, [a.deg], from, to, pieces);
    } else {
      hits = exactAspectsBetween(track, p.tracks.get(a.p2)!, [a.deg], from, to);
    }
    if (!hits.length) continue;
    // In life's order: the ephemeris runs backwards in a converse progression.
    const lives = hits.map((h) => lifeJdOf(p.clock, h.t)).sort((x, y) => x - y);
    const life = a.is_applying ? lives[0]! : lives[lives.length - 1]!;
    return isoSecond(utcMsFromJulianDay(life));
  }
  return null;
}

function aspectJson(p: Progression, a: Aspect, exact: string | null) {
  const allowed = p.orbs[a.type];
  return {
    progressed_point: a.p1,
    point_1: a.p1,
    p1_id: a.p1,
    p1_name: nameOf(a.p1),
    natal_point: a.p2,
    point_2: a.p2,
    p2_id: a.p2,
    p2_name: nameOf(a.p2),
    aspect: { name: a.type, angle: a.deg },
    type: a.type,
    orb_deg: a.orb,
    orb: a.orb,
    applying: a.is_applying,
    is_applying: a.is_applying,
    exact_date: exact,
    strength: allowed > 0 ? Math.max(0, 1 - a.orb / allowed) : 1,
  };
}

export function computeProgressedChart(task: TargetTask): ProgressedChartResponse {
  const p = prepare(task);
  const loc = ['body', p.system.bodyKey, 'target_date'];
  const targetMs = readInstant(task.targetDate, loc);
  if (targetMs < p.natalMs)
    throw new RequestFieldError(
      loc,
      `${task.targetDate} is before the birth (${isoSecond(p.natalMs)}): a progression runs forward from it`,
      'value_error.before_birth',
    );
  if (targetMs > addYears(p.natalMs, MAX_AGE_YEARS))
    throw new RequestFieldError(loc, `${task.targetDate} is more than ${MAX_AGE_YEARS} years after the birth`, 'value_error.too_late');
  const targetJd = julianDayFromUtcMs(targetMs);
  const pJd = progressedJd(p.clock, targetJd);
  const age = ageYears(p.clock, targetJd);
  const { chart, angles } = progressedChart(p, pJd);

  // Speeds as life goes on (a converse chart's points move against their ephemeris motion): what applying reads.
  const s = p.lifeSign;
  const moving: AspectPoint[] = chart.points.map((x) => ({ id: x.id, lon: x.lon, speed: s * x.speed }));
  if (angles) moving.push({ id: 'asc', lon: angles.asc.lon, speed: s * angles.asc.speed }, { id: 'mc', lon: angles.mc.lon, speed: s * angles.mc.speed });
  const fixed: AspectPoint[] = p.natalTargets.map((x) => ({ id: x.id, lon: x.lon, speed: 0 }));
  const options = { types: MAJOR_ASPECT_TYPES, orbs: p.orbs };
  const toNatal = sortByOrb(findAspectsBetween(moving, fixed, options));
  const within = sortByOrb(findAspectsWithin(moving, options));
  const cache = new Map<string, ReturnType<typeof monotonicPieces>['pieces']>();

  const points: Record<string, ReturnType<typeof pointJson>> = {};
  for (const x of chart.points) points[x.id] = pointJson(x.id, x.lon, x.speed, x.house ?? null);
  const sun = chart.points.find((x) => x.id === 'sun')!,
    moon = chart.points.find((x) => x.id === 'moon')!;
  const progressedIso = isoSecond(utcMsFromJulianDay(pJd));
  const warnings = [...p.cast.chart.warnings, ...chart.warnings];
  if (!p.cast.chart.houses) warnings.push('Birth time unknown: progressed points are cast from local noon of the birth day; houses and angles are omitted.');
  return {
    meta: {
      system: p.system.id,
      target_date: isoSecond(targetMs).slice(0, 10),
      target_datetime: isoSecond(targetMs),
      time_known: p.cast.moment.timeKnown,
      settings: settingsEcho(p),
    },
    basis: { ...basis(p), age_years_decimal: age, progressed_days_after_birth: pJd - p.clock.natalJd, progressed_datetime_utc: progressedIso },
    progressed_chart: {
      datetime_utc: progressedIso,
      points,
      angles: angles
        ? {
            ascendant: pointJson('asc', angles.asc.lon, angles.asc.speed, angles.asc.house!),
            midheaven: pointJson('mc', angles.mc.lon, angles.mc.speed, angles.mc.house!),
          }
        : null,
      lunation_phase: lunationPhaseOf(moon.lon - sun.lon),
    },
    aspects: {
      progressed_to_natal: toNatal.map((a) => aspectJson(p, a, exactDate(p, a, targetJd, true, cache))),
      progressed_to_progressed: within.map((a) => aspectJson(p, a, exactDate(p, a, targetJd, false, cache))),
    },
    warnings,
  };
}

// ——— events of a window ———

/** An event, with the instant of life it is sorted by (JD UT) and its rank among events of one instant. */
interface TimedEvent<T> {
  life: number;
  rank: number;
  event: T;
}

function aspectEvents(
  p: Progression,
  a: number,
  b: number,
  movers: readonly string[],
  targets: readonly { id: string; lon: number }[],
  pieces: Map<string, ReturnType<typeof monotonicPieces>>,
): TimedEvent<AspectEvent>[] {
  const out: TimedEvent<AspectEvent>[] = [];
  for (const id of movers) {
    const track = p.tracks.get(id)!;
    const m = pieces.get(id)!;
    for (const target of targets) {
      if (target.id === id && (id === 'asc' || id === 'mc')) continue; // an angle to its own natal place: the arc itself
      for (const hit of exactAspectsToFixed(track, target.lon, MAJOR_ANGLES, a, b, m.pieces)) {
        const type = ASPECT_NAME_BY_ANGLE.get(hit.angle)!;
        const lon = normalizeDegrees(track.at(hit.t).lon);
        out.push({
          life: lifeJdOf(p.clock, hit.t),
          rank: 0,
          event: {
            type: 'exact_aspect',
            ...eventTimes(p, hit.t),
            progressed_point: id,
            p1_id: id,
            p1_name: nameOf(id),
            natal_point: target.id,
            p2_id: target.id,
            p2_name: nameOf(target.id),
            aspect: { name: type, angle: hit.angle },
            motion: track.at(hit.t).speed < 0 ? 'retrograde' : 'direct',
            progressed_longitude: lon,
            natal_longitude: target.lon,
            description: `Progressed ${nameOf(id)} ${aspectWord(type)} natal ${nameOf(target.id)}`,
          },
        });
      }
    }
  }
  return out;
}

function ingressEvents(
  p: Progression,
  a: number,
  b: number,
  movers: readonly string[],
  pieces: Map<string, ReturnType<typeof monotonicPieces>>,
): TimedEvent<IngressEvent>[] {
  const out: TimedEvent<IngressEvent>[] = [];
  const houses = p.cast.chart.houses;
  for (const id of movers) {
    const track = p.tracks.get(id)!;
    const m = pieces.get(id)!;
    for (const s of signIngresses(track, a, b, m.pieces, p.lifeSign)) {
      const sign = SIGNS[s.sign]!;
      const entersForward = s.direction * p.lifeSign === 1;
      out.push({
        life: lifeJdOf(p.clock, s.t),
        rank: 1,
        event: {
          type: 'sign_ingress',
          ...eventTimes(p, s.t),
          point: id,
          point_name: nameOf(id),
          sign: { name: sign.name, id: sign.id },
          house: null,
          motion: s.direction === 1 ? 'direct' : 'retrograde',
          longitude: entersForward ? s.sign * 30 : ((s.sign + 1) % 12) * 30,
          description: `Progressed ${nameOf(id)} enters ${sign.name}${s.direction === 1 ? '' : ' (retrograde)'}`,
        },
      });
    }
    if (houses && id !== 'asc' && id !== 'mc') {
      for (const h of houseIngresses(track, houses.cusps, houses.forward, a, b, m.pieces, p.lifeSign)) {
        out.push({
          life: lifeJdOf(p.clock, h.t),
          rank: 2,
          event: {
            type: 'house_ingress',
            ...eventTimes(p, h.t),
            point: id,
            point_name: nameOf(id),
            sign: null,
            house: h.house,
            motion: h.direction === 1 ? 'direct' : 'retrograde',
            longitude: h.cusp,
            description: `Progressed ${nameOf(id)} enters the natal ${ordinal(h.house)} house${h.direction === 1 ? '' : ' (retrograde)'}`,
          },
        });
      }
    }
  }
  return out;
}

function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

function stationEvents(p: Progression, pieces: Map<string, ReturnType<typeof monotonicPieces>>): TimedEvent<StationEvent>[] {
  const out: TimedEvent<StationEvent>[] = [];
  for (const id of PROGRESSED_POINTS) {
    if (!STATION_POINTS.has(id)) continue;
    const track = p.tracks.get(id)!;
    for (const t of pieces.get(id)!.stations) {
      const kind = track.at(t + 1e-3).speed < 0 ? 'retrograde' : 'direct';
      const lon = normalizeDegrees(track.at(t).lon);
      out.push({
        life: lifeJdOf(p.clock, t),
        rank: 3,
        event: {
          type: 'station',
          ...eventTimes(p, t),
          point: id,
          point_name: nameOf(id),
          station: kind,
          longitude: lon,
          sign: signRef(lon),
          description: `Progressed ${nameOf(id)} stations ${kind}`,
        },
      });
    }
  }
  return out;
}

function lunationEvents(p: Progression, a: number, b: number): TimedEvent<LunationEvent>[] {
  return lunationPhaseChanges(p.tracks.get('moon')!, p.tracks.get('sun')!, a, b, p.lifeSign).map((c) => ({
    life: lifeJdOf(p.clock, c.t),
    rank: 4,
    event: {
      type: 'lunation_phase',
      ...eventTimes(p, c.t),
      phase: c.phase,
      elongation: c.elongation,
      description: `Progressed lunation: ${c.phase.replace('_', ' ')}`,
    },
  }));
}

function byTime<T>(events: TimedEvent<T>[]): T[] {
  return events.sort((x, y) => x.life - y.life || x.rank - y.rank).map((e) => e.event);
}

/** The ephemeris window of a window of life, with each mover's pieces of monotonic motion (sampled once). */
function windowOf(p: Progression, fromMs: number, toMs: number, movers: readonly string[]) {
  const pa = progressedJd(p.clock, julianDayFromUtcMs(fromMs));
  const pb = progressedJd(p.clock, julianDayFromUtcMs(toMs));
  const a = Math.min(pa, pb),
    b = Math.max(pa, pb);
  const pieces = new Map<string, ReturnType<typeof monotonicPieces>>();
  for (const id of movers) pieces.set(id, monotonicPieces(p.tracks.get(id)!, a, b));
  return { a, b, pieces, window: { from: isoSecond(fromMs), to: isoSecond(toMs) } };
}

const moversOf = (p: Progression, angles: boolean): string[] => [...PROGRESSED_POINTS, ...(angles && p.frame ? ['asc', 'mc'] : [])];
const targetsOf = (p: Progression, angles: boolean) => (angles ? p.natalTargets : p.natalTargets.filter((x) => x.id !== 'asc' && x.id !== 'mc'));

export function computeCalendar(task: CalendarTask): CalendarResponse {
  const p = prepare(task);
  const { fromMs, toMs } = readWindow(task.from, task.to, ['body', 'calendar'], p.system.calendarYears, p.natalMs);
  const movers = moversOf(p, true);
  const w = windowOf(p, fromMs, toMs, movers);
  const events = byTime<CalendarResponse['events'][number]>([
    ...aspectEvents(p, w.a, w.b, movers, targetsOf(p, true), w.pieces),
    ...ingressEvents(p, w.a, w.b, movers, w.pieces),
    ...stationEvents(p, w.pieces),
    ...lunationEvents(p, w.a, w.b),
  ]);
  return {
    meta: { system: p.system.id, window: w.window, time_known: p.cast.moment.timeKnown, settings: settingsEcho(p), total: events.length },
    basis: basis(p),
    events,
  };
}

function searchMeta(p: Progression, task: SearchTask, window: { from: string; to: string }, total: number, returned: number) {
  return {
    system: p.system.id,
    window,
    limit: task.limit,
    order: task.order,
    total,
    returned,
    truncated: returned < total,
    time_known: p.cast.moment.timeKnown,
    settings: settingsEcho(p),
  };
}

function limited<T>(events: T[], task: SearchTask): T[] {
  const ordered = task.order === 'desc' ? events.reverse() : events;
  return ordered.slice(0, task.limit);
}

export function computeExactAspects(task: ExactAspectsTask): ExactAspectsResponse {
  const p = prepare(task);
  const { fromMs, toMs } = readWindow(task.from, task.to, ['body', 'search'], MAX_SEARCH_YEARS, p.natalMs);
  const movers = moversOf(p, task.includeAngles);
  const w = windowOf(p, fromMs, toMs, movers);
  const all = byTime(aspectEvents(p, w.a, w.b, movers, targetsOf(p, task.includeAngles), w.pieces));
  const aspects = limited(all, task);
  return { meta: { ...searchMeta(p, task, w.window, all.length, aspects.length), include_angles: task.includeAngles }, basis: basis(p), aspects };
}

export function computeExactIngresses(task: SearchTask): ExactIngressesResponse {
  const p = prepare(task);
  const { fromMs, toMs } = readWindow(task.from, task.to, ['body', 'search'], MAX_SEARCH_YEARS, p.natalMs);
  const movers = moversOf(p, true);
  const w = windowOf(p, fromMs, toMs, movers);
  const all = byTime(ingressEvents(p, w.a, w.b, movers, w.pieces));
  const ingresses = limited(all, task);
  return { meta: searchMeta(p, task, w.window, all.length, ingresses.length), basis: basis(p), ingresses };
}
