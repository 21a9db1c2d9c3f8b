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

export type Corner = 'tl' | 'tr' | 'bl' | 'br';

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
/** Title and legend sizes of a simplified wheel, times the full wheel's (7.7 and 6.4 px at 300 px). */
const SIMPLE_TITLE = 1.35;
const SIMPLE_LINE = 1.45;
const MAX_CHARS = 160;

/** Shortens text with an ellipsis until it fits. */
function truncate(text: string, cap: number, room: number): string {
  if (textWidth(text, cap) <= room) return text;
  return fittingPrefix(text, '...', cap, room).trimEnd() + '...';
}

/** A line of corner text as it will be drawn. */
export interface PlacedCornerLine {
  text: string;
  /** Cap height after shrinking. */
  cap: number;
  x: number;
  baseline: number;
  anchor: Anchor;
  width: number;
  color: string;
  weight: number;
  swatch?: string;
  /** Unshrunk cap height, used for the swatch. */
  baseCap: number;
}

/** Most lines one corner may grow to by wrapping. */
const MAX_CORNER_LINES = 8;
// Break at a separator where possible, else at a space; a middle dot or dash is not kept at
// the end of a line, a comma or colon is.
const BREAKS: Array<{ sep: string; keep: string }> = [
  { sep: ' · ', keep: '' },
  { sep: ', ', keep: ',' },
  { sep: ' – ', keep: ' –' },
  { sep: ': ', keep: ':' },
  { sep: ' ', keep: '' },
];
/** Lines are wrapped when they would not fit at this fraction of their size. */
const WRAP_AT = 0.8;

/**
 * Splits `text` into a head that fits `room` at cap height `cap` and the rest, breaking at the
 * strongest separator that leaves a head of at least a third of the room; null when it fits.
 */
function wrapPoint(text: string, cap: number, room: number): [string, string] | null {
  if (textWidth(text, cap) <= room) return null;
  for (const { sep, keep } of BREAKS) {
    let best: string | null = null;
    let rest = '';
    for (let i = text.indexOf(sep); i > 0; i = text.indexOf(sep, i + 1)) {
      const head = text.slice(0, i) + keep;
      if (textWidth(head, cap) > room) break;
      best = head;
      rest = text.slice(i + sep.length);
    }
    if (best !== null && textWidth(best, cap) >= room / 3) return [best, rest];
  }
  return null;
}

/**
 * Places corner lines: each gets the width free at its height, shrinks (lines of one size
 * together) down to MIN_SHRINK, then wraps onto a further line at a separator (top corners,
 * which grow away from the wheel's widest part), and only then is shortened with an ellipsis.
 */
export function layoutCorner(lines: CornerLine[], corner: Corner, g: WheelGeometry, obstacles: Box[]): PlacedCornerLine[] {
  if (lines.length === 0) return [];
  const margin = g.size * 0.022;
  const clearR = g.rim * 1.02;
  const leading = 1.6;
  const anchor: Anchor = corner === 'tl' || corner === 'bl' ? 'start' : 'end';
  const x = anchor === 'start' ? margin : g.size - margin;
  const top = corner === 'tl' || corner === 'tr';
  const swatchW = (l: CornerLine) => (l.swatch ? l.cap * 1.6 : 0);
  const roomAt = (l: CornerLine, y: number) => freeWidth(y, l.cap, corner, g, clearR, obstacles) - swatchW(l);
  let work = [...lines];
  if (top) {
    const out: CornerLine[] = [];
    let y = margin;
    while (work.length > 0) {
      const l = work.shift()!;
      const baseline = y + l.cap;
      // Wrap only while the corner has lines to spare and the next line down still has room.
      const spare = out.length + work.length + 1 < MAX_CORNER_LINES && roomAt(l, baseline + l.cap * leading) > l.cap * 8;
      const split = spare ? wrapPoint(l.text, l.cap * WRAP_AT, roomAt(l, baseline)) : null;
      if (split) {
        out.push({ ...l, text: split[0] });
        work.unshift({ ...l, text: split[1] });
      } else out.push(l);
      y = baseline + l.cap * (leading - 1);
    }
    work = out;
  }
  // Baselines: top corners grow downwards, bottom corners upwards.
  const baselines: number[] = [];
  if (top) {
    let y = margin;
    for (const l of work) {
      y += l.cap;
      baselines.push(y);
      y += l.cap * (leading - 1);
    }
  } else {
    let y = g.size - margin;
    for (let i = work.length - 1; i >= 0; i--) {
      baselines[i] = y;
      y -= work[i]!.cap * leading;
    }
  }
  const rooms = work.map((l, i) => roomAt(l, baselines[i]!));
  // Lines of one size shrink together, so the block keeps an even look; what still does not
  // fit at the smallest allowed size is shortened.
  const shrink = new Map<number, number>();
  work.forEach((l, i) => {
    // A hair under the exact ratio, so rounding cannot make the shrunk line miss its room.
    const need = Math.min(1, (rooms[i]! / Math.max(1e-6, textWidth(l.text, l.cap))) * 0.999);
    shrink.set(l.cap, Math.max(MIN_SHRINK, Math.min(shrink.get(l.cap) ?? 1, need)));
  });
  const placed: PlacedCornerLine[] = [];
  work.forEach((l, i) => {
    const room = rooms[i]!;
    if (room < l.cap * 2) return;
    const cap = l.cap * (shrink.get(l.cap) ?? 1);
    const text = truncate(l.text, cap, room);
    const sw = swatchW(l);
    placed.push({
      text,
      cap,
      baseCap: l.cap,
      x: anchor === 'start' ? x + sw : x,
      baseline: baselines[i]!,
      anchor,
      width: textWidth(text, cap),
      color: l.color,
      weight: l.weight,
      ...(l.swatch ? { swatch: l.swatch } : {}),
    });
  });
  return placed;
}

