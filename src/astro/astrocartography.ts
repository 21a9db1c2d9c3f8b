/**
 * Astrocartography lines: where on the Earth each body was on an angle (rising, setting,
 * culminating, anti-culminating) at one instant, as GeoJSON-ready polylines in longitude and
 * latitude (WGS84 geodetic), and the points where lines of two bodies cross.
 *
 * Pure geometry: the caller gives each body's apparent right ascension and declination of date
 * (degrees), the sine of its equatorial horizontal parallax (0 for a geocentric line, or for a
 * point without a distance such as a node) and Greenwich apparent sidereal time (degrees). Nothing
 * here reads the ephemeris, so the tests can feed it any declination they need.
 *
 * Conventions (docs/api/astrocartography.md says the same to clients):
 * - Hour angle H = local sidereal time − α, local sidereal time = GAST + λ (east longitudes
 *   positive). MC: H = 0, so λ = α − GAST; IC: H = 180°. A meridian from pole to pole.
 * - Horizon: the body's centre at true (geometric) altitude 0, no refraction, measured from the
 *   geodetic horizon of a point at sea level. Geocentrically, cos H0 = −tan φ tan δ; rising (ASC)
 *   at H = −H0, setting (DSC) at H = +H0. Beyond |φ| = 90° − |δ| the body never crosses the
 *   horizon (circumpolar or never up): the line ends there, where ASC and DSC meet on the body's
 *   MC or IC meridian.
 * - The set of places where the body is on the horizon is a circle around the sub-body point
 *   (latitude δ, longitude α − GAST): of radius 90° geocentrically, of radius acos(s(φ)) with
 *   parallax (see horizonSine). Each half (west of the sub-point: rising; east: setting) is
 *   sampled by its bearing from the sub-point, which is smooth everywhere, including the turning
 *   latitudes where the longitude as a function of latitude has an infinite slope.
 */

import { greatCircleLatitudeAt, greatCircleSamples, KM_PER_RADIAN } from './horizon-great-circle.ts';

export const ACG_ANGLES = ['asc', 'dsc', 'mc', 'ic'] as const;
export type AcgAngle = (typeof ACG_ANGLES)[number];

/** A position [longitude, latitude] in degrees, GeoJSON's order. */
export type LonLat = [number, number];

/**
 * A run of positions, flat: longitude, latitude, longitude, latitude, … (GeoJSON's order). Flat because the default
 * bodies' lines hold some 3,400 positions: a two-number array for each cost about a tenth of a city check, most of it in
 * allocation and collection. `runPositions` gives the pairs.
 */
export type PositionRun = Float64Array;

/** A run's positions as [longitude, latitude] pairs. */
export function runPositions(run: PositionRun): LonLat[] {
  const out: LonLat[] = [];
  for (let i = 0; i + 1 < run.length; i += 2) out.push([run[i]!, run[i + 1]!]);
  return out;
}

export interface AcgBody {
  id: string;
  /** Apparent right ascension of date, degrees. */
  ra: number;
  /** Apparent declination of date, degrees. */
  dec: number;
  /** Sine of the equatorial horizontal parallax (Earth's equatorial radius / distance); 0 for geocentric lines. */
  sinParallax: number;
}

export interface AcgLine {
  id: string;
  body: string;
  angle: AcgAngle;
  /** One or more runs of positions (several when the line was split at the antimeridian), longitudes in [−180, 180]. */
  segments: PositionRun[];
  /** True when a horizon line crossed ±180° and was split there. */
  split: boolean;
  latMin: number;
  latMax: number;
  /** The line's longitude at a latitude (unnormalised; NaN where the line does not reach): what the crossings solve. */
  lonAt: (lat: number) => number;
}

export interface AcgCrossing {
  a: AcgLine;
  b: AcgLine;
  lon: number;
  lat: number;
}

/**
 * Largest distance on the ground between a drawn horizon line and the true curve, whichever way a
 * client joins two positions: straight in longitude/latitude (RFC 7946's reading of a segment)
 * or along the great circle through them (a globe, d3-geo). A geocentric line is a great circle:
 * its arcs lie on it, and its straight segments are held to the bound proven in
 * horizon-great-circle.ts. A topocentric line's sampling holds each interval's middle point
 * within SAMPLING_TOLERANCE_KM of both joins; the curve is smooth and the intervals short, so
 * between the tested middles the gap stays under twice that. The lines' tests measure both densely.
 */
