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
 * everywhere or nowhere), nor does a body with itself. A horizon event against a meridian event has
 * one root at most, and two horizon events two at most, both in closed form (meridianRoot,
 * horizonCandidates), each candidate verified in the condition itself, once per search. Where a closed
 * form is ill-conditioned (a declination near 0, a root within 1e-6° of where a horizon event stops
 * happening, |φ| = 90° − |δ|, two bodies at nearly one right ascension and declination), the pair
 * is scanned instead: every 0.1° of latitude between the bounds (and within the latitudes where
 * its horizon events happen), its roots bisected to 1e-10°. A search may be held to a window of
 * latitudes (`LatitudeWindow`): it scans only the grid's steps that touch the window and keeps the
 * closed-form roots inside it, so it finds exactly the roots a whole search finds inside it, the
 * same bits, for a fraction of the work.
 */
import { declinationTrig, geocentricHourAngle, horizonHourAngle, type AcgAngle, type AcgBody } from './astrocartography.ts';

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

/** Signed latitudes, south to north, that a search is held to: from `lo` (included) to `hi` (not included). */
export interface LatitudeWindow {
  lo: number;
  hi: number;
}

/** Every latitude a paran can have (a search's reach stops short of the poles). */
const WHOLE_GLOBE: LatitudeWindow = { lo: -90, hi: 90 };

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

/**
 * The scan's latitudes for one reach: point k is −reach + k · PARAN_SCAN_STEP_DEG for k below `last`,
 * and point `last` is reach itself, so the scan ends exactly on the reach. A pair's reach is 90° − |δ| of
 * one of its bodies (or the request's bound); every pair with that reach scans the same points, in
 * every window, so a search held to a window sees the very latitudes a whole search sees. The points
 * are computed where they are read: the scan serves only the few pairs the closed forms leave to it.
 */
interface ScanGrid {
  reach: number;
  last: number;
}

/** The grid point k of a reach. */
function latitudeAt(g: ScanGrid, k: number): number {
  return k >= g.last ? g.reach : -g.reach + k * PARAN_SCAN_STEP_DEG;
}

class ParanScan {
  private readonly grids = new Map<number, ScanGrid>();
  /** sin δ and cos δ of each body, once. */
  readonly trig: { sinDec: number; cosDec: number }[];
  constructor(bodies: readonly AcgBody[]) {
    this.trig = bodies.map((b) => declinationTrig(b.dec));
  }

  /** An event's hour angle at a latitude, as eventHourAngle gives it (the same bits), from the body's trig. */
  eventHourAngle(i: number, event: AcgAngle, lat: number): number {
    if (event === 'mc') return 0;
    if (event === 'ic') return 180;
    const t = this.trig[i]!;
    const h = geocentricHourAngle(t.sinDec, t.cosDec, lat);
    return event === 'asc' ? -h : h;
  }

  grid(reach: number): ScanGrid {
    let g = this.grids.get(reach);
    if (!g) {
      g = { reach, last: Math.max(1, Math.ceil((2 * reach) / PARAN_SCAN_STEP_DEG)) };
      this.grids.set(reach, g);
    }
    return g;
  }

  /**
   * The points from the one before the window's south end to the one after its north end: every step that can hold a
   * root inside the window, and the next (a root on a grid point is taken by the step that starts there).
   */
  span(g: ScanGrid, window: LatitudeWindow): { first: number; end: number } {
    return {
      first: Math.max(0, pointAtOrAbove(g, window.lo) - 1),
      end: Math.min(g.last, pointAtOrAbove(g, window.hi) + 1),
    };
  }
}

/** Two events of two bodies, with what does not depend on the window searched: where both happen, and a closed-form root. */
interface EventPair {
  ia: number;
  eventA: AcgAngle;
  ib: number;
  eventB: AcgAngle;
  /** |φ| up to which both events happen (and the search's bound). */
  reach: number;
  /** The pair's roots in closed form (meridianRoot, horizonCandidates), south to north, or 'scan'. */
  roots: readonly number[] | 'scan';
}

