/**
 * Where every planet glyph and its labels go. Exposed publicly so callers and tests can
 * inspect the computed positions (e.g. to check that nothing overlaps).
 */
import { secondHouseSet, type ChartDrawing, type ChartPoint, type WheelRing } from '../chart-model.ts';
import { Frame, angleDiff, degMin, norm360, segmentInBox, signOf, validCusps, type Point } from '../geometry.ts';
import { POINT_GLYPHS } from '../glyphs/planets.ts';
import { textWidth } from '../text.ts';
import { resolveStyle, retroText, type AngleKey, type Style } from '../themes.ts';
import { INK, STANDARD_RADIUS, computeGeometry, type RingId, type Track, type WheelGeometry } from './rings.ts';
import { routeLeaders } from './leader-routes.ts';
import { spreadWithinBarriers, type GlyphModel, type RadialLine } from './spread-within.ts';

export { INK };

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedLabel {
  kind: 'deg' | 'sign' | 'min' | 'retro';
  /** Text for deg/min/retro; empty for the sign glyph (see `sign`). */
  text: string;
  sign?: number;
  x: number;
  y: number;
  cap: number;
  box: Box;
}

export interface PlacedPoint {
  id: string;
  ring: RingId;
  name: string;
  lon: number;
  displayLon: number;
  retrograde: boolean;
  /** 0 on the track; 1 on the second row (or inner tier) a crowd one row cannot hold shares its glyphs with, joined to their ticks by leader lines. */
  tier: number;
  /** The point's own colour (validated), else its ring's. */
  color?: string;
  glyph: { x: number; y: number; size: number; text?: string };
  /** Ink box of the glyph. */
  bbox: Box;
  labels: PlacedLabel[];
  tick: { from: Point; to: Point };
  /** From the tick's end to the glyph; `via`: its turning points where it is routed round other glyphs (leader-routes.ts). */
  leader: { from: Point; to: Point; via?: Point[] } | null;
  /** Where aspect lines attach: the aspect circle at the true longitude. */
  anchor: Point;
  /** The inner chart's angle this stands for, drawn among the outer ring's glyphs when that ring is outside the zodiac (angleMarks). */
  angle?: AngleKey;
}

/** Every box a placed point draws: its glyph's, then its labels'. The axes are broken around these, and the SVG's metadata lists them. */
export const boxesOf = (p: PlacedPoint): Box[] => [p.bbox, ...p.labels.map((l) => l.box)];

export interface ChartLayout {
  style: Style;
  geometry: WheelGeometry;
  frame: Frame;
  points: PlacedPoint[];
  /** The inner chart's angles named among the outer ring's glyphs (a bi-wheel with its outer ring outside the zodiac), else empty. */
  angleMarks: PlacedPoint[];
}

/** The longitude drawn at 9 o'clock: Ascendant, else first cusp, else 0° Aries. */
export function referenceLongitude(d: ChartDrawing): number {
  const asc = d.inner.angles?.asc;
  if (asc !== undefined && Number.isFinite(asc)) return norm360(asc);
  const c = validCusps(d.inner.cusps);
  return c ? norm360(c[0]!) : 0;
}

/** Abbreviation drawn in place of a glyph for points without designed art. */
export function fallbackGlyphText(p: ChartPoint, french: boolean): string {
  const mark = angleOfMark(p);
  if (mark) return ANGLE_MARK_TEXT[french ? 'fr' : 'en'][mark];
  if (p.id === 'asc') return french ? 'AS' : 'AC';
  if (p.id === 'mc') return 'MC';
  const src = (p.name || p.id).replace(/[^A-Za-z0-9]/g, '');
  return src.slice(0, 1).toUpperCase() + src.slice(1, 2).toLowerCase() || '?';
}

/**
 * The inner chart's angles as pseudo-points of an outer ring drawn outside the zodiac: their labels
 * (a two-letter name and the position) go where the angle labels went beyond the zodiac, now the
 * outer ring's place, and spread with its glyphs so that none lies on another.
 */
const ANGLE_MARK = 'angle:';
const ANGLE_MARK_TEXT = {
  en: { asc: 'AC', dsc: 'DC', mc: 'MC', ic: 'IC' },
  fr: { asc: 'AS', dsc: 'DS', mc: 'MC', ic: 'FC' },
} as const satisfies Record<string, Record<AngleKey, string>>;
const angleOfMark = (p: { id: string }): AngleKey | undefined => (p.id.startsWith(ANGLE_MARK) ? (p.id.slice(ANGLE_MARK.length) as AngleKey) : undefined);

function angleMarks(d: ChartDrawing): ChartPoint[] {
  const a = d.inner.angles;
  if (!a) return [];
  const at: Record<AngleKey, number> = { asc: a.asc, dsc: a.dc, mc: a.mc, ic: a.ic };
  if (!Object.values(at).every(Number.isFinite)) return [];
  return (Object.keys(at) as AngleKey[]).map((k) => ({ id: `${ANGLE_MARK}${k}`, name: k, lon: at[k], retrograde: false }));
}

/** Outer-ring angles join the planets as pseudo-points so their labels spread with them. */
function ringPoints(r: WheelRing, ring: RingId): ChartPoint[] {
  const pts = r.points.filter((p) => Number.isFinite(p.lon));
  if (ring === 'outer' && r.angles) {
    const has = (id: string) => pts.some((p) => p.id === id);
    if (!has('asc') && Number.isFinite(r.angles.asc)) pts.push({ id: 'asc', name: 'Ascendant', lon: r.angles.asc, retrograde: false });
    if (!has('mc') && Number.isFinite(r.angles.mc)) pts.push({ id: 'mc', name: 'Midheaven', lon: r.angles.mc, retrograde: false });
  }
  return pts;
}

/** Half an item's depth along u: glyph-like items are round enough to count as circles; text is a box. */
function radialExtent(ux: number, uy: number, w: number, h: number, round: boolean): number {
  return round ? w / 2 : (Math.abs(ux) * w + Math.abs(uy) * h) / 2;
}

