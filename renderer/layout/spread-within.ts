/**
 * Spreads a track's glyphs so that each stays in its own sector: between the radial lines that
 * cross the track (house cusps, angle axes) and the sign boundaries.
 *
 * The angle axes cut the circle into arcs a glyph never leaves (only as a last resort, when more
 * glyphs sit between two axes than fit even drawn smaller, does an axis give way). Inside an arc
 * each glyph aims at its true longitude, held inside its own sector (sign ∩ house, its boxes
 * clear of the lines); the glyphs then keep their order and their boxes apart at the least
 * squared displacement from those aims (isotonic regression, pool-adjacent-violators, clamped
 * into bounds that keep each glyph in its sector). Where a run of glyphs pushing on one another
 * does not fit those bounds, they are relaxed step by step, only for that run:
 *  1. the boxes may touch the cusp lines, and reach over an angle axis that ends the arc as far
 *     as the next arc's boxes leave room (the glyph itself stays in its sector; the axis is then
 *     drawn broken around the boxes: angles-layer.ts);
 *  2. a crowd whose glyphs overlap at their true longitudes and straddle a line (a cusp or a
 *     sign boundary) may cross that line, within the sectors the crowd itself spans;
 *  3. the run's glyphs are drawn smaller, step by step, to a floor (`GlyphModel.shrink`);
 *  4. the glyphs may leave their sectors anywhere in the arc (never needed by the random births
 *     of the layout test);
 *  5. an axis gives way (two axes a few degrees apart, far north or south).
 * So a glyph leaves its sector only with a crowd that straddles the line, and by the least amount.
 */
import { norm360 } from '../geometry.ts';
import { spreadLongitudes } from './spread.ts';

export interface RadialLine {
  lon: number;
  /** Angle axes are hard: glyphs stay between them. Cusps and sign boundaries only hold their sector's glyphs. */
  hard: boolean;
  /** A sign boundary does not cross the track: a glyph may sit next to it with no clearance. */
  virtual?: boolean;
}

/** What the spreader asks of the glyphs (by index in the longitudes it is given). */
export interface GlyphModel {
  /**
   * How far glyph i's boxes reach from its drawn angle `x` towards lower longitudes (out[0]) and
   * higher ones (out[1]), degrees, with the clearance they keep: two glyphs whose reaches do not
   * meet do not overlap, and a line outside a glyph's reach misses its boxes.
   */
  reach(i: number, x: number, out: Float64Array): void;
  /**
   * The least angle glyph j must keep above glyph i drawn at `x` for their boxes to stay apart;
   * `most` is a first guess of enough (their reaches apart), and `now` their angle apart as drawn
   * now: a model may answer `most` when `now` is no less (the gap is then not binding).
   */
  gap(i: number, j: number, x: number, most: number, now: number): number;
  /** Whether glyphs i and j, neighbours in longitude, overlap when drawn at their true longitudes (one crowd). */
  touching(i: number, j: number): boolean;
  /** Whether glyphs i and j are drawn at different radii: glyph i must then be kept apart from the one after j as well. */
  apart(i: number, j: number): boolean;
  /** Draws these glyphs (a run in longitude) smaller by one step; false when none of them can shrink any more. */
  shrink(indices: readonly number[]): boolean;
}

/** How far a glyph went to find room: the step of the list above its run needed (0: none). */
type Strain = 0 | 1 | 2 | 3 | 4;

/** A glyph's least distance from a sign boundary (which does not cross the track), degrees. */
const VIRTUAL_MARGIN = 0.05;
/**
 * What the boxes reaching over an axis leave between them and the next arc's boxes, degrees; boxes
 * of glyphs conjunct with the angle either side of its axis keep half of it each from the axis.
 */
const OVER_GAP = 1;
/**
 * The room, degrees, a glyph keeps between its boxes and an angle's axis (beyond its reach's
 * hair), so that a glyph beside an axis does not read as conjunct with the angle, nor two labels
 * either side of it as one number; only a glyph whose boxes meet the axis at its true degree may
 * reach over it (the axis is then drawn broken around them).
 */
