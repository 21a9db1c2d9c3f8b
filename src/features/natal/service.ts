/**
 * The natal computation: runs in a compute worker (or inline), from a validated request whose
 * place is already resolved to coordinates, to the response JSON.
 */
import { DEFAULT_NATAL_BODIES } from '../../astro/bodies.ts';
import { computeChartMoment, type ChartMoment } from '../../astro/chart.ts';
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsWithin, resolveOrbs, summarizeAspects, type AspectPoint } from '../../astro/aspects.ts';
import { findStelliums } from '../../astro/stelliums.ts';
import { dominants } from '../../astro/dominants.ts';
import type { ZodiacSetting } from '../../astro/ephemeris.ts';
import { signOf } from '../../astro/zodiac.ts';
import { resolveMoment } from '../shared/moment.ts';
import type { ResolvedPlace } from '../shared/place.ts';
import { anglesJson, housesJson, planetJson, provenanceJson, roundNumbers, subjectJson } from '../shared/chart-presentation.ts';
import type { NatalRequest, SimpleNatalRequest } from './schemas.ts';

export interface NatalTask {
  request: NatalRequest;
  place: ResolvedPlace;
  includeMinor: boolean;
  includeStelliums: boolean;
}

export function zodiacOf(request: { zodiac_type: string; sidereal_ayanamsa?: string | null | undefined }): ZodiacSetting {
  return request.zodiac_type === 'sidereal' ? { type: 'sidereal', ayanamsa: (request.sidereal_ayanamsa ?? 'lahiri') as never } : { type: 'tropical' };
}

/** Points of a natal chart: the default 13 plus the requested features, each once, in catalogue order. */
export function natalPoints(features: readonly string[] | undefined): string[] {
  return [...new Set([...DEFAULT_NATAL_BODIES, ...(features ?? [])])];
}

/** Angles take part in aspects when the birth time is known: the Ascendant and the Midheaven. */
export function aspectPointsOf(chart: ChartMoment): AspectPoint[] {
  const points: AspectPoint[] = chart.points.filter((p) => !['ic', 'dc', 'asc', 'mc', 'vertex'].includes(p.id)).map((p) => ({ id: p.id, lon: p.lon, speed: p.speed }));
  if (chart.houses) {
    points.push({ id: 'asc', lon: chart.houses.asc, speed: chart.houses.ascSpeed }, { id: 'mc', lon: chart.houses.mc, speed: chart.houses.mcSpeed });
  }
  return points;
}

export function computeNatal(task: NatalTask) {
  const { request, place } = task;
  const moment = resolveMoment(request, request.tz_str ?? request.timezone, place, request.dst_policy, ['body']);
  const zodiac = zodiacOf(request);
  const chart = computeChartMoment({
    jdUt: moment.jdUt, lat: place.lat, lng: place.lng, timeKnown: moment.timeKnown, zodiac,
    houseSystem: request.house_system, points: natalPoints(request.include_features), nodeVariant: request.node_type,
  });
  const aspects = findAspectsWithin(aspectPointsOf(chart), {
    types: task.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES,
    orbs: resolveOrbs(request.orb_settings),
  });
  aspects.sort((a, b) => a.orb - b.orb);

  const timed = chart.houses !== undefined;
  let body = {
    planets: chart.points.map((p) => planetJson(p, request.node_type)),
    ...(chart.houses ? { houses: housesJson(chart.houses), ...anglesJson(chart.houses) } : {}),
    aspects,
  };
  if (request.precision !== undefined) body = roundNumbers(body, request.precision);

  const notes = timed ? [] : ['Birth time unknown: positions are cast for local noon; houses, angles and house placements are omitted, and the Moon may be up to about 6.5° from its true position.'];
  if (chart.houses && chart.houses.used !== chart.houses.requested) notes.push(`Houses use ${chart.houses.used} because ${chart.houses.requested} is undefined at this latitude.`);
  return {
    subject: subjectJson(request.name, moment, place, chart, zodiac, request.house_system),
    ...body,
    aspects_summary: summarizeAspects(aspects),
    confidence: {
      houses: timed ? (chart.houses!.used === chart.houses!.requested ? 'high' : 'medium') : 'unavailable',
      angles: timed ? 'high' : 'unavailable',
      overall: timed ? 'high' : 'medium',
      notes,
    },
    ...(task.includeStelliums ? { stelliums: findStelliums(chart.points) } : {}),
    warnings: chart.warnings,
    provenance: provenanceJson(moment, chart, place),
  };
}

export const SIMPLE_NATAL_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node'] as const;

/** The compact variant of POST /natal: curated planets, cusp signs and a summary. */
export function computeSimpleNatal(request: SimpleNatalRequest, place: ResolvedPlace) {
  const moment = resolveMoment(request, request.tz_str ?? request.timezone, place, request.dst_policy, ['body']);
  const chart = computeChartMoment({
    jdUt: moment.jdUt, lat: place.lat, lng: place.lng, timeKnown: moment.timeKnown, zodiac: { type: 'tropical' },
    houseSystem: 'placidus', points: [...SIMPLE_NATAL_PLANETS, 'asc'], nodeVariant: 'mean',
  });
  // Untimed: no houses, no rising sign (the Ascendant is not among the points then).
  const houses = chart.houses;
  const planets = Object.fromEntries(
    chart.points.filter((p) => p.id !== 'asc').map((p) => [p.id, { sign: signOf(p.lon).name, ...(p.house !== undefined ? { house: p.house } : {}), degree: p.lon - Math.floor(p.lon / 30) * 30, retrograde: p.speed < 0 }]),
  );
  const sun = chart.points.find((p) => p.id === 'sun')!;
  const moon = chart.points.find((p) => p.id === 'moon')!;
  const dom = dominants(chart.points);
  return {
    subject: { name: request.name ?? 'User', datetime: moment.localIso, datetime_utc: moment.utcIso, timezone: moment.zone, lat: place.lat, lng: place.lng },
    planets,
    houses: houses ? Object.fromEntries(houses.cusps.map((lon, i) => [String(i + 1), signOf(lon).name])) : {},
    summary: { sun_sign: signOf(sun.lon).name, moon_sign: signOf(moon.lon).name, rising_sign: houses ? signOf(houses.asc).name : null, dominant_element: dom.element, dominant_modality: dom.modality },
  };
}
