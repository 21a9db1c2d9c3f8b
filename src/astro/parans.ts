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
 * |φ| < 90° − |δ|), then bisected to 1e-10°. A search may be held to a window of latitudes
 * (`LatitudeWindow`): it scans only the grid's steps that touch the window, so it finds exactly the
 * roots a whole search finds inside it, the same bits, for a fraction of the work.
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
 * The scan's latitudes for one reach, and each body's horizon hour angle H0 at them, computed on
 * first use and shared by every pair scanned on that grid, in every window. A pair's reach is
 * 90° − |δ| of one of its bodies (or the request's bound), so a sky of n bodies has at most n + 1
 * grids: the hour angles are computed once per grid and body instead of once per pair of events.
 * They are kept in chunks of points, allocated where a window first reads them.
 */
interface ScanGrid {
  lats: Float64Array;
  /** H0 per body index and chunk of H0_CHUNK points (horizonHourAngle(δ, φ, 0), degrees), NOT_YET where not computed. */
  h: ((Float64Array | undefined)[] | undefined)[];
  /** The points a window's scan covers (see ParanScan.span), for the last window asked. */
  spanOf?: LatitudeWindow;
  first: number;
  end: number;
}

const H0_CHUNK = 256;
/** No hour angle: H0 is between 0° and 180°, or NaN where the body never reaches the horizon. */
const NOT_YET = -1;

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
      // The same points as a plain scan: steps of PARAN_SCAN_STEP_DEG added one by one from −reach, then reach itself.
      const points = new Float64Array(Math.ceil((2 * reach) / PARAN_SCAN_STEP_DEG) + 2);
      let n = 0;
      for (let lat = -reach; lat < reach; lat += PARAN_SCAN_STEP_DEG) points[n++] = lat;
      points[n++] = reach;
      g = { lats: points.subarray(0, n), h: [], first: 0, end: 0 };
      this.grids.set(reach, g);
    }
    return g;
  }

  /**
   * The points from the one before the window's south end to the one after its north end: every step that can hold a
   * root inside the window, and the next (a root on a grid point is taken by the step that starts there).
   */
  span(g: ScanGrid, window: LatitudeWindow): ScanGrid {
    if (g.spanOf !== window) {
      const last = g.lats.length - 1;
      g.first = Math.max(0, pointAtOrAbove(g.lats, window.lo) - 1);
      g.end = Math.min(last, pointAtOrAbove(g.lats, window.hi) + 1);
      g.spanOf = window;
    }
    return g;
  }

  /** H0 of body i at point j of the grid. */
  h0(g: ScanGrid, i: number, j: number): number {
    const chunks = g.h[i] ?? (g.h[i] = new Array<Float64Array | undefined>(Math.ceil(g.lats.length / H0_CHUNK)).fill(undefined));
    const c = (j / H0_CHUNK) | 0;
    const chunk = chunks[c] ?? (chunks[c] = new Float64Array(H0_CHUNK).fill(NOT_YET));
    const k = j - c * H0_CHUNK;
    let v = chunk[k]!;
    if (v === NOT_YET) {
      const t = this.trig[i]!;
      v = chunk[k] = geocentricHourAngle(t.sinDec, t.cosDec, g.lats[j]!);
    }
    return v;
  }
}

/**
 * The scan is cut into blocks of this many steps. H0 is monotonic in latitude (cos H0 = −tan φ tan δ),
 * so a block's hour angles lie between those at its two ends: when the unwrapped difference of the
 * two events' sidereal times stays, over the whole block, strictly between two multiples of 360°
 * (and moves by less than 180°), no step of the block can hold a root and its inner points are not
 * computed. The other blocks are halved and tested again; the smallest are scanned step by step
 * exactly as a plain scan does, so the roots and their brackets are the plain scan's.
 */
const BLOCK_STEPS = 64;
const SMALLEST_BLOCK = 4;
/** Room left for rounding when the bounds of a block are added up in another order than the scan's. */
const BLOCK_MARGIN_DEG = 1e-6;

