/**
 * Marc Edmund Jones' whole-chart patterns from the ten planets: bundle, bowl, bucket,
 * locomotive, see-saw, splash, splay. Thresholds follow the usual textbook reading
 * (occupied span ≤120°, ≤180°, a singleton handle, two empty sextiles, an empty trine).
 */
import type { ChartDrawing } from './chart-model.ts';
import { norm360 } from './geometry.ts';
import type { ChartLayout } from './layout/points.ts';
import { SvgBuilder, attr, num, textContent } from './svg-builder.ts';

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

function gaps(sorted: number[]): number[] {
  return sorted.map((l, i) => (i === sorted.length - 1 ? sorted[0]! + 360 : sorted[i + 1]!) - l);
}

/** Classifies the pattern; needs at least 7 of the 10 planets to be meaningful. */
export function classifyShape(longitudes: number[]): HoroscopeShape | null {
  if (longitudes.length < 7) return null;
  const s = longitudes.map(norm360).sort((a, b) => a - b);
  const g = gaps(s);
  const maxGap = Math.max(...g);
  const span = 360 - maxGap;
  if (span <= 120) return 'bundle';
  if (span <= 180) return 'bowl';
  for (let j = 0; j < s.length; j++) {
    const rest = s.filter((_, i) => i !== j);
    if (360 - Math.max(...gaps(rest)) <= 180) return 'bucket';
  }
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

export function shapeOf(d: ChartDrawing): HoroscopeShape | null {
  const lons = SHAPE_PLANETS.map((id) => d.inner.points.find((p) => p.id === id)?.lon).filter(
    (v): v is number => v !== undefined && Number.isFinite(v),
  );
  return classifyShape(lons);
}

export function drawShape(b: SvgBuilder, d: ChartDrawing, lay: ChartLayout, shape: HoroscopeShape): void {
  const st = lay.style;
  const g = lay.geometry;
  const f = lay.frame;
  const lons = SHAPE_PLANETS.map((id) => d.inner.points.find((p) => p.id === id)?.lon)
    .filter((v): v is number => v !== undefined && Number.isFinite(v))
    .map(norm360)
    .sort((a, b) => a - b);
  const c = attr(st.shapeColor);
  b.open('g', `data-key="horoscope_shape.${shape}" data-layer="horoscope-shape"`);
  if (st.shape.style === 'polygon') {
    const pts = lons.map((l) => f.xy(l, g.aspectR * 0.93));
    b.path(
      `M${pts.map((p) => `${num(p.x)} ${num(p.y)}`).join('L')}Z`,
      `fill="${c}" fill-opacity="0.07" stroke="${c}" stroke-opacity="0.45" stroke-width="${num(1 * st.px)}" stroke-dasharray="${num(5 * st.px)} ${num(3 * st.px)}"`,
    );
  } else if (st.shape.style === 'arcs') {
    // Occupied stretches of the zodiac (gaps under 30° bridged) as a band inside the disk.
    const r = g.aspectR * 0.95;
    const w = g.R * 0.025;
    let start = 0;
    const gs = gaps(lons);
    const cut = gs.indexOf(Math.max(...gs));
    start = (cut + 1) % lons.length;
    let runStart = lons[start]!;
    let prev = runStart;
    for (let k = 1; k <= lons.length; k++) {
      const cur = lons[(start + k) % lons.length]!;
      const gap = norm360(cur - prev);
      if (gap > 30 || k === lons.length) {
        const a = runStart - 1.5;
        const z = prev + 1.5;
        b.path(f.sectorPath(a, z, r - w / 2, r + w / 2), `fill="${c}" fill-opacity="0.35"`);
        runStart = cur;
      }
      prev = cur;
    }
  }
  b.close('g');
}

export function shapeMetadata(shape: HoroscopeShape, d: ChartDrawing): string {
  const json = JSON.stringify({
    shape,
    label: SHAPE_LABELS[shape],
    planets: SHAPE_PLANETS.filter((id) => d.inner.points.some((p) => p.id === id)),
  });
  return `<metadata id="freeastroapi-horoscope-shape">${textContent(json)}</metadata>`;
}