export const MAX_ERROR_KM = 1;
/** MAX_ERROR_KM as an angle on the sphere (1 km is 0.009° of a great circle on the Earth). */
export const MAX_ERROR_DEG = 0.009;
/** The tested middles' tolerance of the topocentric horizon lines (not great circles: see sampleCurve). */
const SAMPLING_TOLERANCE_KM = 0.5;
/**
 * The proven bound's tolerance of the geocentric horizon lines (horizon-great-circle.ts): MAX_ERROR_KM less room for the
 * positions' rounding to 1e-6° (under 0.1 m) and for floating point.
 */
const GREAT_CIRCLE_TOLERANCE_KM = 0.99;
/** The first sampling: a point every 2° of bearing from the sub-body point, then halvings where needed. */
const BASE_STEPS = 90;
/**
 * Meridians are written every 30° of latitude (7 positions, pole to pole). A meridian is straight
 * in the longitude/latitude plane (RFC 7946's reading), and it is a great circle, so a client
 * that draws great-circle arcs draws it exactly too, provided each arc is shorter than 180° (the
 * arc between the two poles alone would be undetermined). Straight in Web Mercator as well. More
 * positions would add bytes and no accuracy.
 */
const MERIDIAN_STEP_DEG = 30;
/** The latitude step of the crossing scan (refined by bisection): two crossings of one pair closer than this in latitude may be missed. */
export const CROSSING_SCAN_STEP_DEG = 0.1;

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

/** Longitude into [−180, 180). */
export function normalizeLongitude(lon: number): number {
  const x = (((lon + 180) % 360) + 360) % 360;
  return x - 180;
}

/** An angle difference into (−180, 180]. */
function wrap180(d: number): number {
  const x = normalizeLongitude(d);
  return x === -180 ? 180 : x;
}

/**
 * Right ascension and declination of an ecliptic position (degrees) with the obliquity ε: the
 * `projected` mode puts the body on the ecliptic (latitude 0) at its longitude, the zodiacal degree.
 */
export function equatorialFromEcliptic(lon: number, lat: number, obliquity: number): { ra: number; dec: number } {
  const l = lon * RAD;
  const b = lat * RAD;
  const e = obliquity * RAD;
  const ra = Math.atan2(Math.sin(l) * Math.cos(e) - Math.tan(b) * Math.sin(e), Math.cos(l)) * DEG;
  const dec = Math.asin(Math.sin(b) * Math.cos(e) + Math.cos(b) * Math.sin(e) * Math.sin(l)) * DEG;
  return { ra: (ra + 360) % 360, dec };
}

/** WGS84 flattening. */
const FLATTENING = 1 / 298.257223563;

/**
 * s(φ): the sine of the geocentric altitude (from the geodetic horizon at latitude φ, sea level)
 * at which the body is on the topocentric horizon. The observer stands at ρ (in equatorial radii)
 * from the centre at geocentric latitude φ'; the body, at distance d, is in the observer's
 * horizontal plane when d · sin h = ρ · cos(φ − φ') · a, i.e. sin h = sinπ · (ρ cos φ' cos φ +
 * ρ sin φ' sin φ). Zero for sinπ = 0 (the geocentric horizon).
 */
export function horizonSine(latDeg: number, sinParallax: number): number {
  if (sinParallax === 0) return 0;
  const phi = latDeg * RAD;
  const u = Math.atan((1 - FLATTENING) * Math.tan(phi));
  const rhoSin = (1 - FLATTENING) * Math.sin(u);
  const rhoCos = Math.cos(u);
  return sinParallax * (rhoCos * Math.cos(phi) + rhoSin * Math.sin(phi));
}

/**
 * The hour angle (degrees, 0 to 180) at which the body is on the horizon at latitude φ, or NaN
 * where it never is (circumpolar, or never rising): cos H0 = (s(φ) − sin φ sin δ) / (cos φ cos δ),
 * geocentrically −tan φ tan δ.
 */
