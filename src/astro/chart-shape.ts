/**
 * Marc Edmund Jones' whole-chart patterns from the ten planets: bundle, bowl, bucket,
 * locomotive, see-saw, splash, splay. Thresholds follow the usual textbook reading
 * (occupied span ≤120°, ≤180°, a singleton handle with an empty sextile either side, two empty
 * sextiles, an empty trine).
 * Pure: the chart drawing outlines the pattern, the interpretation library describes it.
 */
import { normalizeDegrees } from './zodiac.ts';

export type HoroscopeShape = 'bundle' | 'bowl' | 'bucket' | 'locomotive' | 'see_saw' | 'splash' | 'splay';

export const SHAPE_LABELS: Record<HoroscopeShape, string> = {
  bundle: 'Bundle',
  bowl: 'Bowl',
  bucket: 'Bucket',
  locomotive: 'Locomotive',
  see_saw: 'See-Saw',
  splash: 'Splash',
  splay: 'Splay',
};

export const SHAPE_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

/** The empty arcs after each planet, in zodiacal order (the last one wraps round to the first). */
export function gapsAfter(sorted: number[]): number[] {
  return sorted.map((l, i) => (i === sorted.length - 1 ? sorted[0]! + 360 : sorted[i + 1]!) - l);
}

/**
 * The handle of a bucket, as an index into `longitudes`: a planet without which the others fit in
 * half the circle, standing apart from them with an empty sextile at least on each side (a planet
 * just past the rim of a group is its leading edge, not a handle: a reader found Mars called one
 * 46° from Jupiter, the whole chart 191° wide). Of several, the one that leaves the others the
 * narrowest span. Undefined when there is none.
 */
export function bucketHandle(longitudes: readonly number[]): number | undefined {
  const order = longitudes.map((l, i) => ({ lon: normalizeDegrees(l), i })).sort((a, b) => a.lon - b.lon);
  const g = gapsAfter(order.map((o) => o.lon));
  const n = order.length;
  let best: { index: number; span: number } | undefined;
  for (let j = 0; j < n; j++) {
    const before = (j + n - 1) % n;
    if (g[before]! < 60 || g[j]! < 60) continue;
    // Without planet j the gaps before and after it are one; the rest keep their size.
    let widest = g[before]! + g[j]!;
    for (let k = 0; k < n; k++) if (k !== j && k !== before && g[k]! > widest) widest = g[k]!;
    const span = 360 - widest;
    if (span <= 180 && (!best || span < best.span)) best = { index: order[j]!.i, span };
  }
  return best?.index;
}

/**
 * The leading planet of a locomotive (or bowl), as an index into `longitudes`: the first planet after the widest empty
 * arc in zodiacal order. The wheel turns clockwise in a day, against the zodiac's order, so this is the planet at the
 * group's front edge with the open stretch ahead of it, the one the pattern's readers call its engine.
 */
export function leadingPlanet(longitudes: readonly number[]): number {
  const order = longitudes.map((l, i) => ({ lon: normalizeDegrees(l), i })).sort((a, b) => a.lon - b.lon);
  const g = gapsAfter(order.map((o) => o.lon));
  const widest = g.indexOf(Math.max(...g));
  return order[(widest + 1) % order.length]!.i;
}

/** Classifies the pattern; needs at least 7 of the 10 planets to be meaningful. */
export function classifyShape(longitudes: number[]): HoroscopeShape | null {
  if (longitudes.length < 7) return null;
  const s = longitudes.map(normalizeDegrees).sort((a, b) => a - b);
  const g = gapsAfter(s);
  const maxGap = Math.max(...g);
  const span = 360 - maxGap;
  if (span <= 120) return 'bundle';
  if (span <= 180) return 'bowl';
  if (bucketHandle(s) !== undefined) return 'bucket';
  // Two separate empty arcs make a see-saw even when one of them is a trine wide.
  const order = g.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v);
  const [g1, g2, g3] = [order[0]!, order[1]!, order[2]!];
  // Exactly two empty arcs: a third one would make three groups (a splay).
  if (g2.v >= 60 && g3.v < 60) {
    const between = (g2.i - g1.i + s.length) % s.length;
    // Each side of the two empty arcs must hold at least two planets.
    if (between >= 2 && s.length - between >= 2) return 'see_saw';
  }
  // A locomotive is an empty trine with the rest evenly occupied (no second empty sextile).
  if (maxGap >= 120 && g2.v < 60) return 'locomotive';
  const signs = new Set(s.map((l) => Math.floor(l / 30))).size;
  if (maxGap <= 60 && signs >= 7) return 'splash';
  return 'splay';
}
