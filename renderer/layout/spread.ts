/**
 * Spreads glyphs along a circular track so that neighbours keep a minimum angular distance
 * while staying in zodiacal order and as close as possible to their true longitudes.
 *
 * Clusters of points that are too close are laid out evenly around their mean; clusters that
 * then collide merge and are laid out again, until nothing collides (each merge reduces the
 * cluster count, so this terminates). The circle is cut at its widest empty arc, and the two
 * ends may still merge across that cut.
 */
import { norm360 } from '../geometry.ts';

/** Minimum separation (degrees) required around a given display longitude. */
export type SeparationFn = (lon: number) => number;

interface Cluster {
  /** Unwrapped true longitudes (may exceed 360 after a merge across the cut). */
  members: { index: number; lon: number }[];
  sep: number;
  start: number;
}

function place(c: Cluster, sepAt: SeparationFn, factor: number): void {
  const n = c.members.length;
  let mean = 0;
  for (const m of c.members) mean += m.lon;
  mean /= n;
  let sep = sepAt(mean) * factor;
  if (n > 1) {
    // The requirement varies with direction on screen; check the ends of the fan as well.
    const half = ((n - 1) * sep) / 2;
    sep = Math.max(sep, sepAt(mean - half) * factor, sepAt(mean + half) * factor);
  }
  c.sep = sep;
  c.start = mean - ((n - 1) * sep) / 2;
}

function end(c: Cluster): number {
  return c.start + (c.members.length - 1) * c.sep;
}

/**
 * Returns display longitudes (0–360) in the same order as `lons`.
 * `sep` is a constant minimum separation in degrees or a function of longitude.
 */
export function spreadLongitudes(lons: readonly number[], sep: number | SeparationFn): number[] {
  const n = lons.length;
  const sepAt: SeparationFn = typeof sep === 'number' ? () => sep : sep;
  if (n === 0) return [];
  if (n === 1) return [norm360(lons[0]!)];

  const order = lons.map((lon, index) => ({ index, lon: norm360(lon) })).sort((a, b) => a.lon - b.lon || a.index - b.index);

  // Too many points for the circle: shrink every separation proportionally.
  let total = 0;
  for (const p of order) total += sepAt(p.lon);
  const factor = Math.min(1, 355 / total);

  // Cut the circle at the widest gap so the linear order starts after it.
  let cut = 0;
  let widest = -1;
  for (let i = 0; i < n; i++) {
    const next = i === n - 1 ? order[0]!.lon + 360 : order[i + 1]!.lon;
    const gap = next - order[i]!.lon;
    if (gap > widest) {
      widest = gap;
      cut = i;
    }
  }
  const clusters: Cluster[] = [];
  for (let j = 1; j <= n; j++) {
    const k = (cut + j) % n;
    const p = order[k]!;
    const lon = k <= cut ? p.lon + 360 : p.lon;
    const c: Cluster = { members: [{ index: p.index, lon }], sep: 0, start: 0 };
    place(c, sepAt, factor);
    clusters.push(c);
  }

  for (let guard = 0; guard < 4 * n; guard++) {
    let merged = false;
    for (let i = 0; i + 1 < clusters.length; i++) {
      const a = clusters[i]!;
      const b = clusters[i + 1]!;
      if (end(a) + Math.max(a.sep, b.sep) > b.start + 1e-9) {
        a.members.push(...b.members);
        clusters.splice(i + 1, 1);
        place(a, sepAt, factor);
        merged = true;
        break;
      }
    }
    if (!merged && clusters.length > 1) {
      const first = clusters[0]!;
      const last = clusters[clusters.length - 1]!;
      if (end(last) + Math.max(first.sep, last.sep) > first.start + 360 + 1e-9) {
        for (const m of first.members) last.members.push({ index: m.index, lon: m.lon + 360 });
        clusters.shift();
        place(last, sepAt, factor);
        merged = true;
      }
    }
    if (!merged) break;
  }

  const out = new Array<number>(n);
  for (const c of clusters) {
    c.members.forEach((m, j) => {
      out[m.index] = norm360(c.start + j * c.sep);
    });
  }
  return out;
}