/** Glyph corners for the retrograde mark, in order of preference (screen y grows downwards). */
const RETRO_CORNERS: readonly Point[] = [
  { x: 1, y: 1 },
  { x: 1, y: -1 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
].map((k) => ({ x: k.x / Math.SQRT2, y: k.y / Math.SQRT2 }));
const MARS_CORNERS = RETRO_CORNERS.filter((k) => !(k.x > 0 && k.y < 0));

/** Sign boundaries hold glyphs in their sign like cusps, though they do not cross the track. */
const SIGN_BOUNDARIES: readonly RadialLine[] = Array.from({ length: 12 }, (_, i) => ({ lon: i * 30, hard: false, virtual: true }));

/**
 * How a run of glyphs too crowded for its sectors is drawn, one step after another: smaller on
 * the track (0.9, 0.8 of its size), then staggered on two lanes, every other glyph of the run on
 * the inner half of the track (both lanes as large as half the track holds, at most LANE_SCALE,
 * then 0.9, 0.8 and 0.7 of that; a lone glyph gains nothing there and stops at 0.8). The inner
 * tier's glyphs, already at TIER_SCALE, take the first two steps only.
 */
const SHRINK = [1, 0.9, 0.8] as const;
/**
 * The smallest glyph (ink) and degree label (cap height) any chart draws, px at 700 px (in
 * proportion at other sizes): no step of the list above goes below them. A run that does not fit
 * at that size spreads beyond its sectors instead (spread-within.ts, step 4), each glyph joined to
 * its true degree by its tick and leader line.
 */
export const MIN_GLYPH_PX = 14;
export const MIN_LABEL_PX = 7.5;

/** The least scale of a track's glyphs and labels that keeps them at MIN_GLYPH_PX and MIN_LABEL_PX (1: none smaller). */
export function floorScale(t: Track, size: number): number {
  const k = size / 700;
  return Math.min(1, Math.max((MIN_GLYPH_PX * k) / (t.glyphSize * INK), (MIN_LABEL_PX * k) / t.labelCap));
}
const LANE_SCALE = 0.72;
const LANE_SHRINK = [1, 0.9, 0.8, 0.7] as const;
const LAST_STEP = SHRINK.length + LANE_SHRINK.length - 1;

/** A shrunk glyph with its labels: the track's measures at a scale (the glyph's edge toward the tick stays). */
function scaledTrack(t: Track, s: number): Track {
  if (s === 1) return t;
  const ink = t.glyphSize * INK;
  return {
    ...t,
    glyphR: t.glyphR + ((t.outward ? -1 : 1) * (ink * (1 - s))) / 2,
    glyphSize: t.glyphSize * s,
    labelCap: t.labelCap * s,
    labelGap: t.labelGap * s,
  };
}

/** One planet's glyph and labels: their texts and sizes at the track's scale, and how it is drawn now. */
interface Stack {
  p: ChartPoint;
  lon: number;
  degText: string;
  minText: string;
  sign: number;
  /** Its labels' widths, heights and which are glyph-like (the sign), at scale 1 of the track. */
  ws: number[];
  hs: number[];
  round: boolean[];
  retro: boolean;
  /**
   * The glyph's corner that holds its retrograde mark: the one most across the radius at its
   * true longitude (the lower right unless the labels run that way), so the mark never sits in
   * the label stack; never Mars's upper right, where its arrowhead is. Chosen once: a corner
   * chosen at the drawn angle would jump near 12 and 6 o'clock as the glyph moves a hair.
   */
  corner: Point;
  /** Index into SHRINK, then LANE_SHRINK. */
  step: number;
  /** 0: the whole track; 1: its outer lane, 2: its inner lane. */
  lane: 0 | 1 | 2;
  /** Its scale, and the track's measures at that scale and lane. */
  k: number;
  t: Track;
}

/** Boxes of a stack as x, y, w, h quadruples: glyph, labels (deg, [sign, min]), [retrograde mark]. */
const MAX_BOXES = 5;

/**
 * A track's glyphs as the one box model that the spacing, the clearance from lines, the crowds
 * and the drawing share: where a glyph's boxes are when it is drawn at an angle.
 */
class TrackGlyphs implements GlyphModel {
  private readonly a = new Float64Array(4 * MAX_BOXES);
  private readonly b = new Float64Array(4 * MAX_BOXES);
  private readonly radii = new Float64Array(4);
  readonly retroText: string;
  /** The space kept between a line and boxes, px. */
  private readonly clearance: number;
  /** The widest angle the space between neighbours' labels (beyond their reaches' clearances) takes on this track, degrees. */
  private readonly spaceAngle: number;
  /** The least scale its glyphs may take (floorScale). */
  private readonly floor: number;
  /** Between crowds on other tracks of the same ring (the inner tier): see computeLayout. */
  touchingOverride: ((i: number, j: number) => boolean) | null = null;

  constructor(
    readonly stacks: Stack[],
    readonly track: Track,
    private readonly frame: Frame,
    private readonly g: WheelGeometry,
    private readonly st: Style,
    /** Last step this track may take (SHRINK, then LANE_SHRINK). */
    private readonly lastStep: number,
  ) {
    this.retroText = retroText(st);
    this.clearance = 0.0025 * g.R;
    // At the track's inner edge, where the labels are and an angle spans the fewest pixels.
    this.spaceAngle = (((NEIGHBOUR_PAD - 2 * 0.0025) * g.R + WORD_SPACE * track.labelCap) / Math.max(track.inner, 0.05 * g.R)) * (180 / Math.PI);
    this.floor = floorScale(track, g.size);
    this.reachMemo = new Float64Array(4 * stacks.length).fill(NaN);
    for (const s of stacks) this.reshape(s);
  }

  /** Sets a stack's scale and track after a change of step or lane. */
  private reshape(s: Stack): void {
    const t = this.track;
    if (s.step < SHRINK.length) {
      s.lane = 0;
      s.k = SHRINK[s.step]!;
      s.t = scaledTrack(t, s.k);
      return;
    }
    // Two lanes: the outer one keeps the track's outer edge and tick, the inner one starts below
    // the middle; the stack is as large as half the track holds in its direction.
    const u = this.frame.dir(s.lon);
    const ink = t.glyphSize * INK;
    let len = ink;
    s.ws.forEach((w, j) => (len += t.labelGap + 2 * radialExtent(u.x, u.y, w, s.hs[j]!, s.round[j]!)));
    const half = (t.outer - t.inner) / 2;
    const room = half - t.tickLen - 0.012 * this.g.R;
    s.k = Math.min(LANE_SCALE, room / len) * LANE_SHRINK[s.step - SHRINK.length]!;
    const mid = t.outer - half;
    if (s.lane === 1) s.t = { ...scaledTrack(t, s.k), inner: mid };
    else
      s.t = {
        ...t,
        outer: mid,
        tickLen: 0,
        glyphR: mid - 0.008 * this.g.R - (ink * s.k) / 2,
        glyphSize: t.glyphSize * s.k,
        labelCap: t.labelCap * s.k,
        labelGap: t.labelGap * s.k,
      };
  }

  /** Writes stack i's boxes drawn at `dl` into `out`; returns how many. */
  boxes(i: number, dl: number, out: Float64Array): number {
    const s = this.stacks[i]!;
    const t = s.t;
    const k = s.k;
    const u = this.frame.dir(dl);
    const ink = t.glyphSize * INK;
    const cx = this.g.cx + u.x * t.glyphR;
    const cy = this.g.cy + u.y * t.glyphR;
    out[0] = cx - ink / 2;
    out[1] = cy - ink / 2;
    out[2] = ink;
    out[3] = ink;
    // The labels: each pushed just far enough inwards to clear the previous one, which depends
    // on direction (near 3 and 9 o'clock the stack runs horizontally and label widths matter,
    // near 12 and 6 only heights); a diagonal stack running past the track is squeezed to fit.
    // (Outwards on a track drawn outward.)
    const cap = t.labelCap;
    const n = s.ws.length;
    const dir = t.outward ? -1 : 1;
    let r = t.glyphR;
    let prev = ink / 2;
    for (let j = 0; j < n; j++) {
      const e = radialExtent(u.x, u.y, s.ws[j]! * k, s.hs[j]! * k, s.round[j]!);
      r -= dir * (prev + t.labelGap + e);
      prev = e;
      this.radii[j] = r;
    }
    const floor = t.outward ? t.outer - prev - t.labelGap : t.inner + prev + t.labelGap;
    const endR = this.radii[n - 1]!;
    const squeeze = dir * (endR - floor) < 0 ? (t.glyphR - floor) / (t.glyphR - endR) : 1;
    for (let j = 0; j < n; j++) {
      const rr = t.glyphR - (t.glyphR - this.radii[j]!) * squeeze;
      const o = 4 * (j + 1);
      const w = s.ws[j]! * k;
      const h = s.hs[j]! * k;
      out[o] = this.g.cx + u.x * rr - w / 2;
      out[o + 1] = this.g.cy + u.y * rr - h / 2;
      out[o + 2] = w;
      out[o + 3] = h;
    }
    if (!s.retro) return n + 1;
    // At the glyph's corner chosen for it (Stack.corner).
    const retroCap = cap * 0.85;
    writeMark(out, 4 * (n + 1), s.corner, cx, cy, ink, textWidth(this.retroText, retroCap), retroCap);
    return n + 2;
  }

  /** The last reach of each glyph: where it was measured, for which step and lane, and its two angles. */
  private readonly reachMemo: Float64Array;
  /** The last gaps between glyph pairs (key i × 4096 + j): angle, shapes, answer. */
  private readonly gapMemo = new Map<number, [number, number, number, number]>();

  /** A glyph's shape as a number: its step and lane (a memo holds for it only). */
  private shape(i: number): number {
    const s = this.stacks[i]!;
    return s.step * 4 + s.lane;
  }

  reach(i: number, x: number, out: Float64Array): void {
    // Successive rounds of the spreading move glyphs by hundredths of a degree: a reach measured
    // within 0.01° for the same shape is the same to far below a pixel.
    const m = this.reachMemo;
    const o = 4 * i;
    if (m[o + 3] === this.shape(i) && Math.abs(m[o]! - x) < 0.01) {
      out[0] = m[o + 1]!;
      out[1] = m[o + 2]!;
      return;
    }
    this.measureReach(i, x, out);
    m[o] = x;
    m[o + 1] = out[0]!;
    m[o + 2] = out[1]!;
    m[o + 3] = this.shape(i);
  }

  private measureReach(i: number, x: number, out: Float64Array): void {
    const n = this.boxes(i, x, this.a);
    const u = this.frame.dir(x);
    // The tangents of the angles from the stack's direction to each corner moved by the clearance
    // across it, towards higher longitudes (counter-clockwise on screen) and lower: one
    // arctangent each for the largest (corners are all ahead of the centre).
    let lo = 0;
    let hi = 0;
    const a = this.a;
    for (let j = 0; j < n; j++) {
      const o = 4 * j;
      for (let c = 0; c < 4; c++) {
        const vx = a[o]! + (c & 1 ? a[o + 2]! : 0) - this.g.cx;
        const vy = a[o + 1]! + (c & 2 ? a[o + 3]! : 0) - this.g.cy;
        const along = vx * u.x + vy * u.y;
        const across = vx * u.y - vy * u.x;
        const up = (across + this.clearance) / along;
        const down = (this.clearance - across) / along;
        if (up > hi) hi = up;
        if (down > lo) lo = down;
      }
    }
    out[0] = (Math.atan(lo) * 180) / Math.PI;
    out[1] = (Math.atan(hi) * 180) / Math.PI;
  }

  gap(i: number, j: number, x: number, reaches: number, now: number): number {
    // Apart by their reaches and the space kept between neighbours' boxes (a word space between
    // labels, measureGap) already: the exact least angle is not needed yet. (The reaches alone
    // keep the boxes only a clearance apart: two labels side by side could read as one number.)
    const most = reaches + this.spaceAngle;
    if (now >= most) return most;
    const key = i * 4096 + j;
    const shapes = this.shape(i) * 256 + this.shape(j);
    const memo = this.gapMemo.get(key);
    if (memo && memo[1] === shapes && Math.abs(memo[0] - x) < 0.01 && memo[3] <= most + 1e-9) return memo[2];
    const g = this.measureGap(i, j, x, most);
    this.gapMemo.set(key, [x, shapes, g, most]);
    return g;
  }

  private measureGap(i: number, j: number, x: number, most: number): number {
    const na = this.boxes(i, x, this.a);
    // Neighbours' boxes are kept this far apart; two labels a word space further, or two minutes
    // side by side (near 12 and 6 o'clock) read as one number ("28′09′").
    const pad = -NEIGHBOUR_PAD * this.g.R;
    const labelPad = pad - WORD_SPACE * this.track.labelCap;
    const overlapAt = (dx: number) => neighboursOverlap(this.a, na, this.b, this.boxes(j, x + dx, this.b), pad, labelPad);
    let lo = 0;
    let hi = most;
    if (!overlapAt(lo)) return 0;
    for (let k = 0; k < 8 && overlapAt(hi); k++) {
      lo = hi;
      hi += Math.max(1, most / 4);
    }
    while (hi - lo > 0.05) {
      const mid = (lo + hi) / 2;
      if (overlapAt(mid)) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  /** Boxes of i and j drawn at their true longitudes overlap by more than a pixel. */
  touching(i: number, j: number): boolean {
    if (this.touchingOverride) return this.touchingOverride(i, j);
    return this.touchingAt(i, j);
  }

  touchingAt(i: number, j: number): boolean {
    const na = this.boxes(i, this.stacks[i]!.lon, this.a);
    const nb = this.boxes(j, this.stacks[j]!.lon, this.b);
    return boxesOverlap(this.a, na, this.b, nb, 1);
  }

  /** The scale stack s would take at `step` (on a lane from the lanes on), leaving it as it is. */
  private scaleAt(s: Stack, step: number): number {
    const { step: was, lane, k, t } = s;
    s.step = step;
    if (step >= SHRINK.length && s.lane === 0) s.lane = 1;
    this.reshape(s);
    const at = s.k;
    Object.assign(s, { step: was, lane, k, t });
    return at;
  }

  shrink(indices: readonly number[]): boolean {
    // A step that would draw a glyph or its labels below the least size is not taken.
    const run = indices.map((i) => this.stacks[i]!).filter((s) => s.step < this.lastStep && this.scaleAt(s, s.step + 1) >= this.floor - 1e-9);
    if (run.length === 0) return false;
    if (run.some((s) => s.step === SHRINK.length - 1)) {
      // Onto the lanes: every other glyph of the run (in longitude) on the inner one (a lone glyph
      // gains nothing there), only when all of them stay at the least size or above there.
      if (indices.length === 1) return false;
      if (indices.some((i) => this.scaleAt(this.stacks[i]!, Math.max(this.stacks[i]!.step, SHRINK.length)) < this.floor - 1e-9)) return false;
      const byLon = indices.map((i) => this.stacks[i]!).sort((p, q) => p.lon - q.lon);
      byLon.forEach((s, j) => {
        s.step = Math.max(s.step, SHRINK.length);
        s.lane = j % 2 === 0 ? 1 : 2;
        this.reshape(s);
      });
      return true;
    }
    for (const s of run) {
      s.step++;
      this.reshape(s);
    }
    return true;
  }

  /** Glyphs on different lanes: their boxes may share an angle, so the next but one must be kept apart as well. */
  apart(i: number, j: number): boolean {
    return this.stacks[i]!.lane !== this.stacks[j]!.lane;
  }

  /** The placed point of stack i drawn at `dl`. */
  place(i: number, dl: number, tier: number, tickTrack: Track): PlacedPoint {
    const s = this.stacks[i]!;
    const t = s.t;
    const n = this.boxes(i, dl, this.a);
    const a = this.a;
    const cap = t.labelCap;
    const labels: PlacedLabel[] = [];
    const full = t.labels === 'full';
    const count = full ? 3 : 1;
    for (let j = 0; j < count; j++) {
      const o = 4 * (j + 1);
      const box: Box = { x: a[o]!, y: a[o + 1]!, w: a[o + 2]!, h: a[o + 3]! };
      const kind: PlacedLabel['kind'] = j === 0 ? 'deg' : j === 1 ? 'sign' : 'min';
      const label: PlacedLabel = {
        kind,
        text: kind === 'deg' ? s.degText : kind === 'min' ? s.minText : '',
        x: box.x + box.w / 2,
        y: box.y + box.h / 2,
        cap,
        box,
      };
      if (kind === 'sign') label.sign = s.sign;
      labels.push(label);
    }
    if (n > count + 1) {
      const o = 4 * (n - 1);
      const box: Box = { x: a[o]!, y: a[o + 1]!, w: a[o + 2]!, h: a[o + 3]! };
      labels.push({ kind: 'retro', text: this.retroText, x: box.x + box.w / 2, y: box.y + box.h / 2, cap: cap * 0.85, box });
    }
    const lon = s.lon;
    const frame = this.frame;
    const gb: Box = { x: a[0]!, y: a[1]!, w: a[2]!, h: a[3]! };
    const c = { x: gb.x + gb.w / 2, y: gb.y + gb.h / 2 };
    const ink = t.glyphSize * INK;
    // The tick runs in from the track's outer edge, or out from its inner edge on a track drawn outward.
    const tickBase = tickTrack.outward ? tickTrack.inner : tickTrack.outer;
    const out = tickTrack.outward ? -1 : 1;
    const tickFrom = frame.xy(lon, tickBase);
    const tickTo = frame.xy(lon, tickBase - out * tickTrack.tickLen);
    const moved = tier > 0 || s.lane === 2 || Math.abs(angleDiff(lon, dl)) > 0.25;
    // The glyph's edge toward the tick.
    const glyphTop = frame.xy(dl, t.glyphR + out * (ink / 2 + 0.004 * this.g.R));
    const text = POINT_GLYPHS[s.p.id] ? undefined : fallbackGlyphText(s.p, this.st.french);
    const mark = angleOfMark(s.p);
    return {
      id: s.p.id,
      ring: this.track.ring,
      tier,
      name: s.p.name,
      lon,
      displayLon: dl,
      retrograde: s.p.retrograde,
      ...(s.p.color !== undefined ? { color: s.p.color } : {}),
      glyph: { x: c.x, y: c.y, size: t.glyphSize, ...(text !== undefined ? { text } : {}) },
      bbox: gb,
      labels,
      tick: { from: tickFrom, to: tickTo },
      leader: moved ? { from: tickTo, to: glyphTop } : null,
      anchor: frame.xy(lon, this.g.aspectR),
      ...(mark ? { angle: mark } : {}),
    };
  }
}

/** The box of a retrograde mark at a corner of its glyph (centre cx, cy; ink its size). */
function writeMark(out: Float64Array, o: number, c: Point, cx: number, cy: number, ink: number, w: number, cap: number): void {
  out[o] = cx + c.x * (ink * 0.42 + w / 2) - w / 2;
  out[o + 1] = cy + c.y * ink * 0.36 + (c.y < 0 ? -cap * 0.4 : 0) - cap * 0.55;
  out[o + 2] = w;
  out[o + 3] = cap * 1.1;
}

/** The extra room between two neighbours' labels, in cap heights. */
const WORD_SPACE = 0.35;
/** The room kept between neighbours' boxes, fractions of R. */
const NEIGHBOUR_PAD = 0.008;

/**
 * Whether two glyphs' boxes (a glyph's first, then its labels) overlap by more than `tol` px, a
 * label of one and a label of the other by more than `labelTol`.
 */
function neighboursOverlap(a: Float64Array, na: number, b: Float64Array, nb: number, tol: number, labelTol: number): boolean {
  for (let i = 0; i < na; i++) {
    const ax = a[4 * i]!,
      ay = a[4 * i + 1]!,
      aw = a[4 * i + 2]!,
      ah = a[4 * i + 3]!;
    for (let j = 0; j < nb; j++) {
      const t = i > 0 && j > 0 ? labelTol : tol;
      const bx = b[4 * j]!,
        by = b[4 * j + 1]!;
      if (ax + t < bx + b[4 * j + 2]! && bx + t < ax + aw && ay + t < by + b[4 * j + 3]! && by + t < ay + ah) return true;
    }
  }
  return false;
}

/** Whether any of the first `na` boxes of `a` overlaps any of the first `nb` of `b` by more than `tol` px. */
function boxesOverlap(a: Float64Array, na: number, b: Float64Array, nb: number, tol: number): boolean {
  for (let i = 0; i < na; i++) {
    const ax = a[4 * i]!,
      ay = a[4 * i + 1]!,
      aw = a[4 * i + 2]!,
      ah = a[4 * i + 3]!;
    for (let j = 0; j < nb; j++) {
      const bx = b[4 * j]!,
        by = b[4 * j + 1]!;
      if (ax + tol < bx + b[4 * j + 2]! && bx + tol < ax + aw && ay + tol < by + b[4 * j + 3]! && by + tol < ay + ah) return true;
    }
  }
  return false;
}

function retroCorner(p: ChartPoint, u: Point): Point {
  const corners = p.id === 'mars' ? MARS_CORNERS : RETRO_CORNERS;
  let corner = corners[0]!;
  for (const c of corners) if (Math.abs(c.x * u.x + c.y * u.y) < Math.abs(corner.x * u.x + corner.y * u.y) - 0.05) corner = c;
  return corner;
}

function stacksOf(pts: ChartPoint[], track: Track, st: Style, frame: Frame): Stack[] {
  const cap = track.labelCap;
  return pts.map((p) => {
    const lon = norm360(p.lon);
    const { deg, min } = degMin(lon);
    const degText = `${deg}°`;
    const minText = `${String(min).padStart(2, '0')}′`;
    const full = track.labels === 'full';
    const ws = full ? [textWidth(degText, cap), cap * 1.15, textWidth(minText, cap)] : [textWidth(degText, cap)];
    const hs = full ? [cap, cap * 1.15, cap] : [cap];
    const round = full ? [false, true, false] : [false];
    return {
      p,
      lon,
      degText,
      minText,
      sign: signOf(lon),
      ws,
      hs,
      round,
      retro: p.retrograde && st.showRetro,
      corner: retroCorner(p, frame.dir(lon)),
      step: 0,
      lane: 0,
      k: 1,
      t: track,
    };
  });
}

interface TrackResult {
  model: TrackGlyphs;
  display: number[];
}

function spreadTrack(pts: ChartPoint[], track: Track, frame: Frame, g: WheelGeometry, st: Style, barriers: RadialLine[], lastStep: number): TrackResult {
  return spreadModel(new TrackGlyphs(stacksOf(pts, track, st, frame), track, frame, g, st, lastStep), barriers);
}

function spreadModel(model: TrackGlyphs, barriers: RadialLine[]): TrackResult {
  const display = spreadWithinBarriers(
    model.stacks.map((s) => s.lon),
    [...barriers, ...SIGN_BOUNDARIES],
    model,
  );
  return { model, display };
}

function placeTrack(r: TrackResult, tier = 0, tickTrack: Track = r.model.track): PlacedPoint[] {
  return r.display.map((dl, i) => r.model.place(i, dl, tier, tickTrack));
}

/**
 * Longitudes of the lines drawn across a ring's track: the angle axes cross every track, the
 * inner ring's cusps its own track, the outer ring's cusps (when drawn) the outer track. An outer
 * track outside the zodiac holds the angles' names, not their axes (which end at its ticks): the
 * axes still bound its glyphs' sectors there, but as cusps do, so that the names of two angles a
 * degree apart (far north or south) spread like two glyphs instead of pinning each other.
 */
export function radialLinesThrough(d: ChartDrawing, ring: RingId, g: WheelGeometry): RadialLine[] {
  const a = d.inner.angles;
  const axes = a ? [a.asc, a.dc, a.mc, a.ic].filter(Number.isFinite) : [];
  const cusps = ring === 'inner' ? validCusps(d.inner.cusps) : g.outerHouseBand ? validCusps(secondHouseSet(d)?.cusps) : null;
  const hard = !(ring === 'outer' && g.outside);
  return [...axes.map((lon) => ({ lon, hard })), ...(cusps ?? []).map((lon) => ({ lon, hard: false }))];
}

/** Scale of the glyphs and labels of the inner tier. */
const TIER_SCALE = 0.72;
/**
 * A sector of the innermost track takes an inner tier when a glyph of it could be kept in its
 * sector only at this step or a later one (0.8 of its size, or staggered), or not at all. A tier
 * moves the house numbers and the aspect disc inward, never below TIER_MIN_DISC, and draws its
 * glyphs no smaller than the least sizes: at the default proportions a track is too deep for
 * that (a tier left the disc a fifth of the radius and its labels 7 px), and a crowd spreads
 * over the sectors beyond it instead.
 */
const TIER_STEP = SHRINK.length - 1;
/** The aspect disc keeps at least this share of the radius when a tier is added (below it the aspect lines knot). */
const TIER_MIN_DISC = 0.4;

/** Index of the sector (between consecutive lines) that holds a longitude. */
function sectorIndex(lon: number, sorted: readonly number[]): number {
  let k = sorted.length - 1;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]! <= lon) k = i;
  return k;
}

/** Whether a glyph at `lon` drawn at `dl` is more than SECTOR_REACH outside its sector (between the `sorted` lines round it). */
function outOfReach(lon: number, dl: number, sorted: readonly number[]): boolean {
  const k = sectorIndex(lon, sorted);
  const lo = angleDiff(lon, sorted[k]!);
  const hi = angleDiff(lon, sorted[(k + 1) % sorted.length]!);
  const m = angleDiff(lon, dl);
  return m < Math.min(0, lo) - SECTOR_REACH || m > (hi <= 0 ? hi + 360 : hi) + SECTOR_REACH;
}

/** The inner tier of a track: the same stack, scaled, just inside the track. */
function tierTrack(t: Track, g: WheelGeometry): Track {
  const k = Math.max(TIER_SCALE, floorScale(t, g.size));
  const depth = (t.outer - t.inner) * k;
  const outer = t.inner;
  const ink = t.glyphSize * k * INK;
  return {
    ...t,
    outer,
    inner: outer - depth,
    tickLen: 0,
    glyphR: outer - 0.008 * g.R - ink / 2,
    glyphSize: t.glyphSize * k,
    labelCap: t.labelCap * k,
    labelGap: t.labelGap * k,
  };
}

const ringA = new Float64Array(4 * MAX_BOXES);
const ringB = new Float64Array(4 * MAX_BOXES);

/**
 * Crowds across the tracks of one ring (a track and its inner tier): two glyphs of a track are one
 * crowd when every pair of neighbours in longitude between them, on either track, overlaps at
 * their true longitudes, as a reader (and the layout test) reading the ring in order sees it.
 */
function ringCrowds(models: TrackGlyphs[]): void {
  const entries = models.flatMap((m) => m.stacks.map((s, i) => ({ m, i, lon: s.lon }))).sort((a, b) => a.lon - b.lon);
  const at = new Map(entries.map((e, k) => [e.m.stacks[e.i]!, k]));
  for (const m of models) {
    m.touchingOverride = (i, j) => {
      let k = at.get(m.stacks[i]!)!;
      const end = at.get(m.stacks[j]!)!;
      for (let guard = 0; guard < entries.length && k !== end; guard++) {
        const a = entries[k]!;
        const b = entries[(k + 1) % entries.length]!;
        const na = a.m.boxes(a.i, a.lon, ringA);
        const nb = b.m.boxes(b.i, b.lon, ringB);
        if (!boxesOverlap(ringA, na, ringB, nb, 1)) return false;
        k = (k + 1) % entries.length;
      }
      return true;
    };
  }
}

/** A ring's innermost track, its inner tier, its glyphs and the lines across them. */
interface TierPlan {
  track: Track;
  tier1: Track;
  pts: ChartPoint[];
  lines: RadialLine[];
}

interface TierChoice extends TierPlan {
  first: TrackResult;
  second: TrackResult;
  /** Lower is better: glyphs beyond SECTOR_REACH of their sectors, glyphs outside them (`out`), then shrink steps, then glyphs on the tier. */
  score: number;
  inTier: Set<ChartPoint>;
  /** Its glyphs outside their sectors with no crowd straddling the line (glyphsOutOfSector). */
  out: Set<ChartPoint>;
  /** Glyphs whose leader line passes through another glyph, and the glyphs passed through. */
  crossing: Set<ChartPoint>;
}

/**
 * The glyphs of a ring (its track and inner tier, as laid out) drawn across a line (a sign
 * boundary, a cusp or an axis at `lines`) that their crowd does not straddle: the crowd is the
 * chain of neighbours in longitude whose boxes, as drawn but moved to their true longitudes,
 * overlap, on either track. What the layout test calls a glyph outside its sector.
 */
function glyphsOutOfSector(results: readonly TrackResult[], lines: readonly number[]): Set<ChartPoint> {
  const all = results
    .flatMap((r) => r.model.stacks.map((s, i) => ({ r, i, s, lon: s.lon, move: angleDiff(s.lon, r.display[i]!) })))
    .sort((a, b) => a.lon - b.lon);
  const n = all.length;
  const out = new Set<ChartPoint>();
  if (n < 2) return out;
  // touch[k]: glyph k and glyph k + 1 (round the circle) are one crowd.
  const touch = all.map((e, k) => {
    const f = all[(k + 1) % n]!;
    return boxesOverlap(ringA, e.r.model.boxes(e.i, e.lon, ringA), ringB, f.r.model.boxes(f.i, f.lon, ringB), 0);
  });
  all.forEach((e, k) => {
    if (Math.abs(e.move) < 1e-6) return;
    // How far the crowd reaches from the glyph's true longitude in the direction it moved.
    let reach = 0;
    const dir = Math.sign(e.move);
    for (let j = 1; j < n; j++) {
      const idx = dir > 0 ? (k + j) % n : (k - j + n) % n;
      if (!touch[dir > 0 ? (idx - 1 + n) % n : idx]) break;
      reach = Math.max(reach, dir * angleDiff(e.lon, all[idx]!.lon));
    }
    for (const line of lines) {
      const to = angleDiff(e.lon, line);
      if (Math.sign(to) === dir && Math.abs(to) > 1e-6 && Math.abs(to) < Math.abs(e.move) && !(reach > Math.abs(to))) {
        out.add(e.s.p);
        return;
      }
    }
  });
  return out;
}

/** The ring laid out with `inTier` on the inner tier and the rest on the track. */
function layTiers(plan: TierPlan, inTier: Set<ChartPoint>, frame: Frame, g: WheelGeometry, st: Style): TierChoice {
  const outerModel = new TrackGlyphs(
    stacksOf(
      plan.pts.filter((p) => !inTier.has(p)),
      plan.track,
      st,
      frame,
    ),
    plan.track,
    frame,
    g,
    st,
    LAST_STEP,
  );
  const tierModel = new TrackGlyphs(stacksOf([...inTier], plan.tier1, st, frame), plan.tier1, frame, g, st, 2);
  ringCrowds([outerModel, tierModel]);
  const first = spreadModel(outerModel, plan.lines);
  const second = spreadModel(tierModel, plan.lines);
  const lines = [...plan.lines, ...SIGN_BOUNDARIES].map((l) => norm360(l.lon));
  const out = glyphsOutOfSector([first, second], lines);
  const sorted = [...lines].sort((a, b) => a - b);
  let beyond = 0;
  for (const r of [first, second]) r.display.forEach((dl, i) => outOfReach(r.model.stacks[i]!.lon, dl, sorted) && beyond++);
  // Leader lines through another glyph: the glyph passed through reads as the one pointed at.
  const placed = [...placeTrack(first), ...placeTrack(second, 1, plan.track)];
  const byId = new Map([...first.model.stacks, ...second.model.stacks].map((s) => [`${s.p.id}`, s.p]));
  const crossing = new Set<ChartPoint>();
  for (const p of placed)
    for (const o of placed)
      if (p.leader && o !== p && leaderThrough(p.leader, o.bbox)) {
        crossing.add(byId.get(p.id)!);
        crossing.add(byId.get(o.id)!);
      }
  let score = inTier.size + LEADER_THROUGH_GLYPH * crossing.size + 1e6 * out.size + 1e9 * beyond;
  for (const r of [first, second]) for (const s of r.model.stacks) score += 100 * s.step;
  return { ...plan, first, second, score, inTier, out, crossing };
}

/** A leader line passing through a glyph box shrunk by this much, px, passes through the glyph. */
const LEADER_CLEAR = 1;
/** The weight of a glyph a leader line passes through (or whose leader does) in a tier layout's score: after the glyphs out of their sectors, before shrink steps. */
const LEADER_THROUGH_GLYPH = 1e4;
function leaderThrough(l: { from: Point; to: Point }, b: Box): boolean {
  if (b.w <= 2 * LEADER_CLEAR || b.h <= 2 * LEADER_CLEAR) return false;
  return segmentInBox(l.from, l.to, { x: b.x + LEADER_CLEAR, y: b.y + LEADER_CLEAR, w: b.w - 2 * LEADER_CLEAR, h: b.h - 2 * LEADER_CLEAR }) !== undefined;
}

/** How many tier layouts one ring may try (each is a spreading of both tracks). */
const TIER_TRIES = 12;

/**
 * Which glyphs of a crowded ring go to the inner tier, so that each tier holds its glyphs inside
 * their sectors. First guesses: every other glyph of each crowd (glyphs overlapping at their true
 * longitudes, chained) that has a crowded sector, or every other glyph of each crowded sector;
 * then, while a glyph still leaves its crowd's sectors, moving it or a neighbour of it to the
 * other tier, as long as that helps. Null when no glyph goes to the tier.
 */
function chooseTiers(plan: TierPlan, crowded: Set<number>, sortedLines: number[], frame: Frame, g: WheelGeometry, st: Style): TierChoice | null {
  const pts = [...plan.pts].sort((a, b) => norm360(a.lon) - norm360(b.lon));
  const n = pts.length;
  if (n < 2) return null;
  const inCrowded = (p: ChartPoint) => crowded.has(sectorIndex(norm360(p.lon), sortedLines));
  // Crowds as drawn full size on the track.
  const ref = new TrackGlyphs(stacksOf(pts, plan.track, st, frame), plan.track, frame, g, st, LAST_STEP);
  const crowds: ChartPoint[][] = [];
  let startAt = 0;
  while (startAt < n && ref.touchingAt((startAt + n - 1) % n, startAt)) startAt++;
  if (startAt === n) startAt = 0;
  for (let k = 0; k < n; k++) {
    const i = (startAt + k) % n;
    if (k === 0 || !ref.touchingAt((i + n - 1) % n, i)) crowds.push([]);
    crowds[crowds.length - 1]!.push(pts[i]!);
  }
  const byCrowd = new Set<ChartPoint>();
  const byCrowdEven = new Set<ChartPoint>();
  for (const c of crowds) if (c.some(inCrowded)) c.forEach((p, j) => (j % 2 === 1 ? byCrowd : byCrowdEven).add(p));
  const bySector = new Set<ChartPoint>();
  const seen = new Map<number, number>();
  for (const p of pts) {
    if (!inCrowded(p)) continue;
    const k = sectorIndex(norm360(p.lon), sortedLines);
    const j = seen.get(k) ?? 0;
    seen.set(k, j + 1);
    if (j % 2 === 1) bySector.add(p);
  }
  let best: TierChoice | null = null;
  let tries = 0;
  const tried = new Set<string>();
  const consider = (inTier: Set<ChartPoint>): boolean => {
    const key = pts.map((p) => (inTier.has(p) ? 1 : 0)).join('');
    if (inTier.size === 0 || tries >= TIER_TRIES || tried.has(key)) return false;
    tried.add(key);
    tries++;
    const c = layTiers(plan, inTier, frame, g, st);
    if (best && c.score >= best.score) return false;
    best = c;
    return true;
  };
  consider(byCrowd);
  if (best === null || (best as TierChoice).score >= LEADER_THROUGH_GLYPH) consider(bySector);
  if (best === null || (best as TierChoice).score >= LEADER_THROUGH_GLYPH) consider(byCrowdEven);
  // Moves for the glyphs that still leave their sectors, or whose leader lines pass through a glyph.
  for (let improved = true; improved && best !== null && (best as TierChoice).score >= LEADER_THROUGH_GLYPH;) {
    improved = false;
    const b: TierChoice = best;
    for (const p of [...b.out, ...b.crossing]) {
      const k = pts.indexOf(p);
      for (const q of [p, pts[(k + 1) % n]!, pts[(k + n - 1) % n]!]) {
        const next = new Set(b.inTier);
        if (next.has(q)) next.delete(q);
        else next.add(q);
        if (consider(next)) {
          improved = true;
          break;
        }
      }
      if (improved || tries >= TIER_TRIES) break;
    }
  }
  return best;
}

/**
 * How many glyphs are drawn more than 2° outside their own sector (between the sign boundaries and
 * the lines crossing their ring's track, round their true longitude; a point on a line stands in
 * the sectors on both sides): the chart rule a second row of glyphs is taken for.
 */
export const SECTOR_REACH = 2;
/** The glyphs drawn beyond SECTOR_REACH of their sectors, each with how far beyond it, degrees. */
function beyondSectorReach(points: readonly PlacedPoint[], linesOf: (ring: RingId) => readonly number[]): { p: PlacedPoint; beyond: number }[] {
  return points.flatMap((p) => {
    const lines = linesOf(p.ring);
    const on = lines.some((l) => Math.abs(angleDiff(p.lon, l)) < 1e-3);
    let lo = -Infinity;
    let hi = Infinity;
    for (const l of lines) {
      const d = angleDiff(p.lon, l);
      if (on && Math.abs(d) < 1e-3) continue;
      if (d <= 0) lo = Math.max(lo, d);
      else hi = Math.min(hi, d);
    }
    const m = angleDiff(p.lon, p.displayLon);
    const beyond = Math.max(lo - SECTOR_REACH - m, m - hi - SECTOR_REACH);
    return beyond > 0 ? [{ p, beyond }] : [];
  });
}

/**
 * Where every glyph goes. One row of glyphs on each track first; where that leaves a glyph more
 * than SECTOR_REACH outside its sector, the wheel is laid out again with a second row of glyphs
 * just inside the innermost track (computeGeometry with two rows: narrower zodiac and house bands,
 * glyphs and labels no smaller than the least sizes, the aspect disc at DEFAULT_DISC or more),
 * the crowd's glyphs shared between the rows (chooseTiers), and that layout is kept when it leaves
 * fewer glyphs beyond reach of their sectors. A bi-wheel has no depth for that inside its zodiac:
 * it is laid out again with its outer chart outside the zodiac (computeGeometry `outside`), the
 * inner chart inside with one row or two, its angles named among the outer ring's glyphs.
 */
export function computeLayout(d: ChartDrawing, style: Style = resolveStyle(d)): ChartLayout {
  const layout = chooseRows(d, style);
  routeLeaders([...layout.points, ...layout.angleMarks], layout.frame);
  return layout;
}

/**
 * One row of glyphs on each track, or, where that leaves glyphs beyond reach, the other layouts in
 * turn (computeLayout): a single wheel's second row; a bi-wheel's outer chart outside the zodiac,
 * one row on each ring, then a second row on the ring that still leaves glyphs beyond reach. The
 * one that leaves the fewest glyphs beyond reach is kept, then the least far beyond (the earlier
 * on a tie).
 */
function chooseRows(d: ChartDrawing, style: Style): ChartLayout {
  const sign = SIGN_BOUNDARIES.map((l) => l.lon);
  const beyond = (lay: ChartLayout) => {
    const byRing = new Map<RingId, number[]>();
    return beyondSectorReach(lay.points, (ring: RingId) => {
      let l = byRing.get(ring);
      if (!l) byRing.set(ring, (l = [...sign, ...radialLinesThrough(d, ring, lay.geometry).map((x) => norm360(x.lon))]));
      return l;
    });
  };
  const worse = (a: ReturnType<typeof beyond>, b: ReturnType<typeof beyond>) => {
    const far = (x: typeof a) => x.reduce((t, e) => t + e.beyond, 0);
    return a.length !== b.length ? a.length > b.length : far(a) > far(b) + 1e-6;
  };
  let best = layoutRows(d, style, computeGeometry(d, style));
  let most = beyond(best);
  const offer = (geometry: WheelGeometry | null, from: ReturnType<typeof beyond>, needsSecondRow: boolean) => {
    if (!geometry) return null;
    // The second row is offered to the sectors of the glyphs one row left beyond reach (the two-row
    // geometry's smaller glyphs may fit one row there, but only just: the row is then left empty).
    const lay = layoutRows(d, style, geometry, new Set(from.map(({ p }) => `${p.ring}:${p.lon}`)));
    if (needsSecondRow && !lay.points.some((p) => p.tier > 0)) return null;
    const left = beyond(lay);
    if (worse(most, left)) [best, most] = [lay, left];
    return left;
  };
  if (most.length === 0) return best;
  if (!d.outer) {
    offer(computeGeometry(d, style, 2), most, true);
    return best;
  }
  // Outside, a second row where the outer chart's ring leaves glyphs beyond reach, or the inner's
  // (both rings on two rows leave the aspect circle too small).
  const outside = offer(computeGeometry(d, style, 1, true), most, false);
  if (outside?.some(({ p }) => p.ring === 'inner')) offer(computeGeometry(d, style, 2, true), outside, true);
  if (outside?.some(({ p }) => p.ring === 'outer')) offer(computeGeometry(d, style, 1, true, 2), outside, true);
  return best;
}

/** The wheel laid out on `geometry`; `crowd` (ring:longitude) names glyphs whose sectors are offered the second row. */
function layoutRows(d: ChartDrawing, style: Style, geometry: WheelGeometry, crowd: ReadonlySet<string> = new Set()): ChartLayout {
  const frame = new Frame(geometry.cx, geometry.cy, referenceLongitude(d));
  const points: PlacedPoint[] = [];
  const innermost = geometry.tracks[geometry.tracks.length - 1];
  let tiered: TierChoice | null = null;
  for (const track of geometry.tracks) {
    const ring = track.ring === 'outer' ? d.outer : d.inner;
    if (!ring) continue;
    const pts = ringPoints(ring, track.ring);
    if (track.outward) pts.push(...angleMarks(d));
    const lines = radialLinesThrough(d, track.ring, geometry);
    // A track drawn outward has no lanes (its glyphs are at the least sizes when its ring is crowded).
    const laid = spreadTrack(pts, track, frame, geometry, style, lines, track.outward ? SHRINK.length - 1 : LAST_STEP);
    // A sector too short for its glyphs (some could stay in it only drawn much smaller, or not
    // at all) stacks some of its crowd into a second row (chooseTiers): the innermost track's (its
    // second row, or an inner tier when the aspect disc has the room), or an outer track's outside
    // the zodiac (its second row beyond it, when the geometry has one).
    const second = track === innermost ? geometry.secondRow : track.outward ? geometry.outerSecondRow : null;
    if (track === innermost || second) {
      const tier1 = second ?? tierTrack(track, geometry);
      const sorted = [...lines, ...SIGN_BOUNDARIES].map((l) => norm360(l.lon)).sort((a, b) => a - b);
      const crowded = new Set<number>();
      for (const s of laid.model.stacks) if (s.step >= TIER_STEP) crowded.add(sectorIndex(s.lon, sorted));
      // With a second row, so are the sectors of glyphs one row leaves beyond reach of them.
      if (second)
        laid.display.forEach((dl, i) => {
          const s = laid.model.stacks[i]!;
          if (outOfReach(s.lon, dl, sorted) || crowd.has(`${track.ring}:${s.lon}`)) crowded.add(sectorIndex(s.lon, sorted));
        });
      const band = style.housesInside && geometry.houseBand ? geometry.houseBand.outer - geometry.houseBand.inner : 0;
      if (crowded.size > 0 && (second !== null || tier1.inner - band >= TIER_MIN_DISC * STANDARD_RADIUS * geometry.size)) {
        const choice = chooseTiers({ track, tier1, pts, lines }, crowded, sorted, frame, geometry, style);
        // The innermost track's rows are placed last: they may move the aspect circle.
        if (choice && track === innermost) tiered = choice;
        else if (choice) points.push(...placeTrack(choice.first), ...placeTrack(choice.second, 1, choice.track));
        if (choice) continue;
      }
    }
    points.push(...placeTrack(laid));
  }
  if (tiered) {
    const t = tiered;
    const hb = geometry.houseBand;
    if (style.housesInside && hb) {
      // The house numbers move inside the tier.
      const th = hb.outer - hb.inner;
      geometry.houseBand = { ...hb, outer: t.tier1.inner, inner: t.tier1.inner - th };
    }
    geometry.aspectR = Math.max(0.12 * geometry.R, style.housesInside && geometry.houseBand ? geometry.houseBand.inner : t.tier1.inner);
    // Anchors of the tracks laid out already move to the smaller aspect circle.
    for (const p of points) p.anchor = frame.xy(p.lon, geometry.aspectR);
    points.push(...placeTrack(t.first));
    points.push(...placeTrack(t.second, 1, t.track));
  }
  return { style, geometry, frame, points: points.filter((p) => !p.angle), angleMarks: points.filter((p) => p.angle) };
}
