/**
 * Spreads glyphs without ever carrying one across a radial line (house cusp or angle axis).
 *
 * The lines cut the circle into arcs; every point stays in the arc that holds its true
 * longitude, at least `marginAt(line)` degrees clear of the line so that no glyph or label
 * box touches it. Inside an arc, crowded points are fanned out around their mean exactly as
 * in `spreadLongitudes`, but each fan is held inside the arc. A house too short for its points
 * gives up a cusp and shares its neighbour's room; an arc between two angle axes, only as a last
 * resort, gives up an axis. Only an arc that is still too short (every line given up) shrinks
 * its spacing to fit.
 */
import { norm360 } from '../geometry.ts';
import { spreadLongitudes, type SeparationFn } from './spread.ts';

interface Fan {
  members: { index: number; lon: number }[];
  sep: number;
  start: number;
}

function fanEnd(c: Fan): number {
  return c.start + (c.members.length - 1) * c.sep;
}

/** Lays one arc's points (sorted, unwrapped) out between `lower` and `upper`. */
function spreadInArc(members: { index: number; lon: number }[], lower: number, upper: number, sepAt: SeparationFn, out: number[]): void {
  const room = Math.max(0, upper - lower);
  const place = (c: Fan): void => {
    const n = c.members.length;
    const mean = c.members.reduce((s, m) => s + m.lon, 0) / n;
    let sep = sepAt(mean);
    c.start = mean;
    // The spacing needed depends on where the fan ends up, which depends on the spacing:
    // a few rounds settle it (the fan may have been pushed away from its mean by a line).
    for (let round = 0; round < 3; round++) {
      if (n > 1) {
        const at = c.start === mean ? mean - ((n - 1) * sep) / 2 : c.start;
        for (let j = 0; j < 2 * n - 1; j++) sep = Math.max(sep, sepAt(at + (j * sep) / 2));
        if ((n - 1) * sep > room) sep = room / (n - 1);
      }
      const span = (n - 1) * sep;
      // Held inside the arc; an arc narrower than one glyph keeps its points at its middle.
      c.start = upper < lower ? (lower + upper) / 2 - span / 2 : Math.min(Math.max(mean - span / 2, lower), upper - span);
    }
    c.sep = sep;
  };
  const fans: Fan[] = members.map((m) => {
    const c: Fan = { members: [m], sep: 0, start: 0 };
    place(c);
    return c;
  });
  for (let guard = 0; guard < 4 * members.length; guard++) {
    let merged = false;
    for (let i = 0; i + 1 < fans.length; i++) {
      const a = fans[i]!;
      const b = fans[i + 1]!;
      const need = Math.min(Math.max(a.sep, b.sep, sepAt(fanEnd(a)), sepAt(b.start)), room);
      if (fanEnd(a) + need > b.start + 1e-9) {
        a.members.push(...b.members);
        fans.splice(i + 1, 1);
        place(a);
        merged = true;
        break;
      }
    }
    if (!merged) break;
  }
  for (const c of fans) c.members.forEach((m, j) => (out[m.index] = norm360(c.start + j * c.sep)));
}

/** The share of their full spacing that glyphs between two angle axes may be squeezed to before an axis gives way. */
const AXIS_SQUEEZE = 0.8;

export interface RadialLine {
  lon: number;
  /** Angle axes are hard; a cusp may be given up when its house is too short for its glyphs. */
  hard: boolean;
}

/**
 * Display longitudes (0–360) in the order of `lons`. `lines` are the radial lines crossing the
 * track; `marginAt(lon)` is the clearance (degrees) a glyph stack needs from a line at `lon`.
 * Without lines this is `spreadLongitudes`.
 */
