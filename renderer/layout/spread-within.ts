/**
 * Spreads glyphs so that each stays in its own sector: between the radial lines that cross the
 * track (house cusps, angle axes) and the sign boundaries.
 *
 * The angle axes cut the circle into arcs a glyph never leaves (only as a last resort, when more
 * glyphs sit between two axes than fit even squeezed, does an axis give way). Inside an arc each
 * point aims at its true longitude, held inside its own sector (sign ∩ house, clear of the lines
 * by `marginAt`); the points then keep their order and spacing at the least squared displacement
 * from those aims (isotonic regression, pool-adjacent-violators). So a glyph leaves its sector
 * only when its sector is too short for its neighbours, and then by the least amount. Only an
 * arc too short for its glyphs shrinks their spacing.
 */
import { norm360 } from '../geometry.ts';
import { spreadLongitudes, type SeparationFn } from './spread.ts';


export interface RadialLine {
  lon: number;
  /** Angle axes are hard: glyphs stay between them. Cusps and sign boundaries only hold their sector's glyphs as aims. */
  hard: boolean;
  /** A sign boundary does not cross the track: a glyph may sit next to it with no clearance. */
  virtual?: boolean;
}

/** Weighted pool-adjacent-violators: the non-decreasing sequence nearest `z` (least squares), clamped to [lo, hi]. */
function isotonic(z: readonly number[], w: readonly number[], lo: number, hi: number): number[] {
  const val: number[] = [];
  const wt: number[] = [];
  const len: number[] = [];
  for (let i = 0; i < z.length; i++) {
    val.push(z[i]!);
    wt.push(w[i]!);
    len.push(1);
    while (val.length > 1 && val[val.length - 2]! > val[val.length - 1]!) {
      const v2 = val.pop()!;
      const w2 = wt.pop()!;
      const l2 = len.pop()!;
      const k = val.length - 1;
      val[k] = (val[k]! * wt[k]! + v2 * w2) / (wt[k]! + w2);
      wt[k] = wt[k]! + w2;
      len[k] = len[k]! + l2;
    }
  }
  const out: number[] = [];
  for (let b = 0; b < val.length; b++) for (let j = 0; j < len[b]!; j++) out.push(Math.min(Math.max(val[b]!, lo), hi));
  return out;
}

interface Member {
  index: number;
  /** Unwrapped true longitude. */
  lon: number;
  /** Nearest place inside its own sector. */
  aim: number;
}

/** A sector boundary inside an arc (unwrapped) and the clearance glyphs keep from it. */
interface Wall {
  lon: number;
  margin: number;
}

/**
 * Lays an arc's members (sorted) out between `lower` and `upper`: each inside its own sector
 * (between consecutive `walls`) where the spacing allows, else inside the fewest neighbouring
 * sectors that hold its crowd, at the least squared displacement from its aim.
 */
