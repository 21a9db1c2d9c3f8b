/**
 * Resolution of theme + `chart_config` overrides into one concrete style, so drawing code
 * never has to think about defaults, validation or size scaling.
 */
import type { AspectType, ChartDrawing, Theme } from './chart-model.ts';
import { ASPECT_TYPES } from './chart-config.ts';
import { isCssColor, isTransparent, safeColor } from './colors.ts';
import { elementOf } from './glyphs/zodiac.ts';
import { PALETTES } from './palettes.ts';
import { num } from './svg-builder.ts';

export const MAJOR_ASPECTS: ReadonlySet<AspectType> = new Set(['conjunction', 'opposition', 'trine', 'square', 'sextile']);

export interface Stroke {
  color: string;
  width: number;
}

export type AngleKey = 'asc' | 'dsc' | 'mc' | 'ic';

export interface Style {
  theme: Theme;
  /** Image px per reference px (size / 700); all widths below are already multiplied. */
  px: number;
  /** Null when transparent. */
  background: string | null;
  /** Colour used to clear lines behind glyphs; null when the background is transparent. */
  halo: string | null;
  ringOuter: Stroke;
  ringInner: Stroke;
  houseRingOuter: Stroke;
  houseRingInner: Stroke;
  signLine: Stroke;
  houseLine: Stroke;
  tick: Stroke;
  angle: Record<AngleKey, Stroke>;
  signFill: string[] | null;
  signFillOpacity: number;
  signGlyph: string[];
  /** Stroke width of zodiac glyphs in image px, or null for the glyphs' natural weight. */
  signGlyphStroke: number | null;
  houseFill: string[] | null;
  houseFillOpacity: number;
  houseNumber: string;
  aspectDisk: string | null;
  planetInner: string;
  planetOuter: string;
  /** Backgrounds of the outer and inner planet bands, or null for none. */
  zoneOuter: string | null;
  zoneInner: string | null;
  aspect: Record<AspectType, Stroke & { dash: string | null }>;
  aspectOpacity: number;
  text: string;
  muted: string;
  shapeColor: string;
  showRetro: boolean;
  retroStyle: 'symbol' | 'rx' | 'r';
  showAspectSymbols: boolean;
  french: boolean;
  housesInside: boolean;
  planetScale: number;
  signScale: number;
  houseNumberScale: number;
  fontFraction: number | undefined;
  signRingFraction: number | undefined;
  houseRingFraction: number | undefined;
  ringFraction: number | undefined;
  centerFraction: number | undefined;
  shape: { show: boolean; style: 'polygon' | 'arcs' | 'label'; label: boolean; embed: boolean };
}

function list12(values: readonly string[] | undefined, fallback: (i: number) => string): string[] {
  return Array.from({ length: 12 }, (_, i) => safeColor(values?.[i], fallback(i)));
}

/**
 * Without colour, the line pattern tells the aspects apart: hard aspects solid (opposition) or
 * long-dashed (square), soft ones solid (trine) or dotted (sextile), minors in three more patterns.
 */
export function monoDash(t: AspectType, px: number): string | null {
  const p = (...xs: number[]) => xs.map((x) => num(x * px)).join(' ');
  switch (t) {
    case 'conjunction':
    case 'opposition':
    case 'trine':
      return null;
    case 'square':
      return p(7, 3.5);
    case 'sextile':
      return p(1.5, 3);
    case 'quincunx':
      return p(6, 2.5, 1.5, 2.5);
    case 'quintile':
      return p(1.5, 2, 1.5, 5);
    default:
      return p(3.5, 3.5);
  }
}

