/**
 * Transits of a moving body to a fixed (natal) degree: every exact instant of an aspect, the
 * windows in which the body stays within orb of it, and the body's stations on the way.
 *
 * This is the project's one track-crossing finder (progressed-crossings.ts) applied to the
 * ephemeris: a body's longitude is a Track sampled on a fixed grid, cut at its stations into
 * pieces of monotonic motion, and every degree wanted (an aspect's exact degree, or the two edges
 * of its orb) is found on its piece by Newton's method on the ephemeris's speed, from the piece's
 * interpolated guess (SOLVE_TOLERANCE_DAYS). A retrograde loop over the
 * degree gives its three exact hits (direct, retrograde, direct), each found.
 *
 * The grid is aligned to multiples of the body's step from JD 0, whatever the range asked for, so
 * that the same body gives the same instants in every request (a timeline and a search agree to
 * the last digit), and its pieces are kept per thread in chunks that later requests reuse. A span is extended on demand: a window already in orb at the start of a range
 * is followed back until the body entered the orb, one still in orb at its end forward until it
 * leaves (at most MAX_REACH_DAYS each way, and never beyond the ephemeris files).
 */
import { bodyInfo } from './bodies.ts';
import { ASTEROID_FILES_END_JD, ASTEROID_FILES_START_JD, calcBody, FILES_END_JD, FILES_START_JD, fromAsteroidFiles, type ZodiacSetting } from './ephemeris.ts';
import { crossings, monotonicPieces, type Crossing, type Track } from './progressed-crossings.ts';
import { aspectDegrees } from './progressed-events.ts';
import { wrap180 } from './events/root-finding.ts';

/**
 * Sampling step (days) by body: shorter than the body's shortest run of direct or retrograde
 * motion, so that no two stations fall in one step (the condition of monotonicPieces), and short
 * enough that a step moves less than 180°. Mercury's retrograde lasts about 20 days, Venus's 40,
 * Mars's 60, the outer planets' four to five months; the true node turns every week or two, the
 * osculating apogee (true_lilith) every few days.
 */
export const TRANSIT_STEP_DAYS: Readonly<Record<string, number>> = {
  sun: 5,
  moon: 0.5,
  mercury: 2,
  venus: 4,
  mars: 5,
  jupiter: 15,
  saturn: 15,
  uranus: 20,
  neptune: 20,
  pluto: 20,
  chiron: 15,
  pholus: 15,
  ceres: 5,
  pallas: 5,
  juno: 5,
  vesta: 5,
  mean_node: 5,
  true_node: 1,
  lilith: 2,
  true_lilith: 0.5,
};

/** The bodies a transit can be found for: every body of the catalogue the ephemeris computes directly. */
export const TRANSIT_HIT_BODIES = Object.keys(TRANSIT_STEP_DAYS);

/**
 * Newton's method stops once its next step is below this (1.7 s) and takes that step: its
 * first guess is the piece's cubic Hermite interpolation (progressed-crossings.ts hermiteRoot), so
 * one or two positions of the ephemeris give the instant: the last step taken is below 2 s, and Newton's error after it is of the order of that step squared (far below a second).
 */
export const SOLVE_TOLERANCE_DAYS = 2e-5;

/** How far (days) a window is followed beyond the range asked for: 80 years, longer than Pluto spends in a 60° band. */
export const MAX_REACH_DAYS = 80 * 365.25;

/**
 * A Track with a name that says which body in which zodiac it follows (tracks of the same key are
 * the same function of time), and the instants it answers: the data files' years, or for an
 * asteroid or centaur the narrower years of the asteroid files (ephemeris.ts).
 */
export interface KeyedTrack extends Track {
  key: string;
  from: number;
  to: number;
}

