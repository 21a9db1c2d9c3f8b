/**
 * Radial layout of the wheel: every ring boundary, glyph size and label size as absolute
 * pixels, computed once from the chart kind and the config fractions. Drawing layers only read
 * this, so proportions live in exactly one place.
 */
import { secondHouseSet, type ChartDrawing } from '../chart-model.ts';
import { validCusps } from '../geometry.ts';
import { textWidth } from '../text.ts';
import { clampSize, type Style } from '../themes.ts';

export type RingId = 'inner' | 'outer';

/** Glyph art spans ±42 of its 100-unit box. */
export const INK = 0.84;

export interface Track {
  ring: RingId;
  outer: number;
  inner: number;
  /** True-degree tick runs inward from `outer` by this length. */
  tickLen: number;
  glyphR: number;
  /** Side of the glyph's 100-unit box in px. */
  glyphSize: number;
  labelCap: number;
  /** Radial gap between stacked labels. */
  labelGap: number;
  /** The label stack: degree, sign glyph and minute, or (a simplified wheel) the degree alone. */
  labels: 'full' | 'degree';
  /**
   * Drawn outward (a bi-wheel's outer chart outside the zodiac): the tick runs outward from
   * `inner`, the glyph sits just beyond it and the labels stack outwards to `outer`.
   */
  outward?: boolean;
}

export interface WheelGeometry {
  size: number;
  cx: number;
  cy: number;
  R: number;
  zodiacInner: number;
  signGlyphR: number;
  signGlyphSize: number;
  tick1: number;
  tick5: number;
  tick10: number;
  /** Outermost first. */
  tracks: Track[];
  /**
   * A second row of glyphs just inside the innermost track (computeGeometry with `rows` 2): glyphs
   * of a crowd that one row cannot hold within reach of their sectors, as large as the track's,
   * each joined to its true degree by the track's tick and a leader line. Null on one row.
   */
  secondRow: Track | null;
  /** A second row of the outer chart's glyphs just beyond its track outside the zodiac (computeGeometry with `outerRows` 2), else null. */
  outerSecondRow: Track | null;
  /** Band carrying the inner ring's house numbers (null when untimed). */
  houseBand: { outer: number; inner: number; cap: number } | null;
  /**
   * Thin band for the outer ring's own houses (bi-wheels): just inside the zodiac, or just outside
   * it when the outer ring is; `lines` the radii its cusp lines run between (across the outer track).
   */
  outerHouseBand: { outer: number; inner: number; cap: number; lines: [number, number] } | null;
  /**
   * A bi-wheel whose outer chart is drawn outside the zodiac (its track `outward`), the inner chart
   * laid out inside as on a single wheel; the angles are then named among the outer ring's glyphs.
   */
  outside: boolean;
  /** The outermost circle drawn: the zodiac's, or the outer track's beyond it. */
  rim: number;
  aspectR: number;
  /** Angle axes extend past the zodiac to here (to an outer track's ticks when it is outside); labels start just beyond. */
  angleTip: number;
  angleLabelGap: number;
  angleCap: number;
  /** A simplified wheel (below SIMPLE_BELOW px). */
  simple: boolean;
}

interface TrackSpec {
  glyph: number;
  cap: number;
  labels: Track['labels'];
}

/** A track's tick, the gap between tick and glyph, and the padding below its labels, fractions of R. */
interface Spacing {
  tick: number;
  glyphGap: number;
  pad: number;
}
const SINGLE_SPACING: Spacing = { tick: 0.02, glyphGap: 0.012, pad: 0.012 };
/** A bi-wheel's two tracks share the depth a single wheel gives one: their spacing is tighter. */
const BI_SPACING: Spacing = { tick: 0.012, glyphGap: 0.008, pad: 0.004 };
/**
 * A track drawn outward, outside the zodiac: a single wheel's tick and glyph gap (its leader lines
 * are routed round the rim at the ticks' ends, layout/leader-routes.ts), no padding at the image's edge.
 */
const OUTWARD_SPACING: Spacing = { tick: 0.02, glyphGap: 0.012, pad: 0 };
/** Its second row beyond it: a second row's gap, and no padding at the image's edge either. */
const OUTWARD_SECOND_ROW_SPACING: Spacing = { tick: 0, glyphGap: 0.01, pad: 0 };
const LABEL_GAP = 0.28;

