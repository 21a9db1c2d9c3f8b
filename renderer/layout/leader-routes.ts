/**
 * Leader lines that keep clear of every other glyph. A glyph drawn off its true degree (spread
 * along its row, or on the second row of a single wheel) is joined to the tick at that degree by
 * a leader line; a straight line from the tick to the glyph can run through, or graze, the glyph
 * of a neighbour it passes (over 300 random births per chart kind, 93 to 276 leaders did), which
 * then reads as the one pointed at. Such a leader is routed instead: round the rim at the tick's
 * end (or further out, back over its tick), then down to its glyph, the shortest such path that
 * keeps LEADER_CLEARANCE from every other glyph's box and crosses the fewest of their labels. A
 * tick that ends against another glyph's box is shortened first (its leader starts where it ends).
 */
import { angleDiff, segmentInBox, type Frame, type Point } from '../geometry.ts';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What routing reads of a placed point (layout/points.ts), and the leader it routes. */
export interface LeaderOwner {
  lon: number;
  displayLon: number;
  bbox: Box;
  labels: readonly { box: Box }[];
  tick: { from: Point; to: Point };
  leader: { from: Point; to: Point; via?: Point[] } | null;
}

/**
 * The least distance, px, between a leader line's centre and another glyph's box: the line's
 * half-width (0.3 px), the SVG's rounding to hundredths and a margin the eye reads as apart.
 */
export const LEADER_CLEARANCE = 0.6;

/** The rim is followed in steps of at most this many degrees (a chord sags less than 0.1 px). */
const ARC_STEP = 1.5;
/**
 * The routes tried, the coarser first (a finer search only where it finds none): where a routed
 * leader may turn down from the rim, every `step` degrees from its true degree to `beyond` degrees
 * past its glyph (and as far before its degree), and the `drops` radii, from the rim down to its
 * glyph's top, at which it may leave that radial for its glyph.
 */
const SEARCHES = [
  { step: 0.2, beyond: 4, drops: 8 },
  { step: 0.1, beyond: 8, drops: 16 },
  { step: 0.25, beyond: 24, drops: 16 },
] as const;
/** The radii, from the tick's end out to the rim, at which a routed leader may follow the rim. */
const ARC_RADII = 3;

type Path = Point[];

const leaderPath = (l: NonNullable<LeaderOwner['leader']>): Path => [l.from, ...(l.via ?? []), l.to];

const grown = (b: Box): Box => ({ x: b.x - LEADER_CLEARANCE, y: b.y - LEADER_CLEARANCE, w: b.w + 2 * LEADER_CLEARANCE, h: b.h + 2 * LEADER_CLEARANCE });

/** What crossing another glyph's label adds to a route's length when routes are compared, px: a detour of up to this much is preferred. */
const LABEL_CROSSED = 25;

/** How many of `boxes` `path` passes through. */
function crossed(path: Path, boxes: readonly Box[]): number {
  let n = 0;
  for (const b of boxes) if (!clearOf(path, [b])) n++;
  return n;
}

/** Whether `path` keeps clear of `obstacles` (the other glyphs' boxes grown by LEADER_CLEARANCE). */
function clearOf(path: Path, obstacles: readonly Box[]): boolean {
  for (let k = 1; k < path.length; k++) for (const b of obstacles) if (segmentInBox(path[k - 1]!, path[k]!, b) !== undefined) return false;
  return true;
}

function lengthOf(path: Path): number {
  let s = 0;
  for (let k = 1; k < path.length; k++) s += Math.hypot(path[k]!.x - path[k - 1]!.x, path[k]!.y - path[k - 1]!.y);
  return s;
}

/**
 * The route of `p`'s leader clear of `boxes` and across the fewest of `labels` (each counted as
 * LABEL_CROSSED px more length): its points from the tick's end to the glyph, or null when no
 * route is.
 */
