/** Planet glyphs with their degree labels, true-position ticks and leader lines. */
import { safeColor } from './colors.ts';
import { secondHouseSet, type ChartDrawing } from './chart-model.ts';
import { angleDiff, segmentInBox, type Point } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { ChartLayout, PlacedPoint } from './layout/points.ts';
import { boxesOf, INK } from './layout/points.ts';
import { SvgBuilder, attr, boxData, num, strokeAttrs } from './svg-builder.ts';
import { drawText } from './text.ts';

/** Glyph stroke in glyph units; never thinner than ~0.9 px so small charts stay legible. */
function glyphWeight(size: number, units: number): number {
  return Math.max(units, (0.9 * 100) / size);
}

/** Longitudes of the radial lines (cusps, angle axes) crossing each ring's track. */
function linesByRing(d: ChartDrawing): Record<'inner' | 'outer', number[]> {
  const a = d.inner.angles;
  const axes = a ? [a.asc, a.dc, a.mc, a.ic] : [];
  return {
    inner: [...(d.inner.cusps ?? []), ...axes],
    outer: [...(secondHouseSet(d)?.cusps ?? []), ...axes],
  };
}

/** True when a radial line at `lineLon` passes through the label box centred at (r, lon). */
function crossed(lineLon: number, lon: number, r: number, w: number, h: number): boolean {
  const off = Math.abs(Math.sin((angleDiff(lon, lineLon) * Math.PI) / 180)) * r;
  return Math.abs(angleDiff(lon, lineLon)) < 90 && off < Math.hypot(w, h) / 2;
}