const AXIS_MARGIN = 0.8;

interface End {
  lon: number;
  /** An axis (its boxes keep clear of it); the ends of the arc of a chart without axes are not lines. */
  line: boolean;
  /**
   * How far past this axis (degrees) the boxes of a strained run may reach: the room the next
   * arc's boxes leave beyond it (0: none, the boxes keep clear of the axis at every step).
   */
  over: number;
}

/** How an arc was laid out: whether it fitted, the farthest step a run of it took, and how far its boxes reach. */
interface Packed {
  ok: boolean;
  strain: Strain;
  /** The lowest and highest longitudes its boxes reach (unwrapped, as the arc's ends are). */
  reachLo: number;
  reachHi: number;
}

interface Wall {
  lon: number;
  virtual: boolean;
  /** An axis that gave way: glyphs may be drawn past it, their boxes clear of it. */
  hard: boolean;
}

interface Member {
  index: number;
  /** Unwrapped true longitude. */
  lon: number;
  sector: number;
  /** Sectors spanned by its crowd (glyphs touching at their true longitudes, chained). */
  crowdLo: number;
  crowdHi: number;
  level: Strain;
  /** At step 4, how many sectors its range reaches beyond its crowd's, below and above. */
  wLo: number;
  wHi: number;
  /** Axes that gave way, inside its range, and the side of each it keeps to (true: above). */
  pins: Map<number, boolean>;
}

const scratch = new Float64Array(2);

/**
 * The sectors (0 … W, between an arc's W walls) a member may be drawn in at a step: its own up to
 * step 1, the sectors its crowd spans at step 2, those widened by its reach beyond the crowd from
 * step 3 (the arc's and the second pass's one reading of the steps).
 */
function sectorsAt(m: Member, level: number, W: number): [number, number] {
  if (level >= 3) return [Math.max(0, m.crowdLo - m.wLo), Math.min(W, m.crowdHi + m.wHi)];
  if (level === 2) return [m.crowdLo, m.crowdHi];
  return [m.sector, m.sector];
}

/** Weighted-free pool-adjacent-violators: the non-decreasing sequence nearest `z` (least squares). */
function isotonic(z: readonly number[]): number[] {
  const val: number[] = [];
  const len: number[] = [];
  for (let i = 0; i < z.length; i++) {
    val.push(z[i]!);
    len.push(1);
    while (val.length > 1 && val[val.length - 2]! > val[val.length - 1]!) {
      const v2 = val.pop()!;
      const l2 = len.pop()!;
      const k = val.length - 1;
      val[k] = (val[k]! * len[k]! + v2 * l2) / (len[k]! + l2);
      len[k] = len[k]! + l2;
    }
  }
  const out: number[] = [];
  for (let b = 0; b < val.length; b++) for (let j = 0; j < len[b]!; j++) out.push(val[b]!);
  return out;
}

/**
 * Lays an arc's members (sorted by longitude) out between its ends. Not `ok` when they do not
 * fit even at the last step (the caller lets an axis give way).
 */
