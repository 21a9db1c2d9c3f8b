/**
 * The astrocartography lines of a birth: runs in a compute worker. The birth's moment is resolved
 * as the natal endpoint resolves it (birthMoment), each body's apparent equatorial position of
 * date is read from the ephemeris, and the geometry (src/astro/astrocartography.ts) draws the lines.
 */
import {
  astrocartographyLines,
  equatorialFromEcliptic,
  lineCrossings,
  MAX_ERROR_DEG,
  MAX_ERROR_KM,
  ACG_ANGLES,
  type AcgAngle,
  type AcgBody,
  type AcgLine,
  type LonLat,
} from '../../../astro/astrocartography.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { calcBody, calcEquatorial, EphemerisError, noPositionAtBirthText, siderealTimeHours, trueObliquity } from '../../../astro/ephemeris.ts';
import { birthMoment, momentWarnings } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { DEFAULT_ACG_BODIES, type AcgBodyId, type AcgLinesAnswer, type AcgLinesRequest } from './astrocartography-schemas.ts';

export interface AcgLinesTask {
  request: AcgLinesRequest;
  place: ResolvedPlace;
}

export const EXPLORATORY_WARNING = 'Astrocartography results are exploratory and should be treated as directional rather than deterministic.';
export const DATE_LINE_WARNING = 'Some horizon lines were split near the date line for GeoJSON-safe world wrapping.';

/** Earth's equatorial radius (WGS84) and the astronomical unit, km: the horizontal parallax of a body at a distance in AU. */
const EARTH_RADIUS_KM = 6378.137;
const AU_KM = 149_597_870.7;

/** Coordinates are written to 1e-6° (about 0.1 m): far below the drawing's error, and half the bytes of full doubles. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The request's refusals that need no ephemeris: an untimed birth (lines need the birth
 * instant), and topocentric with projected (a zodiacal degree has no distance, so no parallax).
 * Run on the event loop by `prepare` and again in the task.
 */
export function checkAcgRequest(request: AcgLinesRequest): void {
  if (request.natal.time_known === false) {
    throw new RequestFieldError(
      ['body', 'natal', 'time_known'],
      'astrocartography lines need the birth time (the Earth turns a degree every four minutes): send time_known true with hour and minute',
      'value_error.time_unknown',
    );
  }
  if (request.topocentric && request.mode === 'projected') {
    throw new RequestFieldError(
      ['body', 'topocentric'],
      'topocentric lines are drawn for mode in_mundo only: a projected point is a zodiacal degree, without a distance for parallax; send topocentric false or mode in_mundo',
      'value_error.conflict',
      [['body', 'mode']],
    );
  }
}

/** Each id once, in the order first named. */
const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Bodies with a distance have a parallax; the nodes and the Liliths are points of the Moon's orbit, drawn geocentrically. */
const hasParallax = (id: AcgBodyId) => !['true_node', 'mean_node', 'lilith', 'true_lilith'].includes(id);

function geometryOf(line: AcgLine): AcgLinesAnswer['lines'][number]['geometry'] {
  const round = (run: LonLat[]): number[][] => run.map(([lon, lat]) => [round6(lon), round6(lat)]);
  return line.segments.length === 1
    ? { type: 'LineString', coordinates: round(line.segments[0]!) }
    : { type: 'MultiLineString', coordinates: line.segments.map(round) };
}

export function computeAcgLines(task: AcgLinesTask): AcgLinesAnswer {
  const { request, place } = task;
  checkAcgRequest(request);
  const moment = birthMoment(request.natal, place, ['body', 'natal']);
  const bodies = unique(request.bodies ?? DEFAULT_ACG_BODIES);
  // The angles in the public service's order, whatever order they were sent in.
  const asked = new Set<AcgAngle>(request.angles ?? ACG_ANGLES);
  const angles = ACG_ANGLES.filter((a) => asked.has(a));
  const jdUt = moment.jdUt;
  const gastDeg = siderealTimeHours(jdUt) * 15;
  const obliquity = trueObliquity(jdUt);
  const projected = request.mode === 'projected';

  const inputs: AcgBody[] = [];
  const positions: AcgLinesAnswer['positions'] = [];
  for (const id of bodies) {
    const se = bodyInfo(id).se!;
    let ra: number;
    let dec: number;
    let distAu: number | null = null;
    try {
      if (projected) {
        // The zodiacal degree: the body's apparent ecliptic longitude of date, put on the ecliptic.
        ({ ra, dec } = equatorialFromEcliptic(calcBody(jdUt, se).lon, 0, obliquity));
      } else {
        const p = calcEquatorial(jdUt, se);
        ra = p.ra;
        dec = p.dec;
        if (hasParallax(id)) distAu = p.distAu;
      }
    } catch (error) {
      if (error instanceof EphemerisError) throw new RequestFieldError(['body', 'bodies'], noPositionAtBirthText(id), 'value_error.body');
      throw error;
    }
    const sinParallax = request.topocentric && distAu !== null ? EARTH_RADIUS_KM / (distAu * AU_KM) : 0;
    inputs.push({ id, ra, dec, sinParallax });
    positions.push({
      body: id,
      right_ascension: ra,
      declination: dec,
      distance_au: distAu,
      circumpolar_beyond_lat: dec === 0 ? null : 90 - Math.abs(dec),
    });
  }

  const lines = astrocartographyLines(inputs, gastDeg, angles);
  const crossings = request.include_crossings ? lineCrossings(lines) : [];
  const ref = (l: AcgLine) => ({ id: l.id, body: l.body, angle: l.angle });

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
    lines: lines.map((l) => ({
      id: l.id,
      body: l.body,
      angle: l.angle,
      geometry: geometryOf(l),
      latitude_min: round6(l.latMin),
      latitude_max: round6(l.latMax),
      split_at_antimeridian: l.split,
    })),
    crossings: crossings.map((c) => {
      const lat = round6(c.lat);
      const lng = round6(c.lon);
      return {
        id: `${c.a.id}|${c.b.id}@${lat.toFixed(3)}`,
        line_a_id: c.a.id,
        line_b_id: c.b.id,
        lines: [ref(c.a), ref(c.b)],
        point: { type: 'Point' as const, coordinates: [lng, lat] },
        lat,
        lng,
      };
    }),
    warnings,
  };
}