/** A leader line (its points, from the tick to the glyph), its bounding box and whose it is. */
interface Leader {
  path: Point[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  owner: PlacedPoint;
}

/** Whether a leader line passes through box (bounding boxes first, then Liang–Barsky on each segment). */
function segmentThrough(s: Leader, box: { x: number; y: number; w: number; h: number }): boolean {
  if (s.x1 < box.x || s.x0 > box.x + box.w || s.y1 < box.y || s.y0 > box.y + box.h) return false;
  return s.path.slice(1).some((q, k) => segmentInBox(s.path[k]!, q, box) !== undefined);
}

const leaderPath = (l: NonNullable<PlacedPoint['leader']>): Point[] => [l.from, ...(l.via ?? []), l.to];

/** A point's colour: an angle mark's axis colour, else its own, else its ring's. */
function colorOf(p: PlacedPoint, st: ChartLayout['style']): string {
  if (p.angle) return st.angle[p.angle].color;
  return safeColor(p.color, p.ring === 'outer' ? st.planetOuter : st.planetInner);
}

function drawPoint(b: SvgBuilder, reg: SymbolRegistry, lay: ChartLayout, p: PlacedPoint, lines: number[], leaders: readonly Leader[]): void {
  const st = lay.style;
  const color = colorOf(p, st);
  const c = attr(color);
  const g = lay.geometry;
  // Layout metadata, read by the layout checks: the drawn angle, and the glyph's and labels' boxes.
  const boxes = boxesOf(p).map(boxData).join(' ');
  const drawn = `data-lon="${p.lon.toFixed(4)}" data-drawn="${p.displayLon.toFixed(4)}"`;
  // An angle's mark is the angle's label (angles-layer.ts names the others the same way).
  if (p.angle) b.open('g', `data-angle-label="${p.angle}" data-box="${boxData(p.bbox)}" data-boxes="${boxes}" ${drawn}`);
  else
    b.open(
      'g',
      `data-point="${attr(p.id)}" data-ring="${p.ring}" ${drawn} data-boxes="${boxes}"${p.tier > 0 ? ` data-tier="${p.tier}"` : ''}${p.retrograde ? ' data-retrograde="true"' : ''}`,
    );
  b.line(p.tick.from.x, p.tick.from.y, p.tick.to.x, p.tick.to.y, strokeAttrs(color, 1.3 * st.px));
  if (st.halo) b.circle(p.glyph.x, p.glyph.y, p.glyph.size * INK * 0.6, `fill="${attr(st.halo)}" fill-opacity="0.85"`);
  const k = p.glyph.size / 100;
  const sw = glyphWeight(p.glyph.size, 7);
  const symbol = reg.point(p.id);
  if (symbol) {
    b.el(
      'use',
      `xlink:href="#${symbol}" transform="translate(${num(p.glyph.x)} ${num(p.glyph.y)}) scale(${k.toFixed(4)})" stroke="${c}" fill="${c}" stroke-width="${num(sw)}"`,
    );
  } else {
    const cap = p.glyph.size * 0.42;
    drawText(b, reg, p.glyph.text ?? '?', p.glyph.x, p.glyph.y + cap / 2, cap, 'middle', { color, weight: 0.14 });
  }
  for (const l of p.labels) {
    // Labels sitting on a cusp, an axis or a neighbour's leader line get a backing so the line
    // does not cut through digits.
    const r = Math.hypot(l.x - g.cx, l.y - g.cy);
    if (st.halo && (lines.some((ll) => crossed(ll, p.displayLon, r, l.box.w, l.box.h)) || leaders.some((s) => s.owner !== p && segmentThrough(s, l.box)))) {
      const padding = l.cap * 0.2;
      b.el(
        'rect',
        `x="${num(l.box.x - padding)}" y="${num(l.box.y - padding)}" width="${num(l.box.w + 2 * padding)}" height="${num(l.box.h + 2 * padding)}" rx="${num(padding * 1.5)}" fill="${attr(st.halo)}" fill-opacity="0.85"`,
      );
    }
    if (l.kind === 'sign') {
      const sc = attr(st.signGlyph[l.sign ?? 0]!);
      const sk = (l.cap * 1.3) / 100;
      b.el(
        'use',
        `xlink:href="#${reg.sign(l.sign ?? 0)}" transform="translate(${num(l.x)} ${num(l.y)}) scale(${sk.toFixed(4)})" stroke="${sc}" fill="${sc}" stroke-width="${num(glyphWeight(l.cap * 1.3, 8))}"`,
      );
    } else {
      const weight = l.kind === 'deg' ? 0.12 : 0.105;
      drawText(b, reg, l.text, l.x, l.y + l.cap / 2, l.cap, 'middle', {
        color: l.kind === 'retro' ? color : l.kind === 'deg' ? color : st.muted,
        weight,
      });
    }
  }
  // An angle's aspect lines, if any, end on its axis.
  if (!p.angle) b.circle(p.anchor.x, p.anchor.y, Math.max(1.1, 0.006 * g.R), `fill="${c}"`);
  b.close('g');
}

export function drawPlanets(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, lay: ChartLayout): void {
  const lines = linesByRing(d);
  // Leader lines first, under every glyph and label: a staggered glyph's leader crosses the lane
  // beside it, and is not to be drawn over a neighbour's label.
  const leaders: Leader[] = [];
  const all = [...lay.points, ...lay.angleMarks];
  for (const p of all) {
    if (!p.leader) continue;
    const path = leaderPath(p.leader);
    const xs = path.map((q) => q.x);
    const ys = path.map((q) => q.y);
    leaders.push({ path, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), owner: p });
  }
  b.open('g', 'data-layer="planet-leaders" stroke-opacity="0.55"');
  for (const p of all) {
    if (!p.leader) continue;
    const color = colorOf(p, lay.style);
    const data = `data-leader="${p.ring}:${attr(p.id)}" ${strokeAttrs(color, 0.6 * lay.style.px)}`;
    // Routed round other glyphs (layout/leader-routes.ts): a polyline through its turning points.
    if (p.leader.via?.length)
      b.el(
        'polyline',
        `points="${leaderPath(p.leader)
          .map((q) => `${num(q.x)},${num(q.y)}`)
          .join(' ')}" fill="none" ${data}`,
      );
    else b.line(p.leader.from.x, p.leader.from.y, p.leader.to.x, p.leader.to.y, data);
  }
  b.close('g');
  b.open('g', 'data-layer="planets"');
  for (const p of all) drawPoint(b, reg, lay, p, lines[p.ring].filter(Number.isFinite), leaders);
  b.close('g');
}