export function resolveStyle(d: ChartDrawing): Style {
  const o = d.options;
  const cfg = o.chartConfig ?? {};
  const theme: Theme = o.theme === 'dark' || o.theme === 'mono' ? o.theme : 'light';
  const p = PALETTES[theme];
  const px = clampSize(o.size) / 700;
  const w = (v: number | undefined, dflt: number) => (v ?? dflt) * px;
  const stroke = (c: string | undefined, cd: string, wv: number | undefined, wd: number): Stroke => ({
    color: safeColor(c, cd),
    width: w(wv, wd),
  });

  const bgRaw = cfg.chart_background;
  const background = bgRaw !== undefined && isTransparent(bgRaw) ? null : safeColor(bgRaw, p.background);

  const showSignBg = cfg.show_sign_background ?? cfg.show_color_background ?? true;
  const signFill = showSignBg ? list12(cfg.custom_sign_colors, (i) => safeColor(cfg.custom_sign_bg_color, p.signBg[elementOf(i)])) : null;

  const showHouseBg = cfg.show_house_background ?? (cfg.custom_house_colors !== undefined || cfg.custom_house_bg_color !== undefined);
  const houseFill = showHouseBg
    ? list12(cfg.custom_house_colors, (i) => (i % 2 === 0 ? safeColor(cfg.custom_house_bg_color, theme === 'dark' ? '#1A2233' : '#F1F3F8') : 'transparent'))
    : null;

  const signGlyph = list12(undefined, (i) => safeColor(cfg.custom_sign_color, p.signGlyph[elementOf(i)]));

  const bi = d.outer !== undefined;
  const single = safeColor(cfg.custom_planet_color, safeColor(o.innerColor, p.planet));
  const [innerDefault, outerDefault] = o.swapRingColors ? [p.outer, p.inner] : [p.inner, p.outer];
  const planetInner = bi ? safeColor(o.innerColor, safeColor(cfg.custom_planet_color, innerDefault)) : single;
  const planetOuter = safeColor(o.outerColor, outerDefault);

  const aspect = {} as Style['aspect'];
  for (const t of ASPECT_TYPES) {
    const major = MAJOR_ASPECTS.has(t);
    aspect[t] = {
      color: safeColor(cfg[`aspect_${t}_color`], p.aspect[t]),
      width: w(cfg[`aspect_${t}_width`], major ? 1.25 : 0.95),
      dash: d.options.theme === 'mono' ? monoDash(t, px) : major ? null : `${4 * px} ${3 * px}`,
    };
  }

  const houseColor = safeColor(cfg.custom_house_color, p.cusp);
  const angleDefault = (k: AngleKey): Stroke => stroke(cfg[`${k}_line_color`], p.angle, cfg[`${k}_line_width`], 2.1);

  return {
    theme,
    px,
    background,
    halo: background ?? null,
    ringOuter: stroke(cfg.sign_ring_outer_color, p.ringOuter, cfg.sign_ring_outer_width, 1.5),
    ringInner: stroke(cfg.sign_ring_inner_color, p.ringInner, cfg.sign_ring_inner_width, 1.1),
    houseRingOuter: stroke(cfg.house_ring_outer_color, p.ringInner, cfg.house_ring_outer_width, 0.9),
    houseRingInner: stroke(cfg.house_ring_inner_color, p.ringInner, cfg.house_ring_inner_width, 1.1),
    signLine: stroke(cfg.sign_line_color, p.signLine, cfg.sign_line_width, 0.9),
    houseLine: stroke(cfg.house_line_color, houseColor, cfg.house_line_width, 0.85),
    tick: stroke(cfg.sign_tick_color, p.tick, cfg.sign_tick_width, 0.75),
    angle: { asc: angleDefault('asc'), dsc: angleDefault('dsc'), mc: angleDefault('mc'), ic: angleDefault('ic') },
    signFill,
    signFillOpacity: cfg.sign_background_opacity ?? 1,
    signGlyph,
    signGlyphStroke: cfg.sign_symbol_stroke_width !== undefined ? cfg.sign_symbol_stroke_width * px : null,
    houseFill,
    houseFillOpacity: cfg.house_background_opacity ?? 1,
    houseNumber: safeColor(cfg.custom_house_color, p.houseNumber),
    aspectDisk: background === null ? null : p.aspectDisk,
    planetInner,
    planetOuter,
    zoneOuter: o.outerZoneColor !== undefined && isCssColor(o.outerZoneColor) ? o.outerZoneColor.trim() : null,
    zoneInner: o.innerZoneColor !== undefined && isCssColor(o.innerZoneColor) ? o.innerZoneColor.trim() : null,
    aspect,
    aspectOpacity: cfg.stroke_opacity ?? 0.9,
    text: p.text,
    muted: p.muted,
    shapeColor: safeColor(cfg.horoscope_shape_color, p.shape),
    showRetro: cfg.show_retrograde_markers ?? true,
    retroStyle: cfg.retrograde_marker_style ?? 'symbol',
    showAspectSymbols: cfg.show_aspect_symbols ?? false,
    french: cfg.french_style ?? false,
    housesInside: cfg.houses_inside_planets ?? true,
    planetScale: cfg.planet_symbol_scale ?? 1,
    signScale: cfg.sign_symbol_scale ?? 1,
    houseNumberScale: cfg.house_number_scale ?? 1,
    fontFraction: cfg.font_size_fraction,
    signRingFraction: cfg.sign_ring_thickness_fraction,
    houseRingFraction: cfg.house_ring_thickness_fraction,
    ringFraction: cfg.ring_thickness_fraction,
    centerFraction: cfg.center_disk_fraction,
    shape: {
      show: cfg.show_horoscope_shape ?? false,
      style: cfg.horoscope_shape_style ?? 'polygon',
      label: cfg.horoscope_shape_label ?? true,
      embed: cfg.embed_horoscope_shape_metadata ?? false,
    },
  };
}

/** Retrograde marker text; '℞' is drawn as a glyph by the text layer. */
export function retroText(st: Pick<Style, 'retroStyle'>): string {
  return st.retroStyle === 'rx' ? 'Rx' : st.retroStyle === 'r' ? 'R' : '℞';
}

export function clampSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return 700;
  return Math.min(2000, Math.max(300, Math.round(size)));
}
