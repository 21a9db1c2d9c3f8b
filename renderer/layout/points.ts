/**
 * Where every planet glyph and its labels go. Exposed publicly so callers and tests can
 * inspect the computed positions (e.g. to check that nothing overlaps).
 */
import { secondHouseSet, type ChartDrawing, type ChartPoint, type WheelRing } from '../chart-model.ts';
import { Frame, angleDiff, degMin, norm360, signOf, validCusps, type Point } from '../geometry.ts';
import { POINT_GLYPHS } from '../glyphs/planets.ts';
import { textWidth } from '../text.ts';
import { resolveStyle, retroText, type Style } from '../themes.ts';
import { INK, computeGeometry, roundLabels, stackWidths, type RingId, type Track, type WheelGeometry } from './rings.ts';
import { spreadWithinBarriers, type RadialLine } from './spread-within.ts';

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
  /** 0 on the track; 1 on the inner tier a crowded sector stacks its extra glyphs into (smaller, with a leader line). */
  tier: number;
  /** The point's own colour (validated), else its ring's. */
  color?: string;
  glyph: { x: number; y: number; size: number; text?: string };
  /** Ink box of the glyph. */
  bbox: Box;
  labels: PlacedLabel[];
  tick: { from: Point; to: Point };
  leader: { from: Point; to: Point } | null;
  /** Where aspect lines attach: the aspect circle at the true longitude. */
  anchor: Point;
}