function packArc(ms: Member[], lo: End, hi: End, walls: readonly Wall[], model: GlyphModel, out: number[]): Packed {
  const n = ms.length;
  if (n === 0) return { ok: true, strain: 0, reachLo: Infinity, reachHi: -Infinity };
  const W = walls.length;
  const hardWalls = walls.flatMap((w, k) => (w.hard ? [k] : []));
  const sectorOf = (lon: number) => {
    let k = 0;
    while (k < W && walls[k]!.lon <= lon) k++;
    return k;
  };
  // A point on a line (a second chart's Midheaven on its own tenth cusp) is in the sectors on both sides.
  const lowSector = (m: Member) => (m.sector > 0 && Math.abs(walls[m.sector - 1]!.lon - m.lon) < 1e-6 ? m.sector - 1 : m.sector);
  const crowds = () => {
    // Crowds: neighbours touching at their true longitudes, chained.
    let start = 0;
    for (let i = 0; i < n; i++) {
      if (i + 1 < n && model.touching(ms[i]!.index, ms[i + 1]!.index)) continue;
      for (let j = start; j <= i; j++) {
        ms[j]!.crowdLo = lowSector(ms[start]!);
        ms[j]!.crowdHi = ms[i]!.sector;
      }
      start = i + 1;
    }
  };
  for (const m of ms) m.sector = sectorOf(m.lon);
  crowds();

  const below = new Array<number>(n).fill(0);
  const above = new Array<number>(n).fill(0);
  // After a few rounds the reaches only grow: where they depend on the drawn angle by jumps (a
  // retrograde mark changing corners), positions could otherwise swing between two layouts.
  let settling = false;
  const measure = (x: readonly number[]) => {
    for (let i = 0; i < n; i++) {
      model.reach(ms[i]!.index, x[i]!, scratch);
      below[i] = settling ? Math.max(below[i]!, scratch[0]!) : scratch[0]!;
      above[i] = settling ? Math.max(above[i]!, scratch[1]!) : scratch[1]!;
    }
  };
  // The nearest line below (above) a sector that crosses the track: a cusp, else the arc's end.
  const realBelow: number[] = [];
  for (let k = 0; k <= W; k++) realBelow.push(k === 0 || !walls[k - 1]!.virtual ? k : realBelow[k - 1]!);
  const realAbove = new Array<number>(W + 1);
  for (let k = W; k >= 0; k--) realAbove[k] = k === W || !walls[k]!.virtual ? k : realAbove[k + 1]!;
  // Bounds of member i in sectors a..b: the glyph inside them (a sign boundary's or a cusp's
  // least margin), its boxes clear of the axes, and at level 0 clear of the cusps as well. Written
  // to span[0] and span[1]; a sector narrower than the glyph's clearances gives an empty range
  // (the run then takes the next step).
  const span = new Float64Array(2);
  const bounds = (i: number, level: number): void => {
    const m = ms[i]!;
    const [a, b] = sectorsAt(m, level, W);
    const from = a === 0 ? lo.lon : walls[a - 1]!.lon;
    const to = b === W ? hi.lon : walls[b]!.lon;
    // Inside its lines, by a hair (a third of the sector where the sector is narrower still).
    const hair = Math.min(VIRTUAL_MARGIN, (to - from) / 3);
    let l = a === 0 ? from : from + (walls[a - 1]!.hard ? below[i]! : hair);
    let h = b === W ? to : to - (walls[b]!.hard ? above[i]! : hair);
    // An axis ending the arc: the boxes clear of it, or (a strained run) over it by the room there
    // is, the glyph on its own side.
    // Only a glyph whose boxes meet the axis at its true degree (conjunct with the angle) may reach
    // over it: any other keeps AXIS_MARGIN clear of it.
    const axisHair = Math.min(VIRTUAL_MARGIN, (hi.lon - lo.lon) / 3);
    if (lo.line) {
      const conjunct = m.lon - lo.lon < below[i]!;
      l = Math.max(
        l,
        lo.lon +
          (level >= 1 && conjunct && lo.over > 0
            ? Math.max(axisHair, below[i]! - lo.over)
            : below[i]! + (conjunct && level === 0 ? OVER_GAP / 2 : AXIS_MARGIN)),
      );
    }
    if (hi.line) {
      const conjunct = hi.lon - m.lon < above[i]!;
      h = Math.min(
        h,
        hi.lon -
          (level >= 1 && conjunct && hi.over > 0
            ? Math.max(axisHair, above[i]! - hi.over)
            : above[i]! + (conjunct && level === 0 ? OVER_GAP / 2 : AXIS_MARGIN)),
      );
    }
    if (level === 0) {
      const rb = realBelow[a]!;
      if (rb > 0) l = Math.max(l, walls[rb - 1]!.lon + below[i]!);
      const ra = realAbove[b]!;
      if (ra < W) h = Math.min(h, walls[ra]!.lon - above[i]!);
    }
    if (m.pins.size > 0) {
      for (const [k, up] of m.pins) {
        if (up) l = Math.max(l, walls[k]!.lon + below[i]!);
        else h = Math.min(h, walls[k]!.lon - above[i]!);
      }
    }
    span[0] = l;
    span[1] = h;
  };

  let x = ms.map((m) => m.lon);
  let settled = 0;
  let skipFirst = false;
  let flipped = false;
  let lastGaps: number[] = [];
  let calmFrom = 8;
  for (let round = 0; round < 80; round++) {
    settling = round >= calmFrom;
    measure(x);
    let staggered = false;
    const gaps: number[] = [];
    for (let i = 0; i + 1 < n; i++) gaps.push(model.gap(ms[i]!.index, ms[i + 1]!.index, x[i]!, above[i]! + below[i + 1]!, x[i + 1]! - x[i]!));
    // Neighbours on different lanes may share an angle: the next but one keeps its distance.
    for (let i = 0; i + 2 < n; i++) {
      if (!model.apart(ms[i]!.index, ms[i + 1]!.index)) continue;
      const two = model.gap(ms[i]!.index, ms[i + 2]!.index, x[i]!, above[i]! + below[i + 2]!, x[i + 2]! - x[i]!);
      // The shortfall goes to one of the two gaps, the same one along the run, so that each lane's
      // neighbours share the room; which one depends on where the room is (both are tried).
      const short = two - gaps[i]! - gaps[i + 1]!;
      if (short > 0) {
        staggered = true;
        const g = skipFirst ? i : i + 1;
        gaps[g] = gaps[g]! + short;
      }
    }
    if (settling && lastGaps.length === gaps.length) for (let i = 0; i < gaps.length; i++) gaps[i] = Math.max(gaps[i]!, lastGaps[i]!);
    lastGaps = gaps;
    const aim: number[] = [];
    const L: number[] = [];
    const U = new Array<number>(n);
    const pushedUp: boolean[] = [];
    const pushedDown = new Array<boolean>(n);
    const hiOf = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      bounds(i, 0);
      const a0 = span[0]!;
      const b0 = span[1]!;
      // The aim: the true longitude held in its sector, clear of its lines (a sector too narrow: its middle).
      aim.push(a0 <= b0 ? Math.min(Math.max(ms[i]!.lon, a0), b0) : (a0 + b0) / 2);
      if (ms[i]!.level !== 0) bounds(i, ms[i]!.level);
      const l = span[0]!;
      hiOf[i] = span[1]!;
      const viaPrev = i > 0 ? L[i - 1]! + gaps[i - 1]! : -Infinity;
      pushedUp.push(viaPrev > l);
      L.push(Math.max(l, viaPrev));
    }
    for (let i = n - 1; i >= 0; i--) {
      const h = hiOf[i]!;
      const viaNext = i + 1 < n ? U[i + 1]! - gaps[i]! : Infinity;
      pushedDown[i] = viaNext < h;
      U[i] = Math.min(h, viaNext);
    }
    const bad = L.findIndex((l, i) => l > U[i]! + 1e-7);
    if (bad >= 0 && staggered && !flipped) {
      skipFirst = !skipFirst;
      flipped = true;
      continue;
    }
    flipped = false;
    if (bad >= 0) {
      // The run that does not fit: the members whose bounds push on the one that has no room.
      let j = bad;
      while (j > 0 && pushedUp[j]) j--;
      let k = bad;
      while (k + 1 < n && pushedDown[k]) k++;
      const run = ms.slice(j, k + 1);
      const least = Math.min(...run.map((m) => m.level));
      if (least < 2) {
        for (const m of run) if (m.level === least) m.level = (least + 1) as Strain;
      } else if (model.shrink(run.filter((m) => m.level < 3).map((m) => m.index))) {
        // (A glyph that crosses its lines already is not drawn smaller for the ones it pushes.)
        for (const m of run) m.level = Math.max(m.level, 2) as Strain;
        crowds();
      } else {
        // The run's ends reach one sector further, where there is a sector to reach: the least
        // crossing that makes room.
        const first = run[0]!;
        const last = run[run.length - 1]!;
        let widened = false;
        if (Math.max(0, first.crowdLo - first.wLo) > 0) {
          first.wLo++;
          first.level = 3;
          widened = true;
        }
        if (Math.min(W, last.crowdHi + last.wHi) < W) {
          last.wHi++;
          last.level = 3;
          widened = true;
        }
        // Held on the near side of an axis that gave way: the glyph at the end of the run crosses it.
        if (!widened) {
          const below = [...last.pins].filter(([, up]) => !up).map(([k]) => k);
          const above = [...first.pins].filter(([, up]) => up).map(([k]) => k);
          if (below.length > 0) {
            const k = Math.min(...below);
            for (const h of hardWalls) if (h <= k) last.pins.set(h, true);
            widened = true;
          } else if (above.length > 0) {
            const k = Math.max(...above);
            for (const h of hardWalls) if (h >= k) first.pins.set(h, false);
            widened = true;
          }
        }
        if (!widened) {
          return { ok: false, strain: 4, reachLo: lo.lon, reachHi: hi.lon };
        }
      }
      settled = 0;
      calmFrom = round + 8;
      lastGaps = [];
      continue;
    }
    const off = [0];
    for (let i = 0; i < gaps.length; i++) off.push(off[i]! + gaps[i]!);
    const y = isotonic(aim.map((a, i) => a - off[i]!));
    const next = y.map((v, i) => Math.min(Math.max(v + off[i]!, L[i]!), U[i]!));
    const moved = next.reduce((acc, v, i) => Math.max(acc, Math.abs(v - x[i]!)), 0);
    x = next;
    // A glyph drawn on an axis that gave way keeps to the side it is drawn on.
    let pinned = false;
    if (hardWalls.length > 0) {
      for (let i = 0; i < n; i++) {
        // The nearest axis its boxes meet: it keeps to its side of that one, and so beyond the
        // others on that side too (two axes closer than a glyph is wide hold it on neither's side).
        let hit = -1;
        for (const k of hardWalls) {
          const w = walls[k]!.lon;
          const free = ms[i]!.pins.has(k) && (ms[i]!.pins.get(k) ? x[i]! - below[i]! >= w - 1e-6 : x[i]! + above[i]! <= w + 1e-6);
          if (!free && x[i]! - below[i]! < w && w < x[i]! + above[i]! && (hit < 0 || Math.abs(w - x[i]!) < Math.abs(walls[hit]!.lon - x[i]!))) hit = k;
        }
        if (hit < 0) continue;
        // The room between the hard lines (axes, and the arc's ends when they are axes) on either
        // side that holds the glyph, the nearer one; between two axes too close for it, beyond.
        const need = below[i]! + above[i]!;
        const lines = [lo.line ? lo.lon : -Infinity, ...hardWalls.map((k) => walls[k]!.lon), hi.line ? hi.lon : Infinity];
        const h = hardWalls.indexOf(hit) + 1;
        let upAt = -1;
        for (let t = h; t + 1 < lines.length && upAt < 0; t++) if (lines[t + 1]! - lines[t]! >= need) upAt = t;
        let downAt = -1;
        for (let t = h; t > 0 && downAt < 0; t--) if (lines[t]! - lines[t - 1]! >= need) downAt = t;
        const w = walls[hit]!.lon;
        const up = downAt < 0 || (upAt >= 0 && (upAt === h && downAt === h ? x[i]! >= w : lines[upAt]! - x[i]! < x[i]! - lines[downAt]!));
        const edge = up ? lines[upAt < 0 ? h : upAt]! : lines[downAt]!;
        for (const k of hardWalls) if (up ? walls[k]!.lon <= edge : walls[k]!.lon >= edge) ms[i]!.pins.set(k, up);
        pinned = true;
      }
    }
    if (pinned) {
      settled = 0;
      continue;
    }
    // The reaches depend on where the glyphs are (their direction on screen): settle them.
    if (moved < 0.01 && ++settled >= 1) break;
  }
  ms.forEach((m, i) => (out[m.index] = norm360(x[i]!)));
  let reachLo = Infinity;
  let reachHi = -Infinity;
  for (let i = 0; i < n; i++) {
    reachLo = Math.min(reachLo, x[i]! - below[i]!);
    reachHi = Math.max(reachHi, x[i]! + above[i]!);
  }
  return { ok: true, strain: Math.max(...ms.map((m) => m.level)) as Strain, reachLo, reachHi };
}