/**
 * Widths of the widest possible labels, in stacking order (deg, [sign, min]). The retrograde mark
 * sits at a corner of the glyph (layout/points.ts), not in the stack: it takes no depth.
 */
function stackWidths(cap: number, labels: Track['labels']): number[] {
  const w = [textWidth('28°', cap)];
  if (labels === 'full') w.push(cap * 1.15, textWidth('28′', cap));
  return w;
}

/**
 * Below this size (px) a wheel is drawn simplified, since its labels would be too small to read:
 * each planet labelled with its degree alone, glyphs and labels larger (SIMPLE_GLYPH,
 * SIMPLE_CAP), the angles named without their positions. docs/api/charts.md ("Small images") gives the size.
 */
export const SIMPLE_BELOW = 500;
const SIMPLE_GLYPH = 1.3;
const SIMPLE_CAP = 1.45;

/**
 * Sized for a horizontal stack (3 and 9 o'clock), where label widths add up. On diagonals
 * the boxes' extents along the radius are a little longer; the stack is then compressed to
 * fit (see layout/points.ts), which only lets empty box corners overlap.
 */
/** Smallest aspect disc, as a fraction of the wheel radius, whatever the scales asked for. */
const MIN_DISC = 0.25;
/**
 * The aspect disc a wheel keeps at its default scales, crowded or not, as a fraction of the radius:
 * below it the aspect lines knot. A bi-wheel's two tracks are drawn as deep as that leaves them,
 * their glyphs and labels no smaller than the least sizes (MIN_GLYPH_PX, MIN_LABEL_PX); a crowd
 * spreads round its track (layout/spread-within.ts), never inwards.
 */
export const DEFAULT_DISC = 0.4;
/** The least sizes (layout/points.ts), px at 700 px: repeated here, since points.ts imports this file. */
const LEAST_GLYPH_PX = 14;
const LEAST_LABEL_PX = 7.5;
/** Largest house-number cap height as a fraction of its band's thickness. */
const BAND_FILL = 0.62;

function trackThickness(t: TrackSpec, R: number, sp: Spacing): number {
  const cap = t.cap * R;
  const stack = stackWidths(cap, t.labels).reduce((a, w) => a + w + cap * LABEL_GAP, 0);
  return R * (sp.tick + sp.glyphGap + t.glyph * INK + sp.pad) + stack;
}

function buildTrack(ring: RingId, outer: number, t: TrackSpec, R: number, squeeze: number, sp: Spacing): Track {
  const k = Math.min(1, squeeze);
  const tickLen = sp.tick * R * squeeze;
  const glyphSize = t.glyph * R * k;
  const cap = t.cap * R * k;
  const natural = trackThickness({ ...t, glyph: t.glyph * k, cap: t.cap * k }, R, sp);
  return {
    ring,
    outer,
    inner: outer - natural * Math.max(1, squeeze),
    tickLen,
    glyphR: outer - tickLen - sp.glyphGap * R * squeeze - (glyphSize * INK) / 2,
    glyphSize,
    labelCap: cap,
    labelGap: cap * LABEL_GAP * Math.max(1, squeeze),
    labels: t.labels,
  };
}

/**
 * The bands of a wheel drawn with a second row of glyphs (at the default band fractions): a narrower
 * zodiac and house band leave the depth the second row needs, single wheel and bi-wheel. The sign
 * glyphs still fill three quarters of the zodiac band (some 21 px on a single wheel, 15 px on a
 * bi-wheel at 700 px).
 */
const TWO_ROW_ZODIAC = { single: 0.1, bi: 0.07 } as const;
const TWO_ROW_HOUSE_BAND = { single: 0.05, bi: 0.034 } as const;
/** The gap between the track's labels and the second row's glyphs, and the second row's own glyph gap, fractions of R. */
const SECOND_ROW_SPACING: Spacing = { tick: 0, glyphGap: 0.01, pad: 0.006 };

/**
 * The wheel's rings. With `rows` 2, the innermost track has a second row of glyphs beneath it
 * (`secondRow`), glyphs and labels as large as the track's, everything shrunk toward but never
 * below the least sizes until the aspect disc keeps DEFAULT_DISC: null when it cannot (a custom
 * ring or disc fraction, or no depth left at the least sizes). With `outside`, a bi-wheel's outer
 * chart is drawn outside the zodiac (outsideGeometry), on `outerRows` rows: null for a single wheel
 * or custom fractions.
 */
