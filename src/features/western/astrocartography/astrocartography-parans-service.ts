/**
 * The parans of a birth (src/astro/parans.ts), ranked by the bodies' weights (acg-rules.ts),
 * with their latitude bands and, on request, the most populous cities inside each band.
 */
import { ACG_ANGLES, type AcgAngle } from '../../../astro/astrocartography.ts';
import { paranStrength, parans, type Paran } from '../../../astro/parans.ts';
import { cityGrid, KM_PER_DEG } from '../../../geo/city-grid.ts';
import { momentWarnings } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castAcgSky, requireBirthTime, type AcgSky } from './acg-sky.ts';
import { bodyTitle, PARAN_RANK_WEIGHTS } from './acg-rules.ts';
import { EXPLORATORY_WARNING, NEAREST_CITY_MIN_POPULATION, round2, round6 } from './astrocartography-service.ts';
import type { AcgParansAnswer, AcgParansRequest } from './astrocartography-parans-schemas.ts';

export interface AcgParansTask {
  request: AcgParansRequest;
  place: ResolvedPlace;
}

export const PARAN_HORIZON = "rising and setting: the body's centre at true altitude 0, no refraction, geocentric; in mundo (the bodies where they are)";

const EVENT_VERBS: Readonly<Record<AcgAngle, string>> = { asc: 'rises', dsc: 'sets', mc: 'culminates', ic: 'anti-culminates' };

export function checkParansRequest(request: AcgParansRequest): void {
  requireBirthTime(request.natal);
  if (request.min_abs_lat > request.max_abs_lat) {
    throw new RequestFieldError(
      ['body', 'min_abs_lat'],
      `min_abs_lat (${request.min_abs_lat}) is more than max_abs_lat (${request.max_abs_lat})`,
      'value_error.range',
      [['body', 'max_abs_lat']],
    );
  }
}

export const paranId = (p: Paran) => `${p.a.id}:${p.eventA}:${p.b.id}:${p.eventB}:${p.lat.toFixed(3)}`;

export const paranRankWeight = (p: Paran) => (PARAN_RANK_WEIGHTS[p.a.id] ?? 0.3) * (PARAN_RANK_WEIGHTS[p.b.id] ?? 0.3);

/** Every paran of the sky, ranked (rankParans). */
export function rankedParans(sky: AcgSky, events: readonly AcgAngle[], minAbsLat: number, maxAbsLat: number): Paran[] {
  return rankParans(parans(sky.bodies, events, minAbsLat, maxAbsLat));
}

/** Parans in rank order: rank weight (higher first), then latitude (south to north), then id. */
export function rankParans(found: readonly Paran[]): Paran[] {
  const keyed = found.map((p) => ({ p, w: paranRankWeight(p), id: paranId(p) }));
  keyed.sort((x, y) => y.w - x.w || x.p.lat - y.p.lat || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return keyed.map((k) => k.p);
}

export function paranDescription(p: Paran): string {
  return `${bodyTitle(p.a.id)} ${EVENT_VERBS[p.eventA]} as ${bodyTitle(p.b.id)} ${EVENT_VERBS[p.eventB]}, at latitude ${p.lat.toFixed(2)}° all around the world`;
}

const clampLat = (x: number) => Math.max(-90, Math.min(90, x));

function paranJson(p: Paran, rank: number, orb: number, tail: number, withCities: boolean): AcgParansAnswer['parans'][number] {
  const lo = round6(clampLat(p.lat - orb));
  const hi = round6(clampLat(p.lat + orb));
  let nearby: AcgParansAnswer['parans'][number]['nearby_cities'] = null;
  if (withCities) {
    nearby = cityGrid(NEAREST_CITY_MIN_POPULATION)
      .inLatitudeBand(p.lat, orb)
      .filter((c) => paranStrength(p.lat, c.lat, orb, 0) === 1)
      .slice(0, 3)
      .map((c) => ({
        name: c.name,
        country: c.country,
        state: c.region,
        lat: c.lat,
        lng: c.lng,
        population: c.population,
        distance_km: round2(Math.abs(c.lat - p.lat) * KM_PER_DEG),
      }));
  }
  return {
    id: paranId(p),
    body_a: p.a.id,
    event_a: p.eventA,
    body_b: p.b.id,
    event_b: p.eventB,
    latitude: round6(p.lat),
    local_sidereal_time_deg: round6(p.lstDeg),
    description: paranDescription(p),
    rank,
    rank_weight: round2(paranRankWeight(p)),
    band: { orb_min_lat: lo, orb_max_lat: hi, tail_min_lat: round6(clampLat(p.lat - orb - tail)), tail_max_lat: round6(clampLat(p.lat + orb + tail)) },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-180, lo],
          [180, lo],
          [180, hi],
          [-180, hi],
          [-180, lo],
        ],
      ],
    },
    nearby_cities: nearby,
  };
}

/** The events asked for, in the order asc, dsc, mc, ic. */
export function orderedEvents(asked: readonly AcgAngle[] | undefined): AcgAngle[] {
  const set = new Set<AcgAngle>(asked ?? ACG_ANGLES);
  return ACG_ANGLES.filter((a) => set.has(a));
}

export function computeAcgParans(task: AcgParansTask): AcgParansAnswer {
  const { request, place } = task;
  checkParansRequest(request);
  const sky = castAcgSky({ natal: request.natal, bodies: request.bodies, mode: 'in_mundo', topocentric: false }, place);
  const events = orderedEvents(request.events);
  const all = rankedParans(sky, events, request.min_abs_lat, request.max_abs_lat);
  const kept = all.slice(0, request.limit);
  return {
    meta: {
      mode: 'in_mundo',
      bodies: sky.ids,
      events,
      min_abs_lat: request.min_abs_lat,
      max_abs_lat: request.max_abs_lat,
      paran_orb_deg: request.paran_orb_deg,
      paran_tail_deg: request.paran_tail_deg,
      limit: request.limit,
      total_found: all.length,
      returned: kept.length,
      datetime_utc: sky.moment.utcIso,
      timezone: sky.moment.zone,
      julian_day_ut: sky.jdUt,
      sidereal_time_greenwich_deg: sky.gastDeg,
      horizon: PARAN_HORIZON,
    },
    positions: sky.positions,
    parans: kept.map((p, i) => paranJson(p, i + 1, request.paran_orb_deg, request.paran_tail_deg, request.include_nearby_cities)),
    warnings: [EXPLORATORY_WARNING, ...placeWarnings(place), ...(momentWarnings(sky.moment) ?? [])],
  };
}