export function horizonHourAngle(dec: number, latDeg: number, sinParallax: number): number {
  const phi = latDeg * RAD;
  const d = dec * RAD;
  const c = (horizonSine(latDeg, sinParallax) - Math.sin(phi) * Math.sin(d)) / (Math.cos(phi) * Math.cos(d));
  // The exact turning latitudes give ±1 within rounding.
  if (!(Math.abs(c) <= 1 + 1e-9)) return NaN;
  return Math.acos(Math.max(-1, Math.min(1, c))) * DEG;
}

/**
 * horizonHourAngle(δ, φ, 0) from sin δ and cos δ computed once (the paran search asks for one
 * body's H0 at thousands of latitudes): the same operations in the same order, so the same bits.
 */
export function geocentricHourAngle(sinDec: number, cosDec: number, latDeg: number): number {
  const phi = latDeg * RAD;
  const c = (0 - Math.sin(phi) * sinDec) / (Math.cos(phi) * cosDec);
  if (!(Math.abs(c) <= 1 + 1e-9)) return NaN;
  return Math.acos(Math.max(-1, Math.min(1, c))) * DEG;
}

/** sin δ and cos δ of a declination in degrees, as horizonHourAngle computes them. */
export function declinationTrig(dec: number): { sinDec: number; cosDec: number } {
  const d = dec * RAD;
  return { sinDec: Math.sin(d), cosDec: Math.cos(d) };
}

/** Longitude of the body's MC or IC meridian, in [−180, 180). */
export function meridianLongitude(ra: number, gastDeg: number, angle: 'mc' | 'ic'): number {
  return normalizeLongitude(ra - gastDeg + (angle === 'ic' ? 180 : 0));
}

export interface CurvePoint {
  t: number;
  lon: number;
  lat: number;
  /** cos of the latitude, kept for the ground distances of the sampling. */
  cosLat: number;
}

/**
 * A point of the body's rising (ASC) or setting (DSC) curve, t from 0 (its south end) to 1 (its
 * north end): the point at bearing θ from the sub-body point and distance ρ, with cos ρ = s(φ)
 * (ρ = 90° geocentrically; with parallax, solved by iteration: s changes by less than 10⁻⁴ per
 * degree of latitude, so three rounds reach 1e-12°). Rising places lie west of the sub-point
 * (H < 0), setting ones east. The longitude is continuous in t (not normalised).
 */
export function horizonPoint(body: AcgBody, gastDeg: number, kind: 'asc' | 'dsc', t: number): CurvePoint {
  return horizonCurve(body, gastDeg, kind)(t);
}

/** Where a horizon curve's point is written by its evaluator (see horizonEvaluator). */
interface CurveAt {
  lon: number;
  lat: number;
  cosLat: number;
}

/**
 * The point of one body's horizon curve at t, written into `out`, with what does not depend on t
 * (the sub-point, sin δ, cos δ) computed once: the sampling asks for hundreds of points of each
 * line, and writing into one place instead of making an object each saves the line's allocations.
 */
function horizonEvaluator(body: AcgBody, gastDeg: number, kind: 'asc' | 'dsc'): (t: number, out: CurveAt) => void {
  const sub = body.ra - gastDeg;
  const d = body.dec * RAD;
  const sinD = Math.sin(d);
  const cosD = Math.cos(d);
  const side = kind === 'asc' ? -1 : 1;
  const poleLon = kind === 'asc' ? -90 : 90;
  const { sinParallax } = body;
  return (t, out) => {
    const cosTheta = -Math.cos(Math.PI * t);
    const sinTheta = side * Math.abs(Math.sin(Math.PI * t));
    // Geocentrically cos ρ stays 0 (ρ = 90°): the rounds of the iteration are for parallax only.
    let cosRho = 0;
    if (sinParallax !== 0) {
      for (let round = 0; round < 4; round++) {
        const sinRho = Math.sqrt(1 - cosRho * cosRho);
        const sinPhi = sinD * cosRho + cosD * sinRho * cosTheta;
        cosRho = horizonSine(Math.asin(Math.max(-1, Math.min(1, sinPhi))) * DEG, sinParallax);
      }
    }
    const sinRho = Math.sqrt(1 - cosRho * cosRho);
    const sinPhi = Math.max(-1, Math.min(1, sinD * cosRho + cosD * sinRho * cosTheta));
    const lat = Math.asin(sinPhi) * DEG;
    // At a pole (a body on the equator, geocentrically) the longitude is any: the circle arrives along H = ∓90°.
    const dLon = Math.abs(lat) > 90 - 1e-9 ? poleLon : Math.atan2(sinTheta * sinRho * cosD, cosRho - sinD * sinPhi) * DEG;
    out.lon = sub + dLon;
    out.lat = lat;
    out.cosLat = Math.sqrt(1 - sinPhi * sinPhi);
  };
}