/** A body's apparent geocentric longitude (in the zodiac given) as a Track, sampled at the body's step. */
export function transitTrack(body: string, zodiac: ZodiacSetting): KeyedTrack {
  const se = bodyInfo(body).se;
  const step = TRANSIT_STEP_DAYS[body];
  if (se === undefined || step === undefined) throw new RangeError(`no transit track for ${body}`);
  const asteroid = fromAsteroidFiles(se);
  return {
    key: zodiac.type === 'sidereal' ? `${body}/${zodiac.ayanamsa}` : body,
    step,
    from: asteroid ? ASTEROID_FILES_START_JD : FILES_START_JD,
    to: asteroid ? ASTEROID_FILES_END_JD : FILES_END_JD,
    at(t) {
      const r = calcBody(t, se, zodiac);
      return { lon: r.lon, speed: r.speedLon };
    },
  };
}

type Piece = ReturnType<typeof monotonicPieces>['pieces'][number];

/** Whether a monotonic piece passes the degree x (the test crossings() makes before solving). */
function straddles(p: Piece, x: number): boolean {
  const g0 = wrap180(p.lon0 - x),
    g1 = wrap180(p.lon1 - x);
  return g0 < 0 !== g1 < 0 && Math.abs(g1 - g0) < 180;
}

/** A stretch of CHUNK_STEPS steps of a track, cut at its stations: the same for every request, so kept (CHUNK_CACHE). */
interface Chunk {
  pieces: Piece[];
  stations: number[];
}
const CHUNK_STEPS = 64;
/** Chunks kept per thread, by track key and index; emptied when it holds MAX_CHUNKS (a few MB). */
const CHUNK_CACHE = new Map<string, Chunk>();
const MAX_CHUNKS = 4000;

function chunkOf(track: KeyedTrack, index: number): Chunk {
  const id = `${track.key}#${index}`;
  let chunk = CHUNK_CACHE.get(id);
  if (!chunk) {
    const length = track.step * CHUNK_STEPS;
    // A chunk at either end of the track's years is sampled only inside them.
    chunk = monotonicPieces(track, Math.max(track.from, index * length), Math.min(track.to, (index + 1) * length));
    if (CHUNK_CACHE.size >= MAX_CHUNKS) CHUNK_CACHE.clear();
    CHUNK_CACHE.set(id, chunk);
  }
  return chunk;
}

/**
 * A body's track cut into monotonic pieces over a span of time that grows on demand. The pieces
 * come in chunks of CHUNK_STEPS steps on the grid of whole steps from JD 0, so a piece's ends do
 * not depend on the range asked, and a chunk once made serves every later request.
 */
export class TrackSpan {
  readonly track: KeyedTrack;
  private first = Number.NaN;
  private chunks: Chunk[] = [];
  /** Longitudes already asked for by instant: the range's ends are asked for by every natal point and aspect. */
  private known = new Map<number, number>();

  constructor(track: KeyedTrack) {
    this.track = track;
  }

  /**
   * A longitude at t that the caller already holds from the ephemeris: the very value the track's
   * `at` gives (the same body, zodiac and instant), kept so that lonAt does not compute it again.
   */
  remember(t: number, lon: number): void {
    this.known.set(t, lon);
  }

  /** The body's longitude at t, computed once per instant. */
  lonAt(t: number): number {
    let lon = this.known.get(t);
    if (lon === undefined) {
      lon = this.track.at(t).lon;
      this.known.set(t, lon);
    }
    return lon;
  }

  /**
   * The body's longitude and speed at t from the cubic Hermite interpolation of the piece holding
   * it (no ephemeris call; within 0.001° for the steps used, a few arcseconds): for placing a body in a house
   * over a range, not for exact instants. The span must cover t.
   */
  interpolated(t: number): { lon: number; speed: number } {
    const p = this.piecesIn(t, t)[0];
    if (!p || p.speed0 === undefined || p.speed1 === undefined) return this.track.at(t);
    const h = p.t1 - p.t0;
    const u = h > 0 ? (t - p.t0) / h : 0;
    const d = wrap180(p.lon1 - p.lon0);
    const lon = p.lon0 + (-2 * u ** 3 + 3 * u ** 2) * d + (u ** 3 - 2 * u ** 2 + u) * h * p.speed0 + (u ** 3 - u ** 2) * h * p.speed1;
    const speed = ((-6 * u ** 2 + 6 * u) * d) / h + (3 * u ** 2 - 4 * u + 1) * p.speed0 + (3 * u ** 2 - 2 * u) * p.speed1;
    return { lon: ((lon % 360) + 360) % 360, speed };
  }

