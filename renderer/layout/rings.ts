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
  /** Band carrying the inner ring's house numbers (null when untimed). */
  houseBand: { outer: number; inner: number; cap: number } | null;
  /** Thin band just inside the zodiac for the outer ring's own houses (bi-wheels). */
  outerHouseBand: { outer: number; inner: number; cap: number } | null;
  aspectR: number;
  /** Angle axes extend past the zodiac to here; labels start just beyond. */
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
 * ring or disc fraction, or no depth left at the least sizes).
 */
export function computeGeometry(d: ChartDrawing, st: Style): WheelGeometry;
export function computeGeometry(d: ChartDrawing, st: Style, rows: 1 | 2): WheelGeometry | null;
export function computeGeometry(d: ChartDrawing, st: Style, rows: 1 | 2 = 1): WheelGeometry | null {
  const size = clampSize(d.options.size);
  const bi = d.outer !== undefined;
  const two = rows === 2;
  if (two && (st.centerFraction !== undefined || st.ringFraction !== undefined)) return null;
  // Leaves room outside the zodiac for the angle labels at 3 and 9 o'clock.
  const R = size * 0.415;
  const hasHouses = validCusps(d.inner.cusps) !== null;
  const outerHouses = bi && validCusps(secondHouseSet(d)?.cusps) !== null;

  const zFrac = st.signRingFraction ?? (two ? TWO_ROW_ZODIAC[bi ? 'bi' : 'single'] : bi ? 0.09 : 0.13);
  const zodiacInner = R * (1 - zFrac);
  const bandFrac = st.houseRingFraction ?? (two ? TWO_ROW_HOUSE_BAND[bi ? 'bi' : 'single'] : bi ? 0.042 : 0.065);
  const spacing = bi ? BI_SPACING : SINGLE_SPACING;
  const capBase = st.fontFraction ?? (bi ? 0.029 : 0.034);
  const simple = size < SIMPLE_BELOW;
  const spec: TrackSpec = {
    glyph: (bi ? 0.072 : 0.088) * st.planetScale * (simple ? SIMPLE_GLYPH : 1),
    cap: capBase * (simple ? SIMPLE_CAP : 1),
    labels: simple ? 'degree' : 'full',
  };

  let top = zodiacInner;
  let outerHouseBand: WheelGeometry['outerHouseBand'] = null;
  if (outerHouses) {
    const th = 0.036 * R;
    outerHouseBand = { outer: top, inner: top - th, cap: Math.min(0.024 * R * st.houseNumberScale, th * BAND_FILL) };
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
  if ((bi || two) && st.centerFraction === undefined && st.ringFraction === undefined) shrinkTo(DEFAULT_DISC * R + 0.6, leastScale());
  // Two rows that leave the disc less than DEFAULT_DISC at the least sizes: no second row.
  if (two && (built.top < DEFAULT_DISC * R - 0.01 || squeeze < leastScale() - 1e-9)) return null;
  shrinkTo(Math.min(MIN_DISC, st.centerFraction ?? MIN_DISC) * R, 0);
  const { tracks, houseBand, secondRow } = built;
  top = built.top;
  const aspectR = Math.max(0.12 * R, top);

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
    houseBand,
    outerHouseBand,
    aspectR,
    angleTip: R * 1.045,
    angleLabelGap: R * 0.02,
    angleCap: R * 0.032 * (simple ? SIMPLE_CAP : 1),
    simple,
  };
}