/** The latitudes (south to north) where the event of A and that of B happen at one sidereal moment. */
function paranLatitudesOf(
  scan: ParanScan,
  ia: number,
  eventA: AcgAngle,
  ib: number,
  eventB: AcgAngle,
  minAbsLat: number,
  maxAbsLat: number,
  bodies: readonly AcgBody[],
  window: LatitudeWindow,
): number[] {
  const a = bodies[ia]!;
  const b = bodies[ib]!;
  // The latitudes where both events happen: a horizon event needs |φ| < 90° − |δ|.
  let reach = maxAbsLat;
  if (!isMeridian(eventA)) reach = Math.min(reach, 90 - Math.abs(a.dec));
  if (!isMeridian(eventB)) reach = Math.min(reach, 90 - Math.abs(b.dec));
  // Not the very pole, where hour angles are undefined.
  reach = Math.min(reach, 90 - 1e-9);
  const out: number[] = [];
  if (!(reach > 0) || window.hi <= -reach || window.lo > reach) return out;
  const grid = scan.grid(reach);
  const lats = grid.lats;
  const last = lats.length - 1;
  const { first, end } = scan.span(grid, window);
  // A horizon event against a meridian event: the only root is known in closed form, so only the steps around it are scanned.
  const near = meridianRootStep(a, eventA, b, eventB, reach, lats);
  if (near === 'none') return out;
  let rootSteps: [number, number] | undefined;
  if (near !== 'scan') {
    rootSteps = [Math.max(0, near - ROOT_WINDOW_STEPS), Math.min(last, near + 1 + ROOT_WINDOW_STEPS)];
    // Steps wholly outside the window hold no root the window keeps.
    if (rootSteps[1] < first || rootSteps[0] > end) return out;
  }
  const gap = (lat: number) => wrapped(a.ra + scan.eventHourAngle(ia, eventA, lat) - b.ra - scan.eventHourAngle(ib, eventB, lat));
  const kept = (lat: number) => Math.abs(lat) >= minAbsLat && Math.abs(lat) <= maxAbsLat && lat >= window.lo && lat < window.hi;
  // An event's hour angle at grid point j, as eventHourAngle gives it (−H0 rising, +H0 setting).
  const hourAngle = (i: number, event: AcgAngle, j: number) =>
    event === 'mc' ? 0 : event === 'ic' ? 180 : event === 'asc' ? -scan.h0(grid, i, j) : scan.h0(grid, i, j);
  const gapAt = (j: number) => wrapped(a.ra + hourAngle(ia, eventA, j) - b.ra - hourAngle(ib, eventB, j));
  // The steps j0 → j1 one by one, as the plain scan takes them.
  const scanSteps = (j0: number, j1: number) => {
    let g0 = gapAt(j0);
    for (let j = j0 + 1; j <= j1; j++) {
      const g1 = gapAt(j);
      // A jump of the wrapped difference across ±180° is not a root.
      if (Math.abs(g0) <= 90 && Math.abs(g1) <= 90) {
        if (g0 === 0) out.push(lats[j - 1]!);
        else if (g0 * g1 < 0) out.push(bisect(gap, lats[j - 1]!, lats[j]!, g0));
        else if (g1 === 0 && j === last) out.push(lats[j]!);
      }
      g0 = g1;
    }
  };
  if (rootSteps) {
    scanSteps(rootSteps[0], rootSteps[1]);
    return out.filter(kept);
  }
  // A block whose bounds prove it holds no root is passed over; another is halved, down to SMALLEST_BLOCK steps scanned one by one.
  const block = (j0: number, j1: number) => {
    const hA0 = hourAngle(ia, eventA, j0);
    const hA1 = hourAngle(ia, eventA, j1);
    const hB0 = hourAngle(ib, eventB, j0);
    const hB1 = hourAngle(ib, eventB, j1);
    const lo = a.ra + Math.min(hA0, hA1) - b.ra - Math.max(hB0, hB1) - BLOCK_MARGIN_DEG;
    const hi = a.ra + Math.max(hA0, hA1) - b.ra - Math.min(hB0, hB1) + BLOCK_MARGIN_DEG;
    // (NaN bounds fail every comparison and the block is scanned.)
    const turn = Math.floor(lo / 360);
    if (hi - lo < 180 && lo > 360 * turn && hi < 360 * (turn + 1)) return;
    if (j1 - j0 <= SMALLEST_BLOCK) return scanSteps(j0, j1);
    const mid = (j0 + j1) >> 1;
    block(j0, mid);
    block(mid, j1);
  };
  for (let j0 = first - (first % BLOCK_STEPS); j0 < end; j0 += BLOCK_STEPS) block(Math.max(j0, first), Math.min(j0 + BLOCK_STEPS, end));
  return out.filter(kept);
}

/** The first grid point at or north of a latitude (the last point when none is). */
function pointAtOrAbove(lats: Float64Array, lat: number): number {
  const last = lats.length - 1;
  let j = Math.max(0, Math.min(last, Math.floor((lat - lats[0]!) / PARAN_SCAN_STEP_DEG)));
  while (j > 0 && lats[j - 1]! >= lat) j--;
  while (j < last && lats[j]! < lat) j++;
  return j;
}

