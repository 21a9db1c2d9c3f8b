/** Ascendant/Descendant and Midheaven/IC axes, emphasised and labelled outside the zodiac. */
import type { Angles, ChartDrawing } from './chart-model.ts';
import { degMin, signOf, type Frame } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { Box } from './layout/points.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, num, strokeAttrs } from './svg-builder.ts';
import { drawText, textWidth } from './text.ts';
import type { AngleKey, Style } from './themes.ts';

const SIGN_CHARS = '♈♉♊♋♌♍♎♏♐♑♒♓';

export function angleLabel(key: AngleKey, french: boolean): string {
  if (french) return { asc: 'AS', dsc: 'DS', mc: 'MC', ic: 'FC' }[key];
  return { asc: 'ASC', dsc: 'DSC', mc: 'MC', ic: 'IC' }[key];
}

export function formatPosition(lon: number): string {
  const { deg, min } = degMin(lon);
  return `${deg}°${SIGN_CHARS[signOf(lon)]}${String(min).padStart(2, '0')}′`;
}

function lonOf(a: Angles, k: AngleKey): number {
  return k === 'asc' ? a.asc : k === 'dsc' ? a.dc : k === 'mc' ? a.mc : a.ic;
}

/** Draws the axes; returns the label boxes so the metadata block can keep clear of them. */
export function drawAngles(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, g: WheelGeometry, f: Frame, st: Style): Box[] {
  const a = d.inner.angles;
  if (!a) return [];
  const keys: AngleKey[] = ['asc', 'dsc', 'mc', 'ic'];
  if (!keys.every((k) => Number.isFinite(lonOf(a, k)))) return [];
  const boxes: Box[] = [];
  b.open('g', 'data-layer="angles"');
  for (const k of keys) {
    const lon = lonOf(a, k);
    const s = st.angle[k];
    const from = f.xy(lon, g.aspectR);
    const to = f.xy(lon, g.angleTip);
    b.line(from.x, from.y, to.x, to.y, `data-angle="${k}" data-lon="${lon.toFixed(4)}" ${strokeAttrs(s.color, s.width)}`);
    if (k === 'asc' || k === 'mc') {
      // Arrowhead marks the "pointing" ends of the two axes.
      const u = f.dir(lon);
      const len = g.R * 0.035;
      const wid = g.R * 0.014;
      const base = { x: to.x - u.x * len, y: to.y - u.y * len };
      const pts = [to, { x: base.x - u.y * wid, y: base.y + u.x * wid }, { x: base.x + u.y * wid, y: base.y - u.x * wid }];
      b.el('path', `d="M${pts.map((p) => `${num(p.x)} ${num(p.y)}`).join('L')}Z" fill="${attr(s.color)}"`);
    }
  }
  for (const k of keys) {
    const lon = lonOf(a, k);
    const u = f.dir(lon);
    const cap = g.angleCap;
    const name = angleLabel(k, st.french);
    const pos = formatPosition(lon);
    const side = Math.abs(u.x) >= Math.abs(u.y);
    const posCap = cap * 0.85;
    const w1 = textWidth(name, cap);
    const w2 = textWidth(pos, posCap);
    const gap = cap * 0.55;
    const w = side ? Math.max(w1, w2) : w1 + gap + w2;
    const h = side ? cap + gap + posCap : cap;
    const dist = g.angleTip + g.angleLabelGap + Math.abs(u.x) * (w / 2) + Math.abs(u.y) * (h / 2);
    const cx = g.cx + u.x * dist;
    const cy = g.cy + u.y * dist;
    const color = st.angle[k].color;
    const weight = 0.13;
    b.open('g', `data-angle-label="${k}" data-box="${num(cx - w / 2)},${num(cy - h / 2)},${num(w)},${num(h)}"`);
    if (side) {
      drawText(b, reg, name, cx, cy - h / 2 + cap, cap, 'middle', { color, weight });
      drawText(b, reg, pos, cx, cy + h / 2, posCap, 'middle', { color: st.muted, weight: 0.11 });
    } else {
      const x0 = cx - w / 2;
      drawText(b, reg, name, x0, cy + cap / 2, cap, 'start', { color, weight });
      drawText(b, reg, pos, x0 + w1 + gap, cy + cap / 2, posCap, 'start', { color: st.muted, weight: 0.11 });
    }
    b.close('g');
    boxes.push({ x: cx - w / 2, y: cy - h / 2, w, h });
  }
  b.close('g');
  return boxes;
}