/**
 * horizonPoint as a function of t for one body and one side (horizonEvaluator's point as an
 * object): the same operations in the same order as a point computed alone, so the same bits.
 */
export function horizonCurve(body: AcgBody, gastDeg: number, kind: 'asc' | 'dsc'): (t: number) => CurvePoint {
  return pointsOf(horizonEvaluator(body, gastDeg, kind));
}

/** An evaluator's points as objects. */
function pointsOf(at: (t: number, out: CurveAt) => void): (t: number) => CurvePoint {
  const p: CurveAt = { lon: 0, lat: 0, cosLat: 0 };
  return (t) => {
    at(t, p);
    return { t, lon: p.lon, lat: p.lat, cosLat: p.cosLat };
  };
}

/** A sampled curve: its points' parameters, longitudes (continuous, not normalised) and latitudes. */
interface SampledCurve {
  t: ArrayLike<number>;
  lon: Float64Array;
  lat: Float64Array;
}

/** The curve's points at the parameters ts, without an object per point. */
function sampledAt(at: (t: number, out: CurveAt) => void, ts: readonly number[]): SampledCurve {
  const p: CurveAt = { lon: 0, lat: 0, cosLat: 0 };
  const lon = new Float64Array(ts.length);
  const lat = new Float64Array(ts.length);
  for (let i = 0; i < ts.length; i++) {
    at(ts[i]!, p);
    lon[i] = p.lon;
    lat[i] = p.lat;
  }
  return { t: ts, lon, lat };
}

/** Great-circle distance between a curve point and a position, km (haversine). */
function groundKm(p: CurvePoint, lon: number, lat: number): number {
  const sLat = Math.sin(((lat - p.lat) * RAD) / 2);
  const sLon = Math.sin(((lon - p.lon) * RAD) / 2);
  const h = sLat * sLat + p.cosLat * Math.cos(lat * RAD) * sLon * sLon;
  return 2 * KM_PER_RADIAN * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * An upper bound of the ground distance from p to the segment a–b drawn straight in
 * longitude/latitude: the distance to one point of the segment, the one nearest p in the plane
 * with longitudes shrunk by cos φ at p (close to the true nearest on so short a segment).
 */
function straightGapKm(a: CurvePoint, b: CurvePoint, p: CurvePoint): number {
  const kx = p.cosLat;
  const dx = (b.lon - a.lon) * kx;
  const dy = b.lat - a.lat;
  const len2 = dx * dx + dy * dy;
  const k = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.lon - a.lon) * kx * dx + (p.lat - a.lat) * dy) / len2));
  return groundKm(p, a.lon + k * (b.lon - a.lon), a.lat + k * (b.lat - a.lat));
}

/** A curve point as a unit vector (x towards longitude 0 on the equator, z north). */
function unitVector(p: CurvePoint): [number, number, number] {
  return [p.cosLat * Math.cos(p.lon * RAD), p.cosLat * Math.sin(p.lon * RAD), Math.sin(p.lat * RAD)];
}

/** Ground distance from p to the great circle through a and b, km (p lies between them: it is their interval's middle). */
function arcGapKm(a: CurvePoint, b: CurvePoint, p: CurvePoint): number {
  const [ax, ay, az] = unitVector(a);
  const [bx, by, bz] = unitVector(b);
  const [px, py, pz] = unitVector(p);
  const nx = ay * bz - az * by;
  const ny = az * bx - ax * bz;
  const nz = ax * by - ay * bx;
  const n = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (n === 0) return groundKm(p, a.lon, a.lat);
  return KM_PER_RADIAN * Math.asin(Math.min(1, Math.abs(px * nx + py * ny + pz * nz) / n));
}

