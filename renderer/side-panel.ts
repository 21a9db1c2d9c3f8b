/**
 * Optional panel to the right of the wheel (`chart_config.show_aspect_grid`,
 * `show_positions_table`): an aspect grid as astrologers print beside a chart, and a table of
 * positions with the house cusps. The image grows wider by the panel; the wheel is unchanged.
 */
import type { AspectType, ChartDrawing } from './chart-model.ts';
import { degMin, signOf, validCusps } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { ChartLayout, PlacedPoint } from './layout/points.ts';
import { SvgBuilder, attr, num } from './svg-builder.ts';
import { drawText, textWidth } from './text.ts';

const SIGN_CHARS = '♈♉♊♋♌♍♎♏♐♑♒♓';

export interface PanelFlags {
  grid: boolean;
  table: boolean;
}

/** Panel width for a chart of `size` px, 0 when neither part is asked for. */
export function panelWidth(size: number, flags: PanelFlags): number {
  return flags.grid || flags.table ? Math.round(size * 0.5) : 0;
}

function position(lon: number): string {
  const { deg, min } = degMin(lon);
  return `${deg}°${SIGN_CHARS[signOf(lon)]}${String(min).padStart(2, '0')}′`;
}

/**
 * A ring's placed points in the order the chart gives them (Sun, Moon, Mercury … as the service
 * lists its bodies), not the order the layout placed them in; the outer ring's angles last.
 */
function inChartOrder(d: ChartDrawing, lay: ChartLayout, ring: 'inner' | 'outer'): PlacedPoint[] {
  const given = (ring === 'outer' ? d.outer : d.inner)?.points.map((p) => p.id) ?? [];
  const rank = (p: PlacedPoint) => {
    const i = given.indexOf(p.id);
    return i < 0 ? given.length : i;
  };
  return lay.points.filter((p) => p.ring === ring).sort((a, b) => rank(a) - rank(b));
}