export interface ChartLayout {
  style: Style;
  geometry: WheelGeometry;
  frame: Frame;
  points: PlacedPoint[];
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
  if (p.id === 'asc') return french ? 'AS' : 'AC';
  if (p.id === 'mc') return 'MC';
  const src = (p.name || p.id).replace(/[^A-Za-z0-9]/g, '');
  return (src.slice(0, 1).toUpperCase() + src.slice(1, 2).toLowerCase()) || '?';
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

function box(x: number, y: number, w: number, h: number): Box {
  return { x: x - w / 2, y: y - h / 2, w, h };
}

/** Half an item's depth along u: glyph-like items are round enough to count as circles; text is a box. */
function radialExtent(u: Point, w: number, h: number, round: boolean): number {
  return round ? w / 2 : (Math.abs(u.x) * w + Math.abs(u.y) * h) / 2;
}

/**
 * The angle (degrees) two neighbouring boxes of w × h at radius r must keep apart, displaced along
 * the tangent: they must clear in x or in y (sx, cy: the tangent's components).
 */
function tangentialNeed(sx: number, cy: number, pad: number, w: number, h: number, r: number): number {
  const chord = Math.min(sx > 1e-6 ? (w + pad) / sx : Infinity, cy > 1e-6 ? (h + pad) / cy : Infinity);
  return (2 * Math.asin(Math.min(1, chord / (2 * r))) * 180) / Math.PI;
}

/** The angle (degrees) a box of w × h at radius r must keep from a radial line along u. */
function acrossNeed(u: Point, pad: number, w: number, h: number, r: number): number {
  const across = (Math.abs(u.y) * w + Math.abs(u.x) * h) / 2;
  return (Math.asin(Math.min(1, (across + pad) / r)) * 180) / Math.PI;
}

/**
 * Radii of a glyph-plus-labels stack pointing along unit vector u. Each item is pushed just
 * far enough inwards to clear the previous one, which depends on direction: near 3 and 9
 * o'clock the stack runs horizontally and label widths matter; near 12 and 6 only heights.
 */
function stackRadii(
  u: Point,
  track: Track,
  ink: number,
  items: ReadonlyArray<readonly [number, number, boolean]>,
): number[] {
  let r = track.glyphR;
  let prev = ink / 2;
  let last = 0;
  const radii = items.map(([w, h, round]) => {
    const e = radialExtent(u, w, h, round);
    r -= prev + track.labelGap + e;
    prev = e;
    last = e;
    return r;
  });
  // Diagonal stacks can run past the track; squeeze them towards the glyph to fit.
  const floor = track.inner + last + track.labelGap;
  const endR = radii[radii.length - 1];
  if (endR !== undefined && endR < floor) {
    const k = (track.glyphR - floor) / (track.glyphR - endR);
    return radii.map((ri) => track.glyphR - (track.glyphR - ri) * k);
  }
  return radii;
}

/** Glyph corners for the retrograde mark, in order of preference (screen y grows downwards). */
const RETRO_CORNERS: readonly Point[] = [
  { x: 1, y: 1 },
  { x: 1, y: -1 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
].map((k) => ({ x: k.x / Math.SQRT2, y: k.y / Math.SQRT2 }));

/** Sign boundaries hold glyphs in their sign like cusps, though they do not cross the track. */
const SIGN_BOUNDARIES: readonly RadialLine[] = Array.from({ length: 12 }, (_, i) => ({ lon: i * 30, hard: false, virtual: true }));

function layoutTrack(pts: ChartPoint[], track: Track, frame: Frame, g: WheelGeometry, st: Style, barriers: RadialLine[], tickTrack: Track = track, tier = 0): PlacedPoint[] {
  const ink = track.glyphSize * INK;
  const cap = track.labelCap;
  const pad = 0.008 * g.R;
  const retro = retroText(st);
  const anyRetro = st.showRetro && pts.some((p) => p.retrograde);
  const widths = stackWidths(cap, track.withSign, st);
  // Worst-case label boxes (w, h) in stacking order, used to size the angular spacing.
  const round = roundLabels(track.withSign, st);
  const worst: Array<readonly [number, number, boolean]> = widths.map((w, i) => [w, round[i] ? w : cap, round[i]!] as const);
  // The retrograde mark is not part of the radial stack: it is attached to its glyph's lower
  // right, so in a cluster it is plain which planet it belongs to, and the stack stays short.
  worst.pop();
  const retroCap = cap * 0.85;
  const retroW = textWidth(retro, retroCap);
  // Glyph box widened by the mark, for spacing and for the clearance from cusps and axes.
  const glyphW = anyRetro ? ink + 2 * retroW * 0.8 : ink;
  const glyphH = anyRetro ? ink + retroCap : ink;
  // The two measures below run many times per chart: their helpers are module functions, not
  // closures made per call, which the loader would name each time (DESIGN.md).
  const sepAt = (lon: number): number => {
    const u = frame.dir(lon);
    // Neighbours are displaced along the tangent (−u.y, u.x).
    const sx = Math.abs(u.y);
    const cy = Math.abs(u.x);
    const radii = stackRadii(u, track, ink, worst);
    let best = tangentialNeed(sx, cy, pad, glyphW, glyphH, track.glyphR);
    for (let i = 0; i < worst.length; i++) best = Math.max(best, tangentialNeed(sx, cy, pad, worst[i]![0], worst[i]![1], radii[i]!));
    return best;
  };
  // Clearance from a radial line at `lon`: every box of the stack, measured across the line
  // (boxes, not circles, even for glyph-like items: their boxes are what must stay clear).
  const marginAt = (lon: number): number => {
    const u = frame.dir(lon);
    const radii = stackRadii(u, track, ink, worst);
    let best = acrossNeed(u, pad, glyphW, glyphH, track.glyphR);
    for (let i = 0; i < worst.length; i++) best = Math.max(best, acrossNeed(u, pad, worst[i]![0], worst[i]![1], radii[i]!));
    return best;
  };
  const display = spreadWithinBarriers(
    pts.map((p) => p.lon),
    sepAt,
    [...barriers, ...SIGN_BOUNDARIES],
    marginAt,
  );

  return pts.map((p, i) => {
    const lon = norm360(p.lon);
    const dl = display[i]!;
    const c = frame.xy(dl, track.glyphR);
    const { deg, min } = degMin(lon);
    const specs: Array<{ kind: PlacedLabel['kind']; text: string; w: number; h: number; round?: boolean; sign?: number }> = [];
    const degText = `${deg}°`;
    specs.push({ kind: 'deg', text: degText, w: textWidth(degText, cap), h: cap });
    if (track.withSign) specs.push({ kind: 'sign', text: '', w: cap * 1.15, h: cap * 1.15, round: true, sign: signOf(lon) });
    const minText = `${String(min).padStart(2, '0')}′`;
    specs.push({ kind: 'min', text: minText, w: textWidth(minText, cap), h: cap });
    const radii = stackRadii(
      frame.dir(dl),
      track,
      ink,
      specs.map((l) => [l.w, l.h, l.round ?? false] as const),
    );
    const labels: PlacedLabel[] = specs.map((l, j) => {
      const q = frame.xy(dl, radii[j]!);
      return {
        kind: l.kind,
        text: l.text,
        ...(l.sign !== undefined ? { sign: l.sign } : {}),
        x: q.x,
        y: q.y,
        cap,
        box: box(q.x, q.y, l.w, l.h),
      };
    });
    if (p.retrograde && st.showRetro) {
      // At a corner of the glyph: the lower right unless the labels run that way, else the
      // corner most across the radius, so the mark never sits in the label stack.
      const u = frame.dir(dl);
      // Never at Mars's upper right, where its arrowhead is.
      const corners = p.id === 'mars' ? RETRO_CORNERS.filter((k) => !(k.x > 0 && k.y < 0)) : RETRO_CORNERS;
      const corner = corners.reduce((best, k) => (Math.abs(k.x * u.x + k.y * u.y) < Math.abs(best.x * u.x + best.y * u.y) - 0.05 ? k : best));
      const rx = c.x + corner.x * (ink * 0.42 + retroW / 2);
      const ry = c.y + corner.y * ink * 0.36 + (corner.y < 0 ? -retroCap * 0.4 : 0);
      labels.push({ kind: 'retro', text: retro, x: rx, y: ry, cap: retroCap, box: box(rx, ry, retroW, retroCap * 1.1) });
    }

    const tickFrom = frame.xy(lon, tickTrack.outer);
    const tickTo = frame.xy(lon, tickTrack.outer - tickTrack.tickLen);
    const moved = tier > 0 || Math.abs(angleDiff(lon, dl)) > 0.25;
    const glyphTop = frame.xy(dl, track.glyphR + ink / 2 + 0.004 * g.R);
    const text = POINT_GLYPHS[p.id] ? undefined : fallbackGlyphText(p, st.french);
    return {
      id: p.id,
      ring: track.ring,
      tier,
      name: p.name,
      lon,
      displayLon: dl,
      retrograde: p.retrograde,
      ...(p.color !== undefined ? { color: p.color } : {}),
      glyph: { x: c.x, y: c.y, size: track.glyphSize, ...(text !== undefined ? { text } : {}) },
      bbox: box(c.x, c.y, ink, ink),
      labels,
      tick: { from: tickFrom, to: tickTo },
      leader: moved ? { from: tickTo, to: glyphTop } : null,
      anchor: frame.xy(lon, g.aspectR),
    };
  });
}

/**
 * Longitudes of the lines drawn across a ring's track: the angle axes cross every track, the
 * inner ring's cusps its own track, the outer ring's cusps (when drawn) the outer track.
 */
export function radialLinesThrough(d: ChartDrawing, ring: RingId, g: WheelGeometry): RadialLine[] {
  const a = d.inner.angles;
  const axes = a ? [a.asc, a.dc, a.mc, a.ic].filter(Number.isFinite) : [];
  const cusps = ring === 'inner' ? validCusps(d.inner.cusps) : g.outerHouseBand ? validCusps(secondHouseSet(d)?.cusps) : null;
  return [...axes.map((lon) => ({ lon, hard: true })), ...(cusps ?? []).map((lon) => ({ lon, hard: false }))];
}

/** Scale of the glyphs and labels of the inner tier. */
const TIER_SCALE = 0.72;
/**
 * How far past a line of its sector a glyph may be drawn before its sector takes an inner tier,
 * degrees. A tier moves the house numbers and the aspect disc inward, to a fifth of the radius:
 * for any spill at all, two ordinary charts of three lost most of their aspect disc to one glyph;
 * past 6° the tier is kept for the crowds it is for (stelliums), and a glyph of an ordinary chart
 * crosses a line by a few degrees at most.
 */
const TIER_SPILL = 6;
/** The aspect disc keeps at least this share of the radius when a tier is added. */
const TIER_MIN_DISC = 0.2;

/** Index of the sector (between consecutive lines) that holds a longitude. */
function sectorIndex(lon: number, sorted: readonly number[]): number {
  let k = sorted.length - 1;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]! <= lon) k = i;
  return k;
}

