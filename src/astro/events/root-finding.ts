/** One-dimensional root finders on bracketing intervals (times in days). */

/** Signed difference folded to [-180, 180]. */
export function wrap180(deg: number): number {
  return deg - 360 * Math.round(deg / 360);
}

/** Default time tolerance: 1e-9 day (86 µs), about two float steps of a Julian Day near 2.5e6. */
export const TIME_TOLERANCE = 1e-9;

/**
 * Brent's method: a zero of `f` in [a, b] where f(a), f(b) lie on different sides of 0
 * (a value of exactly 0 counts as its own root). Returns the time to `tol`.
 */
export function brent(f: (t: number) => number, a: number, b: number, fa = f(a), fb = f(b), tol = TIME_TOLERANCE): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa < 0 === fb < 0) throw new RangeError(`brent: [${a}, ${b}] does not bracket a root`);
  let c = a,
    fc = fa,
    d = b - a,
    e = d;
  for (let iter = 0; iter < 200; iter++) {
    if (fb < 0 === fc < 0) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol;
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      // Inverse quadratic interpolation, or the secant when only two points are distinct.
      const s = fb / fa;
      let p: number, q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qq = fa / fc,
          r = fb / fc;
        p = s * (2 * xm * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/**
 * A zero of g in [a, b] by Newton's method with the analytic derivative (the body speeds the
 * ephemeris returns), kept inside the shrinking bracket and falling back to bisection whenever a
 * step would leave it or fails to halve it. g(a) and g(b) must lie on different sides of 0
 * (0 itself counts as the upper side: the root is the first time g >= 0 for a rising g). `start`:
 * a first guess better than the secant's (an interpolation the caller has), if any.
 */
export function newtonBracketed(
  g: (t: number) => { g: number; dg: number },
  a: number,
  ga: number,
  b: number,
  gb: number,
  tol = TIME_TOLERANCE / 4,
  start?: number,
): number {
  if (ga === 0) return a;
  if (gb === 0) return b;
  if (ga < 0 === gb < 0) throw new RangeError(`newton: [${a}, ${b}] does not bracket a root`);
  // `neg` is the end where g < 0, `pos` the end where g > 0.
  let neg = ga < 0 ? a : b,
    pos = ga < 0 ? b : a;
  const gNeg = ga < 0 ? ga : gb,
    gPos = ga < 0 ? gb : ga;
  // The first guess: the caller's (inside the bracket), or the secant's.
  let t = start !== undefined && start > Math.min(a, b) && start < Math.max(a, b) ? start : neg - (gNeg * (pos - neg)) / (gPos - gNeg);
  let width = Math.abs(pos - neg);
  for (let iter = 0; iter < 100; iter++) {
    const { g: gt, dg } = g(t);
    if (gt === 0) return t;
    if (gt < 0) neg = t;
    else pos = t;
    const lo = Math.min(neg, pos),
      hi = Math.max(neg, pos);
    // Steps of a few float spacings (4.7e-10 day near JD 2.5e6) are rounding noise: converged.
    const eps = tol + 4 * Number.EPSILON * Math.abs(t);
    const step = gt / dg;
    if (Math.abs(step) <= eps) return Math.min(hi, Math.max(lo, t - step));
    let next = t - step;
    const newWidth = hi - lo;
    if (!(next > lo && next < hi) || (newWidth > 0.5 * width && Math.abs(step) > 0.5 * newWidth)) next = 0.5 * (lo + hi);
    width = newWidth;
    if (newWidth <= eps) return next;
    t = next;
  }
  return t;
}