/** `horizon`: the two bodies' horizonCandidates, shared by their four pairs of horizon events. */
function eventPair(
  bodies: readonly AcgBody[],
  ia: number,
  eventA: AcgAngle,
  ib: number,
  eventB: AcgAngle,
  maxAbsLat: number,
  horizon: readonly Candidate[] | 'scan',
): EventPair {
  const a = bodies[ia]!;
  const b = bodies[ib]!;
  // The latitudes where both events happen: a horizon event needs |φ| < 90° − |δ|.
  let reach = maxAbsLat;
  if (!isMeridian(eventA)) reach = Math.min(reach, 90 - Math.abs(a.dec));
  if (!isMeridian(eventB)) reach = Math.min(reach, 90 - Math.abs(b.dec));
  // Not the very pole, where hour angles are undefined.
  reach = Math.min(reach, 90 - 1e-9);
  const roots =
    reach <= 0
      ? []
      : isMeridian(eventA) || isMeridian(eventB)
        ? meridianRoot(a, eventA, b, eventB, reach)
        : horizon === 'scan'
          ? 'scan'
          : verifiedRoots(a, eventA, b, eventB, reach, horizon);
  return { ia, eventA, ib, eventB, reach, roots };
}

/** The paran of a pair of events at a latitude, with the sidereal time of both events there. */
function paranAt(bodies: readonly AcgBody[], pair: EventPair, lat: number): Paran {
  const a = bodies[pair.ia]!;
  const lst = (((a.ra + eventHourAngle(a, pair.eventA, lat)) % 360) + 360) % 360;
  return { a, eventA: pair.eventA, b: bodies[pair.ib]!, eventB: pair.eventB, lat, lstDeg: lst };
}

/** Adds to `out` the parans of a pair of events inside the window, south to north. */
function addParansOf(
  scanner: PairScanner,
  pair: EventPair,
  minAbsLat: number,
  maxAbsLat: number,
  bodies: readonly AcgBody[],
  window: LatitudeWindow,
  out: Paran[],
): void {
  const { reach, roots } = pair;
  if (window.hi <= -reach || window.lo > reach) return;
  for (const lat of roots === 'scan' ? scanner.roots(pair, window) : roots) if (kept(lat, minAbsLat, maxAbsLat, window)) out.push(paranAt(bodies, pair, lat));
}

/** Whether a root is one the search keeps: within its bounds of |latitude| and inside the window. */
function kept(lat: number, minAbsLat: number, maxAbsLat: number, window: LatitudeWindow): boolean {
  return Math.abs(lat) >= minAbsLat && Math.abs(lat) <= maxAbsLat && lat >= window.lo && lat < window.hi;
}

/**
 * The scan of one pair of events on its grid, over the steps that touch a window. One scanner serves every pair of a
 * search in turn (`roots` sets it to the pair): its steps are methods, not closures made anew for each pair and window.
 */
class PairScanner {
  private pair!: EventPair;
  private raA = 0;
  private raB = 0;
  /** The roots of the last pair scanned: read before the next pair is scanned. */
  private readonly found: number[] = [];
  constructor(
    private readonly scan: ParanScan,
    private readonly bodies: readonly AcgBody[],
  ) {}

  /**
   * The roots of the pair in the steps that touch the window (some may lie just outside it), south to north, until the
   * next call: a sign change of the wrapped difference between two grid points (away from its ±180° jump) is bisected;
   * a zero on a grid point is taken by the step that starts there, and on the last point by the last step.
   */
  roots(pair: EventPair, window: LatitudeWindow): number[] {
    this.pair = pair;
    this.raA = this.bodies[pair.ia]!.ra;
    this.raB = this.bodies[pair.ib]!.ra;
    const grid = this.scan.grid(pair.reach);
    const found = this.found;
    found.length = 0;
    const { first, end } = this.scan.span(grid, window);
    let g0 = this.gap(latitudeAt(grid, first));
    for (let j = first + 1; j <= end; j++) {
      const g1 = this.gap(latitudeAt(grid, j));
      if (Math.abs(g0) <= 90 && Math.abs(g1) <= 90) {
        if (g0 === 0) found.push(latitudeAt(grid, j - 1));
        else if (g0 * g1 < 0) found.push(this.bisect(latitudeAt(grid, j - 1), latitudeAt(grid, j), g0));
        else if (g1 === 0 && j === grid.last) found.push(latitudeAt(grid, j));
      }
      g0 = g1;
    }
    return found;
  }

  /** The wrapped difference of the two events' sidereal times at a latitude. */
  private gap(lat: number): number {
    const { ia, eventA, ib, eventB } = this.pair;
    return wrapped(this.raA + this.scan.eventHourAngle(ia, eventA, lat) - this.raB - this.scan.eventHourAngle(ib, eventB, lat));
  }

  /** The root of gap between x0 and x1 (gap(x0) = f0, of the other sign at x1), to 1e-10°. */
  private bisect(x0: number, x1: number, f0: number): number {
    for (let n = 0; n < 60 && x1 - x0 > 1e-10; n++) {
      const xm = (x0 + x1) / 2;
      const fm = this.gap(xm);
      if (fm * f0 <= 0) x1 = xm;
      else {
        x0 = xm;
        f0 = fm;
      }
    }
    return (x0 + x1) / 2;
  }
}

