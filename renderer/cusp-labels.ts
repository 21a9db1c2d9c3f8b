/**
 * The degree of every house cusp, printed just outside the zodiac at the cusp's longitude, as
 * astro.com and Astro-Seek print all twelve (the four angles already carry theirs on their own
 * labels). Where cusps crowd (polar charts) or a cusp lies near an axis, the labels move apart
 * along the rim until none overlaps another, an angle label or an axis.
 */
import type { ChartDrawing } from './chart-model.ts';
import { formatPosition } from './angles-layer.ts';
import { angleDiff, norm360, segmentInBox, validCusps, type Frame } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { Box } from './layout/points.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, boxData } from './svg-builder.ts';
import { drawText, textWidth } from './text.ts';
import type { Style } from './themes.ts';

export interface CuspLabel {
  house: number;
  text: string;
  cap: number;
  /** The longitude it is drawn at (its cusp's, or moved along the rim). */
  at: number;
  box: Box;
}

/** The longitude drawn in the direction of a point of the picture. */
function lonAt(f: Frame, x: number, y: number): number {
  return norm360((Math.atan2(-(y - f.cy), x - f.cx) * 180) / Math.PI - 180 + f.ref);
}

/** Step of the moves along the rim, degrees; a label never moves further than MAX_MOVE from its cusp. */
const STEP = 0.5;
const MAX_MOVE = 20;

/**
 * Where the cusp labels go: outside the zodiac at their cusps, apart from one another, from the
 * angle labels (`angleBoxes`) and from the axes (`axes`, longitudes: an axis runs past the zodiac
 * to its tip). Cusps on an axis are left to the axis's label; a label that cannot be placed
 * within MAX_MOVE of its cusp is left out rather than drawn over another.
 */
export function placeCuspLabels(d: ChartDrawing, g: WheelGeometry, f: Frame, axes: readonly number[], angleBoxes: readonly Box[]): CuspLabel[] {
  const cusps = validCusps(d.inner.cusps);
  if (!cusps || g.simple) return [];
  const cap = g.angleCap * 0.85;
  const gap = g.R * 0.012;
  // Just outside the zodiac, or past the outer chart's house band when its ring is outside.
  const base = g.outside ? g.tracks[0]!.inner : g.R;
  const items = cusps.flatMap((c, i) => {
    const lon = norm360(c);
    if (axes.some((a) => Math.abs(angleDiff(lon, a)) < 0.01)) return [];
    const text = formatPosition(lon);
    return [{ house: i + 1, lon, text, w: textWidth(text, cap), h: cap }];
  });
  const boxAt = (it: (typeof items)[number], at: number): Box => {
    const u = f.dir(at);
    const dist = base + gap + Math.abs(u.x) * (it.w / 2) + Math.abs(u.y) * (it.h / 2);
    return { x: g.cx + u.x * dist - it.w / 2, y: g.cy + u.y * dist - it.h / 2, w: it.w, h: it.h };
  };
  const pad = cap * 0.35;
  const touch = (p: Box, q: Box) => p.x < q.x + q.w + pad && q.x < p.x + p.w + pad && p.y < q.y + q.h + pad && q.y < p.y + p.h + pad;
  const grown = (b: Box): Box => ({ x: b.x - pad, y: b.y - pad, w: b.w + 2 * pad, h: b.h + 2 * pad });
  const axisHits = (b: Box) => axes.filter((a) => segmentInBox(f.xy(a, g.zodiacInner), f.xy(a, g.angleTip), grown(b)) !== undefined);
  const at = items.map((it) => it.lon);
  let boxes = items.map((it, i) => boxAt(it, at[i]!));
  for (let round = 0; round < 400; round++) {
    let moved = false;
    const push = (i: number, away: number) => {
      const d = angleDiff(away, at[i]!) >= 0 ? STEP : -STEP;
      at[i] = at[i]! + d;
      moved = true;
    };
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        if (!touch(boxes[i]!, boxes[j]!)) continue;
        push(i, at[j]!);
        push(j, at[i]!);
      }
      for (const a of angleBoxes) if (touch(boxes[i]!, a)) push(i, lonAt(f, a.x + a.w / 2, a.y + a.h / 2));
      for (const a of axisHits(boxes[i]!)) push(i, a);
    }
    if (!moved) break;
    boxes = items.map((it, i) => boxAt(it, at[i]!));
  }
  const placed: CuspLabel[] = [];
  items.forEach((it, i) => {
    const box = boxes[i]!;
    const clear =
      Math.abs(angleDiff(it.lon, at[i]!)) <= MAX_MOVE &&
      axisHits(box).length === 0 &&
      !angleBoxes.some((a) => touch(box, a)) &&
      !placed.some((p) => touch(p.box, box)) &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.w <= g.size &&
      box.y + box.h <= g.size;
    if (clear) placed.push({ house: it.house, text: it.text, cap, at: at[i]!, box });
  });
  return placed;
}

/** Draws the labels placed by placeCuspLabels, each with a short tick from the zodiac when moved off its cusp; returns their boxes. */
export function drawCuspLabels(b: SvgBuilder, reg: SymbolRegistry, labels: readonly CuspLabel[], st: Style): Box[] {
  if (labels.length === 0) return [];
  b.open('g', 'data-layer="cusp-labels"');
  for (const l of labels) {
    const { box } = l;
    drawText(
      b,
      reg,
      l.text,
      box.x + box.w / 2,
      box.y + box.h,
      l.cap,
      'middle',
      { color: st.muted, weight: 0.11 },
      ` data-cusp-label="${l.house}" data-box="${boxData(box)}"`,
    );
  }
  b.close('g');
  return labels.map((l) => l.box);
}