export function computeGeometry(d: ChartDrawing, st: Style): WheelGeometry;
export function computeGeometry(d: ChartDrawing, st: Style, rows: 1 | 2, outside?: boolean, outerRows?: 1 | 2): WheelGeometry | null;
export function computeGeometry(d: ChartDrawing, st: Style, rows: 1 | 2 = 1, outside = false, outerRows: 1 | 2 = 1): WheelGeometry | null {
  const size = clampSize(d.options.size);
  const custom = st.centerFraction !== undefined || st.ringFraction !== undefined;
  if (outside) return d.outer !== undefined && !custom ? outsideGeometry(d, st, rows, outerRows, size) : null;
  if (rows === 2 && custom) return null;
  // Leaves room outside the zodiac for the angle labels at 3 and 9 o'clock.
  return wheelRings(d, st, rows, size, size * STANDARD_RADIUS, d.outer !== undefined ? 'inside' : 'single');
}

/** The zodiac's radius as a fraction of the image, leaving room beyond it for the angle and cusp labels. */
export const STANDARD_RADIUS = 0.415;
/** The space between the image's edge and an outer track outside the zodiac, and between that track and the zodiac (when no house band lies between), fractions of the image and of R. */
const OUTSIDE_MARGIN = 0.003;
const OUTSIDE_GAP = 0.008;
/** The outer chart's house band, inside the zodiac or outside it, a fraction of R. */
const OUTER_HOUSE_BAND = 0.036;
/** The outer chart's house numbers' cap height in its band, px. */
const outerHouseCap = (R: number, st: Style) => Math.min(0.024 * R * st.houseNumberScale, OUTER_HOUSE_BAND * R * BAND_FILL);

/**
 * A bi-wheel with its outer chart's track outside the zodiac, reaching to the image's edge (its
 * own house band, if it has houses, between the two), and the inner chart inside the zodiac laid
 * out as on a single wheel (`rows`); the outer chart on `outerRows` (its second row beyond the
 * track): the layout professional software draws bi-wheels with, taken when the bi-wheel's two
 * tracks inside the zodiac leave a crowd's glyphs beyond reach of their sectors (layout/points.ts).
 * Both rings draw their glyphs and labels at one size; the zodiac's radius is what the outer rows
 * leave, found by halving since their depth follows the glyph size the inner chart's rows allow at
 * that radius. The aspect disc keeps DEFAULT_DISC of the standard wheel's radius (STANDARD_RADIUS).
 * Null when no radius leaves both rings their rows.
 */
function outsideGeometry(d: ChartDrawing, st: Style, rows: 1 | 2, outerRows: 1 | 2, size: number): WheelGeometry | null {
  const rim = size / 2 - OUTSIDE_MARGIN * size;
  const outerHouses = validCusps(secondHouseSet(d)?.cusps) !== null;
  const at = (R: number) => {
    const inside = wheelRings(d, st, rows, size, R, 'outside', outerRows);
    if (!inside) return null;
    const outer = outwardTrack(inside.tracks[0]!, R * (1 + (outerHouses ? OUTER_HOUSE_BAND : OUTSIDE_GAP)), R);
    // Its second row beyond it: the track's stack again, joined to the track's ticks.
    const second: Track | null = outerRows === 2 ? { ...outwardTrack(inside.tracks[0]!, outer.outer, R, OUTWARD_SECOND_ROW_SPACING), tickLen: 0 } : null;
    return { inside, outer, second, edge: (second ?? outer).outer };
  };
  // The largest zodiac that leaves the outer rows room (their depth follows the glyphs the inner
  // rows allow at that radius) and the inner rows their disc (none below some radius): halving.
  let lo = size * STANDARD_RADIUS * 0.6;
  let hi = size * STANDARD_RADIUS;
  let best: ({ R: number } & NonNullable<ReturnType<typeof at>>) | null = null;
  for (let round = 0; round < 24 && hi - lo > 0.05; round++) {
    const R = (lo + hi) / 2;
    const g = at(R);
    if (g && g.edge > rim) hi = R;
    else {
      if (g) best = { R, ...g };
      lo = R;
    }
  }
  if (!best) return null;
  const { R, inside, outer, second, edge } = best;
  const band = outerHouses ? { outer: outer.inner, inner: R, cap: outerHouseCap(R, st), lines: [R, edge] as [number, number] } : null;
  return {
    ...inside,
    tracks: [outer, ...inside.tracks],
    outerSecondRow: second,
    outerHouseBand: band,
    outside: true,
    rim: edge,
    angleTip: outer.inner + outer.tickLen,
  };
}

