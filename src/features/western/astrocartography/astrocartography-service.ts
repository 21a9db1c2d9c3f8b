/**
 * The astrocartography lines of a birth: runs in a compute worker. The birth's moment is resolved
 * as the natal endpoint resolves it (birthMoment), each body's apparent equatorial position of
 * date is read from the ephemeris, and the geometry (src/astro/astrocartography.ts) draws the lines.
 */
import {
  astrocartographyLines,
  lineCrossings,
  MAX_ERROR_DEG,
  MAX_ERROR_KM,
  ACG_ANGLES,
  type AcgAngle,
  type AcgCrossing,
  type AcgLine,
} from '../../../astro/astrocartography.ts';
import { cityGrid } from '../../../geo/city-grid.ts';
import { momentWarnings } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { plainLines, round6, type LinesWriter } from './acg-lines-json.ts';
import { castAcgSky, requireBirthTime } from './acg-sky.ts';
import type { AcgLinesAnswer, AcgLinesRequest } from './astrocartography-schemas.ts';

export interface AcgLinesTask {
  request: AcgLinesRequest;
  place: ResolvedPlace;
}

export const EXPLORATORY_WARNING = 'Astrocartography results are exploratory and should be treated as directional rather than deterministic.';
export const DATE_LINE_WARNING = 'Some horizon lines were split near the date line for GeoJSON-safe world wrapping.';

/** The least population of a city named as the nearest to a crossing or a point of a line (the gazetteer's cities of 15,000 people or more). */
export const NEAREST_CITY_MIN_POPULATION = 15_000;

export { round6 } from './acg-lines-json.ts';
export const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The request's refusals that need no ephemeris: an untimed birth (lines need the birth
 * instant), and topocentric with projected (a zodiacal degree has no distance, so no parallax).
 * Run on the event loop by `prepare` and again in the task.
 */
export function checkAcgRequest(request: { natal: AcgLinesRequest['natal']; topocentric?: boolean | undefined; mode?: string | undefined }): void {
  requireBirthTime(request.natal);
  if (request.topocentric && request.mode === 'projected') {
    throw new RequestFieldError(
      ['body', 'topocentric'],
      'topocentric lines are drawn for mode in_mundo only: a projected point is a zodiacal degree, without a distance for parallax; send topocentric false or mode in_mundo',
      'value_error.conflict',
      [['body', 'mode']],
    );
  }
}

/** The angles asked for, in the public service's order (asc, dsc, mc, ic) whatever order they were sent in. */
export function orderedAngles(asked: readonly AcgAngle[] | undefined): AcgAngle[] {
  const set = new Set<AcgAngle>(asked ?? ACG_ANGLES);
  return ACG_ANGLES.filter((a) => set.has(a));
}

/** The nearest city (of NEAREST_CITY_MIN_POPULATION people or more) to a point, great-circle distance in km. */
export function nearestCityJson(lat: number, lng: number): AcgLinesAnswer['crossings'][number]['nearest_city'] {
  const found = cityGrid(NEAREST_CITY_MIN_POPULATION).nearest(lat, lng);
  if (!found) return null;
  const c = found.city;
  return { name: c.name, country: c.country, state: c.region, lat: c.lat, lng: c.lng, population: c.population, distance_km: round2(found.distanceKm) };
}

export function crossingJson(c: AcgCrossing): AcgLinesAnswer['crossings'][number] {
  const ref = (l: AcgLine) => ({ id: l.id, body: l.body, angle: l.angle });
  const lat = round6(c.lat);
  const lng = round6(c.lon);
  const nearest = nearestCityJson(lat, lng);
  return {
    id: `${c.a.id}|${c.b.id}@${lat.toFixed(3)}`,
    line_a_id: c.a.id,
    line_b_id: c.b.id,
    lines: [ref(c.a), ref(c.b)],
    label: `${c.a.body} ${c.a.angle.toUpperCase()} × ${c.b.body} ${c.b.angle.toUpperCase()}${nearest ? ` near ${nearest.name}` : ''}`,
    point: { type: 'Point' as const, coordinates: [lng, lat] },
    lat,
    lng,
    nearest_city: nearest,
  };
}

/** The answer; `writeLines` gives its `lines` (the objects, or the same bytes from the JSON tape: acg-lines-json.ts). */
export function computeAcgLines(task: AcgLinesTask, writeLines: LinesWriter = plainLines): AcgLinesAnswer {
  const { request, place } = task;
  checkAcgRequest(request);
  const sky = castAcgSky(request, place);
  const { moment, jdUt, gastDeg, obliquity, ids: bodies, positions } = sky;
  const angles = orderedAngles(request.angles);

  const lines = astrocartographyLines(sky.bodies, gastDeg, angles);
  const crossings = request.include_crossings ? lineCrossings(lines) : [];
  const crossingsJson = crossings.map(crossingJson);
  const warnings = [EXPLORATORY_WARNING];
  if (lines.some((l) => l.split)) warnings.push(DATE_LINE_WARNING);
  warnings.push(...placeWarnings(place), ...(momentWarnings(moment) ?? []));

  return {
    meta: {
      geometry_format: 'geojson',
      coordinate_reference_system: 'WGS84',
      mode: request.mode,
      topocentric: request.topocentric,
      bodies,
      angles,
      include_crossings: request.include_crossings,
      datetime: moment.localIso,
      datetime_utc: moment.utcIso,
      timezone: moment.zone,
      julian_day_ut: jdUt,
      sidereal_time_greenwich_deg: gastDeg,
      obliquity_deg: obliquity,
      horizon: request.topocentric
        ? "the body's centre at true altitude 0 (no refraction) on the horizon of a point at sea level on the WGS84 ellipsoid, with parallax"
        : "the body's centre at true altitude 0 (no refraction), seen from the Earth's centre (geocentric)",
      max_error_deg: MAX_ERROR_DEG,
      max_error_km: MAX_ERROR_KM,
      birth_place: { city: place.city, country: place.country, lat: place.lat, lng: place.lng },
    },
    positions,
    lines: writeLines(lines),
    crossings: crossingsJson,
    map: { line_ids: lines.map((l) => l.id), crossings: crossingsJson },
    warnings,
  };
}