export function spreadWithinBarriers(
  lons: readonly number[],
  sep: number | SeparationFn,
  lines: readonly RadialLine[],
  marginAt: (lon: number) => number,
): number[] {
  const sepAt: SeparationFn = typeof sep === 'number' ? () => sep : sep;
  const byLon = new Map<number, boolean>();
  for (const l of lines) {
    if (!Number.isFinite(l.lon)) continue;
    const k = Math.round(norm360(l.lon) * 1e6) / 1e6;
    byLon.set(k, (byLon.get(k) ?? false) || l.hard);
  }
  let cuts = [...byLon.entries()].map(([lon, hard]) => ({ lon, hard })).sort((a, b) => a.lon - b.lon);
  if (cuts.length === 0 || lons.length === 0) return spreadLongitudes(lons, sepAt);
  const points = lons.map((raw, index) => ({ index, lon: norm360(raw) }));

  // Arcs between consecutive cuts; a house too short for its glyphs gives up its softer cusp
  // (never an angle) and shares the room with its neighbour.
  type Arc = { from: number; to: number; members: { index: number; lon: number }[] };
  const arcsOf = (): Arc[] => {
    const arcs: Arc[] = cuts.map((c, k) => ({ from: c.lon, to: k + 1 < cuts.length ? cuts[k + 1]!.lon : cuts[0]!.lon + 360, members: [] }));
    for (const p of points) {
      // The arc that starts at the last cut at or before the point (a point on a cusp belongs
      // to the house that begins there).
      let k = cuts.length - 1;
      for (let i = 0; i < cuts.length; i++) if (cuts[i]!.lon <= p.lon) k = i;
      arcs[k]!.members.push({ index: p.index, lon: p.lon >= arcs[k]!.from ? p.lon : p.lon + 360 });
    }
    for (const a of arcs) a.members.sort((x, y) => x.lon - y.lon || x.index - y.index);
    return arcs;
  };
  /** The arc's room beyond what its glyphs need at `share` of their full spacing (negative: they do not fit). */
  const slack = (a: Arc, share = 1): number => {
    const n = a.members.length;
    if (n === 0) return a.to - a.from;
    // The widest spacing needed anywhere in the arc: a fan may be pushed to either end.
    let sep = 0;
    for (let j = 0; j <= 8; j++) sep = Math.max(sep, sepAt(a.from + ((a.to - a.from) * j) / 8));
    return a.to - marginAt(a.to) - (a.from + marginAt(a.from)) - (n - 1) * sep * share;
  };
  let arcs = arcsOf();
  for (let guard = 0; guard < 24 && cuts.length > 1; guard++) {
    let k = arcs.findIndex((a, i) => slack(a) < 0 && (!cuts[i]!.hard || !cuts[(i + 1) % cuts.length]!.hard));
    // Last resort: two angle axes a few degrees apart (far north or south) with more glyphs between
    // them than fit even at AXIS_SQUEEZE of their spacing (spacing counts the widest labels and a
    // pad, so a little less still keeps them apart). Glyphs piled on one another are unreadable;
    // one crossing an axis is not, and its leader line still points at its true place. The axis
    // with more room beyond it gives way.
    const axesOnly = k < 0;
    if (axesOnly) k = arcs.findIndex((a) => slack(a, AXIS_SQUEEZE) < 0);
    if (k < 0) break;
    const before = cuts[k]!;
    const afterIdx = (k + 1) % cuts.length;
    const after = cuts[afterIdx]!;
    const prevSlack = before.hard && !axesOnly ? -Infinity : slack(arcs[(k - 1 + arcs.length) % arcs.length]!);
    const nextSlack = after.hard && !axesOnly ? -Infinity : slack(arcs[afterIdx]!);
    const drop = nextSlack >= prevSlack ? afterIdx : k;
    cuts = cuts.filter((_, i) => i !== drop);
    arcs = arcsOf();
  }

  const out = new Array<number>(lons.length);
  for (const a of arcs) {
    if (a.members.length === 0) continue;
    spreadInArc(a.members, a.from + marginAt(a.from), a.to - marginAt(a.to), sepAt, out);
  }
  return out;
}