  private get length(): number {
    return this.track.step * CHUNK_STEPS;
  }

  /** Extends the span to hold [a, b] (clamped to the ephemeris files). */
  cover(a: number, b: number): void {
    const from = Math.floor(Math.max(this.track.from, a) / this.length);
    const to = Math.floor(Math.min(this.track.to, b) / this.length);
    if (Number.isNaN(this.first)) {
      this.first = from;
      this.chunks = [chunkOf(this.track, from)];
    }
    while (from < this.first) this.chunks.unshift(chunkOf(this.track, --this.first));
    while (to > this.first + this.chunks.length - 1) this.chunks.push(chunkOf(this.track, this.first + this.chunks.length));
  }

  get start(): number {
    return Math.max(this.track.from, this.first * this.length);
  }

  get end(): number {
    return Math.min(this.track.to, (this.first + this.chunks.length) * this.length);
  }

  /** The pieces that overlap [a, b] (the span must cover it). */
  piecesIn(a: number, b: number): Piece[] {
    const out: Piece[] = [];
    const i0 = Math.max(0, Math.floor(a / this.length) - this.first);
    const i1 = Math.min(this.chunks.length - 1, Math.floor(b / this.length) - this.first);
    for (let i = i0; i <= i1; i++) for (const p of this.chunks[i]!.pieces) if (p.t1 >= a && p.t0 <= b) out.push(p);
    return out;
  }

  /** The stations (zeros of the speed) in [a, b]. */
  stations(a: number, b: number): number[] {
    this.cover(a, b);
    return this.chunks.flatMap((c) => c.stations).filter((t) => t >= a && t <= b);
  }

  /**
   * The crossing of one of `targets` in [a, b] nearest to `t` on the side `dir` (before t for −1,
   * after it for +1), solving only the first piece, going outward from t, that crosses one.
   */
  nearestCrossing(targets: readonly number[], t: number, a: number, b: number, dir: -1 | 1): number | undefined {
    this.cover(a, b);
    const pieces = this.piecesIn(a, b);
    if (dir < 0) pieces.reverse();
    for (const p of pieces) {
      if (!targets.some((x) => straddles(p, x))) continue;
      const found = crossings(this.track, targets, a, b, [p], 'newton', SOLVE_TOLERANCE_DAYS)
        .map((c) => c.t)
        .filter((x) => x >= a && x <= b && (dir < 0 ? x < t : x > t));
      if (found.length) return dir < 0 ? Math.max(...found) : Math.min(...found);
    }
    return undefined;
  }

  /** Every crossing of the degrees `targets` in [a, b], in time order (the span grows to hold the range). */
  crossings(targets: readonly number[], a: number, b: number) {
    this.cover(a, b);
    return crossings(this.track, targets, a, b, this.piecesIn(a, b), 'newton', SOLVE_TOLERANCE_DAYS).filter((c) => c.t >= a && c.t <= b);
  }
}

export interface ExactHit {
  /** Julian day UT of the exact aspect. */
  jd: number;
  /** The aspect's angle (0, 60, 90, 120, 180 …). */
  angle: number;
  /** The exact degree reached: the natal degree plus or minus the angle. */
  degree: number;
  /** +1 when the body moves direct at the hit, −1 when retrograde. */
  direction: 1 | -1;
}

/** Every exact instant in [a, b] at which the span's body stands at one of the aspects `angles` to the fixed degree `natal`. */
export function exactHits(span: TrackSpan, natal: number, angles: readonly number[], a: number, b: number): ExactHit[] {
  const targets = aspectDegrees(natal, angles);
  return span
    .crossings(
      targets.map((x) => x.degree),
      a,
      b,
    )
    .map((c) => ({ jd: c.t, angle: targets[c.target]!.angle, degree: targets[c.target]!.degree, direction: c.direction }));
}

export interface OrbWindow {
  /** The exact degree (natal ± angle) and the aspect's angle. */
  degree: number;
  angle: number;
  orb: number;
  /** When the body came within orb, and when it left; undefined beyond MAX_REACH_DAYS or the ephemeris files. */
  start: number | undefined;
  end: number | undefined;
  /** Every exact hit inside the window, in time order. */
  hits: ExactHit[];
}