/** The first grid point at or north of a latitude (the last point when none is). */
function pointAtOrAbove(g: ScanGrid, lat: number): number {
  let j = Math.max(0, Math.min(g.last, Math.floor((lat + g.reach) / PARAN_SCAN_STEP_DEG)));
  while (j > 0 && latitudeAt(g, j - 1) >= lat) j--;
  while (j < g.last && latitudeAt(g, j) < lat) j++;
  return j;
}

/** Declinations under this (degrees) are scanned when a horizon event meets a meridian event. */
const CLOSED_FORM_MIN_DEC = 1e-4;
/** A meridian offset v this near 0° or 180° (a root at the very end of the scan) is scanned. */
const CLOSED_FORM_MARGIN_DEG = 1e-6;
/** A candidate within this of the latitude where its horizon events stop happening (degrees) is scanned: H0 is steep there. */
const CLOSED_FORM_EDGE_DEG = 1e-6;
/** A candidate whose condition holds to this (degrees of sidereal time) is a root; one that misses by over CLOSED_FORM_REJECT_DEG is none. */
const CLOSED_FORM_ACCEPT_DEG = 1e-7;
const CLOSED_FORM_REJECT_DEG = 1e-3;
/** Below this (the squares of the tangents and sines of CLOSED_FORM_REJECT_DEG's order) two bodies are too nearly one point for horizonCandidates. */
const HORIZON_MIN_DENOMINATOR = 1e-12;

/** A candidate root of a closed form, with each body's H0 there (NaN for a body whose event there is on the meridian). */
interface Candidate {
  lat: number;
  h0A: number;
  h0B: number;
}

/** An event's hour angle from the body's H0 at the latitude (as eventHourAngle gives it). */
function signedHourAngle(event: AcgAngle, h0: number): number {
  return event === 'mc' ? 0 : event === 'ic' ? 180 : event === 'asc' ? -h0 : h0;
}

/**
 * The candidates of a closed form that are roots, south to north: each is put back into the condition itself, kept when
 * it holds to CLOSED_FORM_ACCEPT_DEG and dropped when it misses by more than CLOSED_FORM_REJECT_DEG or lies beyond the
 * events' reach. 'scan' when a candidate is neither, or lies within CLOSED_FORM_EDGE_DEG of the reach.
 */
function verifiedRoots(a: AcgBody, eventA: AcgAngle, b: AcgBody, eventB: AcgAngle, reach: number, candidates: readonly Candidate[]): number[] | 'scan' {
  const roots: number[] = [];
  for (const { lat, h0A, h0B } of candidates) {
    if (Math.abs(lat) > reach + CLOSED_FORM_EDGE_DEG) continue;
    if (Math.abs(lat) > reach - CLOSED_FORM_EDGE_DEG) return 'scan';
    const miss = Math.abs(wrapped(a.ra + signedHourAngle(eventA, h0A) - b.ra - signedHourAngle(eventB, h0B)));
    if (miss <= CLOSED_FORM_ACCEPT_DEG) roots.push(lat);
    else if (!(miss > CLOSED_FORM_REJECT_DEG)) return 'scan';
  }
  return roots;
}

/**
 * Where a horizon event of one body meets a meridian event of the other: H0(φ) ≡ v (mod 360°) for one v, and H0 is
 * strictly monotonic in latitude (δ ≠ 0) between 0° and 180°, so there is one root or none, tan φ = −cos v / tan δ.
 * No root for v beyond 0–180°; 'scan' when the closed form is not used (δ near 0, or v near 0° or 180°, a root at the
 * very end of the scan, where the scan's handling of the ends decides). Verified as verifiedRoots says.
 */
function meridianRoot(a: AcgBody, eventA: AcgAngle, b: AcgBody, eventB: AcgAngle, reach: number): number[] | 'scan' {
  const horizonIsA = !isMeridian(eventA);
  const h = horizonIsA ? a : b;
  const side = (horizonIsA ? eventA : eventB) === 'asc' ? -1 : 1;
  const offset = (horizonIsA ? eventB : eventA) === 'ic' ? 180 : 0;
  if (!(Math.abs(h.dec) >= CLOSED_FORM_MIN_DEC)) return 'scan';
  // A horizon: a.ra + side·H0 ≡ b.ra + offset; B horizon: a.ra + offset ≡ b.ra + side·H0.
  const raw = horizonIsA ? side * (b.ra + offset - a.ra) : side * (a.ra + offset - b.ra);
  const v = ((raw % 360) + 360) % 360;
  if (v < CLOSED_FORM_MARGIN_DEG || Math.abs(v - 180) < CLOSED_FORM_MARGIN_DEG || v > 360 - CLOSED_FORM_MARGIN_DEG) return 'scan';
  if (v > 180) return [];
  const lat = Math.atan(-Math.cos(v * RAD) / Math.tan(h.dec * RAD)) / RAD;
  const h0 = horizonHourAngle(h.dec, lat, 0);
  return verifiedRoots(a, eventA, b, eventB, reach, [{ lat, h0A: horizonIsA ? h0 : NaN, h0B: horizonIsA ? NaN : h0 }]);
}

