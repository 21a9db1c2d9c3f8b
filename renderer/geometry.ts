/**
 * Wheel geometry. Screen y grows downwards, the zodiac runs counter-clockwise and the
 * reference longitude (Ascendant, or 0° Aries when the birth time is unknown) sits at
 * 9 o'clock, which gives: screen angle θ = 180° + (lon − ref), measured counter-clockwise.
 */
import { num } from './svg-builder.ts';
import { degreesAndMinutes } from '../src/astro/zodiac.ts';

const RAD = Math.PI / 180;

export function norm360(x: number): number {
  const r = x % 360;
  return r < 0 ? r + 360 : r;
}

/** Signed shortest difference b − a in (−180, 180]. */
export function angleDiff(a: number, b: number): number {
  const d = norm360(b - a);
  return d > 180 ? d - 360 : d;
}

export interface Point {
  x: number;
  y: number;
}

export class Frame {
  constructor(
    readonly cx: number,
    readonly cy: number,
    /** Longitude drawn at 9 o'clock. */
    readonly ref: number,
  ) {}

  /** Screen angle in radians (counter-clockwise from 3 o'clock). */
  theta(lon: number): number {
    return (180 + lon - this.ref) * RAD;
  }

  xy(lon: number, r: number): Point {
    const t = this.theta(lon);
    return { x: this.cx + r * Math.cos(t), y: this.cy - r * Math.sin(t) };
  }

  /** Unit vector pointing outwards at `lon`; handy for offsets along the radius. */
  dir(lon: number): Point {
    const t = this.theta(lon);
    return { x: Math.cos(t), y: -Math.sin(t) };
  }

  /** Path for the ring sector between lon1 → lon2 (counter-clockwise) and radii r1 < r2. */
  sectorPath(lon1: number, lon2: number, r1: number, r2: number): string {
    const span = norm360(lon2 - lon1) || 360;
    const large = span > 180 ? 1 : 0;
    const a = this.xy(lon1, r2);
    const b = this.xy(lon2, r2);
    const c = this.xy(lon2, r1);
    const d = this.xy(lon1, r1);
    // Increasing longitude is counter-clockwise on screen, i.e. SVG sweep-flag 0.
    return (
      `M${num(a.x)} ${num(a.y)}A${num(r2)} ${num(r2)} 0 ${large} 0 ${num(b.x)} ${num(b.y)}` +
      `L${num(c.x)} ${num(c.y)}A${num(r1)} ${num(r1)} 0 ${large} 1 ${num(d.x)} ${num(d.y)}Z`
    );
  }

  /** Radial segment as path data (for batching many ticks into one element). */
  radial(lon: number, r1: number, r2: number): string {
    const a = this.xy(lon, r1);
    const b = this.xy(lon, r2);
    return `M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`;
  }
}

/**
 * The stretch of the segment from → to inside an axis-aligned box, as fractions of its length
 * (Liang–Barsky clipping): undefined when the segment misses the box.
 */
export function segmentInBox(from: Point, to: Point, box: { x: number; y: number; w: number; h: number }): [number, number] | undefined {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  let t0 = 0;
  let t1 = 1;
  // Each edge as p·t ≤ q (left, right, top, bottom), chosen by index rather than read from a list
  // built per call: leader routing clips millions of segments, and those lists were most of its garbage.
  for (let edge = 0; edge < 4; edge++) {
    const p = edge === 0 ? -dx : edge === 1 ? dx : edge === 2 ? -dy : dy;
    const q = edge === 0 ? from.x - box.x : edge === 1 ? box.x + box.w - from.x : edge === 2 ? from.y - box.y : box.y + box.h - from.y;
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return undefined;
  }
  return [t0, t1];
}

/** Position of a longitude inside its sign. */
export function signOf(lon: number): number {
  return Math.floor(norm360(lon) / 30) % 12;
}

/** Degrees and minutes within the sign, truncated as astrologers do (29°59′ never rounds up). */
export function degMin(lon: number): { deg: number; min: number } {
  return degreesAndMinutes(norm360(lon) % 30);
}

/** House cusps are usable only as a complete set of 12 finite longitudes. */
export function validCusps(c: readonly number[] | undefined): number[] | null {
  return c && c.length === 12 && c.every(Number.isFinite) ? [...c] : null;
}