/** The signed distance (degrees, −180 to 180) of the body from `degree` at t. */
export function distanceFrom(span: TrackSpan, degree: number, t: number): number {
  return wrap180(span.lonAt(t) - degree);
}

/**
 * Walks outward from `t` (back for −1, forward for +1) in stretches of 8 steps doubling to 64
 * (most of what is looked for lies a few steps away), to MAX_REACH_DAYS and never beyond the
 * ephemeris files, handing each stretch [a, b] to `visit` until it answers (`{ found }`, which may
 * say there is nothing to find).
 */
function walkOutward<T>(span: TrackSpan, t: number, dir: -1 | 1, visit: (a: number, b: number) => { found: T } | undefined): T | undefined {
  let chunk = span.track.step * 8;
  for (let reach = 0; reach < MAX_REACH_DAYS; reach += chunk, chunk = Math.min(chunk * 2, span.track.step * 64)) {
    const near = t + dir * reach;
    const far = t + dir * Math.min(MAX_REACH_DAYS, reach + chunk);
    if (far < span.track.from || far > span.track.to) return undefined;
    const answer = visit(Math.min(near, far), Math.max(near, far));
    if (answer) return answer.found;
  }
  return undefined;
}

/**
 * The last crossing of the orb's edges before `t` (searching back), or the first after it
 * (forward): the pieces are scanned outward from t and only the first one that crosses an edge is
 * solved.
 */
function orbEdge(span: TrackSpan, edges: readonly number[], t: number, dir: -1 | 1): number | undefined {
  return walkOutward(span, t, dir, (a, b) => {
    const found = span.nearestCrossing(edges, t, a, b, dir);
    return found === undefined ? undefined : { found };
  });
}

/**
 * The windows that overlap [a, b] in which the body is within `orb` of an aspect `angle` to the
 * fixed degree `natal` (each side of the aspect, natal + angle and natal − angle, apart), with
 * their real starts and ends (before a, after b when the window runs over) and every exact hit in
 * each. A window is counted from the instant the distance to the exact degree falls to `orb` to
 * the instant it rises past it again; a body that stations inside the orb without reaching the
 * exact degree makes a window without hits.
 */
export function orbWindows(span: TrackSpan, natal: number, angle: number, orb: number, a: number, b: number): OrbWindow[] {
  const windows: OrbWindow[] = [];
  // Only the track's own years are searched (an asteroid's are a little narrower than the files').
  a = Math.max(a, span.track.from);
  b = Math.min(b, span.track.to);
  if (a > b) return windows;
  for (const { degree } of aspectDegrees(natal, [angle])) {
    const edges = [degree - orb, degree + orb];
    const found: { start: number | undefined; end: number | undefined }[] = [];
    let isOpen = Math.abs(distanceFrom(span, degree, a)) <= orb;
    let openedAt = isOpen ? orbEdge(span, edges, a, -1) : undefined;
    for (const c of span.crossings(edges, a, b)) {
      // Each crossing of an edge enters or leaves the orb: the state alternates.
      if (!isOpen) openedAt = c.t;
      else found.push({ start: openedAt, end: c.t });
      isOpen = !isOpen;
    }
    if (isOpen) found.push({ start: openedAt, end: orbEdge(span, edges, b, 1) });
    for (const w of found) {
      const from = w.start ?? span.start;
      const to = w.end ?? span.end;
      const hits = span.crossings([degree], from, to).map((c) => ({ jd: c.t, angle, degree, direction: c.direction }));
      windows.push({ degree, angle, orb, start: w.start, end: w.end, hits });
    }
  }
  return windows.sort((x, y) => (x.start ?? -Infinity) - (y.start ?? -Infinity));
}

/**
 * The window of orbWindows that holds `t` (its exact degree, start and end), found without solving
 * its exact hits: the edges of the orb are looked for outward from t on each side. Undefined when
 * the body is not within orb of either degree of the aspect at t.
 */