function packInArc(members: Member[], lower: number, upper: number, walls: readonly Wall[], sepAt: SeparationFn, out: number[]): void {
  const n = members.length;
  if (n === 0) return;
  // Sector k runs from walls[k-1] to walls[k] (sector 0 from `lower`, the last to `upper`).
  const sectorOf = (lon: number) => {
    let k = 0;
    while (k < walls.length && walls[k]!.lon <= lon) k++;
    return k;
  };
  const edgeLo = (k: number) => (k === 0 ? lower : walls[k - 1]!.lon + walls[k - 1]!.margin);
  const edgeHi = (k: number) => (k === walls.length ? upper : walls[k]!.lon - walls[k]!.margin);
  const range = members.map((m) => {
    const k = sectorOf(m.lon);
    return { a: k, b: k };
  });
  const boundsOf = (i: number): [number, number] => {
    const lo = edgeLo(range[i]!.a);
    const hi = edgeHi(range[i]!.b);
    if (lo <= hi) return [lo, hi];
    // A sector narrower than its clearances holds its glyph at its middle.
    const a = range[i]!.a === 0 ? lower : walls[range[i]!.a - 1]!.lon;
    const b = range[i]!.b === walls.length ? upper : walls[range[i]!.b]!.lon;
    return [(a + b) / 2, (a + b) / 2];
  };
  let x = members.map((m) => Math.min(Math.max(m.aim, lower), Math.max(lower, upper)));
  // The spacing depends on where glyphs end up (direction on screen): two rounds settle it.
  for (let round = 0; round < 2; round++) {
    const gaps: number[] = [];
    for (let i = 0; i + 1 < n; i++) gaps.push(Math.max(sepAt(x[i]!), sepAt(x[i + 1]!)));
    let total = gaps.reduce((acc, g) => acc + g, 0);
    const room = upper - lower;
    if (total > room) {
      // Too short even for the glyphs alone: squeeze the spacing to fit.
      const k = Math.max(0, room) / total;
      for (let i = 0; i < gaps.length; i++) gaps[i] = gaps[i]! * k;
      total = Math.max(0, room);
    }
    const offset = [0];
    for (let i = 0; i < gaps.length; i++) offset.push(offset[i]! + gaps[i]!);
    const hiAll = upper < lower ? (lower + upper) / 2 - total / 2 : upper - total;
    const loAll = upper < lower ? hiAll : lower;
    const y = isotonic(
      members.map((m, i) => m.aim - offset[i]!),
      members.map(() => 1),
      loAll,
      hiAll,
    );
    x = y.map((v, i) => v + offset[i]!);
    // Feasible bounds: each glyph in its sectors, given its neighbours' spacing. Where a crowd
    // does not fit its sector, the glyphs that cannot stay widen theirs by a neighbouring sector.
    let L: number[] = [];
    let U: number[] = [];
    for (let guard = 0; guard <= walls.length + 1; guard++) {
      L = [];
      U = [];
      for (let i = 0; i < n; i++) {
        const [lo] = boundsOf(i);
        L.push(i === 0 ? Math.max(lo, lower) : Math.max(lo, L[i - 1]! + gaps[i - 1]!));
      }
      for (let i = n - 1; i >= 0; i--) {
        const [, hi] = boundsOf(i);
        U[i] = i === n - 1 ? Math.min(hi, upper) : Math.min(hi, U[i + 1]! - gaps[i]!);
      }
      const bad = members.map((_, i) => L[i]! > U[i]! + 1e-9);
      if (!bad.some(Boolean)) break;
      let widened = false;
      bad.forEach((isBad, i) => {
        if (!isBad) return;
        const r = range[i]!;
        // Widen towards the side the crowd pushes from: forward when the lower bound is the spacing's, back otherwise.
        const [lo, hi] = boundsOf(i);
        const pushedUp = L[i]! > hi + 1e-9;
        const pushedDown = U[i]! < lo - 1e-9;
        if ((pushedUp || !pushedDown) && r.b < walls.length) {
          r.b++;
          widened = true;
        }
        if ((pushedDown || !pushedUp) && r.a > 0) {
          r.a--;
          widened = true;
        }
      });
      if (!widened) {
        L = members.map(() => -Infinity);
        U = members.map(() => Infinity);
        break;
      }
    }
    // Clamping into bounds that themselves keep the spacing keeps it too.
    x = x.map((v, i) => Math.min(Math.max(v, L[i]!), U[i]!));
  }
  members.forEach((m, i) => (out[m.index] = norm360(x[i]!)));
}

/** The share of their full spacing that glyphs between two angle axes may be squeezed to before an axis gives way. */
const AXIS_SQUEEZE = 0.8;
/** A glyph's least distance from a sign boundary (which does not cross the track), degrees. */
const VIRTUAL_MARGIN = 0.05;

/**
 * Display longitudes (0–360) in the order of `lons`. `lines` are the radial lines crossing the
 * track and the sign boundaries; `marginAt(lon)` is the clearance (degrees) a glyph stack needs
 * from a line at `lon`. Without lines this is `spreadLongitudes`.
 */
