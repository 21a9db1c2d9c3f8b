/**
 * Solar and planetary returns, computed in a compute worker (or inline) from requests whose places
 * are resolved (the rest of the request is read here, at the end of the file): the natal chart is
 * the natal endpoint's cast (castNatal), the return instant comes from the root-finders of
 * src/astro (solar-return.ts, returns.ts) on the same positions, and the return chart is cast with
 * the same astro functions and settings at the return place.
 */
import { MAJOR_ASPECT_TYPES, ASPECT_TYPES, findAspectsBetween, findAspectsWithin, sortByOrb, type Aspect } from '../../../astro/aspects.ts';
import { aspectPointsOf } from '../../../astro/aspect-points.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { computeChartMoment, type ChartMoment, type NodeVariant } from '../../../astro/chart.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay, isoUtc } from '../../../astro/civil-time.ts';
import { ASTEROID_FILES_END_JD, ASTEROID_FILES_START_JD, ASTEROID_FILES_TEXT, fromAsteroidFiles, noPositionAtBirthText } from '../../../astro/ephemeris.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { findReturns, nextReturn, RETURN_BODIES, type ReturnBody, type ReturnCrossing } from '../../../astro/returns.ts';
import { solarReturnJd } from '../../../astro/solar-return.ts';
import { normalizeDegrees, signedSeparation } from '../../../astro/zodiac.ts';
import { anglesJson, housesJson, planetJson, zodiacLabel } from '../../../answers/chart-presentation.ts';
import { MAX_YEAR, MIN_YEAR, chartSettingsFields } from '../../../requests/birth-schema.ts';
import { natalPoints } from '../../../requests/chart-request.ts';
import { momentAtInstant, type ResolvedMoment } from '../../../requests/moment.ts';
import { placeWarnings, requestedZone, resolveSubjectPlace, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castNatal, type NatalCast, type NatalTask } from '../natal/natal-service.ts';
import { z } from 'zod/v4';
import { civilAtOffsetMs, readIsoDateTime } from '../../../astro/iso-date-time.ts';
import { nestedNatalPlace, resolveNestedNatal, type NestedLocation, type NestedNatal } from '../../../requests/nested-natal-schema.ts';
import type { NatalRequest } from '../natal/natal-schemas.ts';
import {
  ANGULARITY_ORB,
  MAX_RETURNS,
  MAX_WINDOW_YEARS,
  type ReturnChartFields,
  type ReturnSettingsInput,
  type ReturnsAnswer,
  type ReturnsRequest,
  type SolarReturnAnswer,
  type SolarReturnRequest,
} from './returns-schemas.ts';

export type AspectSet = 'major' | 'all';

/** What both endpoints hand the compute pool: the natal task (its request carries the settings) and where the returns are cast. */
interface ReturnTaskBase {
  natal: NatalTask;
  aspectSet: AspectSet;
  /** The place of the return chart (the natal place when the request names none). */
  returnPlace: ResolvedPlace;
  /** The zone named for the return place, or undefined for AUTO (then returnPlace.zone). */
  returnTz: string | undefined;
}

export interface SolarReturnTask extends ReturnTaskBase {
  year: number;
}

export interface ReturnsTask extends ReturnTaskBase {
  body: ReturnBody;
  startMs: number;
  /** Absent: the next return only. */
  endMs: number | undefined;
}

/** The last instant the service computes (the end of MAX_YEAR, UT). */
const LAST_JD = julianDayFromUtcMs(Date.UTC(MAX_YEAR + 1, 0, 1));

const round3 = (ms: number) => Math.round(ms);

/** A return point and a natal point as one aspect entry: ids and names on both sides. */
function aspectEntry(a: Aspect) {
  return {
    p1: a.p1,
    p2: a.p2,
    p1_id: a.p1,
    p1_name: bodyInfo(a.p1).name,
    p2_id: a.p2,
    p2_name: bodyInfo(a.p2).name,
    type: a.type as string,
    deg: a.deg,
    angle: a.angle,
    orb: a.orb,
    is_major: a.is_major,
    is_applying: a.is_applying,
    out_of_sign: a.out_of_sign,
  };
}