export function orbWindowAt(
  span: TrackSpan,
  natal: number,
  angle: number,
  orb: number,
  t: number,
): { degree: number; start: number | undefined; end: number | undefined } | undefined {
  for (const { degree } of aspectDegrees(natal, [angle])) {
    if (Math.abs(distanceFrom(span, degree, t)) > orb) continue;
    const edges = [degree - orb, degree + orb];
    return { degree, start: orbEdge(span, edges, t, -1), end: orbEdge(span, edges, t, 1) };
  }
  return undefined;
}

/**
 * The exact hit nearest to `t` in the orb window that holds `t`, for an aspect `angle` to the
 * fixed degree `natal` (either side of it): the same instant as the nearest of orbWindows' hits
 * in that window, found without solving the window's edges. From `t`, each side's pieces are
 * walked outward, and only until one crosses the exact degree (solved, as orbWindows solves it)
 * or ends outside the orb (a monotonic piece that leaves the orb without crossing has left the
 * window). Undefined when the body is not within orb at `t`, or the window holds no hit within
 * MAX_REACH_DAYS.
 */
export function nearestHitInWindow(span: TrackSpan, natal: number, angle: number, orb: number, t: number): ExactHit | undefined {
  let best: ExactHit | undefined;
  for (const { degree } of aspectDegrees(natal, [angle])) {
    const atT = distanceFrom(span, degree, t);
    if (Math.abs(atT) > orb) continue;
    for (const dir of [-1, 1] as const) {
      const hit = firstHitWithinOrb(span, degree, orb, t, atT, dir);
      if (hit && (!best || Math.abs(hit.t - t) < Math.abs(best.jd - t))) best = { jd: hit.t, angle, degree, direction: hit.direction };
    }
  }
  return best;
}

/** nearestHitInWindow's walk on one side of t: the first crossing of `degree` before the body leaves the orb. */
function firstHitWithinOrb(span: TrackSpan, degree: number, orb: number, t: number, atT: number, dir: -1 | 1): Crossing | undefined {
  return walkOutward(span, t, dir, (a, b) => {
    span.cover(a, b);
    const pieces = span.piecesIn(a, b);
    if (dir < 0) pieces.reverse();
    for (const p of pieces) {
      // The part of the piece on this side of t: from t (or the piece's near end) to its far end.
      const [nearT, farT, farLon] = dir > 0 ? [p.t0, p.t1, p.lon1] : [p.t1, p.t0, p.lon0];
      if (dir * (farT - t) <= 0) continue; // wholly on the other side (or ending at t)
      const nearDistance = dir * (nearT - t) < 0 ? atT : wrap180((dir > 0 ? p.lon0 : p.lon1) - degree);
      const farDistance = wrap180(farLon - degree);
      if (nearDistance < 0 !== farDistance < 0 && Math.abs(farDistance - nearDistance) < 180) {
        const onSide = crossings(span.track, [degree], p.t0, p.t1, [p], 'newton', SOLVE_TOLERANCE_DAYS).filter((c) => (dir > 0 ? c.t >= t : c.t < t));
        if (onSide.length) return { found: dir > 0 ? onSide[0] : onSide[onSide.length - 1] };
      }
      // A monotonic piece that leaves the orb without crossing the degree has left the window.
      if (Math.abs(farDistance) > orb) return { found: undefined };
    }
    return undefined;
  });
}

/**
 * The closest the body comes to `degree` in [a, b] (degrees, ≥ 0): 0 when it reaches it;
 * otherwise the smaller of the distances at the ends and at the stations in between (the only
 * places a distance that does not pass zero can turn). `hits`: how many exact hits [a, b] holds, when known.
 */
export function closestApproach(span: TrackSpan, degree: number, a: number, b: number, hits?: number): number {
  if ((hits ?? span.crossings([degree], a, b).length) > 0) return 0;
  // At the ends of an orb window the distance is the orb itself: the interpolated positions (within
  // 0.001°) serve; inside, the distance can only turn at a station, computed on the ephemeris.
  const far = (t: number) => Math.abs(wrap180(span.interpolated(t).lon - degree));
  let best = Math.min(far(a), far(b));
  for (const s of span.stations(a, b)) best = Math.min(best, Math.abs(distanceFrom(span, degree, s)));
  return best;
}
