/** Bi-wheel specifics: the divider between the two planet rings and the ring legend. */
import type { ChartDrawing } from './chart-model.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, strokeAttrs } from './svg-builder.ts';
import type { Style } from './themes.ts';

export function drawTrackDividers(b: SvgBuilder, g: WheelGeometry, st: Style): void {
  for (let i = 1; i < g.tracks.length; i++) {
    b.circle(g.cx, g.cy, g.tracks[i]!.outer, `fill="none" data-layer="ring-divider" ${strokeAttrs(st.ringInner.color, st.ringInner.width)}`);
  }
}

export function ringLegend(d: ChartDrawing, st: Style): { label: string; color: string }[] {
  if (!d.outer) return [];
  const name = (label: string, fallback: string) => label.trim() || fallback;
  return [
    { label: `Outer: ${name(d.outer.label, 'outer ring')}`, color: st.planetOuter },
    { label: `Inner: ${name(d.inner.label, 'inner ring')}`, color: st.planetInner },
  ];
}