function planetEntry(chart: ChartMoment['points'][number], nodeVariant: NodeVariant) {
  const p = planetJson(chart, nodeVariant);
  return {
    id: p.id,
    name: p.name,
    sign: p.sign,
    sign_id: p.sign_id,
    pos: p.pos,
    degree: p.pos,
    abs_pos: p.abs_pos,
    retrograde: p.retrograde,
    ...(p.house !== undefined ? { house: p.house } : {}),
    speed: p.speed,
    is_stationary: p.is_stationary,
    latitude: p.latitude,
    distance_au: p.distance_au,
    declination: p.declination,
    ...(p.variant !== undefined ? { variant: p.variant } : {}),
  };
}

/** The return chart at an instant and place, and its comparison with the natal chart. */
export function returnChart(task: ReturnTaskBase, natal: NatalCast, jdUt: number): { chart: ChartMoment; fields: ReturnChartFields } {
  const request = task.natal.request;
  const nodeVariant = request.node_type;
  const chart = computeChartMoment({
    jdUt,
    lat: task.returnPlace.lat,
    lng: task.returnPlace.lng,
    timeKnown: natal.moment.timeKnown,
    zodiac: natal.zodiac,
    houseSystem: request.house_system,
    points: natalPoints(undefined),
    nodeVariant,
  });
  const types = task.aspectSet === 'all' ? ASPECT_TYPES : MAJOR_ASPECT_TYPES;
  const returnPoints = aspectPointsOf(chart);
  const aspects = sortByOrb(findAspectsWithin(returnPoints, { types })).map(aspectEntry);
  // The natal chart stands still: its points' speeds are 0, so an aspect applies when the return point moves toward exact.
  const natalPoints_ = aspectPointsOf(natal.chart).map((p) => ({ id: p.id, lon: p.lon, speed: 0 }));
  const crossAspects = sortByOrb(findAspectsBetween(returnPoints, natalPoints_, { types })).map(aspectEntry);
  const angularity: { planet: string; angle: 'asc' | 'mc' | 'ic' | 'dc'; orb: number }[] = [];
  const fields: ReturnChartFields = {
    planets: chart.points.map((p) => planetEntry(p, nodeVariant)),
    aspects,
    natal_comparison: { aspects: crossAspects, angularity },
  };
  const houses = chart.houses;
  if (houses) {
    const { angles, angles_details: d } = anglesJson(houses);
    const detail = (x: typeof d.asc) => ({ sign: x.sign, sign_id: x.sign_id, pos: x.pos, degree: x.pos, abs_pos: x.abs_pos, house: x.house });
    for (const p of chart.points) {
      if (bodyInfo(p.id).kind === 'angle') continue;
      for (const [angle, lon] of [
        ['asc', angles.asc],
        ['mc', angles.mc],
        ['ic', angles.ic],
        ['dc', angles.dc],
      ] as const) {
        const orb = Math.abs(signedSeparation(p.lon, lon));
        if (orb <= ANGULARITY_ORB) angularity.push({ planet: p.id, angle, orb });
      }
    }
    sortByOrb(angularity);
    const natalHouses = natal.chart.houses!;
    const overlay = chart.points.map((p) => ({
      planet: p.id,
      name: bodyInfo(p.id).name,
      abs_pos: p.lon,
      house: houseOf(p.lon, natalHouses.cusps, natalHouses.forward),
    }));
    return {
      chart,
      fields: {
        planets: fields.planets,
        houses: housesJson(houses),
        angles: { asc: angles.asc, mc: angles.mc, ic: angles.ic, dc: angles.dc, desc: angles.dc, vertex: angles.vertex, armc: angles.armc },
        angles_details: { asc: detail(d.asc), mc: detail(d.mc), ic: detail(d.ic), dc: detail(d.dc), desc: detail(d.dc), vertex: detail(d.vertex) },
        aspects,
        natal_comparison: { aspects: crossAspects, house_overlay: overlay, angularity },
      },
    };
  }
  return { chart, fields };
}

function whereJson(place: ResolvedPlace, moment: ResolvedMoment) {
  return { city: place.city, country: place.country, state: place.region ?? null, lat: place.lat, lng: place.lng, timezone: moment.zone };
}

function natalMeta(task: NatalTask, natal: NatalCast) {
  const { moment } = natal;
  return {
    name: task.request.name ?? 'User',
    datetime: moment.localIso,
    datetime_utc: moment.utcIso,
    timezone: moment.zone,
    lat: task.place.lat,
    lng: task.place.lng,
    time_known: moment.timeKnown,
  };
}