/** The inner tier of a track: the same stack, scaled, just inside the track. */
function tierTrack(t: Track, g: WheelGeometry): Track {
  const depth = (t.outer - t.inner) * TIER_SCALE;
  const outer = t.inner;
  const ink = t.glyphSize * TIER_SCALE * INK;
  return {
    ...t,
    outer,
    inner: outer - depth,
    tickLen: 0,
    glyphR: outer - 0.008 * g.R - ink / 2,
    glyphSize: t.glyphSize * TIER_SCALE,
    labelCap: t.labelCap * TIER_SCALE,
    labelGap: t.labelGap * TIER_SCALE,
  };
}

export function computeLayout(d: ChartDrawing, style: Style = resolveStyle(d)): ChartLayout {
  const geometry = computeGeometry(d, style);
  const frame = new Frame(geometry.cx, geometry.cy, referenceLongitude(d));
  const points: PlacedPoint[] = [];
  const innermost = geometry.tracks[geometry.tracks.length - 1];
  let tiered: { track: Track; tier1: Track; pts: ChartPoint[]; second: ChartPoint[]; lines: RadialLine[] } | null = null;
  for (const track of geometry.tracks) {
    const ring = track.ring === 'outer' ? d.outer : d.inner;
    if (!ring) continue;
    const pts = ringPoints(ring, track.ring);
    const lines = radialLinesThrough(d, track.ring, geometry);
    const placed = layoutTrack(pts, track, frame, geometry, style, lines);
    // A sector too short for its glyphs (some drawn out of it) stacks every other one of them into
    // an inner tier, when the track is the innermost one and the aspect disc has the room.
    const all = [...lines, ...SIGN_BOUNDARIES];
    if (track === innermost) {
      const tier1 = tierTrack(track, geometry);
      const sorted = all.map((l) => norm360(l.lon)).sort((a, b) => a - b);
      const crowded = new Set<number>();
      // A glyph pushed out of its sector by more than TIER_SPILL degrees marks its sector as crowded.
      placed.forEach((p) => {
        const move = angleDiff(p.lon, p.displayLon);
        if (all.some((l) => {
          const to = angleDiff(p.lon, l.lon);
          return Math.abs(to) > 1e-6 && Math.sign(to) === Math.sign(move) && Math.abs(to) < Math.abs(move) - TIER_SPILL;
        })) crowded.add(sectorIndex(p.lon, sorted));
      });
      const band = style.housesInside && geometry.houseBand ? geometry.houseBand.outer - geometry.houseBand.inner : 0;
      if (crowded.size > 0 && tier1.inner - band >= TIER_MIN_DISC * geometry.R) {
        const second: ChartPoint[] = [];
        for (const k of crowded) {
          const members = pts.filter((p) => sectorIndex(norm360(p.lon), sorted) === k).sort((a, b) => norm360(a.lon) - norm360(b.lon));
          members.forEach((p, j) => {
            if (j % 2 === 1) second.push(p);
          });
        }
        if (second.length > 0) {
          tiered = { track, tier1, pts, second, lines };
          continue;
        }
      }
    }
    points.push(...placed);
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
    const first = t.pts.filter((p) => !t.second.includes(p));
    points.push(...layoutTrack(first, t.track, frame, geometry, style, t.lines));
    points.push(...layoutTrack(t.second, t.tier1, frame, geometry, style, t.lines, t.track, 1));
  }
  return { style, geometry, frame, points };
}
