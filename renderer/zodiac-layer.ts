/** The zodiac band: element tints, sign boundaries, degree scale and sign glyphs. */
import { norm360 } from './geometry.ts';
import type { Frame } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { WheelGeometry } from './layout/rings.ts';
import { SvgBuilder, attr, fillAttrs, num, strokeAttrs } from './svg-builder.ts';
import type { Style } from './themes.ts';

export function drawZodiacBackground(b: SvgBuilder, g: WheelGeometry, f: Frame, st: Style): void {
  if (!st.signFill) return;
  b.open('g', `data-layer="sign-backgrounds"${st.signFillOpacity < 1 ? ` fill-opacity="${num(st.signFillOpacity)}"` : ''}`);
  for (let i = 0; i < 12; i++) {
    b.path(f.sectorPath(i * 30, i * 30 + 30, g.zodiacInner, g.R), `fill="${attr(st.signFill[i]!)}"`);
  }
  b.close('g');
}

export function drawZodiacLines(b: SvgBuilder, g: WheelGeometry, f: Frame, st: Style): void {
  // Ticks are batched into one path per length: 360 separate elements would cost far more.
  let t1 = '';
  let t5 = '';
  let t10 = '';
  for (let deg = 0; deg < 360; deg++) {
    if (deg % 30 === 0) continue;
    if (deg % 10 === 0) t10 += f.radial(deg, g.zodiacInner, g.zodiacInner + g.tick10);
    else if (deg % 5 === 0) t5 += f.radial(deg, g.zodiacInner, g.zodiacInner + g.tick5);
    else t1 += f.radial(deg, g.zodiacInner, g.zodiacInner + g.tick1);
  }
  // Butt caps: crisper ticks, and round caps on ~330 segments measurably slow rasterising.
  b.open('g', `data-layer="zodiac" fill="none" stroke-linecap="butt"`);
  b.path(t1, strokeAttrs(st.tick.color, st.tick.width * 0.8));
  b.path(t5 + t10, strokeAttrs(st.tick.color, st.tick.width));
  let bounds = '';
  for (let i = 0; i < 12; i++) bounds += f.radial(i * 30, g.zodiacInner, g.R);
  b.path(bounds, strokeAttrs(st.signLine.color, st.signLine.width));
  b.circle(g.cx, g.cy, g.R, strokeAttrs(st.ringOuter.color, st.ringOuter.width));
  b.circle(g.cx, g.cy, g.zodiacInner, strokeAttrs(st.ringInner.color, st.ringInner.width));
  b.close('g');
}

/**
 * Where a sign's glyph goes: the middle of its sign, unless an angle axis runs through it; then
 * it slides along the band, within its own sign, to the wider side of the axis.
 */
export function signGlyphLongitude(sign: number, axes: readonly number[], g: WheelGeometry): number {
  const half = (Math.asin(Math.min(1, (g.signGlyphSize * 0.5) / g.signGlyphR)) * 180) / Math.PI + 0.5;
  const lo = sign * 30 + half;
  const hi = sign * 30 + 30 - half;
  let lon = sign * 30 + 15;
  for (const axis of axes) {
    const a = sign * 30 + norm360(axis - sign * 30);
    if (Math.abs(a - lon) >= half) continue;
    const left = a - half;
    const right = a + half;
    lon = left - lo >= hi - right ? Math.min(left, hi) : Math.max(right, lo);
  }
  return lon;
}

export function drawSignGlyphs(b: SvgBuilder, reg: SymbolRegistry, g: WheelGeometry, f: Frame, st: Style, axes: readonly number[] = []): void {
  const k = g.signGlyphSize / 100;
  // Symbol strokes are in glyph units (box = 100), so a px width is divided by the scale.
  const weight = st.signGlyphStroke !== null ? st.signGlyphStroke / k : 6.5;
  b.open('g', `data-layer="signs" stroke-width="${num(weight)}"`);
  for (let i = 0; i < 12; i++) {
    const p = f.xy(signGlyphLongitude(i, axes, g), g.signGlyphR);
    const c = attr(st.signGlyph[i]!);
    b.el(
      'use',
      `xlink:href="#${reg.sign(i)}" data-sign="${i}" transform="translate(${num(p.x)} ${num(p.y)}) scale(${k.toFixed(4)})" stroke="${c}" fill="${c}"`,
    );
  }
  b.close('g');
}

export function drawBackground(b: SvgBuilder, width: number, height: number, st: Style): void {
  if (st.background) b.el('rect', `width="${num(width)}" height="${num(height)}" ${fillAttrs(st.background)}`);
}