export interface PanelBox {
  kind: 'grid-cell' | 'grid-head' | 'row';
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Draws the panel at x0; returns the boxes it used (for tests). */
export function drawSidePanel(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, lay: ChartLayout, x0: number, flags: PanelFlags): PanelBox[] {
  const st = lay.style;
  const size = lay.geometry.size;
  const w = panelWidth(size, flags);
  const margin = size * 0.03;
  const boxes: PanelBox[] = [];
  let y = margin;
  b.open('g', `data-layer="side-panel"`);
  const glyph = (p: PlacedPoint, cx: number, cy: number, s: number, color: string, extra = '') => {
    const id = reg.point(p.id);
    if (id) {
      b.el(
        'use',
        `xlink:href="#${id}" transform="translate(${num(cx)} ${num(cy)}) scale(${(s / 100).toFixed(4)})" stroke="${attr(color)}" fill="${attr(color)}" stroke-width="${num(Math.max(7, 90 / s))}"${extra}`,
      );
    } else {
      const cap = s * 0.42;
      drawText(b, reg, p.glyph.text ?? p.id.slice(0, 2), cx, cy + cap / 2, cap, 'middle', { color, weight: 0.13 }, extra);
    }
  };
  const head = (p: PlacedPoint) => ` data-grid-head="${attr(p.ring)}:${attr(p.id)}"`;

  if (flags.grid) {
    const inner = inChartOrder(d, lay, 'inner');
    const outer = inChartOrder(d, lay, 'outer');
    const bi = outer.length > 0;
    const rows = bi ? outer : inner;
    const cols = inner;
    const n = Math.max(rows.length, cols.length) + 1;
    const cell = Math.min(size * 0.034, (w - 2 * margin) / n, (size * (flags.table ? 0.45 : 0.9)) / n);
    const found = new Map<string, AspectType>();
    for (const a of d.aspects) {
      found.set(`${a.a.ring}:${a.a.id}|${a.b.ring}:${a.b.id}`, a.type);
      found.set(`${a.b.ring}:${a.b.id}|${a.a.ring}:${a.a.id}`, a.type);
    }
    const gx = x0 + margin;
    const line = `stroke="${attr(st.muted)}" stroke-width="${num(0.6 * st.px)}" stroke-opacity="0.6" fill="none"`;
    b.open('g', 'data-layer="aspect-grid"');
    cols.forEach((p, j) => {
      // Column heads along the top for a bi-wheel; along the diagonal for a single wheel.
      const cx = gx + (j + 1.5) * cell;
      const cy = bi ? y + cell / 2 : y + (j + 0.5) * cell;
      glyph(p, bi ? cx : gx + (j + 0.5) * cell, cy, cell * 0.72, st.planetInner, head(p));
      boxes.push({ kind: 'grid-head', x: (bi ? cx : gx + (j + 0.5) * cell) - cell / 2, y: cy - cell / 2, w: cell, h: cell });
    });
    if (bi) {
      rows.forEach((p, i) => {
        const cy = y + (i + 1.5) * cell;
        glyph(p, gx + cell / 2, cy, cell * 0.72, st.planetOuter, head(p));
        boxes.push({ kind: 'grid-head', x: gx, y: cy - cell / 2, w: cell, h: cell });
      });
    }
    rows.forEach((r, i) => {
      cols.forEach((c, j) => {
        if (!bi && j >= i) return;
        const cx = bi ? gx + (j + 1) * cell : gx + j * cell;
        const cy = bi ? y + (i + 1) * cell : y + i * cell;
        b.el('rect', `x="${num(cx)}" y="${num(cy)}" width="${num(cell)}" height="${num(cell)}" ${line}`);
        boxes.push({ kind: 'grid-cell', x: cx, y: cy, w: cell, h: cell });
        const t = found.get(`${r.ring}:${r.id}|${c.ring}:${c.id}`);
        const s = t ? st.aspect[t] : undefined;
        if (!t || !s) return;
        const k = (cell * 0.62) / 100;
        b.el(
          'use',
          `xlink:href="#${reg.aspect(t)}" transform="translate(${num(cx + cell / 2)} ${num(cy + cell / 2)}) scale(${k.toFixed(4)})" stroke="${attr(s.color)}" fill="none" stroke-width="${num(Math.max(8, 90 / (cell * 0.62)))}" data-grid-aspect="${t}"`,
        );
      });
    });
    b.close('g');
    y += (bi ? rows.length + 1 : rows.length) * cell + margin;
  }

  if (flags.table) {
    const pts = inChartOrder(d, lay, 'inner').filter((p) => p.id !== 'asc' && p.id !== 'mc');
    const cusps = validCusps(d.inner.cusps) ?? [];
    const rowsLeft = pts.length;
    const rowsRight = cusps.length;
    const rowsMax = Math.max(rowsLeft, rowsRight, 1);
    const rh = Math.min(size * 0.026, (size - margin - y) / rowsMax);
    const cap = rh * 0.5;
    const colW = (w - 2 * margin) / 2;
    b.open('g', 'data-layer="positions-table"');
    pts.forEach((p, i) => {
      const cy = y + (i + 0.5) * rh;
      glyph(p, x0 + margin + rh * 0.45, cy, rh * 0.8, st.planetInner);
      const text = position(p.lon) + (p.retrograde ? ' ℞' : '');
      drawText(b, reg, text, x0 + margin + rh * 1.1, cy + cap / 2, cap, 'start', { color: st.text, weight: 0.11 }, ` data-position="${attr(p.id)}"`);
      boxes.push({ kind: 'row', x: x0 + margin, y: cy - rh / 2, w: rh * 1.1 + textWidth(text, cap), h: rh });
    });
    const labels = st.french ? ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'] : cusps.map((_, i) => String(i + 1));
    cusps.forEach((c, i) => {
      const cy = y + (i + 0.5) * rh;
      const x = x0 + margin + colW;
      drawText(b, reg, labels[i]!, x + rh * 1.2, cy + cap / 2, cap, 'end', { color: st.muted, weight: 0.11 });
      const text = position(c);
      drawText(b, reg, text, x + rh * 1.6, cy + cap / 2, cap, 'start', { color: st.text, weight: 0.11 }, ` data-cusp-position="${i + 1}"`);
      boxes.push({ kind: 'row', x, y: cy - rh / 2, w: rh * 1.6 + textWidth(text, cap), h: rh });
    });
    b.close('g');
  }
  b.close('g');
  return boxes;
}