/**
 * The curve sampled from t = 0 to 1: a point every 2° of bearing, each interval halved until its
 * middle point lies within SAMPLING_TOLERANCE_KM on the ground of the straight segment and of the
 * great-circle arc between its ends (at most 24 halvings). The middle point tested is the one
 * kept when the interval is halved: no point is computed twice. The arc test is skipped for a
 * geocentric horizon (`onGreatCircle`): a circle of radius 90° is a great circle, so the arc
 * between two of its points lies on it.
 */
function sampleCurve(point: (t: number) => CurvePoint, onGreatCircle: boolean): CurvePoint[] {
  const out: CurvePoint[] = [];
  const refine = (a: CurvePoint, b: CurvePoint, depth: number) => {
    const m = point((a.t + b.t) / 2);
    if (depth < 24 && (straightGapKm(a, b, m) > SAMPLING_TOLERANCE_KM || (!onGreatCircle && arcGapKm(a, b, m) > SAMPLING_TOLERANCE_KM))) {
      refine(a, m, depth + 1);
      refine(m, b, depth + 1);
    } else {
      out.push(b);
    }
  };
  let previous = point(0);
  out.push(previous);
  for (let i = 1; i <= BASE_STEPS; i++) {
    const next = point(i / BASE_STEPS);
    refine(previous, next, 0);
    previous = next;
  }
  return out;
}

/**
 * The sampled curve cut where it crosses ±180° (into runs with longitudes in [−180, 180]): the
 * crossing's latitude is the true curve's there (bisection on t), so both runs end on the same
 * point of the antimeridian and no segment jumps across the map.
 */
function splitAtAntimeridian(
  curve: SampledCurve,
  point: (t: number) => CurvePoint,
  latitudeAt?: (lon: number) => number,
): { segments: PositionRun[]; split: boolean } {
  const zoneOf = (lon: number) => Math.floor((lon + 180) / 360);
  const segments: PositionRun[] = [];
  let from = 0;
  let zq = zoneOf(curve.lon[0]!);
  // The position on the antimeridian the current run starts with (NaN: none, the run starts the curve).
  let entryLon = NaN;
  let entryLat = NaN;
  for (let i = 1; i < curve.lon.length; i++) {
    const zp = zoneOf(curve.lon[i]!);
    if (zp === zq) continue;
    // A segment spans less than 360° of longitude: one boundary at most.
    const boundary = -180 + 360 * Math.max(zp, zq);
    const lat = latitudeAt ? latitudeAt(boundary) : bisectedLatitude(curve.t[i - 1]!, curve.lon[i - 1]! < boundary, curve.t[i]!, boundary, point);
    const eastward = zp > zq;
    segments.push(runOf(curve, from, i, zq, entryLon, entryLat, eastward ? 180 : -180, lat));
    from = i;
    zq = zp;
    entryLon = eastward ? -180 : 180;
    entryLat = lat;
  }
  segments.push(runOf(curve, from, curve.lon.length, zq, entryLon, entryLat, NaN, NaN));
  return { segments: segments.filter((s) => s.length >= 4), split: segments.length > 1 };
}

/**
 * The curve's positions from `from` to `to` (exclusive), brought into [−180, 180] by their zone, after the entry position
 * and before the exit position on the antimeridian where the run has them (a NaN longitude where it has not).
 */
function runOf(curve: SampledCurve, from: number, to: number, zone: number, entryLon: number, entryLat: number, exitLon: number, exitLat: number): PositionRun {
  const hasEntry = !Number.isNaN(entryLon);
  const hasExit = !Number.isNaN(exitLon);
  const run = new Float64Array(2 * (to - from + Number(hasEntry) + Number(hasExit)));
  let k = 0;
  if (hasEntry) {
    run[k++] = entryLon;
    run[k++] = entryLat;
  }
  for (let i = from; i < to; i++) {
    run[k++] = curve.lon[i]! - 360 * zone;
    run[k++] = curve.lat[i]!;
  }
  if (hasExit) {
    run[k++] = exitLon;
    run[k++] = exitLat;
  }
  return run;
}