function settingsMeta(task: ReturnTaskBase, natal: NatalCast, chart: ChartMoment | undefined) {
  const request = task.natal.request;
  return {
    house_system: chart?.houses?.used ?? natal.chart.houses?.used ?? request.house_system,
    house_system_requested: request.house_system,
    zodiac_type: zodiacLabel(natal.zodiac),
    sidereal_ayanamsa: natal.zodiac.type === 'sidereal' ? natal.zodiac.ayanamsa : null,
    aspect_set: task.aspectSet,
    node_type: request.node_type,
  };
}

/** The return's moment at the return place, in the zone named for it (or the place's, or the birth's when the return is cast at home). */
function returnMoment(task: ReturnTaskBase, natal: NatalCast, jdUt: number): ResolvedMoment {
  const utcMs = round3(utcMsFromJulianDay(jdUt));
  const tz = task.returnTz ?? (task.returnPlace === task.natal.place ? natal.moment.zone : undefined);
  return momentAtInstant(utcMs, task.returnPlace, tz);
}

function instantJson(moment: ResolvedMoment, jdUt: number) {
  return {
    exact_moment_utc: moment.utcIso,
    exact_moment_local: moment.localIso,
    julian_day_ut: jdUt,
    julian_day_tt: moment.jdTt,
    delta_t_seconds: moment.deltaTSeconds,
  };
}

function answerWarnings(task: ReturnTaskBase, natal: NatalCast, charts: ChartMoment[]): string[] {
  const warnings = new Set(placeWarnings(task.natal.place, task.returnPlace === task.natal.place ? undefined : task.returnPlace));
  if (natal.moment.warning) warnings.add(`natal: ${natal.moment.warning}`);
  for (const w of natal.chart.warnings) warnings.add(w);
  if (!natal.moment.timeKnown)
    warnings.add(
      'Birth time unknown: the natal chart is cast for local noon, so the natal longitude returned to may be off by up to about half a degree for the Sun (a return instant off by up to about 12 hours) and more for faster bodies; houses, angles and the house overlay are omitted.',
    );
  for (const c of charts) for (const w of c.warnings) warnings.add(w);
  return [...warnings];
}

/** The natal longitude a body returns to (the natal chart's point, in the chart's zodiac): a 422 on the birth when the chart has none (Chiron outside the asteroid files' years). */
function natalLongitude(natal: NatalCast, body: string): number {
  const point = natal.chart.points.find((p) => p.id === body);
  if (!point) throw new RequestFieldError(['body', 'natal'], noPositionAtBirthText(bodyInfo(body).name), 'value_error.range');
  return point.lon;
}

/**
 * The instants a body's returns are searched within: the asteroid files' years for Chiron; for
 * the others, from whenever the request starts to the end of the years served.
 */
function searchYearsOf(body: ReturnBody): { first: number; last: number; why: string } {
  return fromAsteroidFiles(bodyInfo(body).se!)
    ? { first: ASTEROID_FILES_START_JD, last: ASTEROID_FILES_END_JD, why: `they are read from ${ASTEROID_FILES_TEXT}` }
    : { first: -Infinity, last: LAST_JD, why: `the service computes up to the end of ${MAX_YEAR}` };
}

/** A 422 for a search that reaches past one end of the body's years. */
function outsideYears(body: ReturnBody, field: 'search_start' | 'search_end', edge: 'begin' | 'end', jd: number, why: string): RequestFieldError {
  return new RequestFieldError(
    ['body', 'return_target', field],
    `${bodyInfo(body).name}'s positions ${edge} at ${isoUtc(utcMsFromJulianDay(jd))}: ${why}`,
    'value_error.range',
  );
}

export function computeSolarReturn(task: SolarReturnTask): SolarReturnAnswer {
  const natal = castNatal(task.natal);
  const birthYear = task.natal.request.year;
  if (task.year < birthYear)
    throw new RequestFieldError(['body', 'solar_return', 'year'], `year ${task.year} is before the birth year ${birthYear}`, 'value_error.before_birth');
  const sunLon = natalLongitude(natal, 'sun');
  const jdUt = solarReturnJd(natal.moment, sunLon, task.year, natal.zodiac);
  const moment = returnMoment(task, natal, jdUt);
  const { chart, fields } = returnChart(task, natal, jdUt);
  return {
    meta: {
      solar_return: { target_year: task.year, ...instantJson(moment, jdUt), natal_sun_longitude: sunLon, location: whereJson(task.returnPlace, moment) },
      natal: natalMeta(task.natal, natal),
      settings: settingsMeta(task, natal, chart),
    },
    exact_return_moment: moment.utcIso,
    return_moment: moment.utcIso,
    ...fields,
    warnings: answerWarnings(task, natal, [chart]),
  };
}