/**
 * Where a horizon event of A meets a horizon event of B: α_A + s_A H0_A ≡ α_B + s_B H0_B (mod 360°), s = −1 rising and
 * +1 setting. With x = tan φ, p = tan δ_A, q = tan δ_B and D = α_B − α_A, cos H0 = −x p (and −x q), sin H0 ≥ 0, and
 * the cosine of both sides gives x² p q + s_A s_B √((1 − x² p²)(1 − x² q²)) = cos D. Squared, the x⁴ terms cancel:
 *
 *   x² ((p − q)² + 4 p q sin²(D/2)) = sin² D,
 *
 * so |tan φ| has one value and the roots of all four pairs of horizon events of the two bodies are among ±φ: the
 * candidates, with each body's H0 there, once for the four. Squaring admits the roots of the other pairs of events (and
 * the cosine those of −D): verifiedRoots puts each candidate back into each pair's condition (a wrong pair misses by
 * 2 H0 or 2 D). 'scan' when the two bodies stand at nearly one right ascension and declination.
 */
function horizonCandidates(a: AcgBody, b: AcgBody): Candidate[] | 'scan' {
  const p = Math.tan(a.dec * RAD);
  const q = Math.tan(b.dec * RAD);
  const d = (b.ra - a.ra) * RAD;
  const halfSine = Math.sin(d / 2);
  const denominator = (p - q) * (p - q) + 4 * p * q * halfSine * halfSine;
  if (!(denominator >= HORIZON_MIN_DENOMINATOR)) return 'scan';
  const phi = Math.atan(Math.abs(Math.sin(d)) / Math.sqrt(denominator)) / RAD;
  return (phi === 0 ? [0] : [-phi, phi]).map((lat) => ({ lat, h0A: horizonHourAngle(a.dec, lat, 0), h0B: horizonHourAngle(b.dec, lat, 0) }));
}

const RAD = Math.PI / 180;

/**
 * The parans of a sky: every pair of different bodies (in the order given: A before B) and every
 * pair of events, between |latitude| minAbsLat and maxAbsLat, searched window by window. Every
 * window scans the same grid points, and windows that do not overlap share no paran, so a search
 * widened band by band finds what one search of the whole band would.
 */
export class ParanSearch {
  private readonly scanner: PairScanner;
  /** Every pair of different bodies (A before B) and of events but two meridian ones, in the order of the answer. */
  private readonly pairs: EventPair[] = [];
  constructor(
    private readonly bodies: readonly AcgBody[],
    events: readonly AcgAngle[],
    private readonly minAbsLat: number,
    private readonly maxAbsLat: number,
  ) {
    this.scanner = new PairScanner(new ParanScan(bodies), bodies);
    for (let i = 0; i < bodies.length; i++)
      for (let j = i + 1; j < bodies.length; j++) {
        const horizon = horizonCandidates(bodies[i]!, bodies[j]!);
        for (const eventA of events)
          for (const eventB of events)
            if (!(isMeridian(eventA) && isMeridian(eventB))) this.pairs.push(eventPair(bodies, i, eventA, j, eventB, maxAbsLat, horizon));
      }
  }

  /** The parans inside a window of latitudes, pair by pair in the order of the bodies and events. */
  within(window: LatitudeWindow): Paran[] {
    const out: Paran[] = [];
    for (const pair of this.pairs) addParansOf(this.scanner, pair, this.minAbsLat, this.maxAbsLat, this.bodies, window, out);
    return out;
  }
}

/** Every paran of the sky between |latitude| minAbsLat and maxAbsLat (see ParanSearch). */
export function parans(bodies: readonly AcgBody[], events: readonly AcgAngle[], minAbsLat: number, maxAbsLat: number): Paran[] {
  return new ParanSearch(bodies, events, minAbsLat, maxAbsLat).within(WHOLE_GLOBE);
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