/**
 * The second pass over arcs laid out with their boxes clear of the axes: an arc that did not fit,
 * or where a run was strained (its boxes on the cusps, a crowd across a line, glyphs drawn
 * smaller or out of their sectors), is laid out again with its boxes free to reach over its axes
 * into the room the neighbouring arcs' boxes leave there, the arcs that did not fit first (an
 * arc that does not fit holds the room up to its axes), then one after the other, so that two
 * never claim the same room. A glyph beside an axis then stays in its own sector where the
 * sector is narrower than the glyph, instead of being pushed across the next line.
 */
function overAxes(
  arcs: readonly { from: number; to: number; members: Member[] }[],
  packed: Packed[],
  wallsIn: (from: number, to: number) => Wall[],
  model: GlyphModel,
  out: number[],
): void {
  const n = arcs.length;
  for (let k = 0; k < n; k++) if (!packed[k]!.ok) packed[k] = { ...packed[k]!, reachLo: arcs[k]!.from, reachHi: arcs[k]!.to };
  const order = [...packed.keys()].filter((k) => packed[k]!.strain > 0).sort((p, q) => Number(packed[p]!.ok) - Number(packed[q]!.ok) || p - q);
  for (const k of order) {
    const a = arcs[k]!;
    // The neighbours' reaches, in this arc's unwrapped longitudes (one arc alone meets itself round the circle).
    const prev = packed[(k - 1 + n) % n]!;
    const next = packed[(k + 1) % n]!;
    const prevHi = n === 1 ? prev.reachHi - 360 : prev.reachHi - (arcs[(k - 1 + n) % n]!.to - a.from);
    const nextLo = n === 1 ? next.reachLo + 360 : next.reachLo + (a.to - arcs[(k + 1) % n]!.from);
    // Less a word space, so that labels either side of the axis do not read as one ("28′09′").
    const overLo = Math.max(0, a.from - prevHi - OVER_GAP);
    const overHi = Math.max(0, nextLo - a.to - OVER_GAP);
    if (overLo === 0 && overHi === 0) continue;
    const walls = wallsIn(a.from, a.to);
    // Only a strained run that reaches a sector at an axis with room beyond it can do better.
    const W = walls.length;
    const reachesEnd = (m: Member) => {
      if (m.level === 0) return false;
      const [first, last] = sectorsAt(m, m.level, W);
      return (overLo > 0 && first === 0) || (overHi > 0 && last === W);
    };
    if (packed[k]!.ok && !a.members.some(reachesEnd)) continue;
    for (const m of a.members) {
      m.level = 0;
      m.wLo = 0;
      m.wHi = 0;
      m.pins.clear();
    }
    const again = packArc(a.members, { lon: a.from, line: true, over: overLo }, { lon: a.to, line: true, over: overHi }, walls, model, out);
    if (again.ok) packed[k] = again;
  }
}

