/**
 * Sampling a geocentric horizon line with a proven error bound, without testing points.
 *
 * Geocentrically the places where a body is on the horizon form the great circle 90° from the
 * sub-body point (declination δ). Each half of it (rising or setting) runs from one turning
 * latitude, −(90° − |δ|), to the other, its latitude rising monotonically; the sampling's
 * parameter t (0 to 1) is the bearing from the sub-point over π, so s = π t is the arc length
 * along the line in radians and sin φ(t) = −cos δ cos(π t).
 *
 * A client draws each segment straight in longitude/latitude (RFC 7946) or as a great-circle arc.
 * The arc lies on the circle itself: no error. For the straight segment between the points at
 * t0 and t1 (arc length h), pair the segment's point at the fraction u with the curve's point at
 * t0 + u (t1 − t0): the latitude and the longitude of both are linear interpolation and the
 * function itself, so each differs by at most h²/8 · max |f''| (the error of linear
 * interpolation). On a great circle at unit speed, with c = cos φ sin β = sin |δ| (Clairaut's
 * constant: β the heading) and x = cos² φ:
 *
 *   |φ''| = c² |sin φ| / x^{3/2},   |λ''| = 2c |sin φ| √(x − c²) / x²
 *
 * (from φ' = cos β, λ' = c / x and the geodesic's β' = sin β tan φ). The ground distance between
 * the two paired points is at most the way along the curve point's parallel and then along the
 * meridian: R (cos φ |Δλ| + |Δφ|). Over an interval, |sin φ| and x lie between their values at
 * its ends (sin φ is monotonic, so |sin φ| is least at 0 if the interval crosses the equator), so
 *
 *   gap ≤ R h²/8 · ( c² S / x_min^{3/2} + √x_max · 2c S √(x_max − c²) / x_min² ),
 *
 * with S the largest |sin φ| of the interval and x_min = 1 − S². Near a pole (|δ| tiny, the line
 * sweeping through 180° of longitude in a few kilometres) this bound grows without limit while the
 * line itself is short: there, the interval and its segment both lie in the polar cap beyond the
 * interval's least |φ|, so their gap is also at most the cap's diameter, 2R (90° − |φ|min). The
 * smaller of the two bounds holds; only the first shrinks with the interval's length.
 *
 * R is 6400 km per radian, the largest radius of curvature of the WGS84 ellipsoid, so the bound is
 * never understated. An interval whose bound exceeds the tolerance is cut into n equal parts, n²
 * times the bound over the tolerance (each part's bound is at most the whole's over n²), or halved
 * (its middle's latitude alone, one cosine) when n would be large, so that each half gets its own,
 * smaller bound. No point is computed that is not kept.
 */

/** An upper bound of the WGS84 ellipsoid's radii of curvature (6335 to 6400 km): kilometres per radian, on the safe side. */
export const KM_PER_RADIAN = 6400;
/** An interval cut into more parts than this is halved first, so that each half's own bound applies. */
const MOST_EQUAL_PARTS = 8;
/** Halvings before an interval is cut by its bound whatever the count (never reached on real declinations: the cap bound ends them). */
const MOST_HALVINGS = 40;
/** (And past them, at most this many parts: a guard, not a bound.) */
const MOST_EQUAL_PARTS_AT_DEPTH = 4096;

/**
 * The two bounds above, in km, of the gap between the curve and its straight segments over an
 * interval of arc length h (radians) whose ends have latitudes of sines s0 ≤ s1, on the line of a
 * body with c = sin |δ| (c > 0): the Taylor bound, which shrinks as h² (an interval cut into n
 * equal parts has at most 1/n² of it in each), and the cap's, which does not.
 */
function taylorBoundKm(s0: number, s1: number, c: number, h: number): number {
  const a0 = Math.abs(s0);
  const a1 = Math.abs(s1);
  const sMax = Math.max(a0, a1);
  const sMin = s0 <= 0 && s1 >= 0 ? 0 : Math.min(a0, a1);
  const xMin = 1 - sMax * sMax;
  const xMax = 1 - sMin * sMin;
  const phiSecond = (c * c * sMax) / (xMin * Math.sqrt(xMin));
  const lonSecond = (2 * c * sMax * Math.sqrt(Math.max(0, xMax - c * c))) / (xMin * xMin);
  const taylor = ((KM_PER_RADIAN * h * h) / 8) * (phiSecond + Math.sqrt(xMax) * lonSecond);
  // (At x_min = 0 the Taylor bound is not a number: Infinity, so that the cap's decides.)
  return taylor >= 0 ? taylor : Infinity;
}

/** The cap's bound (see taylorBoundKm): Infinity unless both ends are on one side of the equator. */
function capBoundKm(s0: number, s1: number): number {
  return s0 * s1 > 0 ? 2 * KM_PER_RADIAN * Math.acos(Math.min(Math.abs(s0), Math.abs(s1))) : Infinity;
}

/**
 * The parameters t (0 to 1, both included, increasing) at which a geocentric horizon line of a
 * body with the given sin δ and cos δ is sampled: every 2° of arc (`baseSteps` intervals) cut
 * where needed so that every straight segment stays within `toleranceKm` of the line.
 */
export function greatCircleSamples(sinDec: number, cosDec: number, baseSteps: number, toleranceKm: number): number[] {
  const c = Math.abs(sinDec);
  // (A body on the equator has meridians for lines: straight in longitude/latitude, no cut needed.)
  const straight = c === 0;
  const sinLat = (t: number) => -cosDec * Math.cos(Math.PI * t);
  const out: number[] = [0];
  const cut = (t0: number, t1: number, s0: number, s1: number, depth: number) => {
    const taylor = straight ? 0 : taylorBoundKm(s0, s1, c, Math.PI * (t1 - t0));
    // Equal parts on the Taylor bound only (the cap's does not shrink with the parts); else halves, each with its own bounds.
    const parts = taylor <= toleranceKm || capBoundKm(s0, s1) <= toleranceKm ? 1 : Math.ceil(Math.sqrt(taylor / toleranceKm));
    if (!(parts <= MOST_EQUAL_PARTS) && depth < MOST_HALVINGS) {
      const tm = (t0 + t1) / 2;
      const sm = sinLat(tm);
      cut(t0, tm, s0, sm, depth + 1);
      cut(tm, t1, sm, s1, depth + 1);
      return;
    }
    for (let k = 1; k < Math.min(parts, MOST_EQUAL_PARTS_AT_DEPTH); k++) out.push(t0 + ((t1 - t0) * k) / parts);
    out.push(t1);
  };
  let s0 = sinLat(0);
  for (let i = 1; i <= baseSteps; i++) {
    const t1 = i / baseSteps;
    const s1 = sinLat(t1);
    cut((i - 1) / baseSteps, t1, s0, s1, 0);
    s0 = s1;
  }
  return out;
}

/**
 * The latitude (degrees) where a geocentric horizon line crosses a meridian Δλ east of the
 * sub-body point (on the half that reaches that meridian): the great circle 90° from the
 * sub-point, cos φ cos δ cos Δλ + sin φ sin δ = 0, so tan φ = −cos Δλ cos δ / sin δ. Exact where
 * a bisection would take some fifty points of the curve. Not for δ = 0 (the lines are meridians).
 */
export function greatCircleLatitudeAt(sinDec: number, cosDec: number, dLonDeg: number): number {
  return (Math.atan((-Math.cos((dLonDeg * Math.PI) / 180) * cosDec) / sinDec) * 180) / Math.PI;
}
