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
 * are computed where they are read: most blocks of a scan are passed over after reading their two ends
 * (see `block` below), so a table of every point, or of every body's hour angle at them, cost more to
 * fill than the scan read of it.
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

  /**
   * H0 of body i at point j of the grid. The four pairs of horizon events of two bodies read the same hour angles at the
   * same points (the blocks' ends, and the steps scanned one by one), so the last pair's are kept: `pairOn` names the
   * grid and the two bodies, and a value is kept until another pair or grid is named (`HOUR_ANGLE_MEMO`).
   */
  h0(g: ScanGrid, i: number, j: number): number {
    const memo = HOUR_ANGLE_MEMO;
    const slot = i === memo.bodyA ? 0 : i === memo.bodyB ? 1 : -1;
    if (slot < 0 || memo.owner !== this || memo.grid !== g) return this.computedH0(g, i, j);
    const at = 2 * j + slot;
    if (memo.stamps[at] === memo.stamp) return memo.values[at]!;
    memo.stamps[at] = memo.stamp;
    return (memo.values[at] = this.computedH0(g, i, j));
  }

  /** Keeps the hour angles of bodies a and b on grid g from here on (see h0). */
  pairOn(g: ScanGrid, a: number, b: number): void {
    const memo = HOUR_ANGLE_MEMO;
    if (memo.owner === this && memo.grid === g && memo.bodyA === a && memo.bodyB === b) return;
    memo.owner = this;
    memo.grid = g;
    memo.bodyA = a;
    memo.bodyB = b;
    memo.stamp = (memo.stamp + 1) >>> 0;
    // After 2³² pairs the stamps come round: every slot is emptied once.
    if (memo.stamp === 0) {
      memo.stamps.fill(0);
      memo.stamp = 1;
    }
  }

  private computedH0(g: ScanGrid, i: number, j: number): number {
    const t = this.trig[i]!;
    return geocentricHourAngle(t.sinDec, t.cosDec, latitudeAt(g, j));
  }
}

/**
 * The hour angles of one pair of bodies on one grid (ParanScan.h0), for the thread: a search runs to its end without
 * yielding, so one table serves every search. Two slots per grid point; a slot holds a value when its stamp is the
 * current one, so naming another pair costs no clearing. A grid has at most 180° / PARAN_SCAN_STEP_DEG + 2 points.
 */
const MEMO_POINTS = Math.ceil(180 / PARAN_SCAN_STEP_DEG) + 2;
const HOUR_ANGLE_MEMO: {
  owner: ParanScan | undefined;
  grid: ScanGrid | undefined;
  bodyA: number;
  bodyB: number;
  stamp: number;
  stamps: Uint32Array;
  values: Float64Array;
} = { owner: undefined, grid: undefined, bodyA: -1, bodyB: -1, stamp: 1, stamps: new Uint32Array(2 * MEMO_POINTS), values: new Float64Array(2 * MEMO_POINTS) };

/**
 * The scan is cut into blocks of this many steps. H0 is monotonic in latitude (cos H0 = −tan φ tan δ),
 * so a block's hour angles lie between those at its two ends: when the unwrapped difference of the
 * two events' sidereal times stays, over the whole block, strictly between two multiples of 360°
 * (and moves by less than 180°), no step of the block can hold a root and its inner points are not
 * computed. The other blocks are halved and tested again; the smallest are scanned step by step
 * exactly as a plain scan does, so the roots and their brackets are the plain scan's.
 */