export function computeReturns(task: ReturnsTask): ReturnsAnswer {
  const natal = castNatal(task.natal);
  const target = natalLongitude(natal, task.body);
  const startJd = julianDayFromUtcMs(task.startMs);
  let crossings: ReturnCrossing[];
  let endJd: number;
  let truncated = false;
  const years = searchYearsOf(task.body);
  if (startJd < years.first) throw outsideYears(task.body, 'search_start', 'begin', years.first, years.why);
  if (startJd >= years.last) throw outsideYears(task.body, 'search_start', 'end', years.last, years.why);
  if (task.endMs === undefined) {
    endJd = Math.min(startJd + RETURN_BODIES[task.body].horizon, years.last);
    const next = nextReturn(task.body, target, startJd, natal.zodiac, endJd);
    if (!next)
      throw new RequestFieldError(
        ['body', 'return_target', 'search_start'],
        `no return of ${task.body} found after ${isoUtc(task.startMs)} within the years served`,
        'value_error.no_return',
      );
    crossings = [next];
  } else {
    endJd = julianDayFromUtcMs(task.endMs);
    if (endJd > years.last) throw outsideYears(task.body, 'search_end', 'end', years.last, years.why);
    crossings = findReturns(task.body, target, startJd, endJd, natal.zodiac, MAX_RETURNS + 1);
    truncated = crossings.length > MAX_RETURNS;
    if (truncated) crossings = crossings.slice(0, MAX_RETURNS);
  }
  const charts: ChartMoment[] = [];
  const returns = crossings.map((c) => {
    const moment = returnMoment(task, natal, c.jdUt);
    const { chart, fields } = returnChart(task, natal, c.jdUt);
    charts.push(chart);
    return {
      ...instantJson(moment, c.jdUt),
      direction: c.speed < 0 ? ('retrograde' as const) : ('direct' as const),
      body_speed: c.speed,
      location: whereJson(task.returnPlace, moment),
      ...fields,
    };
  });
  return {
    meta: {
      return_target: {
        body: task.body,
        body_name: bodyInfo(task.body).name,
        natal_longitude: normalizeDegrees(target),
        mode: task.endMs === undefined ? 'next' : 'window',
        search_start_utc: isoUtc(task.startMs),
        search_end_utc: isoUtc(utcMsFromJulianDay(endJd)),
        count: returns.length,
        limit: MAX_RETURNS,
        truncated,
      },
      natal: natalMeta(task.natal, natal),
      settings: settingsMeta(task, natal, charts[0]),
    },
    returns,
    warnings: answerWarnings(task, natal, charts),
  };
}

// ---- reading a request into a task (in the compute pool, but for the places)

/** The settings of a request: the nested block's keys win over the root `settings`, and the natal endpoint's defaults fill the rest. */
function mergedSettings(root: ReturnSettingsInput | undefined, nested: ReturnSettingsInput | undefined) {
  const pick = <K extends keyof ReturnSettingsInput>(key: K) => nested?.[key] ?? root?.[key] ?? undefined;
  return {
    house_system: pick('house_system'),
    zodiac_type: pick('zodiac_type'),
    sidereal_ayanamsa: pick('sidereal_ayanamsa'),
    node_type: pick('node_type'),
    aspectSet: (pick('aspect_set') ?? 'major') as AspectSet,
  };
}

/** The natal endpoint's defaults of the chart settings, read once from its schema (placidus, tropical, mean node). */
const NATAL_SETTINGS_DEFAULTS = z.object(chartSettingsFields).parse({});

/**
 * The natal task of a nested birth under the request's settings: the natal endpoint's own request
 * (its fields, its defaults), so that castNatal reads it as it reads a natal request. Built from
 * fields both schemas have validated already, without a second parse (a fifth of the work of
 * reading the request).
 */
