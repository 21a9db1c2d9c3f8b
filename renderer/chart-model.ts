/**
 * Plain data model the astrology layer fills and the renderer draws. Longitudes are ecliptic
 * degrees 0–360 already in the chosen zodiac; the renderer never does astronomy.
 */
import type { ChartConfig } from './chart-config.ts';
import type { ASPECT_TYPES } from './chart-config.ts';

export type { ChartConfig } from './chart-config.ts';
export { chartConfigSchema, ASPECT_TYPES } from './chart-config.ts';

export type AspectType = (typeof ASPECT_TYPES)[number];

export interface ChartPoint {
  /**
   * sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, north_node,
   * south_node, true_node, mean_node, chiron, lilith, true_lilith, pholus, ceres, pallas,
   * juno, vesta, part_of_fortune, vertex (unknown ids are drawn with their initials)
   */
  id: string;
  name: string;
  lon: number;
  retrograde: boolean;
  /** A colour of its own (a synastry's second person's angles), else its ring's. */
  color?: string;
}

export interface Angles {
  asc: number;
  mc: number;
  ic: number;
  dc: number;
}

export interface WheelRing {
  label: string;
  points: ChartPoint[];
  /** 12 house cusp longitudes, absent when the birth time is unknown. */
  cusps?: number[];
  angles?: Angles;
  /**
   * This ring's angles when another ring draws them as the chart's axes (a bi-wheel framed by
   * the outer person's houses): aspect lines to them still find their ends.
   */
  axisAngles?: Angles;
  /** Notes on shown points that could not be computed (e.g. Chiron before 1800), printed with the metadata. */
  omitted?: string[];
}

/** A second set of house cusps, drawn in the thin band inside the zodiac. */
export interface SecondHouses {
  cusps: number[];
  /** Whose houses these are: they take that ring's colour. */
  ring: 'inner' | 'outer';
}

export interface ChartAspect {
  a: { ring: 'inner' | 'outer'; id: string };
  b: { ring: 'inner' | 'outer'; id: string };
  type: AspectType;
  orb: number;
}

/** Cusps of the thin house band: `secondHouses`, else the outer ring's own houses. */
export function secondHouseSet(d: ChartDrawing): SecondHouses | null {
  if (d.secondHouses) return d.secondHouses;
  return d.outer?.cusps ? { cusps: d.outer.cusps, ring: 'outer' } : null;
}

export type ChartKind = 'natal' | 'transits' | 'solar_return' | 'progressions' | 'composite' | 'synastry';

export interface ChartDrawing {
  kind: ChartKind;
  /** Single-wheel charts use only `inner`. */
  inner: WheelRing;
  /** Bi-wheels: second set of planets on an outer ring, optionally with its own house cusps. */
  outer?: WheelRing;
  /** Overrides `outer.cusps` as the houses of the thin band (e.g. the inner person's own houses). */
  secondHouses?: SecondHouses;
  aspects: ChartAspect[];
  /** e.g. name, local date/time, place, house system, zodiac. */
  metadata: { title: string; lines: string[] };
  options: RenderOptions;
}

export type Theme = 'light' | 'dark' | 'mono';

export interface RenderOptions {
  /** px, 300–2000, default 700. */
  size: number;
  theme: Theme;
  showMetadata: boolean;
  chartConfig: ChartConfig;
  innerColor?: string;
  outerColor?: string;
  /**
   * The theme's ring colours swapped: the transit bi-wheel with the natal chart outside keeps the
   * natal planets in the natal colour (the theme's inner one) and the transits in theirs.
   */
  swapRingColors?: boolean;
  /** Backgrounds of the bands the outer and inner ring's planets sit in (a synastry's person zones); none by default. */
  outerZoneColor?: string;
  innerZoneColor?: string;
}
