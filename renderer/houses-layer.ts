/** House cusps, house numbers and optional house background sectors. */
import { secondHouseSet, type ChartDrawing } from './chart-model.ts';
import { angleDiff, norm360, validCusps, type Frame } from './geometry.ts';
import { spreadLongitudes } from './layout/spread.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, boxData, num, strokeAttrs } from './svg-builder.ts';
import { drawText, textWidth } from './text.ts';
import type { Style } from './themes.ts';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

function mid(a: number, b: number): number {
  return norm360(a + norm360(b - a) / 2);
}

/** Outer end of the inner ring's cusp lines: the zodiac, or the ring divider on bi-wheels with both rings inside it. */
function innerCuspOuterRadius(g: WheelGeometry): number {
  if (g.tracks.length < 2 || g.outside) return g.zodiacInner;
  return Math.max(g.tracks[g.tracks.length - 1]!.outer, g.houseBand?.outer ?? 0);
}

export function drawHouseBackgrounds(b: SvgBuilder, d: ChartDrawing, g: WheelGeometry, f: Frame, st: Style): void {
  const cusps = validCusps(d.inner.cusps);
  if (!cusps || !st.houseFill) return;
  const outerR = innerCuspOuterRadius(g);
  b.open('g', `data-layer="house-backgrounds"${st.houseFillOpacity < 1 ? ` fill-opacity="${num(st.houseFillOpacity)}"` : ''}`);
  for (let i = 0; i < 12; i++) {
    const fill = st.houseFill[i]!;
    if (fill.toLowerCase() === 'transparent') continue;
    b.path(f.sectorPath(cusps[i]!, cusps[(i + 1) % 12]!, g.aspectR, outerR), `fill="${attr(fill)}"`);
  }
  b.close('g');
}

export function drawCusps(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, g: WheelGeometry, f: Frame, st: Style): void {
  const a = d.inner.angles;
  const axes = a ? [a.asc, a.dc, a.mc, a.ic].filter(Number.isFinite) : [];
  const cusps = validCusps(d.inner.cusps);
  if (cusps) {
    const outerR = innerCuspOuterRadius(g);
    b.open('g', `data-layer="houses" ${strokeAttrs(st.houseLine.color, st.houseLine.width)}`);
    cusps.forEach((c, i) => {
      const a = f.xy(c, g.aspectR);
      const z = f.xy(c, outerR);
      b.line(a.x, a.y, z.x, z.y, `data-cusp="${i + 1}" data-ring="inner" data-lon="${norm360(c).toFixed(4)}"`);
    });
    b.close('g');
    if (g.houseBand) {
      const hb = g.houseBand;
      b.circle(g.cx, g.cy, hb.outer, `fill="none" ${strokeAttrs(st.houseRingOuter.color, st.houseRingOuter.width)}`);
      b.circle(g.cx, g.cy, hb.inner, `fill="none" ${strokeAttrs(st.houseRingInner.color, st.houseRingInner.width)}`);
      drawNumbers(b, reg, cusps, (hb.outer + hb.inner) / 2, hb.cap, f, st, st.houseNumber, axes);
    }
  }
  const second = secondHouseSet(d);
  const outer = validCusps(second?.cusps);
  const ob = g.outerHouseBand;
  if (outer && ob) {
    const [from, to] = ob.lines;
    const col = second?.ring === 'inner' ? st.planetInner : st.planetOuter;
    b.open(
      'g',
      `data-layer="outer-houses" ${strokeAttrs(col, st.houseLine.width)} stroke-opacity="0.55" stroke-dasharray="${num(3 * st.px)} ${num(2.5 * st.px)}"`,
    );
    outer.forEach((c, i) => {
      const a = f.xy(c, from);
      const z = f.xy(c, to);
      b.line(a.x, a.y, z.x, z.y, `data-cusp="${i + 1}" data-ring="${second?.ring ?? 'outer'}" data-house-band="second" data-lon="${norm360(c).toFixed(4)}"`);
    });
    b.close('g');
    // The band's edge toward the outer chart's track.
    b.circle(g.cx, g.cy, g.outside ? ob.outer : ob.inner, `fill="none" ${strokeAttrs(st.ringInner.color, st.ringInner.width * 0.7)}`);
    drawNumbers(b, reg, outer, (ob.outer + ob.inner) / 2, ob.cap, f, st, col, axes);
  }
}