function natalTaskOf(natal: NestedNatal, settings: ReturnType<typeof mergedSettings>, natalPlace: ResolvedPlace): NatalTask {
  const { birth, place } = resolveNestedNatal(natal, ['body', 'natal'], natalPlace);
  const request: NatalRequest = {
    ...birth,
    house_system: settings.house_system ?? NATAL_SETTINGS_DEFAULTS.house_system,
    zodiac_type: settings.zodiac_type ?? NATAL_SETTINGS_DEFAULTS.zodiac_type,
    sidereal_ayanamsa: settings.sidereal_ayanamsa ?? NATAL_SETTINGS_DEFAULTS.sidereal_ayanamsa,
    node_type: settings.node_type ?? NATAL_SETTINGS_DEFAULTS.node_type,
  };
  return { request, place, includeMinor: settings.aspectSet === 'all', includeStelliums: false };
}

/** The places a return request names, resolved on the event loop: the birth's, and the return's when `location` is sent (else the birth's). */
export interface ReturnPlaces {
  natal: ResolvedPlace;
  /** Absent: the returns are cast at the birth place, in the birth's zone. */
  returnPlace?: ResolvedPlace | undefined;
  /** The zone named for the return place, or undefined for AUTO. */
  returnTz?: string | undefined;
}

function placesOf(natal: NestedNatal, location: NestedLocation | undefined, loc: (string | number)[]): ReturnPlaces {
  const places: ReturnPlaces = { natal: nestedNatalPlace(natal, ['body', 'natal']) };
  if (!location) return places;
  const zone = requestedZone(location, loc);
  places.returnPlace = resolveSubjectPlace(location, loc);
  places.returnTz = zone.tz !== undefined && zone.tz.toUpperCase() !== 'AUTO' ? zone.tz : undefined;
  return places;
}

export const solarReturnPlaces = (body: SolarReturnRequest) => placesOf(body.natal, body.solar_return.location, ['body', 'solar_return', 'location']);
export const returnsPlaces = (body: ReturnsRequest) => placesOf(body.natal, body.return_target.location, ['body', 'return_target', 'location']);

/** What the compute pool gets: the validated body and its resolved places. */
export interface SolarReturnJob {
  body: SolarReturnRequest;
  places: ReturnPlaces;
}
export interface ReturnsJob {
  body: ReturnsRequest;
  places: ReturnPlaces;
}

export function solarReturnTask(body: SolarReturnRequest, places = solarReturnPlaces(body)): SolarReturnTask {
  const settings = mergedSettings(body.settings, body.solar_return.settings);
  const natal = natalTaskOf(body.natal, settings, places.natal);
  return { natal, aspectSet: settings.aspectSet, returnPlace: places.returnPlace ?? natal.place, returnTz: places.returnTz, year: body.solar_return.year };
}

/** A search bound: a date is 00:00 UTC (or, for the end, 24:00 UTC: the whole day); a date-time is UTC unless it carries an offset. */
function searchInstant(text: string, end: boolean): number {
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new Error(reading.reason); // the schema has read it already
  const { civil, hasTime, offsetSeconds } = reading.value;
  const ms = civilAtOffsetMs(civil, offsetSeconds ?? 0);
  return !hasTime && end ? ms + 86_400_000 : ms;
}

const YEAR_MS = 365.25 * 86_400_000;

export function returnsTask(body: ReturnsRequest, places = returnsPlaces(body)): ReturnsTask {
  const target = body.return_target;
  const settings = mergedSettings(body.settings, target.settings);
  const natal = natalTaskOf(body.natal, settings, places.natal);
  const startMs = searchInstant(target.search_start, false);
  let endMs: number | undefined;
  if (target.search_end !== undefined) {
    endMs = searchInstant(target.search_end, true);
    if (endMs <= startMs) throw new RequestFieldError(['body', 'return_target', 'search_end'], 'search_end must be after search_start', 'value_error.range');
    if (endMs - startMs > MAX_WINDOW_YEARS * YEAR_MS)
      throw new RequestFieldError(['body', 'return_target', 'search_end'], `the search window is at most ${MAX_WINDOW_YEARS} years`, 'value_error.range');
  }
  return {
    natal,
    aspectSet: settings.aspectSet,
    returnPlace: places.returnPlace ?? natal.place,
    returnTz: places.returnTz,
    body: target.body as ReturnBody,
    startMs,
    endMs,
  };
}
