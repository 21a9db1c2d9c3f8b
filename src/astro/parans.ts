/**
 * Parans in mundo: the latitudes where two bodies are on angles at the same moment of the
 * Earth's turning. At latitude φ and local sidereal time θ a body is on the MC when its hour
 * angle H = θ − α is 0, on the IC at 180°, rising at −H0 and setting at +H0, where
 * cos H0 = −tan φ tan δ (geocentric, the centre at true altitude 0, as the lines). So bodies A
 * and B make a paran with events eA and eB at the latitudes where
 *   α_A + H_eA(φ) ≡ α_B + H_eB(φ)   (mod 360°),
 * the same sidereal time θ serving both. The condition does not involve longitude: a paran holds
 * along the whole parallel, at every longitude the sidereal moment θ comes round once a day.
 *
 * Two meridian events never make a paran at a latitude (α_A = α_B or α_A = α_B + 180° holds
 * everywhere or nowhere), nor does a body with itself. The roots are scanned every 0.1° of
 * latitude between the bounds (and within the latitudes where a horizon event happens at all,
 * |φ| < 90° − |δ|), then bisected to 1e-10°.
 */
import { horizonHourAngle, type AcgAngle, type AcgBody } from './astrocartography.ts';

export interface Paran {
  a: AcgBody;
  eventA: AcgAngle;
  b: AcgBody;
  eventB: AcgAngle;
  /** Latitude of the paran, degrees. */
  lat: number;
  /** Local sidereal time at which both events happen there, degrees 0 to 360. */
  lstDeg: number;
}

export const PARAN_SCAN_STEP_DEG = 0.1;

/** The hour angle of an event at a latitude, degrees (NaN where a horizon event does not happen). */
export function eventHourAngle(body: AcgBody, event: AcgAngle, lat: number): number {
  switch (event) {
    case 'mc':
      return 0;
    case 'ic':
      return 180;
    case 'asc':
      return -horizonHourAngle(body.dec, lat, 0);
    case 'dsc':
      return horizonHourAngle(body.dec, lat, 0);
  }
}

const wrapped = (d: number) => d - 360 * Math.round(d / 360);
const isMeridian = (e: AcgAngle) => e === 'mc' || e === 'ic';

/** The latitudes (south to north) where the event of A and that of B happen at one sidereal moment. */
function paranLatitudesOf(a: AcgBody, eventA: AcgAngle, b: AcgBody, eventB: AcgAngle, minAbsLat: number, maxAbsLat: number): number[] {
  const gap = (lat: number) => wrapped(a.ra + eventHourAngle(a, eventA, lat) - b.ra - eventHourAngle(b, eventB, lat));
  // The latitudes where both events happen: a horizon event needs |φ| < 90° − |δ|.
  let reach = maxAbsLat;
  if (!isMeridian(eventA)) reach = Math.min(reach, 90 - Math.abs(a.dec));
  if (!isMeridian(eventB)) reach = Math.min(reach, 90 - Math.abs(b.dec));
  // Not the very pole, where hour angles are undefined.
  reach = Math.min(reach, 90 - 1e-9);
  const out: number[] = [];
  if (!(reach > 0)) return out;
  const points: number[] = [];
  for (let lat = -reach; lat < reach; lat += PARAN_SCAN_STEP_DEG) points.push(lat);
  points.push(reach);
  let x0 = points[0]!;
  let g0 = gap(x0);
  for (let i = 1; i < points.length; i++) {
    const x1 = points[i]!;
    const g1 = gap(x1);
    // A jump of the wrapped difference across ±180° is not a root.
    if (Math.abs(g0) <= 90 && Math.abs(g1) <= 90) {
      if (g0 === 0) out.push(x0);
      else if (g0 * g1 < 0) out.push(bisect(gap, x0, x1, g0));
      else if (g1 === 0 && i === points.length - 1) out.push(x1);
    }
    x0 = x1;
    g0 = g1;
  }
  return out.filter((lat) => Math.abs(lat) >= minAbsLat && Math.abs(lat) <= maxAbsLat);
}

function bisect(f: (x: number) => number, x0: number, x1: number, f0: number): number {
  for (let n = 0; n < 60 && x1 - x0 > 1e-10; n++) {
    const xm = (x0 + x1) / 2;
    const fm = f(xm);
    if (fm * f0 <= 0) x1 = xm;
    else {
      x0 = xm;
      f0 = fm;
    }
  }
  return (x0 + x1) / 2;
}

/**
 * Every paran of every pair of different bodies (in the order given: A before B) and every pair
 * of events, between |latitude| minAbsLat and maxAbsLat.
 */
export function parans(bodies: readonly AcgBody[], events: readonly AcgAngle[], minAbsLat: number, maxAbsLat: number): Paran[] {
  const out: Paran[] = [];
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i]!;
      const b = bodies[j]!;
      for (const eventA of events) {
        for (const eventB of events) {
          if (isMeridian(eventA) && isMeridian(eventB)) continue;
          for (const lat of paranLatitudesOf(a, eventA, b, eventB, minAbsLat, maxAbsLat)) {
            const lst = (((a.ra + eventHourAngle(a, eventA, lat)) % 360) + 360) % 360;
            out.push({ a, eventA, b, eventB, lat, lstDeg: lst });
          }
        }
      }
    }
  }
  return out;
}

/**
 * How strongly a paran at latitude `paranLat` reaches a place at `lat`: 1 within `orb` degrees of
 * latitude, falling linearly to 0 over the next `tail` degrees, 0 beyond.
 */
export function paranStrength(paranLat: number, lat: number, orb: number, tail: number): number {
  const off = Math.abs(lat - paranLat);
  if (off <= orb) return 1;
  if (tail > 0 && off < orb + tail) return 1 - (off - orb) / tail;
  return 0;
}
