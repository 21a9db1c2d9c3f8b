/**
 * How far a place is from an astrocartography line, measured to the exact line (not to its drawn
 * vertices): the great-circle distance to the line's nearest point, as a central angle in degrees
 * (a sphere; the caller turns it into kilometres), with that point.
 *
 * - MC/IC: the line is half a great circle, the meridian λ0 from pole to pole. Within 90° of
 *   longitude of it the perpendicular's foot is on it: sin d = cos φ |sin Δλ|; farther, the
 *   nearest point is the pole of the place's hemisphere: d = 90° − |φ|.
 * - ASC/DSC, geocentric: the places where the body is on the horizon form the great circle 90°
 *   from the sub-body point S (latitude δ, longitude α − GAST); the rising half lies west of S
 *   (bearings 180° to 360° from S), the setting half east (0° to 180°). When the place's bearing
 *   from S is inside the half, the nearest point lies on that bearing and d = |90° − SP|; otherwise
 *   it is one of the half's ends (bearing 0° or 180°, the turning points where the body is
 *   circumpolar), whichever is nearer.
 * - ASC/DSC with parallax (topocentric): the circle's radius changes slightly with latitude, so
 *   the line is searched along its bearing parameter (every 0.25°, then refined by golden-section
 *   search to 1e-12 of the half), which finds the same nearest point within a metre.
 */
import { horizonPoint, meridianLongitude, normalizeLongitude, type AcgAngle, type AcgBody } from './astrocartography.ts';

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface LineDistance {
  /** Central angle from the place to the line's nearest point, degrees. */
  deg: number;
  /** That nearest point. */
  lat: number;
  lon: number;
}

function centralAngle(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h))) * DEG;
}

function meridianDistance(lon0: number, lat: number, lon: number): LineDistance {
  const dLon = normalizeLongitude(lon - lon0) * RAD;
  if (Math.abs(dLon) <= Math.PI / 2) {
    const deg = Math.asin(Math.min(1, Math.cos(lat * RAD) * Math.abs(Math.sin(dLon)))) * DEG;
    const footLat = Math.atan2(Math.tan(lat * RAD), Math.cos(dLon)) * DEG;
    return { deg, lat: Math.abs(lat) === 90 ? lat : footLat, lon: lon0 };
  }
  const pole = lat >= 0 ? 90 : -90;
  return { deg: 90 - Math.abs(lat), lat: pole, lon: lon0 };
}

/** The point 90° from S (latitude φs, longitude λs) at bearing θ (degrees from north, east positive). */
function quarterCirclePoint(latS: number, lonS: number, bearing: number): { lat: number; lon: number } {
  const ps = latS * RAD;
  const th = bearing * RAD;
  const sinLat = Math.cos(ps) * Math.cos(th);
  const lat = Math.asin(Math.max(-1, Math.min(1, sinLat))) * DEG;
  const dLon = Math.atan2(Math.sin(th) * Math.cos(ps), -Math.sin(ps) * sinLat) * DEG;
  return { lat, lon: normalizeLongitude(lonS + dLon) };
}

function geocentricHorizonDistance(body: AcgBody, gastDeg: number, kind: 'asc' | 'dsc', lat: number, lon: number): LineDistance {
  const latS = body.dec;
  const lonS = body.ra - gastDeg;
  const sp = centralAngle(latS, lonS, lat, lon);
  const dLon = (lon - lonS) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat * RAD);
  const x = Math.cos(latS * RAD) * Math.sin(lat * RAD) - Math.sin(latS * RAD) * Math.cos(lat * RAD) * Math.cos(dLon);
  const inside = kind === 'asc' ? y < 0 : y > 0;
  if (inside && sp > 1e-12 && sp < 180 - 1e-12) {
    const bearing = Math.atan2(y, x) * DEG;
    return { deg: Math.abs(90 - sp), ...quarterCirclePoint(latS, lonS, bearing) };
  }
  // Outside the half's bearings (or on its own meridian): one of its two ends.
  const north = quarterCirclePoint(latS, lonS, 0);
  const south = quarterCirclePoint(latS, lonS, 180);
  const dn = centralAngle(lat, lon, north.lat, north.lon);
  const ds = centralAngle(lat, lon, south.lat, south.lon);
  return dn <= ds ? { deg: dn, ...north } : { deg: ds, ...south };
}

function searchedHorizonDistance(body: AcgBody, gastDeg: number, kind: 'asc' | 'dsc', lat: number, lon: number): LineDistance {
  const at = (t: number) => {
    const p = horizonPoint(body, gastDeg, kind, t);
    return { deg: centralAngle(lat, lon, p.lat, p.lon), lat: p.lat, lon: normalizeLongitude(p.lon) };
  };
  const steps = 720;
  let bestK = 0;
  let bestDeg = Infinity;
  for (let k = 0; k <= steps; k++) {
    const d = at(k / steps).deg;
    if (d < bestDeg) {
      bestDeg = d;
      bestK = k;
    }
  }
  let a = Math.max(0, (bestK - 1) / steps);
  let b = Math.min(1, (bestK + 1) / steps);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = at(c).deg;
  let fd = at(d).deg;
  while (b - a > 1e-12) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = at(c).deg;
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = at(d).deg;
    }
  }
  return at((a + b) / 2);
}

/** The distance from a place (latitude, longitude in degrees) to the body's exact line on that angle. */
export function distanceToLine(body: AcgBody, gastDeg: number, angle: AcgAngle, lat: number, lon: number): LineDistance {
  if (angle === 'mc' || angle === 'ic') return meridianDistance(meridianLongitude(body.ra, gastDeg, angle), lat, lon);
  return body.sinParallax === 0 ? geocentricHorizonDistance(body, gastDeg, angle, lat, lon) : searchedHorizonDistance(body, gastDeg, angle, lat, lon);
}