function routeOf(p: LeaderOwner, frame: Frame, boxes: readonly Box[], labels: readonly Box[]): Path | null {
  const l = p.leader!;
  const rTick = Math.hypot(l.from.x - frame.cx, l.from.y - frame.cy);
  const rRim = Math.hypot(p.tick.from.x - frame.cx, p.tick.from.y - frame.cy);
  const rEnd = Math.hypot(l.to.x - frame.cx, l.to.y - frame.cy);
  const move = angleDiff(p.lon, p.displayLon);
  const dir = move >= 0 ? 1 : -1;
  for (const search of SEARCHES) {
    let best: Path | null = null;
    let bestLength = Infinity;
    // Round the rim at the tick's end, or further out along the tick (back over it) where the
    // tick ends against a neighbour's glyph.
    for (let j = 0; j < ARC_RADII; j++) {
      const rArc = rTick + ((rRim - rTick) * j) / ARC_RADII;
      const start = j === 0 ? [l.from] : [l.from, frame.xy(p.lon, rArc)];
      const arc = (to: number): Path => {
        const n = Math.ceil(Math.abs(to) / ARC_STEP);
        return Array.from({ length: n }, (_, k) => frame.xy(p.lon + ((k + 1) / n) * to, rArc));
      };
      // Turning points from the true degree to a little beyond the glyph, then a little before
      // the degree; a way along the rim that meets a glyph ends the search that way.
      const turns = [];
      for (let a = 0; a <= Math.abs(move) + search.beyond; a += search.step) turns.push(dir * a);
      for (let a = search.step; a <= search.beyond; a += search.step) turns.push(-dir * a);
      let blocked = 0;
      for (const turn of turns) {
        if (blocked !== 0 && Math.sign(turn) === blocked) continue;
        const along = [...start, ...arc(turn)];
        if (!clearOf(along, boxes)) {
          if (turn !== 0) blocked = Math.sign(turn);
          else break;
          continue;
        }
        const alongLength = lengthOf(along);
        if (alongLength >= bestLength) continue;
        // The labels the way along the rim crosses: counted once, when a drop from it is worth it.
        let alongLabels = -1;
        for (let k = 0; k <= search.drops; k++) {
          const r = rArc + ((rEnd - rArc) * k) / search.drops;
          const tail = k === 0 ? [along[along.length - 1]!, l.to] : [along[along.length - 1]!, frame.xy(p.lon + turn, r), l.to];
          let length = alongLength + lengthOf(tail);
          if (length >= bestLength || !clearOf(tail, boxes)) continue;
          if (alongLabels < 0) alongLabels = crossed(along, labels);
          length += LABEL_CROSSED * (alongLabels + crossed(tail, labels));
          const path = [...along, ...tail.slice(1)];
          if (length < bestLength) {
            best = path;
            bestLength = length;
          }
        }
      }
    }
    if (best) return best;
  }
  return null;
}

/** A tick keeps at least this share of its length when it is shortened (shortenTick). */
const LEAST_TICK = 0.3;
const TICK_STEPS = 14;

/**
 * A tick that ends on or against another glyph (a neighbour drawn at the planet's own degree,
 * whose box's corner reaches up into the ticks' band) is shortened, along its radius, until it is
 * clear of it: its leader starts where it ends.
 */
function shortenTick(p: LeaderOwner, frame: Frame, boxes: readonly Box[]): void {
  const l = p.leader!;
  if (clearOf([p.tick.from, p.tick.to], boxes)) return;
  const rTick = Math.hypot(p.tick.to.x - frame.cx, p.tick.to.y - frame.cy);
  const rRim = Math.hypot(p.tick.from.x - frame.cx, p.tick.from.y - frame.cy);
  for (let k = 1; k <= TICK_STEPS; k++) {
    const end = frame.xy(p.lon, rTick + ((rRim - rTick) * (1 - LEAST_TICK) * k) / TICK_STEPS);
    if (clearOf([p.tick.from, end], boxes)) {
      p.tick = { from: p.tick.from, to: end };
      l.from = end;
      return;
    }
  }
}

/** Routes every leader line of `points` that a straight line would draw through or against another glyph (`via`: its turning points). */
export function routeLeaders(points: readonly LeaderOwner[], frame: Frame): void {
  for (const p of points) {
    if (!p.leader) continue;
    const others = points.filter((o) => o !== p);
    const boxes = others.map((o) => grown(o.bbox));
    shortenTick(p, frame, boxes);
    // Across as few of the other glyphs' labels as it can (through the gaps between the
    // neighbours' columns of glyph and labels).
    const labels = others.flatMap((o) => o.labels.map((x) => grown(x.box)));
    if (clearOf(leaderPath(p.leader), boxes)) continue;
    const path = routeOf(p, frame, boxes, labels);
    // A route along its tick only (no arc) repeats the point where it leaves the tick.
    const via = path?.slice(1, -1).filter((q, k, all) => k === 0 || Math.hypot(q.x - all[k - 1]!.x, q.y - all[k - 1]!.y) > 0.01);
    if (via?.length) p.leader.via = via;
  }
}