/**
 * The latitude where the curve between the parameters t0 and t1 crosses the meridian `boundary` (unwrapped), by
 * bisection on t; `below` says whether the curve at t0 is west of it.
 */
function bisectedLatitude(t0: number, below: boolean, t1: number, boundary: number, point: (t: number) => CurvePoint): number {
  let lo = t0;
  let hi = t1;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    // Converged to adjacent doubles: further rounds would change nothing.
    if (mid === lo || mid === hi) break;
    if (point(mid).lon < boundary === below) lo = mid;
    else hi = mid;
  }
  return point((lo + hi) / 2).lat;
}

function meridianLine(body: AcgBody, gastDeg: number, angle: 'mc' | 'ic'): AcgLine {
  const lon = meridianLongitude(body.ra, gastDeg, angle);
  const positions: number[] = [];
  for (let lat = -90; lat <= 90; lat += MERIDIAN_STEP_DEG) positions.push(lon, lat);
  const run = Float64Array.from(positions);
  return { id: `${body.id}:${angle}`, body: body.id, angle, segments: [run], split: false, latMin: -90, latMax: 90, lonAt: () => lon };
}

function horizonLine(body: AcgBody, gastDeg: number, angle: 'asc' | 'dsc'): AcgLine {
  const at = horizonEvaluator(body, gastDeg, angle);
  const point = pointsOf(at);
  const sub = body.ra - gastDeg;
  let curve: SampledCurve;
  let latitudeAt: ((lon: number) => number) | undefined;
  if (body.sinParallax === 0 && body.dec !== 0) {
    // A great circle: sampled by its proven bound (horizon-great-circle.ts), cut at ±180° where the circle meets that meridian.
    const { sinDec, cosDec } = declinationTrig(body.dec);
    curve = sampledAt(at, greatCircleSamples(sinDec, cosDec, BASE_STEPS, GREAT_CIRCLE_TOLERANCE_KM));
    latitudeAt = (lon) => greatCircleLatitudeAt(sinDec, cosDec, lon - sub);
  } else {
    const points = sampleCurve(point, body.sinParallax === 0);
    curve = { t: points.map((p) => p.t), lon: Float64Array.from(points, (p) => p.lon), lat: Float64Array.from(points, (p) => p.lat) };
  }
  const { segments, split } = splitAtAntimeridian(curve, point, latitudeAt);
  let latMin = Infinity;
  let latMax = -Infinity;
  for (const lat of curve.lat) {
    latMin = Math.min(latMin, lat);
    latMax = Math.max(latMax, lat);
  }
  const sign = angle === 'asc' ? -1 : 1;
  return {
    id: `${body.id}:${angle}`,
    body: body.id,
    angle,
    segments,
    split,
    latMin,
    latMax,
    lonAt: (lat) => sub + sign * horizonHourAngle(body.dec, lat, body.sinParallax),
  };
}

/** Every requested line of every body, body by body, in the order of `angles`. */
export function astrocartographyLines(bodies: readonly AcgBody[], gastDeg: number, angles: readonly AcgAngle[]): AcgLine[] {
  const lines: AcgLine[] = [];
  for (const body of bodies) {
    for (const angle of angles) {
      lines.push(angle === 'mc' || angle === 'ic' ? meridianLine(body, gastDeg, angle) : horizonLine(body, gastDeg, angle));
    }
  }
  return lines;
}

/**
 * Where lines of two different bodies cross: a horizon line with another body's meridian, and two
 * horizon lines (two meridians never cross; a body's own lines meet only at its turning points).
 * Both lines are functions of latitude (a horizon line has one longitude per latitude: H0 is one
 * angle in 0..180°), so a crossing is a root of the wrapped longitude difference: scanned every
 * 0.1° of latitude over the latitudes both lines reach (and at their ends), then bisected to
 * 1e-10°. A tangency without a sign change is not reported.
 */
