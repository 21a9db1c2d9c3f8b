/** Draws the whole-chart pattern (src/astro/chart-shape.ts classifies it) on the wheel. */
import type { ChartDrawing } from './chart-model.ts';
import { norm360 } from './geometry.ts';
import type { ChartLayout } from './layout/points.ts';
import { SvgBuilder, attr, num, textContent } from './svg-builder.ts';
import { classifyShape, gapsAfter, SHAPE_LABELS, SHAPE_PLANETS, type HoroscopeShape } from '../src/astro/chart-shape.ts';

export { classifyShape, SHAPE_LABELS, SHAPE_PLANETS, type HoroscopeShape };

export function shapeOf(d: ChartDrawing): HoroscopeShape | null {
  const lons = SHAPE_PLANETS.map((id) => d.inner.points.find((p) => p.id === id)?.lon).filter((v): v is number => v !== undefined && Number.isFinite(v));
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
    const gs = gapsAfter(lons);
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