export interface HouseNumberPlacement {
  house: number;
  label: string;
  x: number;
  y: number;
  /** Box of the label, for overlap checks. */
  box: { x: number; y: number; w: number; h: number };
}

/**
 * Where each house number goes on its band: at the middle of its house, spread apart along the
 * band where cusps crowd (polar charts, Porphyry fallbacks), and dropped, narrowest house first,
 * where even spreading leaves two numbers on top of each other.
 */
/** True when the ray from the centre at `lon` passes through `box` (grown by `pad`). */
function rayHits(f: Frame, lon: number, box: HouseNumberPlacement['box'], pad: number): boolean {
  const u = f.dir(lon);
  const xs = [box.x - pad, box.x + box.w + pad];
  const ys = [box.y - pad, box.y + box.h + pad];
  let pos = 0;
  let neg = 0;
  let ahead = false;
  for (const x of xs) {
    for (const y of ys) {
      const dx = x - f.cx;
      const dy = y - f.cy;
      const cross = u.x * dy - u.y * dx;
      if (cross > 0) pos++;
      else neg++;
      if (u.x * dx + u.y * dy > 0) ahead = true;
    }
  }
  return ahead && pos > 0 && neg > 0;
}

export function placeHouseNumbers(cusps: number[], r: number, cap: number, f: Frame, french: boolean, axes: readonly number[] = []): HouseNumberPlacement[] {
  const labels = cusps.map((_, i) => (french ? ROMAN[i]! : String(i + 1)));
  const sizes = labels.map((l) => ({ w: textWidth(l, cap), h: cap }));
  const mids = cusps.map((c, i) => mid(c, cusps[(i + 1) % 12]!));
  // Angle a label needs along the band, whatever its direction on screen (its diagonal).
  const need = Math.max(...sizes.map((s) => Math.hypot(s.w, s.h))) + cap * 0.3;
  const sep = (2 * Math.asin(Math.min(1, need / (2 * r))) * 180) / Math.PI;
  const spread = spreadLongitudes(mids, sep);
  const placed = spread.map((lon, i) => {
    const p = f.xy(lon, r);
    const { w, h } = sizes[i]!;
    return { house: i + 1, label: labels[i]!, x: p.x, y: p.y, box: { x: p.x - w / 2, y: p.y - h / 2, w, h } };
  });
  const span = (i: number) => norm360(cusps[(i + 1) % 12]! - cusps[i]!);
  const order = placed.map((_, i) => i).sort((a, b) => span(b) - span(a));
  const kept: HouseNumberPlacement[] = [];
  for (const i of order) {
    const p = placed[i]!;
    // A number pushed more than a house and a half from its house would name the wrong one.
    const off = Math.abs(angleDiff(spread[i]!, mids[i]!));
    if (off > span(i) / 2 + sep * 1.5) continue;
    if (kept.some((k) => overlaps(k.box, p.box, cap * 0.15))) continue;
    // An angle axis through a number hides it: the number goes (polar charts' narrow houses by the axes).
    if (axes.some((a) => rayHits(f, a, p.box, cap * 0.1))) continue;
    kept.push(p);
  }
  return kept.sort((a, b) => a.house - b.house);
}

function overlaps(a: HouseNumberPlacement['box'], b: HouseNumberPlacement['box'], pad: number): boolean {
  return a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;
}

function drawNumbers(
  b: SvgBuilder,
  reg: SymbolRegistry,
  cusps: number[],
  r: number,
  cap: number,
  f: Frame,
  st: Style,
  color: string,
  axes: readonly number[],
): void {
  for (const p of placeHouseNumbers(cusps, r, cap, f, st.french, axes)) {
    drawText(b, reg, p.label, p.x, p.y + cap / 2, cap, 'middle', { color, weight: 0.11 }, ` data-house="${p.house}" data-box="${boxData(p.box)}"`);
  }
}