export function spreadWithinBarriers(
  lons: readonly number[],
  sep: number | SeparationFn,
  lines: readonly RadialLine[],
  marginAt: (lon: number) => number,
): number[] {
  const sepAt: SeparationFn = typeof sep === 'number' ? () => sep : sep;
  const byLon = new Map<number, { hard: boolean; virtual: boolean }>();
  for (const l of lines) {
    if (!Number.isFinite(l.lon)) continue;
    const k = Math.round(norm360(l.lon) * 1e6) / 1e6;
    const was = byLon.get(k);
    byLon.set(k, { hard: (was?.hard ?? false) || l.hard, virtual: (was?.virtual ?? true) && (l.virtual ?? false) });
  }
  const all = [...byLon.entries()].map(([lon, v]) => ({ lon, ...v })).sort((a, b) => a.lon - b.lon);
  if (all.length === 0 || lons.length === 0) return spreadLongitudes(lons, sepAt);
  const margin = (c: { lon: number; virtual: boolean }) => (c.virtual ? VIRTUAL_MARGIN : marginAt(c.lon));
  const points = lons.map((raw, index) => ({ index, lon: norm360(raw) }));
  const soft = all.filter((c) => !c.hard);

  /** The aim of a point: its true longitude held inside its own sector (between the soft and hard lines around it). */
  const aimOf = (lon: number): number => {
    let prev = all[all.length - 1]!;
    let next = all[0]!;
    for (const c of all) {
      if (c.lon <= lon) prev = c;
    }
    for (let i = all.length - 1; i >= 0; i--) if (all[i]!.lon > lon) next = all[i]!;
    const from = prev.lon <= lon ? prev.lon : prev.lon - 360;
    const to = next.lon > lon ? next.lon : next.lon + 360;
    const lo = from + margin(prev);
    const hi = to - margin(next);
    return lo > hi ? (from + to) / 2 : Math.min(Math.max(lon, lo), hi);
  };

  let cuts = all.filter((c) => c.hard);
  const out = new Array<number>(lons.length);
  if (cuts.length === 0) {
    // No axis: one arc round the circle, cut at the widest gap between points.
    const sorted = [...points].sort((a, b) => a.lon - b.lon);
    let cut = sorted[sorted.length - 1]!.lon;
    let widest = sorted[0]!.lon + 360 - cut;
    for (let i = 0; i + 1 < sorted.length; i++) {
      const gap = sorted[i + 1]!.lon - sorted[i]!.lon;
      if (gap > widest) {
        widest = gap;
        cut = sorted[i]!.lon;
      }
    }
    if (soft.length === 0) return spreadLongitudes(lons, sepAt);
    const start = cut + Math.min(widest / 2, sepAt(cut) / 2);
    const members = sorted
      .map((p) => {
        const lon = p.lon >= start ? p.lon : p.lon + 360;
        return { index: p.index, lon, aim: lon + aimOf(p.lon) - p.lon };
      })
      .sort((a, b) => a.lon - b.lon || a.index - b.index);
    const end = start + 360 - Math.min(widest / 2, sepAt(cut) / 2);
    const walls = soft.map((c) => ({ lon: c.lon >= start ? c.lon : c.lon + 360, margin: margin(c) })).filter((w) => w.lon > start && w.lon < end).sort((p, q) => p.lon - q.lon);
    packInArc(members, start, end, walls, sepAt, out);
    return out;
  }

  type Arc = { from: number; to: number; members: Member[] };
  const arcsOf = (): Arc[] => {
    const arcs: Arc[] = cuts.map((c, k) => ({ from: c.lon, to: k + 1 < cuts.length ? cuts[k + 1]!.lon : cuts[0]!.lon + 360, members: [] }));
    for (const p of points) {
      let k = cuts.length - 1;
      for (let i = 0; i < cuts.length; i++) if (cuts[i]!.lon <= p.lon) k = i;
      const a = arcs[k]!;
      const lon = p.lon >= a.from ? p.lon : p.lon + 360;
      a.members.push({ index: p.index, lon, aim: lon + aimOf(p.lon) - p.lon });
    }
    for (const a of arcs) a.members.sort((x, y) => x.lon - y.lon || x.index - y.index);
    return arcs;
  };
  /** The arc's room beyond what its glyphs need at `share` of their full spacing (negative: they do not fit). */
  const slack = (a: Arc, share: number): number => {
    const n = a.members.length;
    if (n === 0) return a.to - a.from;
    let sep = 0;
    for (let j = 0; j <= 8; j++) sep = Math.max(sep, sepAt(a.from + ((a.to - a.from) * j) / 8));
    return a.to - marginAt(a.to) - (a.from + marginAt(a.from)) - (n - 1) * sep * share;
  };
  let arcs = arcsOf();
  // Last resort: two angle axes a few degrees apart (far north or south) with more glyphs between
  // them than fit even at AXIS_SQUEEZE of their spacing. Glyphs piled on one another are
  // unreadable; one crossing an axis is not, and its leader line still points at its true place.
  // The axis with more room beyond it gives way.
  for (let guard = 0; guard < 8 && cuts.length > 1; guard++) {
    const k = arcs.findIndex((a) => slack(a, AXIS_SQUEEZE) < 0);
    if (k < 0) break;
    const afterIdx = (k + 1) % cuts.length;
    const prevSlack = slack(arcs[(k - 1 + arcs.length) % arcs.length]!, 1);
    const nextSlack = slack(arcs[afterIdx]!, 1);
    const drop = nextSlack >= prevSlack ? afterIdx : k;
    cuts = cuts.filter((_, i) => i !== drop);
    arcs = arcsOf();
  }
  for (const a of arcs) {
    if (a.members.length === 0) continue;
    const lower = a.from + marginAt(a.from);
    const upper = a.to - marginAt(a.to);
    for (const m of a.members) m.aim = Math.min(Math.max(m.aim, lower), Math.max(lower, upper));
    const walls = soft.map((c) => ({ lon: c.lon >= a.from ? c.lon : c.lon + 360, margin: margin(c) })).filter((w) => w.lon > a.from && w.lon < a.to).sort((p, q) => p.lon - q.lon);
    packInArc(a.members, lower, upper, walls, sepAt, out);
  }
  return out;
}