export function drawCorner(b: SvgBuilder, reg: SymbolRegistry, lines: CornerLine[], corner: Corner, g: WheelGeometry, obstacles: Box[]): void {
  const placed = layoutCorner(lines, corner, g, obstacles);
  if (placed.length === 0) return;
  b.open('g', `data-layer="metadata-${corner}"`);
  for (const l of placed) {
    if (l.swatch) {
      const r = l.baseCap * 0.42;
      const cxs = l.anchor === 'start' ? l.x - l.baseCap * 1.6 + r : l.x - l.width - l.baseCap * 0.6 - r;
      b.circle(cxs, l.baseline - l.baseCap / 2, r, `fill="${attr(l.swatch)}"`);
    }
    drawText(b, reg, l.text, l.x, l.baseline, l.cap, l.anchor, { color: l.color, weight: l.weight });
  }
  b.close('g');
}

export interface MetadataBlock {
  title: string;
  lines: string[];
  legend: { label: string; color: string }[];
  shapeLabel: string | null;
}

/** A line that opens a subject's group: `Natal: …`, `Return: …`, `Ada: …` (a label, then its text). */
const OPENS_GROUP = /^[^:]{1,40}: /;

/**
 * How many data lines go to the top-left corner, at most `most`; the rest go top-right. A line
 * that opens a group goes right with the lines after it rather than stay alone at the bottom of
 * the left corner: the natal place of a solar return, standing alone at the top right, read as
 * the return's place.
 */
export function leftColumnCount(lines: readonly string[], most: number): number {
  const count = Math.min(most, lines.length);
  const last = lines[count - 1];
  const next = lines[count];
  return count > 1 && last !== undefined && next !== undefined && OPENS_GROUP.test(last) && !OPENS_GROUP.test(next) ? count - 1 : count;
}

/** The lines of each corner: title and data lines top left (overflow top right), legend bottom left, shape label bottom right. */
export function cornerLines(m: MetadataBlock, g: WheelGeometry, st: Style): Record<Corner, CornerLine[]> {
  // No corner can show more than this; it also bounds the work done on hostile input.
  const clip = (t: string) => [...t.trim()].slice(0, MAX_CHARS).join('');
  // A simplified wheel (below SIMPLE_BELOW px) would draw its data lines 3-4 px high: it keeps
  // the title and the ring legend, larger, and leaves the data lines to the SVG's description.
  const titleCap = g.size * 0.019 * (g.simple ? SIMPLE_TITLE : 1);
  const lineCap = g.size * 0.0148 * (g.simple ? SIMPLE_LINE : 1);
  const tl: CornerLine[] = [];
  if (m.title.trim()) tl.push({ text: clip(m.title), cap: titleCap, color: st.text, weight: 0.135 });
  const rest = g.simple ? [] : m.lines.slice(0, 12).map(clip).filter(Boolean);
  const leftCount = leftColumnCount(rest, Math.max(0, 4 - tl.length + 1));
  for (const t of rest.slice(0, leftCount)) tl.push({ text: t, cap: lineCap, color: st.muted, weight: 0.11 });
  return {
    tl,
    tr: rest.slice(leftCount).map((t) => ({ text: t, cap: lineCap, color: st.muted, weight: 0.11 })),
    bl: m.legend.map((l) => ({ text: clip(l.label), cap: lineCap, color: st.text, weight: 0.11, swatch: l.color })),
    br: m.shapeLabel ? [{ text: m.shapeLabel, cap: lineCap, color: st.shapeColor, weight: 0.12 }] : [],
  };
}

export function drawMetadata(b: SvgBuilder, reg: SymbolRegistry, m: MetadataBlock, g: WheelGeometry, st: Style, obstacles: Box[]): void {
  const corners = cornerLines(m, g, st);
  for (const corner of ['tl', 'tr', 'bl', 'br'] as const) drawCorner(b, reg, corners[corner], corner, g, obstacles);
}