/**
 * Steps scanned on each side of the step holding a closed-form root: far more than the closed form's rounding (the
 * difference moves by at least 0.1° × tan |δ| a step), so the scan of these steps sees every sign change the plain
 * scan would see.
 */
const ROOT_WINDOW_STEPS = 2;
/** Declinations under this (degrees), and roots within this of the scan's ends (degrees of latitude), are scanned as before. */
const CLOSED_FORM_MIN_DEC = 1e-4;
const CLOSED_FORM_END_MARGIN = 1;
const CLOSED_FORM_MARGIN_DEG = 1e-6;

/**
 * Where a horizon event of one body meets a meridian event of the other: H0(φ) ≡ v (mod 360°) for one v, and H0 is
 * strictly monotonic in latitude (δ ≠ 0) between 0° and 180°, so there is one root or none, tan φ = −cos v / tan δ.
 * Returns the grid step (j to j + 1) holding it, 'none' when the plain scan cannot find a root (v beyond 0–180°, or
 * the root more than CLOSED_FORM_END_MARGIN beyond the scan's ends, where the difference stays far from a multiple
 * of 360°), or 'scan' when the closed form is not used (two horizon or two meridian events, δ near 0, a root near
 * the ends of the scan or v near 0° or 180°, where the plain scan's handling of the ends decides).
 */
function meridianRootStep(a: AcgBody, eventA: AcgAngle, b: AcgBody, eventB: AcgAngle, reach: number, lats: Float64Array): number | 'none' | 'scan' {
  if (isMeridian(eventA) === isMeridian(eventB)) return 'scan';
  const horizonIsA = !isMeridian(eventA);
  const h = horizonIsA ? a : b;
  const side = (horizonIsA ? eventA : eventB) === 'asc' ? -1 : 1;
  const offset = (horizonIsA ? eventB : eventA) === 'ic' ? 180 : 0;
  if (!(Math.abs(h.dec) >= CLOSED_FORM_MIN_DEC)) return 'scan';
  // A horizon: a.ra + side·H0 ≡ b.ra + offset; B horizon: a.ra + offset ≡ b.ra + side·H0.
  const raw = horizonIsA ? side * (b.ra + offset - a.ra) : side * (a.ra + offset - b.ra);
  const v = ((raw % 360) + 360) % 360;
  if (v < CLOSED_FORM_MARGIN_DEG || Math.abs(v - 180) < CLOSED_FORM_MARGIN_DEG || v > 360 - CLOSED_FORM_MARGIN_DEG) return 'scan';
  if (v > 180) return 'none';
  const root = Math.atan(-Math.cos(v * RAD) / Math.tan(h.dec * RAD)) / RAD;
  if (Math.abs(root) > reach + CLOSED_FORM_END_MARGIN) return 'none';
  if (Math.abs(root) > reach - CLOSED_FORM_END_MARGIN) return 'scan';
  const last = lats.length - 1;
  let j = Math.max(0, Math.min(last - 1, Math.floor((root + reach) / PARAN_SCAN_STEP_DEG)));
  while (j > 0 && lats[j]! > root) j--;
  while (j < last - 1 && lats[j + 1]! <= root) j++;
  return j;
}

const RAD = Math.PI / 180;

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
 * The parans of a sky: every pair of different bodies (in the order given: A before B) and every
 * pair of events, between |latitude| minAbsLat and maxAbsLat, searched window by window. The grids
 * and hour angles computed for one window serve the next, and windows that do not overlap share no
 * paran, so a search widened band by band costs what one search of the whole band would.
 */
export class ParanSearch {
  private readonly scan: ParanScan;
  constructor(
    private readonly bodies: readonly AcgBody[],
    private readonly events: readonly AcgAngle[],
    private readonly minAbsLat: number,
    private readonly maxAbsLat: number,
  ) {
    this.scan = new ParanScan(bodies);
  }

  /** The parans inside a window of latitudes, pair by pair in the order of the bodies and events. */
  within(window: LatitudeWindow): Paran[] {
    const { bodies, events } = this;
    const out: Paran[] = [];
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        const a = bodies[i]!;
        const b = bodies[j]!;
        for (const eventA of events) {
          for (const eventB of events) {
            if (isMeridian(eventA) && isMeridian(eventB)) continue;
            for (const lat of paranLatitudesOf(this.scan, i, eventA, j, eventB, this.minAbsLat, this.maxAbsLat, bodies, window)) {
              const lst = (((a.ra + eventHourAngle(a, eventA, lat)) % 360) + 360) % 360;
              out.push({ a, eventA, b, eventB, lat, lstDeg: lst });
            }
          }
        }
      }
    }
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
