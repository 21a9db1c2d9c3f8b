/** Ascendant/Descendant and Midheaven/IC axes, emphasised and labelled outside the zodiac (or among an outer ring drawn there). */
import type { Angles, ChartDrawing } from './chart-model.ts';
import { angleDiff, degMin, segmentInBox, signOf, type Frame, type Point } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { Box } from './layout/points.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, boxData, num, strokeAttrs } from './svg-builder.ts';
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

interface AngleLabel {
  k: AngleKey;
  name: string;
  pos: string;
  /** Name above position (beside the wheel, 3 and 9 o'clock), else side by side. */
  side: boolean;
  cap: number;
  posCap: number;
  w1: number;
  gap: number;
  box: Box;
}

/**
 * The four angle labels just outside the axes' tips. Where two axes are a few degrees apart (far
 * north or south) their labels would lie on one another: they are moved apart along the rim, each
 * by half of what they lack, until no two overlap.
 */
export function placeAngleLabels(a: Angles, g: WheelGeometry, f: Frame, st: Style): AngleLabel[] {
  const keys: AngleKey[] = ['asc', 'dsc', 'mc', 'ic'];
  const label = (k: AngleKey, at: number): AngleLabel => {
    const lon = lonOf(a, k);
    const u = f.dir(at);
    const cap = g.angleCap;
    const name = angleLabel(k, st.french);
    // A simplified wheel names the angles only.
    const pos = g.simple ? '' : formatPosition(lon);
    const side = Math.abs(u.x) >= Math.abs(u.y);
    const posCap = cap * 0.85;
    const w1 = textWidth(name, cap);
    const w2 = pos ? textWidth(pos, posCap) : 0;
    const gap = cap * 0.55;
    const w = side ? Math.max(w1, w2) : w1 + (pos ? gap + w2 : 0);
    const h = side && pos ? cap + gap + posCap : cap;
    const dist = g.angleTip + g.angleLabelGap + Math.abs(u.x) * (w / 2) + Math.abs(u.y) * (h / 2);
    const cx = g.cx + u.x * dist;
    const cy = g.cy + u.y * dist;
    return { k, name, pos, side, cap, posCap, w1, gap, box: { x: cx - w / 2, y: cy - h / 2, w, h } };
  };
  const at = keys.map((k) => lonOf(a, k));
  let labels = keys.map((k, i) => label(k, at[i]!));
  const pad = g.angleCap * 0.4;
  const apart = (p: Box, q: Box) => p.x + p.w + pad <= q.x || q.x + q.w + pad <= p.x || p.y + p.h + pad <= q.y || q.y + q.h + pad <= p.y;
  for (let round = 0; round < 240; round++) {
    let moved = false;
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        if (apart(labels[i]!.box, labels[j]!.box)) continue;
        // Each moves half a degree away from the other along the rim.
        const d = angleDiff(at[i]!, at[j]!) >= 0 ? 0.5 : -0.5;
        at[i] = at[i]! - d;
        at[j] = at[j]! + d;
        moved = true;
      }
    }
    if (!moved) break;
    labels = keys.map((k, i) => label(k, at[i]!));
  }
  return labels;
}

/**
 * The pieces of the segment from → to outside the boxes (each grown by `clear` px): an axis is
 * drawn broken where a planet's glyph or label sits on it (a glyph in a sector narrower than
 * itself beside the axis, layout/spread-within.ts), so that no axis strikes through a label and
 * the glyph keeps to its own house and sign.
 */
export function piecesOutside(from: Point, to: Point, boxes: readonly Box[], clear: number): [Point, Point][] {
  const cuts: [number, number][] = [];
  for (const box of boxes) {
    const hit = segmentInBox(from, to, { x: box.x - clear, y: box.y - clear, w: box.w + 2 * clear, h: box.h + 2 * clear });
    if (hit) cuts.push(hit);
  }
  cuts.sort((p, q) => p[0] - q[0]);
  const at = (t: number): Point => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t });
  const pieces: [Point, Point][] = [];
  let t = 0;
  for (const [t0, t1] of cuts) {
    if (t0 > t) pieces.push([at(t), at(t0)]);
    t = Math.max(t, t1);
  }
  if (t < 1) pieces.push([at(t), to]);
  return pieces;
}

/**
 * Draws the axes, broken around the planets' boxes (`pointBoxes`), and their labels; returns the
 * label boxes so the metadata block can keep clear of them. A bi-wheel with its outer ring outside
 * the zodiac names its angles among that ring's glyphs instead (`marks`, drawn with the planets):
 * the axes end at the ring, where the marks' ticks begin.
 */
export function drawAngles(
  b: SvgBuilder,
  reg: SymbolRegistry,
  d: ChartDrawing,
  g: WheelGeometry,
  f: Frame,
  st: Style,
  pointBoxes: readonly Box[],
  marks: readonly Box[],
): Box[] {
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
    // A box this close is touched by the stroke: half its width and a pixel.
    for (const [p, q] of piecesOutside(from, to, pointBoxes, s.width / 2 + st.px))
      b.line(p.x, p.y, q.x, q.y, `data-angle="${k}" data-lon="${lon.toFixed(4)}" ${strokeAttrs(s.color, s.width)}`);
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
  if (g.outside) {
    b.close('g');
    return [...marks];
  }
  const labels = placeAngleLabels(a, g, f, st);
  for (const l of labels) {
    const { k, box, side, cap, posCap, w1, gap, name, pos } = l;
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    const color = st.angle[k].color;
    const weight = 0.13;
    b.open('g', `data-angle-label="${k}" data-box="${boxData(box)}"`);
    if (side) {
      drawText(b, reg, name, cx, box.y + cap, cap, 'middle', { color, weight });
      if (pos) drawText(b, reg, pos, cx, box.y + box.h, posCap, 'middle', { color: st.muted, weight: 0.11 });
    } else {
      drawText(b, reg, name, box.x, cy + cap / 2, cap, 'start', { color, weight });
      if (pos) drawText(b, reg, pos, box.x + w1 + gap, cy + cap / 2, posCap, 'start', { color: st.muted, weight: 0.11 });
    }
    b.close('g');
    boxes.push(box);
  }
  b.close('g');
  return boxes;
}
