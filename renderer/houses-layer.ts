/** House cusps, house numbers and optional house background sectors. */
import type { ChartDrawing } from './chart-model.ts';
import { norm360, validCusps, type Frame } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, num, strokeAttrs } from './svg-builder.ts';
import { drawText } from './text.ts';
import type { Style } from './themes.ts';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

function mid(a: number, b: number): number {
  return norm360(a + norm360(b - a) / 2);
}

/** Outer end of the inner ring's cusp lines: the zodiac, or the ring divider on bi-wheels. */
function innerCuspOuterRadius(g: WheelGeometry): number {
  if (g.tracks.length < 2) return g.zodiacInner;
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
  const cusps = validCusps(d.inner.cusps);
  if (cusps) {
    const outerR = innerCuspOuterRadius(g);
    b.open('g', `data-layer="houses" ${strokeAttrs(st.houseLine.color, st.houseLine.width)}`);
    cusps.forEach((c, i) => {
      const a = f.xy(c, g.aspectR);
      const z = f.xy(c, outerR);
      b.line(a.x, a.y, z.x, z.y, `data-cusp="${i + 1}" data-ring="inner"`);
    });
    b.close('g');
    if (g.houseBand) {
      const hb = g.houseBand;
      b.circle(g.cx, g.cy, hb.outer, `fill="none" ${strokeAttrs(st.houseRingOuter.color, st.houseRingOuter.width)}`);
      b.circle(g.cx, g.cy, hb.inner, `fill="none" ${strokeAttrs(st.houseRingInner.color, st.houseRingInner.width)}`);
      drawNumbers(b, reg, cusps, (hb.outer + hb.inner) / 2, hb.cap, f, st, st.houseNumber);
    }
  }
  const outer = validCusps(d.outer?.cusps);
  const ob = g.outerHouseBand;
  if (outer && ob) {
    const from = g.tracks[0]!.inner;
    const col = st.planetOuter;
    b.open('g', `data-layer="outer-houses" ${strokeAttrs(col, st.houseLine.width)} stroke-opacity="0.55" stroke-dasharray="${num(3 * st.px)} ${num(2.5 * st.px)}"`);
    outer.forEach((c, i) => {
      const a = f.xy(c, from);
      const z = f.xy(c, ob.outer);
      b.line(a.x, a.y, z.x, z.y, `data-cusp="${i + 1}" data-ring="outer"`);
    });
    b.close('g');
    b.circle(g.cx, g.cy, ob.inner, `fill="none" ${strokeAttrs(st.ringInner.color, st.ringInner.width * 0.7)}`);
    drawNumbers(b, reg, outer, (ob.outer + ob.inner) / 2, ob.cap, f, st, col);
  }
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
): void {
  for (let i = 0; i < 12; i++) {
    const p = f.xy(mid(cusps[i]!, cusps[(i + 1) % 12]!), r);
    const label = st.french ? ROMAN[i]! : String(i + 1);
    drawText(b, reg, label, p.x, p.y + cap / 2, cap, 'middle', { color, weight: 0.11 }, ` data-house="${i + 1}"`);
  }
}