export function lineCrossings(lines: readonly AcgLine[]): AcgCrossing[] {
  const steps = Math.round(180 / CROSSING_SCAN_STEP_DEG);
  const latOf = (k: number) => -90 + k * CROSSING_SCAN_STEP_DEG;
  // Every line's longitude on the scan's grid, once (NaN where it does not reach).
  const values = lines.map((line) => {
    const v = new Float64Array(steps + 1);
    for (let k = 0; k <= steps; k++) v[k] = line.lonAt(latOf(k));
    return v;
  });
  const isMeridian = (line: AcgLine) => line.angle === 'mc' || line.angle === 'ic';
  const crossings: AcgCrossing[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.body === b.body || (isMeridian(a) && isMeridian(b))) continue;
      const lo = Math.max(a.latMin, b.latMin);
      const hi = Math.min(a.latMax, b.latMax);
      if (!(lo < hi)) continue;
      const gap = (lat: number) => wrap180(a.lonAt(lat) - b.lonAt(lat));
      const va = values[i]!;
      const vb = values[j]!;
      // The grid's points strictly inside (lo, hi), with the two ends themselves around them.
      const kFirst = Math.floor((lo + 90) / CROSSING_SCAN_STEP_DEG) + 1;
      const kLast = Math.ceil((hi + 90) / CROSSING_SCAN_STEP_DEG) - 1;
      const kFrom = Math.max(kFirst, 0);
      const kTo = Math.min(kLast, steps);
      const on = isMeridian(a) ? a : isMeridian(b) ? b : a;
      const found = (lat: number) => crossings.push({ a, b, lon: normalizeLongitude(on.lonAt(lat)), lat });
      // The two ends' steps (lo to the first grid point, the last one to hi), then the grid's.
      const gLo = gap(lo);
      const gHi = gap(hi);
      if (kFrom > kTo) {
        rootBetween(gap, lo, hi, gLo, gHi, true, found);
        continue;
      }
      rootBetween(gap, lo, latOf(kFrom), gLo, wrapped(va[kFrom]! - vb[kFrom]!), false, found);
      for (const k of signChanges(va, vb, kFrom, kTo))
        rootBetween(gap, latOf(k), latOf(k + 1), wrapped(va[k]! - vb[k]!), wrapped(va[k + 1]! - vb[k + 1]!), false, found);
      rootBetween(gap, latOf(kTo), hi, wrapped(va[kTo]! - vb[kTo]!), gHi, true, found);
    }
  }
  return crossings;
}

/** An angle difference into [−180, 180] (the grid's fast form of wrap180). */
function wrapped(d: number): number {
  return d - 360 * Math.round(d / 360);
}

/**
 * The grid steps k (k to k + 1, within kFrom..kTo) where the wrapped difference of the two lines
 * changes sign or is 0 at k, away from its ±180 jump: a tight loop over the two arrays.
 */
function signChanges(va: Float64Array, vb: Float64Array, kFrom: number, kTo: number): number[] {
  const out: number[] = [];
  let g0 = wrapped(va[kFrom]! - vb[kFrom]!);
  for (let k = kFrom; k < kTo; k++) {
    const g1 = wrapped(va[k + 1]! - vb[k + 1]!);
    if ((g0 === 0 || g0 * g1 < 0) && Math.abs(g0) <= 90 && Math.abs(g1) <= 90) out.push(k);
    g0 = g1;
  }
  return out;
}

/** Reports the root of a step whose ends' differences are g0 and g1 (g1's own zero only at the last step). */
function rootBetween(gap: (lat: number) => number, lat0: number, lat1: number, g0: number, g1: number, last: boolean, found: (lat: number) => void): void {
  // A jump of the wrapped difference across ±180 is no crossing; nor is a step where a line does not reach.
  if (!(Math.abs(g0) <= 90 && Math.abs(g1) <= 90)) return;
  if (g0 === 0) found(lat0);
  else if (g0 * g1 < 0) found(bisect(gap, lat0, lat1, g0));
  else if (g1 === 0 && last) found(lat1);
}

/** The root of f between x0 and x1 (f(x0) = f0, of the other sign at x1), to 1e-10°. */
function bisect(f: (x: number) => number, x0: number, x1: number, f0: number): number {
  for (let n = 0; n < 60 && x1 - x0 > 1e-10; n++) {
    const xm = (x0 + x1) / 2;
    const fm = f(xm);
    if (!Number.isFinite(fm)) break;
    if (fm * f0 <= 0) x1 = xm;
    else {
      x0 = xm;
      f0 = fm;
    }
  }
  return (x0 + x1) / 2;
}
