/** Bi-wheel specifics: the divider between the two planet rings, their band backgrounds and the ring legend. */
import type { ChartDrawing } from './chart-model.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, num, strokeAttrs } from './svg-builder.ts';
import type { Style } from './themes.ts';

/** The backgrounds of the planet bands that have one (a synastry's person zones): an annulus each. */
export function drawTrackBackgrounds(b: SvgBuilder, g: WheelGeometry, st: Style): void {
  g.tracks.forEach((track, i) => {
    const fill = track.ring === 'outer' ? st.zoneOuter : st.zoneInner;
    if (!fill) return;
    // The innermost track's band takes in its second row of glyphs, when it has one, and a track outside the zodiac its row beyond.
    const inner = i === g.tracks.length - 1 && g.secondRow ? g.secondRow.inner : track.inner;
    const outer = track.outward && g.outerSecondRow ? g.outerSecondRow.outer : track.outer;
    const ring = (r: number) => `M${num(g.cx - r)} ${num(g.cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0`;
    b.el('path', `data-layer="zone-background" data-ring="${track.ring}" d="${ring(outer)}${ring(inner)}" fill="${attr(fill)}" fill-rule="evenodd"`);
  });
}

/** The circle between two tracks inside the zodiac, or round an outer track outside it. */
export function drawTrackDividers(b: SvgBuilder, g: WheelGeometry, st: Style): void {
  if (g.outside) {
    b.circle(g.cx, g.cy, g.rim, `fill="none" data-layer="ring-divider" ${strokeAttrs(st.ringInner.color, st.ringInner.width)}`);
    return;
  }
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