/** The outer chart's track outside the zodiac, from `inner` outwards, its glyphs and labels as large as `like`'s. */
function outwardTrack(like: Track, inner: number, R: number, sp: Spacing = OUTWARD_SPACING): Track {
  const spec: TrackSpec = { glyph: like.glyphSize / R, cap: like.labelCap / R, labels: like.labels };
  const tickLen = sp.tick * R;
  return {
    ring: 'outer',
    inner,
    outer: inner + trackThickness(spec, R, sp),
    tickLen,
    glyphR: inner + tickLen + sp.glyphGap * R + (like.glyphSize * INK) / 2,
    glyphSize: like.glyphSize,
    labelCap: like.labelCap,
    labelGap: like.labelCap * LABEL_GAP,
    labels: like.labels,
    outward: true,
  };
}

/**
 * The rings inside the zodiac of radius R: a single wheel's inner track (`single`), a bi-wheel's two
 * tracks (`inside`), or the inner chart of a bi-wheel whose outer chart is outside (`outside`:
 * proportioned as a single wheel, its disc kept at DEFAULT_DISC of the standard radius).
 */
function wheelRings(
  d: ChartDrawing,
  st: Style,
  rows: 1 | 2,
  size: number,
  R: number,
  mode: 'single' | 'inside' | 'outside',
  outerRows: 1 | 2 = 1,
): WheelGeometry | null {
  const bi = mode === 'inside';
  const two = rows === 2;
  // Two rows on either ring take a bi-wheel's narrower bands (an outer chart's rows outside take depth too).
  const narrowBands = two || outerRows === 2;
  const hasHouses = validCusps(d.inner.cusps) !== null;
  const outerHouses = bi && validCusps(secondHouseSet(d)?.cusps) !== null;
  // The disc's floor, px: a share of the standard wheel's radius (R itself but outside).
  const discFloor = DEFAULT_DISC * size * STANDARD_RADIUS;

  const narrow = mode === 'single' ? 'single' : 'bi';
  const zFrac = st.signRingFraction ?? (narrowBands ? TWO_ROW_ZODIAC[narrow] : bi ? 0.09 : 0.13);
  const zodiacInner = R * (1 - zFrac);
  const bandFrac = st.houseRingFraction ?? (narrowBands ? TWO_ROW_HOUSE_BAND[narrow] : bi ? 0.042 : 0.065);
  const spacing = bi ? BI_SPACING : SINGLE_SPACING;
  const capBase = st.fontFraction ?? (bi ? 0.029 : 0.034);
  const simple = size < SIMPLE_BELOW;
  const spec: TrackSpec = {
    glyph: (bi ? 0.072 : 0.088) * st.planetScale * (simple ? SIMPLE_GLYPH : 1),
    cap: capBase * (simple ? SIMPLE_CAP : 1),
    labels: simple ? 'degree' : 'full',
  };
  if (mode === 'outside') {
    // A zodiac made small by the outer rows outside it keeps its glyphs and labels at the least sizes.
    const least = size / 700 / R;
    spec.glyph = Math.max(spec.glyph, (LEAST_GLYPH_PX * least) / INK);
    spec.cap = Math.max(spec.cap, LEAST_LABEL_PX * least);
  }

  let top = zodiacInner;
  let outerBand: Omit<NonNullable<WheelGeometry['outerHouseBand']>, 'lines'> | null = null;
  if (outerHouses) {
    const th = OUTER_HOUSE_BAND * R;
    outerBand = { outer: top, inner: top - th, cap: outerHouseCap(R, st) };
    top -= th;
  }

  const bandTh = hasHouses ? bandFrac * R : 0;
  const nTracks = bi ? 2 : 1;
  const natural = trackThickness(spec, R, spacing) * nTracks + (two ? trackThickness(spec, R, SECOND_ROW_SPACING) : 0);
  // Room for the planet tracks once the aspect disk is fixed by config, if it is.
  let available = natural;
  if (st.centerFraction !== undefined) available = top - bandTh - st.centerFraction * R;
  else if (st.ringFraction !== undefined) available = st.ringFraction * R;
  let squeeze = Math.max(0.55, Math.min(1.6, available / natural));
  const houseCap = Math.min((bi ? 0.028 : 0.032) * R * st.houseNumberScale * (simple ? SIMPLE_CAP : 1), bandTh * BAND_FILL);
  const start = top;
  const build = (sq: number) => {
    let t = start;
    let band: WheelGeometry['houseBand'] = null;
    const addBand = () => {
      band = { outer: t, inner: t - bandTh, cap: houseCap };
      t -= bandTh;
    };
    const built: Track[] = [];
    for (const id of (bi ? ['outer', 'inner'] : ['inner']) as RingId[]) {
      // "Houses outside the planets" puts the inner ring's numbers just outside its own track.
      if (id === 'inner' && hasHouses && !st.housesInside) addBand();
      const tr = buildTrack(id, t, spec, R, sq, spacing);
      built.push(tr);
      t = tr.inner;
    }
    let second: Track | null = null;
    if (two) {
      // The second row: the innermost track's stack again, just inside it (its tick is the track's).
      second = { ...buildTrack(built[built.length - 1]!.ring, t, spec, R, sq, SECOND_ROW_SPACING), tickLen: 0 };
      t = second.inner;
    }
    if (hasHouses && st.housesInside) addBand();
    return { tracks: built, secondRow: second, houseBand: band as WheelGeometry['houseBand'], top: t };
  };
  // Extreme symbol or font scales would push the tracks into the centre: shrink glyphs and
  // labels alike until the aspect disc keeps at least MIN_DISC of the radius (ticks and gaps
  // do not shrink, hence a few rounds). A bi-wheel at its default proportions keeps DEFAULT_DISC,
  // its glyphs and labels shrunk no further than the least sizes.
  // (Scales a caller asked for may leave it less, down to MIN_DISC.)
  let built = build(squeeze);
  const shrinkTo = (floor: number, least: number) => {
    for (let round = 0; round < 4 && built.top < floor - 0.5 && squeeze > least; round++) {
      const used = start - bandTh - built.top;
      squeeze = Math.max(least, squeeze * Math.max(0.1, (start - bandTh - floor) / used));
      built = build(squeeze);
    }
  };
  const leastScale = () => {
    const k700 = size / 700;
    return Math.max((LEAST_GLYPH_PX * k700) / (spec.glyph * R * INK), (LEAST_LABEL_PX * k700) / (spec.cap * R));
  };
  if ((mode !== 'single' || two) && st.centerFraction === undefined && st.ringFraction === undefined) shrinkTo(discFloor + 0.6, leastScale());
  // Two rows that leave the disc less than DEFAULT_DISC at the least sizes: no second row.
  if (two && (built.top < discFloor - 0.01 || squeeze < leastScale() - 1e-9)) return null;
  // Inside an outer chart's rows the disc keeps its floor, or the zodiac is too small.
  if (mode === 'outside' && built.top < discFloor - 0.01) return null;
  shrinkTo(Math.min(MIN_DISC, st.centerFraction ?? MIN_DISC) * R, 0);
  const { tracks, houseBand, secondRow } = built;
  top = built.top;
  const aspectR = Math.max(0.12 * R, top);
  // The outer chart's cusps cross its track, from the track's inner edge to the band.
  const outerHouseBand = outerBand && { ...outerBand, lines: [tracks[0]!.inner, outerBand.outer] as [number, number] };

  // A scale above 1 may fill the band, never overflow it.
  const signGlyphSize = Math.min(Math.min(0.1 * R, (R - zodiacInner) * 0.74) * st.signScale, (R - zodiacInner) * 0.86);
  return {
    size,
    cx: size / 2,
    cy: size / 2,
    R,
    zodiacInner,
    signGlyphR: (R + zodiacInner) / 2,
    signGlyphSize,
    tick1: 0.016 * R,
    tick5: 0.028 * R,
    tick10: 0.04 * R,
    tracks,
    secondRow,
    outerSecondRow: null,
    houseBand,
    outerHouseBand,
    aspectR,
    angleTip: R * 1.045,
    angleLabelGap: R * 0.02,
    angleCap: R * 0.032 * (simple ? SIMPLE_CAP : 1),
    simple,
    outside: false,
    rim: R,
  };
}
