/** Transits: the sky at a moment and place, set against a natal chart. Runs in a compute worker. */
import { DEFAULT_TRANSIT_BODIES, bodyInfo } from '../../astro/bodies.ts';
import { computeChartMoment } from '../../astro/chart.ts';
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsBetween, resolveOrbs, summarizeAspects } from '../../astro/aspects.ts';
import { houseOf } from '../../astro/house-placement.ts';
import { momentAtInstant, resolveMoment, type ResolvedMoment } from '../shared/moment.ts';
import type { ResolvedPlace } from '../shared/place.ts';
import { RequestFieldError } from '../shared/request-error.ts';
import { isTimeOfDay, isValidCalendarDate, utcOffsetSeconds } from '../../astro/civil-time.ts';
import { MAX_YEAR, MIN_YEAR } from '../shared/birth-schema.ts';
import { anglesJson, housesJson, planetJson, provenanceJson, roundNumbers, subjectJson } from '../shared/chart-presentation.ts';
import { aspectPointsOf, natalPoints, zodiacOf } from '../natal/service.ts';
import { TRANSIT_DATE_PATTERN, type TransitRequest } from './schemas.ts';

export interface TransitTask {
  request: TransitRequest;
  natalPlace: ResolvedPlace;
  transitPlace: ResolvedPlace;
  includeMinor: boolean;
  /** Milliseconds since 1970: "now" for a request without transit_date. */
  nowMs: number;
}

/**
 * The transit instant: local wall time at the transit place, an absolute instant, or now. A date
 * whose fields do not exist (Feb 30, 24:00, +99:00) or that lies outside the years served is a 422.
 */
export function transitMoment(task: { request: Pick<TransitTask['request'], 'transit_date' | 'tz_str' | 'dst_policy'>; transitPlace: ResolvedPlace; nowMs: number }): ResolvedMoment {
  const { request, transitPlace } = task;
  const m = request.transit_date ? TRANSIT_DATE_PATTERN.exec(request.transit_date) : null;
  if (!m) return momentAtInstant(task.nowMs, transitPlace, request.tz_str, request.dst_policy);
  const [text, y, mo, d, h, mi, s, offset] = m;
  const civil = { year: +y!, month: +mo!, day: +d!, hour: h ? +h : 0, minute: mi ? +mi : 0, second: s ? +s : 0 };
  const bad = (why: string) => new RequestFieldError(['body', 'transit_date'], `${text} ${why}`, 'value_error.datetime');
  if (civil.year < MIN_YEAR || civil.year > MAX_YEAR) throw bad(`is outside the years served (${MIN_YEAR}-${MAX_YEAR})`);
  if (!isValidCalendarDate(civil.year, civil.month, civil.day)) throw bad('is not a date of the Gregorian calendar');
  if (!isTimeOfDay(civil.hour, civil.minute, civil.second)) throw bad('is not a time of day (00:00 to 23:59:59)');
  if (!offset) return resolveMoment({ ...civil, time_known: true }, request.tz_str, transitPlace, request.dst_policy, ['body']);
  // An absolute instant: only the zone for the echo is looked up.
  const offsetSeconds = utcOffsetSeconds(offset);
  if (offsetSeconds === undefined) throw bad('has an offset beyond ±18:00');
  const utcMs = Date.UTC(civil.year, civil.month - 1, civil.day, civil.hour, civil.minute) + (civil.second - offsetSeconds) * 1000;
  return momentAtInstant(utcMs, transitPlace, request.tz_str, request.dst_policy);
}

export function computeTransits(task: TransitTask) {
  const { request } = task;
  const zodiac = zodiacOf(request);
  const natalMoment = resolveMoment(request.natal, request.natal.tz_str ?? request.natal.timezone, task.natalPlace, request.natal.dst_policy, ['body', 'natal']);
  const natal = computeChartMoment({
    jdUt: natalMoment.jdUt, lat: task.natalPlace.lat, lng: task.natalPlace.lng, timeKnown: natalMoment.timeKnown, zodiac,
    houseSystem: request.house_system, points: natalPoints(undefined), nodeVariant: request.node_type,
  });
  const moment = transitMoment(task);
  const transit = computeChartMoment({
    jdUt: moment.jdUt, lat: task.transitPlace.lat, lng: task.transitPlace.lng, timeKnown: false, zodiac,
    houseSystem: request.house_system, points: DEFAULT_TRANSIT_BODIES, nodeVariant: 'true',
  });

  const natalAspectPoints = aspectPointsOf(natal).map((p) => ({ ...p, speed: 0 })); // the natal chart does not move
  const aspects = findAspectsBetween(transit.points.map((p) => ({ id: p.id, lon: p.lon, speed: p.speed })), natalAspectPoints, {
    types: task.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES,
    orbs: resolveOrbs(request.orb_settings),
  })
    .sort((a, b) => a.orb - b.orb)
    .map((a) => ({ ...a, p1_name: `${bodyInfo(a.p1).name} (T)`, p2_name: `${bodyInfo(a.p2).name} (N)` }));

  let body = {
    transit_planets: transit.points.map((p) => ({
      ...planetJson(p, 'true'),
      ...(natal.houses ? { natal_house: houseOf(p.lon, natal.houses.cusps) } : {}),
    })),
    natal_planets: natal.points.map((p) => planetJson(p, request.node_type)),
    ...(natal.houses ? { natal_houses: housesJson(natal.houses), natal_angles: anglesJson(natal.houses).angles_details } : {}),
    aspects,
  };
  if (request.precision !== undefined) body = roundNumbers(body, request.precision);
  const transitSubject = subjectJson('Transits', moment, task.transitPlace, transit, zodiac, request.house_system);
  return {
    transit_date: moment.localIso.slice(0, 10),
    // Where the transits are cast, at the top as the public service has it (and in `transit`).
    location: transitSubject.location,
    transit: transitSubject,
    natal: subjectJson(request.natal.name, natalMoment, task.natalPlace, natal, zodiac, request.house_system),
    ...body,
    aspects_summary: summarizeAspects(aspects),
    warnings: [...natal.warnings, ...transit.warnings],
    provenance: { transit: provenanceJson(moment, transit, task.transitPlace), natal: provenanceJson(natalMoment, natal, task.natalPlace) },
  };
}
