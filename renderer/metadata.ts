/**
 * Corner text: title and data lines top-left (overflow top-right), ring legend bottom-left,
 * pattern label bottom-right. The wheel is round, so each line gets the width that is free
 * at its height, and lines that still do not fit are shrunk, then shortened.
 */
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { Box } from './layout/points.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr } from './svg-builder.ts';
import { drawText, fittingPrefix, textWidth, type Anchor } from './text.ts';
import type { Style } from './themes.ts';

export interface CornerLine {
  text: string;
  cap: number;
  color: string;
  weight: number;
  /** Colour swatch before the text (legend entries). */
  swatch?: string;
}

type Corner = 'tl' | 'tr' | 'bl' | 'br';

/** Horizontal room at baseline y between the image edge and the wheel or any obstacle. */
function freeWidth(y: number, cap: number, corner: Corner, g: WheelGeometry, clearR: number, obstacles: Box[]): number {
  const margin = g.size * 0.022;
  // Nearest vertical distance from the text band to the centre decides how far the disc reaches.
  const top = y - cap;
  const dy = Math.min(Math.abs(top - g.cy), Math.abs(y - g.cy));
  const reach = dy >= clearR ? 0 : Math.sqrt(clearR * clearR - dy * dy);
  let room = g.cx - reach - margin;
  const pad = cap * 0.6;
  for (const o of obstacles) {
    if (o.y > y + pad || o.y + o.h < top - pad) continue;
    const dist = corner === 'tl' || corner === 'bl' ? o.x - margin : g.size - margin - (o.x + o.w);
    room = Math.min(room, dist - pad);
  }
  return Math.max(0, room - margin * 0.5);
}

const MIN_SHRINK = 0.72;
const MAX_CHARS = 160;

/** Shortens text with an ellipsis until it fits. */
function truncate(text: string, cap: number, room: number): string {
  if (textWidth(text, cap) <= room) return text;
  return fittingPrefix(text, '...', cap, room).trimEnd() + '...';
}

export function drawCorner(
  b: SvgBuilder,
  reg: SymbolRegistry,
  lines: CornerLine[],
  corner: Corner,
  g: WheelGeometry,
  obstacles: Box[],
): void {
  if (lines.length === 0) return;
  const margin = g.size * 0.022;
  const clearR = g.R * 1.02;
  const leading = 1.6;
  const anchor: Anchor = corner === 'tl' || corner === 'bl' ? 'start' : 'end';
  const x = anchor === 'start' ? margin : g.size - margin;
  // Baselines: top corners grow downwards, bottom corners upwards.
  const baselines: number[] = [];
  if (corner === 'tl' || corner === 'tr') {
    let y = margin;
    for (const l of lines) {
      y += l.cap;
      baselines.push(y);
      y += l.cap * (leading - 1);
    }
  } else {
    let y = g.size - margin;
    for (let i = lines.length - 1; i >= 0; i--) {
      baselines[i] = y;
      y -= lines[i]!.cap * leading;
    }
  }
  const rooms = lines.map((l, i) => freeWidth(baselines[i]!, l.cap, corner, g, clearR, obstacles) - (l.swatch ? l.cap * 1.6 : 0));
  // Lines of one size shrink together, so the block keeps an even look; what still does not
  // fit at the smallest allowed size is shortened.
  const shrink = new Map<number, number>();
  lines.forEach((l, i) => {
    const need = Math.min(1, rooms[i]! / Math.max(1e-6, textWidth(l.text, l.cap)));
    shrink.set(l.cap, Math.max(MIN_SHRINK, Math.min(shrink.get(l.cap) ?? 1, need)));
  });
  b.open('g', `data-layer="metadata-${corner}"`);
  lines.forEach((l, i) => {
    const y = baselines[i]!;
    const room = rooms[i]!;
    if (room < l.cap * 2) return;
    const cap = l.cap * (shrink.get(l.cap) ?? 1);
    const t = { text: truncate(l.text, cap, room), cap };
    const sw = l.swatch ? l.cap * 1.6 : 0;
    let tx = x;
    if (l.swatch) {
      const r = l.cap * 0.42;
      const cxs = anchor === 'start' ? x + r : x - textWidth(t.text, t.cap) - l.cap * 0.6 - r;
      b.circle(cxs, y - l.cap / 2, r, `fill="${attr(l.swatch)}"`);
      if (anchor === 'start') tx = x + sw;
    }
    drawText(b, reg, t.text, tx, y, t.cap, anchor, { color: l.color, weight: l.weight });
  });
  b.close('g');
}

export interface MetadataBlock {
  title: string;
  lines: string[];
  legend: { label: string; color: string }[];
  shapeLabel: string | null;
}

export function drawMetadata(
  b: SvgBuilder,
  reg: SymbolRegistry,
  m: MetadataBlock,
  g: WheelGeometry,
  st: Style,
  obstacles: Box[],
): void {
  // No corner can show more than this; it also bounds the work done on hostile input.
  const clip = (t: string) => [...t.trim()].slice(0, MAX_CHARS).join('');
  const titleCap = g.size * 0.019;
  const lineCap = g.size * 0.0148;
  const top: CornerLine[] = [];
  if (m.title.trim()) top.push({ text: clip(m.title), cap: titleCap, color: st.text, weight: 0.135 });
  const rest = m.lines.slice(0, 12).map(clip).filter(Boolean);
  const leftCount = Math.max(0, 4 - top.length + 1);
  for (const t of rest.slice(0, leftCount)) top.push({ text: t, cap: lineCap, color: st.muted, weight: 0.11 });
  drawCorner(b, reg, top, 'tl', g, obstacles);
  const right = rest.slice(leftCount).map((t) => ({ text: t, cap: lineCap, color: st.muted, weight: 0.11 }));
  drawCorner(b, reg, right, 'tr', g, obstacles);
  const legend = m.legend.map((l) => ({ text: clip(l.label), cap: lineCap, color: st.text, weight: 0.11, swatch: l.color }));
  drawCorner(b, reg, legend, 'bl', g, obstacles);
  if (m.shapeLabel) {
    drawCorner(b, reg, [{ text: m.shapeLabel, cap: lineCap, color: st.shapeColor, weight: 0.12 }], 'br', g, obstacles);
  }
}