/**
 * Display longitudes (0–360) in the order of `lons`.
 * `lines` are the radial lines crossing the track and the sign boundaries.
 */
export function spreadWithinBarriers(lons: readonly number[], lines: readonly RadialLine[], model: GlyphModel): number[] {
  const n = lons.length;
  const out = new Array<number>(n);
  if (n === 0) return out;
  const byLon = new Map<number, { hard: boolean; virtual: boolean }>();
  for (const l of lines) {
    if (!Number.isFinite(l.lon)) continue;
    const k = Math.round(norm360(l.lon) * 1e6) / 1e6;
    const was = byLon.get(k);
    byLon.set(k, { hard: (was?.hard ?? false) || l.hard, virtual: (was?.virtual ?? true) && (l.virtual ?? false) });
  }
  const all: { lon: number; hard: boolean; virtual: boolean }[] = [];
  for (const [lon, v] of byLon) all.push({ lon, hard: v.hard, virtual: v.virtual });
  all.sort((a, b) => a.lon - b.lon);
  const points = lons.map((raw, index) => ({ index, lon: norm360(raw) })).sort((a, b) => a.lon - b.lon || a.index - b.index);
  let soft = all.filter((c) => !c.hard);
  const member = (index: number, lon: number): Member => ({ index, lon, sector: 0, crowdLo: 0, crowdHi: 0, level: 0, wLo: 0, wHi: 0, pins: new Map() });
  const wallsIn = (from: number, to: number): Wall[] =>
    soft
      .map((c) => ({ lon: c.lon > from ? c.lon : c.lon + 360, virtual: c.virtual, hard: c.hard }))
      .filter((w) => w.lon > from && w.lon < to)
      .sort((p, q) => p.lon - q.lon);

  let cuts = all.filter((c) => c.hard).map((c) => c.lon);
  if (cuts.length === 0) {
    // No axis: one arc round the circle, cut in the middle of the widest gap between glyphs.
    let cut = points[points.length - 1]!.lon;
    let widest = points[0]!.lon + 360 - cut;
    for (let i = 0; i + 1 < n; i++) {
      const gap = points[i + 1]!.lon - points[i]!.lon;
      if (gap > widest) {
        widest = gap;
        cut = points[i]!.lon;
      }
    }
    const start = cut + widest / 2;
    const ms = points.map((p) => member(p.index, p.lon >= start ? p.lon : p.lon + 360)).sort((a, b) => a.lon - b.lon || a.index - b.index);
    if (!packArc(ms, { lon: start, line: true, over: 0 }, { lon: start + 360, line: true, over: 0 }, wallsIn(start, start + 360), model, out).ok) {
      return spreadLongitudes(lons, 360 / n);
    }
    return out;
  }

  for (let guard = 0; guard <= 8; guard++) {
    const arcs = cuts.map((c, k) => ({ from: c, to: k + 1 < cuts.length ? cuts[k + 1]! : cuts[0]! + 360, members: [] as Member[] }));
    for (const p of points) {
      let k = cuts.length - 1;
      for (let i = 0; i < cuts.length; i++) if (cuts[i]! <= p.lon) k = i;
      const a = arcs[k]!;
      a.members.push(member(p.index, p.lon >= a.from ? p.lon : p.lon + 360));
    }
    const packed = arcs.map((a) => {
      a.members.sort((x, y) => x.lon - y.lon || x.index - y.index);
      return packArc(a.members, { lon: a.from, line: true, over: 0 }, { lon: a.to, line: true, over: 0 }, wallsIn(a.from, a.to), model, out);
    });
    overAxes(arcs, packed, wallsIn, model, out);
    const failed = packed.findIndex((p) => !p.ok);
    if (failed < 0) return out;
    // Last resort: more glyphs between two axes a few degrees apart than fit even drawn smaller.
    // Glyphs piled on one another are unreadable; one across an axis is not, and its leader line
    // still points at its true place. The axis with more room beyond it gives way.
    if (cuts.length === 1) break;
    const room = (k: number) => {
      const a = arcs[(k + arcs.length) % arcs.length]!;
      return a.to - a.from - a.members.length * 10;
    };
    const drop = room(failed + 1) >= room(failed - 1) ? (failed + 1) % cuts.length : failed;
    soft = [...soft, all.find((c) => c.lon === cuts[drop])!].sort((p, q) => p.lon - q.lon);
    cuts = cuts.filter((_, i) => i !== drop);
  }
  // Nothing fits: even spacing round the circle (never met outside synthetic crowds).
  return spreadLongitudes(lons, 360 / n / 1.2);
}