// (Measured on the city check's windows and the whole globe: 256 steps took about 0.8 of the time of 64; 512 and 1024 no less than 256.)
const BLOCK_STEPS = 256;
const SMALLEST_BLOCK = 4;
/** Room left for rounding when the bounds of a block are added up in another order than the scan's. */
const BLOCK_MARGIN_DEG = 1e-6;

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
  private grid!: ScanGrid;
  private raA = 0;
  private raB = 0;
  /** The roots of the last pair scanned: read before the next pair is scanned. */
  private readonly found: number[] = [];
  constructor(
    private readonly scan: ParanScan,
    private readonly bodies: readonly AcgBody[],
  ) {}

  /** The roots of the pair in the steps that touch the window (some may lie just outside it), south to north, until the next call. */
  roots(pair: EventPair, window: LatitudeWindow): number[] {
    this.pair = pair;
    this.raA = this.bodies[pair.ia]!.ra;
    this.raB = this.bodies[pair.ib]!.ra;
    this.grid = this.scan.grid(pair.reach);
    this.scan.pairOn(this.grid, pair.ia, pair.ib);
    this.found.length = 0;
    const { first, end } = this.scan.span(this.grid, window);
    for (let j0 = first - (first % BLOCK_STEPS); j0 < end; j0 += BLOCK_STEPS) this.block(Math.max(j0, first), Math.min(j0 + BLOCK_STEPS, end));
    return this.found;
  }

  /** The wrapped difference of the two events' sidereal times at a latitude. */
  private gap(lat: number): number {
    const { ia, eventA, ib, eventB } = this.pair;
    return wrapped(this.raA + this.scan.eventHourAngle(ia, eventA, lat) - this.raB - this.scan.eventHourAngle(ib, eventB, lat));
  }

  /** An event's hour angle at grid point j, as eventHourAngle gives it (−H0 rising, +H0 setting). */
  private hourAngle(i: number, event: AcgAngle, j: number): number {
    if (event === 'mc') return 0;
    if (event === 'ic') return 180;
    const h = this.scan.h0(this.grid, i, j);
    return event === 'asc' ? -h : h;
  }

  /** gap at grid point j, from the kept hour angles. */
  private gapAt(j: number): number {
    const { ia, eventA, ib, eventB } = this.pair;
    return wrapped(this.raA + this.hourAngle(ia, eventA, j) - this.raB - this.hourAngle(ib, eventB, j));
  }

  /** The steps j0 → j1 one by one, as the plain scan takes them. */
  private scanSteps(j0: number, j1: number): void {
    const { grid, found } = this;
    let g0 = this.gapAt(j0);
    for (let j = j0 + 1; j <= j1; j++) {
      const g1 = this.gapAt(j);
      // A jump of the wrapped difference across ±180° is not a root.
      if (Math.abs(g0) <= 90 && Math.abs(g1) <= 90) {
        if (g0 === 0) found.push(latitudeAt(grid, j - 1));
        else if (g0 * g1 < 0) found.push(this.bisect(latitudeAt(grid, j - 1), latitudeAt(grid, j), g0));
        else if (g1 === 0 && j === grid.last) found.push(latitudeAt(grid, j));
      }
      g0 = g1;
    }
  }

  /** A block whose bounds prove it holds no root is passed over; another is halved, down to SMALLEST_BLOCK steps scanned one by one. */
  private block(j0: number, j1: number): void {
    const { ia, eventA, ib, eventB } = this.pair;
    const hA0 = this.hourAngle(ia, eventA, j0);
    const hA1 = this.hourAngle(ia, eventA, j1);
    const hB0 = this.hourAngle(ib, eventB, j0);
    const hB1 = this.hourAngle(ib, eventB, j1);
    const lo = this.raA + Math.min(hA0, hA1) - this.raB - Math.max(hB0, hB1) - BLOCK_MARGIN_DEG;
    const hi = this.raA + Math.max(hA0, hA1) - this.raB - Math.min(hB0, hB1) + BLOCK_MARGIN_DEG;
    // (NaN bounds fail every comparison and the block is scanned.)
    const turn = Math.floor(lo / 360);
    if (hi - lo < 180 && lo > 360 * turn && hi < 360 * (turn + 1)) return;
    if (j1 - j0 <= SMALLEST_BLOCK) return this.scanSteps(j0, j1);
    const mid = (j0 + j1) >> 1;
    this.block(j0, mid);
    this.block(mid, j1);
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
