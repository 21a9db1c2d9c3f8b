/**
 * Reads a chart wheel's own layout metadata out of its SVG (planet groups with their true
 * longitude, drawn angle and boxes; cusp lines; angle axes and labels; house numbers) and
 * measures what a reader would call a wrong drawing: a glyph outside its sign or house sector,
 * overlapping labels, an axis through a label.
 */
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from '../../src/features/charts/charts-service.ts';
import {
  compositeChartRequest,
  natalChartRequest,
  progressionsChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from '../../src/features/charts/charts-schemas.ts';
import type { ChartDrawing, ChartKind } from '../../renderer/chart-model.ts';
import { renderChartSvg } from '../../renderer/index.ts';
import { seededRandom } from './seeded-random.ts';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface DrawnPoint {
  id: string;
  ring: 'inner' | 'outer';
  lon: number;
  drawn: number;
  boxes: Box[];
}

export interface WheelReport {
  points: number;
  /** Glyphs stacked into an inner tier. */
  tiered: number;
  /** Largest |drawn − true| angle of any glyph, degrees. */
  maxDisplacement: number;
  /** Glyphs drawn across a sign boundary or a line crossing their track (cusp, axis). */
  crossings: number;
  /** Of these, the ones whose cluster does not itself straddle that line (and that are neither forced nor out of an overfull sector). */
  unexcused: number;
  /**
   * Crossings forced by the geometry, a legitimate exception: the sector the glyph leaves across
   * the line is too narrow for it beside an angle axis (two axes a degree apart far north, or a
   * sign boundary or cusp a degree from an axis): anywhere inside it, the axis would cross the
   * glyph, which no chart may show. The glyph then goes the least way out, just past the line
   * with its boxes clear of the axes (a glyph drawn further is unexcused); its labels still name
   * its sign and a leader line runs to its true degree. docs/api/charts.md ("Chart images") says so.
   */
  forced: number;
  /**
   * Crossings out of an overfull sector, the other legitimate exception: the glyphs whose true
   * longitudes lie in the sector cannot all fit in it, side by side on the lanes the ring draws,
   * as large as they are drawn (the layout draws a run at the least sizes before it lets a glyph
   * leave its sector). The glyph is drawn past the line no further than the sector's overflow
   * (the widths in excess of it) and half its own width (overfullBy); or the run it is packed in
   * lacks room in its members' sectors, or fills its arc between two axes (packedRunOverfull); or
   * the arc between the axes around it cannot hold its glyphs (arcOverfull).
   */
  overfull: number;
  /** For the excused ones, the largest distance drawn past the line, degrees. */
  maxOvershoot: number;
  /** Pairs of boxes of different items (glyph or label of a planet, house number, angle label) that overlap. */
  overlaps: number;
  /** Planet glyph or label boxes an angle axis passes through. */
  axisHits: number;
  /** House numbers an angle axis passes through. */
  axisHouseHits: number;
  /** The smallest glyph (ink width) and degree label (cap height) drawn, px at 700 px. */
  smallestGlyph: number;
  smallestLabel: number;
  details: string[];
}

const num = (s: string) => Number(s);
const norm = (x: number) => ((x % 360) + 360) % 360;
/** Signed b − a in (−180, 180]. */
const diff = (a: number, b: number) => {
  const d = norm(b - a);
  return d > 180 ? d - 360 : d;
};
const parseBox = (s: string): Box => {
  const [x, y, w, h] = s.split(',').map(num) as [number, number, number, number];
  return { x, y, w, h };
};

/** Overlap with a tolerance: boxes must reach more than `tol` px into each other. */
function overlap(a: Box, b: Box, tol = 0.5): boolean {
  return a.x + tol < b.x + b.w && b.x + tol < a.x + a.w && a.y + tol < b.y + b.h && b.y + tol < a.y + a.h;
}

/** Segment p→q through box (shrunk by tol), Liang–Barsky. */
export function segmentHits(p: { x: number; y: number }, q: { x: number; y: number }, b: Box, tol = 0.5): boolean {
  const x0 = b.x + tol,
    x1 = b.x + b.w - tol,
    y0 = b.y + tol,
    y1 = b.y + b.h - tol;
  if (x0 >= x1 || y0 >= y1) return false;
  let t0 = 0,
    t1 = 1;
  const dx = q.x - p.x,
    dy = q.y - p.y;
  for (const [pp, qq] of [
    [-dx, p.x - x0],
    [dx, x1 - p.x],
    [-dy, p.y - y0],
    [dy, y1 - p.y],
  ] as const) {
    if (pp === 0) {
      if (qq < 0) return false;
    } else {
      const r = qq / pp;
      if (pp < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** A box moved round the centre from the drawn angle to another (its centre moves; its size stays). */
function rotate(b: Box, from: number, to: number, c: { x: number; y: number }): Box {
  const t = ((to - from) * Math.PI) / 180;
  // Longitude runs counter-clockwise on screen (y down).
  const dx = b.x + b.w / 2 - c.x;
  const dy = b.y + b.h / 2 - c.y;
  const x = c.x + dx * Math.cos(t) + dy * Math.sin(t);
  const y = c.y - dx * Math.sin(t) + dy * Math.cos(t);
  return { x: x - b.w / 2, y: y - b.h / 2, w: b.w, h: b.h };
}

/**
 * How much further than the least move out of its sector a forced glyph may be drawn, degrees:
 * the room a glyph keeps from an axis (AXIS_MARGIN in layout/spread-within.ts, 0.8°) and 0.3°.
 */
const FORCED_SLACK = 1.1;

/**
 * Whether a glyph had to cross `line` (moving from its true longitude towards it): the sector it
 * leaves there, between `line` and the line before it, cannot hold the glyph with the angle axes
 * clear of its boxes (the nearest axis on either side closer than the glyph reaches, the glyph
 * drawn anywhere inside the sector), and it is drawn no further than the least move out of the
 * sector (just past the line, its boxes clear of the axes), within FORCED_SLACK.
 */
function forcedBy(p: DrawnPoint, line: number, lines: number[], axes: number[], c: { x: number; y: number }): boolean {
  const toLine = diff(p.lon, line);
  const dir = Math.sign(toLine);
  // The line before `line` on the way from the glyph's true longitude (else the line behind it).
  let before = -Infinity;
  let behind = Infinity;
  for (const l of lines) {
    const d = dir * diff(p.lon, l);
    if (d > 1e-6 && d < Math.abs(toLine) - 1e-6) before = Math.max(before, d);
    if (d <= 1e-6) behind = Math.min(behind, -d);
  }
  // The sector as offsets from the true longitude, low and high in longitude.
  const from = before > -Infinity ? dir * before : -dir * behind;
  const lo = Math.min(from, toLine);
  const hi = Math.max(from, toLine);
  // The nearest axes at or beyond the sector's ends.
  let axLo = -Infinity;
  let axHi = Infinity;
  for (const a of axes) {
    const d = diff(p.lon, a);
    if (d <= lo + 1e-6) axLo = Math.max(axLo, d);
    if (d >= hi - 1e-6) axHi = Math.min(axHi, d);
  }
  // How far the glyph's boxes reach from its drawn angle, with a pixel's clearance (an axis is
  // drawn wider than that: a box closer to it is touched by it).
  const { below, above } = reachOf(p, c);
  if (Math.max(lo, axLo + below) < Math.min(hi, axHi - above)) return false;
  // The least move that gets it out: the first place past the line where its boxes are clear of
  // every axis; a glyph drawn further is not excused by the geometry.
  const axisAt = axes.map((a) => diff(p.lon, a));
  let x = toLine;
  for (let k = 0; k <= axisAt.length; k++) {
    const hit = axisAt.find((a) => x - below < a && a < x + above);
    if (hit === undefined) break;
    x = dir > 0 ? hit + below : hit - above;
  }
  const least = Math.abs(x);
  return Math.abs(diff(p.lon, p.drawn)) <= least + FORCED_SLACK;
}

/** A glyph's angular reach from its drawn angle towards lower and higher longitudes (its boxes, with a pixel's clearance), degrees. */
function reachOf(p: DrawnPoint, c: { x: number; y: number }): { below: number; above: number; drawn: number; radius: number } {
  const g = p.boxes[0]!;
  const gx = g.x + g.w / 2 - c.x;
  const gy = g.y + g.h / 2 - c.y;
  const drawn = (Math.atan2(-gy, gx) * 180) / Math.PI;
  let below = 0;
  let above = 0;
  for (const b of p.boxes) {
    for (const [x, y] of [
      [b.x, b.y],
      [b.x + b.w, b.y],
      [b.x, b.y + b.h],
      [b.x + b.w, b.y + b.h],
    ] as const) {
      // Screen angles run counter-clockwise, as longitudes do.
      const phi = diff(drawn, (Math.atan2(-(y - c.y), x - c.x) * 180) / Math.PI);
      const clear = (1 / Math.hypot(x - c.x, y - c.y)) * (180 / Math.PI);
      above = Math.max(above, phi + clear);
      below = Math.max(below, clear - phi);
    }
  }
  return { below, above, drawn, radius: Math.hypot(gx, gy) };
}

/**
 * Whether glyph p had to leave its sector across `line` because the sector is overfull (see
 * WheelReport.overfull): the angular widths of the sector's glyphs (same ring, true longitude in
 * the sector), shared among the lanes, exceed the sector's width, and p is drawn past the line
 * by no more than that excess and half its own width.
 */
function overfullBy(p: DrawnPoint, line: number, points: DrawnPoint[], lines: number[], c: { x: number; y: number }): boolean {
  let lo = -Infinity;
  let hi = Infinity;
  for (const l of lines) {
    const d = diff(p.lon, l);
    if (d <= 0) lo = Math.max(lo, d);
    else hi = Math.min(hi, d);
  }
  const members = points.filter((q) => q.ring === p.ring && diff(p.lon, q.lon) >= lo && diff(p.lon, q.lon) < hi);
  const reaches = members.map((q) => reachOf(q, c));
  // Lanes: the distinct radii the glyphs are drawn at (one where the glyphs would be smaller than
  // the least size on two lanes: MIN_GLYPH_PX, MIN_LABEL_PX in layout/points.ts).
  const radii: number[] = [];
  for (const r of reaches) if (!radii.some((x) => Math.abs(x - r.radius) < 3)) radii.push(r.radius);
  const lanes = radii.length;
  const excess = reaches.reduce((sum, r) => sum + r.below + r.above, 0) / lanes - (hi - lo);
  if (excess <= 0) return false;
  const own = reachOf(p, c);
  const past = Math.abs(diff(p.lon, p.drawn)) - Math.abs(diff(p.lon, line));
  return past <= excess + (own.below + own.above) / 2;
}

/** Neighbours (in drawn angle) whose reaches come closer than this, degrees, are packed: pushing on each other (their labels a word space apart, WORD_SPACE in layout/points.ts, some 2.5° on the inner ring of a bi-wheel). */
const PACK_SLACK = 3;

/**
 * Whether glyph p is out of its sector because the run it is packed in (neighbours drawn with
 * their boxes all but touching, chained) is wider than the sectors its members belong to
 * together: the glyphs do not fit at the least size the layout draws (MIN_GLYPH_PX, MIN_LABEL_PX
 * in layout/points.ts), so the run spreads over the arcs beyond; p is then drawn past its
 * sector's line by no more than the width the run lacks and half its own; or the run fills its
 * arc between two axes (fillsItsArc).
 */
function packedRunOverfull(p: DrawnPoint, line: number, points: DrawnPoint[], lines: number[], axes: number[], c: { x: number; y: number }): boolean {
  const ring = points.filter((q) => q.ring === p.ring).sort((a, b) => a.drawn - b.drawn);
  const n = ring.length;
  if (n < 2) return false;
  const reach = new Map(ring.map((q) => [q, reachOf(q, c)]));
  const packed = (a: DrawnPoint, b: DrawnPoint) => diff(a.drawn, b.drawn) - reach.get(a)!.above - reach.get(b)!.below < PACK_SLACK;
  const k = ring.indexOf(p);
  const run = [p];
  for (let j = 1; j < n && packed(ring[(k + j - 1) % n]!, ring[(k + j) % n]!); j++) run.push(ring[(k + j) % n]!);
  for (let j = 1; j < n - run.length + 1 && packed(ring[(k - j + n) % n]!, ring[(k - j + 1 + n) % n]!); j++) run.unshift(ring[(k - j + n) % n]!);
  if (run.length < 2) return false;
  if (fillsItsArc(p, run, reach, axes)) return true;
  // The members' sectors, as offsets from p's true longitude.
  let homeLo = Infinity;
  let homeHi = -Infinity;
  for (const q of run) {
    let lo = -Infinity;
    let hi = Infinity;
    for (const l of lines) {
      const d = diff(q.lon, l);
      if (d <= 0) lo = Math.max(lo, d);
      else hi = Math.min(hi, d);
    }
    const at = diff(p.lon, q.lon);
    homeLo = Math.min(homeLo, at + lo);
    homeHi = Math.max(homeHi, at + hi);
  }
  const radii: number[] = [];
  for (const q of run) if (!radii.some((x) => Math.abs(x - reach.get(q)!.radius) < 3)) radii.push(reach.get(q)!.radius);
  const need = run.reduce((sum, q) => sum + reach.get(q)!.below + reach.get(q)!.above, 0) / radii.length;
  const lack = need - (homeHi - homeLo);
  if (lack <= 0) return false;
  const own = reach.get(p)!;
  const past = Math.abs(diff(p.lon, p.drawn)) - Math.abs(diff(p.lon, line));
  return past <= lack + (own.below + own.above) / 2;
}

/**
 * Whether a packed run (see packedRunOverfull) fills most of the arc between the two axes around
 * its glyph p's drawn angle (ARC_FULL of it): the run has nowhere left to spread, and its glyphs
 * are pushed out of their sectors by the ones they are packed with.
 */
const ARC_FULL = 0.8;
function fillsItsArc(p: DrawnPoint, run: DrawnPoint[], reach: Map<DrawnPoint, { below: number; above: number }>, axes: number[]): boolean {
  if (axes.length < 2) return false;
  let lo = -Infinity;
  let hi = Infinity;
  for (const a of axes) {
    const d = diff(p.drawn, a);
    if (d <= 0) lo = Math.max(lo, d);
    else hi = Math.min(hi, d);
  }
  if (lo === -Infinity || hi === Infinity) return false;
  let from = Infinity;
  let to = -Infinity;
  for (const q of run) {
    const at = diff(p.drawn, q.drawn);
    if (at < lo || at > hi) continue;
    from = Math.min(from, at - reach.get(q)!.below);
    to = Math.max(to, at + reach.get(q)!.above);
  }
  return to - from >= ARC_FULL * (hi - lo);
}

/**
 * Whether the arc between the two axes around glyph p's true longitude is too short for the
 * glyphs of p's ring that belong in it, side by side at the size drawn: an axis then gives way
 * (spread-within.ts, the last step), and p may be drawn beyond it.
 */
function arcOverfull(p: DrawnPoint, points: DrawnPoint[], axes: number[], c: { x: number; y: number }): boolean {
  if (axes.length < 2) return false;
  let lo = -Infinity;
  let hi = Infinity;
  for (const a of axes) {
    const d = diff(p.lon, a);
    if (d <= 0) lo = Math.max(lo, d);
    else hi = Math.min(hi, d);
  }
  if (lo === -Infinity) lo = Math.max(...axes.map((a) => diff(p.lon, a))) - 360;
  if (hi === Infinity) hi = Math.min(...axes.map((a) => diff(p.lon, a))) + 360;
  const members = points.filter((q) => q.ring === p.ring && diff(p.lon, q.lon) >= lo && diff(p.lon, q.lon) < hi);
  const need = members.reduce((sum, q) => {
    const r = reachOf(q, c);
    return sum + r.below + r.above;
  }, 0);
  return need > hi - lo;
}

export function checkWheel(svg: string): WheelReport {
  const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1] ?? 700);
  const c = { x: height / 2, y: height / 2 };
  const points: DrawnPoint[] = [];
  for (const m of svg.matchAll(/<g data-point="([^"]+)" data-ring="(inner|outer)" data-lon="([\d.]+)" data-drawn="([\d.]+)" data-boxes="([^"]*)"/g)) {
    points.push({ id: m[1]!, ring: m[2] as 'inner' | 'outer', lon: num(m[3]!), drawn: num(m[4]!), boxes: m[5]!.split(' ').map(parseBox) });
  }
  const cusps: Record<'inner' | 'outer', number[]> = { inner: [], outer: [] };
  for (const m of svg.matchAll(/data-cusp="\d+" data-ring="\w+"( data-house-band="second")? data-lon="([\d.]+)"/g)) {
    (m[1] ? cusps.outer : cusps.inner).push(num(m[2]!));
  }
  const axes: { lon: number; from: { x: number; y: number }; to: { x: number; y: number } }[] = [];
  for (const m of svg.matchAll(/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" data-angle="\w+" data-lon="([\d.]+)"/g)) {
    axes.push({ lon: num(m[5]!), from: { x: num(m[1]!), y: num(m[2]!) }, to: { x: num(m[3]!), y: num(m[4]!) } });
  }
  // An axis drawn broken around labels is several segments of one line.
  const axisLons = [...new Set(axes.map((a) => a.lon))];
  const houseBoxes = [...svg.matchAll(/data-house="\d+" data-box="([^"]+)"/g)].map((m) => parseBox(m[1]!));
  // An angle named among an outer ring drawn outside the zodiac carries its stack's boxes (data-boxes): one owner.
  const angleOwners = [...svg.matchAll(/data-angle-label="\w+" data-box="([^"]+)"(?: data-boxes="([^"]+)")?/g)].map((m) =>
    (m[2] ?? m[1]!).split(' ').map(parseBox),
  );

  const r: WheelReport = {
    points: points.length,
    tiered: (svg.match(/data-tier="1"/g) ?? []).length,
    maxDisplacement: 0,
    crossings: 0,
    unexcused: 0,
    forced: 0,
    overfull: 0,
    maxOvershoot: 0,
    overlaps: 0,
    axisHits: 0,
    axisHouseHits: 0,
    smallestGlyph: Infinity,
    smallestLabel: Infinity,
    details: [],
  };
  const per700 = 700 / height;
  for (const p of points) {
    r.smallestGlyph = Math.min(r.smallestGlyph, p.boxes[0]!.w * per700);
    // Degree, sign (1.15 cap heights tall) and minute; a simplified wheel's degree alone.
    const caps = p.boxes.length >= 4 ? [p.boxes[1]!.h, p.boxes[2]!.h / 1.15, p.boxes[3]!.h] : [p.boxes[1]?.h ?? Infinity];
    r.smallestLabel = Math.min(r.smallestLabel, ...caps.map((h) => h * per700));
  }
  for (const p of points) {
    const move = diff(p.lon, p.drawn);
    r.maxDisplacement = Math.max(r.maxDisplacement, Math.abs(move));
    const lines = [...Array.from({ length: 12 }, (_, i) => i * 30), ...cusps[p.ring], ...axisLons];
    const ring = points.filter((q) => q.ring === p.ring).sort((a, b) => a.lon - b.lon);
    for (const line of lines) {
      // Is the line strictly between the true and the drawn angle?
      const toLine = diff(p.lon, line);
      if (Math.abs(move) < 1e-6 || Math.sign(toLine) !== Math.sign(move) || Math.abs(toLine) >= Math.abs(move) || Math.abs(toLine) < 1e-6) continue;
      r.crossings++;
      // The cluster: neighbours (by true longitude) whose boxes would overlap if drawn at their
      // true longitudes, chained.
      const k = ring.indexOf(p);
      const crowded = (i: number, j: number) => {
        const a = ring[(i + ring.length) % ring.length]!;
        const b = ring[(j + ring.length) % ring.length]!;
        return a !== b && a.boxes.some((x) => b.boxes.some((y) => overlap(rotate(x, a.drawn, a.lon, c), rotate(y, b.drawn, b.lon, c), 0)));
      };
      const cluster = new Set<DrawnPoint>([p]);
      for (let i = k; crowded(i, i + 1) && cluster.size < ring.length; i++) cluster.add(ring[(i + 1) % ring.length]!);
      for (let i = k; crowded(i - 1, i) && cluster.size < ring.length; i--) cluster.add(ring[(i - 1 + ring.length) % ring.length]!);
      // A member beyond the line, or on it: a point on a line (a second chart's Midheaven on its
      // own tenth cusp) is in both sectors.
      const straddles = [...cluster].some((q) => {
        const d = diff(p.lon, q.lon);
        return q !== p && (move > 0 ? d >= toLine - 1e-6 : d <= toLine + 1e-6);
      });
      if (straddles) r.maxOvershoot = Math.max(r.maxOvershoot, Math.abs(move) - Math.abs(toLine));
      else if (forcedBy(p, line, lines, axisLons, c)) r.forced++;
      else if (overfullBy(p, line, points, lines, c) || packedRunOverfull(p, line, points, lines, axisLons, c) || arcOverfull(p, points, axisLons, c))
        r.overfull++;
      else {
        r.unexcused++;
        r.details.push(`${p.ring} ${p.id} at ${p.lon.toFixed(2)} drawn at ${p.drawn.toFixed(2)} across ${line.toFixed(2)}`);
      }
    }
  }
  // Boxes of different owners must not overlap.
  const cuspLabelBoxes = [...svg.matchAll(/data-cusp-label="\d+" data-box="([^"]+)"/g)].map((m) => parseBox(m[1]!));
  const owners: Box[][] = [...points.map((p) => p.boxes), ...houseBoxes.map((b) => [b]), ...angleOwners, ...cuspLabelBoxes.map((b) => [b])];
  for (let i = 0; i < owners.length; i++) {
    for (let j = i + 1; j < owners.length; j++) {
      for (const a of owners[i]!) {
        for (const b of owners[j]!) {
          if (overlap(a, b)) {
            r.overlaps++;
            if (r.details.length < 40)
              r.details.push(`overlap ${i < points.length ? points[i]!.id : 'label ' + i} / ${j < points.length ? points[j]!.id : 'label ' + j}`);
          }
        }
      }
    }
  }
  for (const ax of axes) {
    for (const p of points) if (p.boxes.some((b) => segmentHits(ax.from, ax.to, b))) r.axisHits++;
    for (const b of houseBoxes) if (segmentHits(ax.from, ax.to, b)) r.axisHouseHits++;
  }
  return r;
}

export interface Totals extends Omit<WheelReport, 'details'> {
  charts: number;
  /** Charts with an inner tier. */
  chartsTiered: number;
  worst: string[];
}

export function addUp(reports: WheelReport[]): Totals {
  const t: Totals = {
    charts: 0,
    chartsTiered: 0,
    tiered: 0,
    points: 0,
    maxDisplacement: 0,
    crossings: 0,
    unexcused: 0,
    forced: 0,
    overfull: 0,
    maxOvershoot: 0,
    overlaps: 0,
    axisHits: 0,
    axisHouseHits: 0,
    smallestGlyph: Infinity,
    smallestLabel: Infinity,
    worst: [],
  };
  for (const r of reports) {
    t.charts++;
    t.points += r.points;
    t.tiered += r.tiered;
    if (r.tiered > 0) t.chartsTiered++;
    t.maxDisplacement = Math.max(t.maxDisplacement, r.maxDisplacement);
    t.crossings += r.crossings;
    t.unexcused += r.unexcused;
    t.forced += r.forced;
    t.overfull += r.overfull;
    t.maxOvershoot = Math.max(t.maxOvershoot, r.maxOvershoot);
    t.overlaps += r.overlaps;
    t.axisHits += r.axisHits;
    t.axisHouseHits += r.axisHouseHits;
    t.smallestGlyph = Math.min(t.smallestGlyph, r.smallestGlyph);
    t.smallestLabel = Math.min(t.smallestLabel, r.smallestLabel);
    if (t.worst.length < 10) t.worst.push(...r.details.slice(0, 10 - t.worst.length));
  }
  return t;
}

export function formatTotals(label: string, t: Totals): string {
  return (
    `${label}: ${t.charts} charts, ${t.points} glyphs (${t.tiered} in an inner tier, in ${t.chartsTiered} charts); largest displacement ${t.maxDisplacement.toFixed(1)}°; ` +
    `glyph crossings of a sign/house/axis line ${t.crossings} (outside a straddling cluster ${t.unexcused}, forced by a sector narrower than the glyph beside an axis ${t.forced}, out of an overfull sector ${t.overfull}, overshoot of the straddling ones ≤ ${t.maxOvershoot.toFixed(1)}°); ` +
    `overlapping boxes ${t.overlaps}; axis through a planet label ${t.axisHits}, through a house number ${t.axisHouseHits}; ` +
    `smallest glyph ${t.smallestGlyph.toFixed(1)} px, label ${t.smallestLabel.toFixed(2)} px at 700 px`
  );
}

export const KINDS: ChartKind[] = ['natal', 'transits', 'solar_return', 'progressions', 'composite', 'synastry'];

/** A random birth: 1900–2030, latitudes up to ±75°, any longitude (times in UTC). */
function birth(rand: () => number, name: string) {
  const lat = Math.round((rand() * 150 - 75) * 1e4) / 1e4;
  const lng = Math.round((rand() * 360 - 180) * 1e4) / 1e4;
  return {
    name,
    year: 1900 + Math.floor(rand() * 131),
    month: 1 + Math.floor(rand() * 12),
    day: 1 + Math.floor(rand() * 28),
    hour: Math.floor(rand() * 24),
    minute: Math.floor(rand() * 60),
    lat,
    lng,
    tz_str: 'UTC',
  };
}

const place = (b: { lat: number; lng: number }) => ({ city: null, country: null, lat: b.lat, lng: b.lng, source: 'request' as const });

/** The SVG of the `i`-th random chart of `kind` (seeded: the same in every run). */
export function randomChartSvg(kind: ChartKind, i: number): string {
  const rand = seededRandom(0x5eed + i * 7919 + KINDS.indexOf(kind) * 104729);
  const a = birth(rand, 'A');
  const b = birth(rand, 'B');
  const pa = place(a);
  const pb = place(b);
  const later = `${Math.min(2099, a.year + 1 + Math.floor(rand() * 60))}-06-15`;
  let body: unknown;
  switch (kind) {
    case 'natal':
      body = natalChart({ request: natalChartRequest.parse(a), place: pa }).body;
      break;
    case 'transits':
      body = transitChart({
        request: transitChartRequest.parse({ natal: a, transit_date: `${later}T12:00` }),
        natalPlace: pa,
        transitPlace: pa,
        nowMs: 0,
      }).body;
      break;
    case 'solar_return':
      body = solarReturnChart({
        request: solarReturnChartRequest.parse({ ...a, return_year: Math.min(2099, a.year + 1 + Math.floor(rand() * 60)) }),
        place: pa,
        returnPlace: pa,
      }).body;
      break;
    case 'progressions':
      body = progressionsChart({ request: progressionsChartRequest.parse({ ...a, progression_date: later }), place: pa, progressionPlace: pa }).body;
      break;
    case 'composite':
      body = compositeChart({ request: compositeChartRequest.parse({ person_a: a, person_b: b }), placeA: pa, placeB: pb }).body;
      break;
    case 'synastry':
      body = synastryChart({ request: synastryChartRequest.parse({ person_a: a, person_b: b }), placeA: pa, placeB: pb }).body;
      break;
  }
  return String(body);
}

const BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron', 'lilith'];
const NAMES: Record<string, string> = { north_node: 'North Node' };

/** Random quadrant-like houses: an Ascendant anywhere, a Midheaven 60° either side of square to it. */
function randomHouses(rand: () => number) {
  const asc = rand() * 360;
  const mc = norm(asc + 270 + (rand() - 0.5) * 60);
  const ic = norm(mc + 180);
  const dc = norm(asc + 180);
  const q1 = norm(ic - asc) / 3;
  const q2 = norm(dc - ic) / 3;
  const cusps = [asc, asc + q1, asc + 2 * q1, ic, ic + q2, ic + 2 * q2, dc, dc + q1, dc + 2 * q1, mc, mc + q2, mc + 2 * q2].map(norm);
  return { cusps, angles: { asc, mc, ic, dc } };
}

/**
 * A crowded synthetic chart: 5–8 bodies within 10° (half of them straddling a cusp or a sign
 * boundary), the rest scattered; a single wheel or, every third one, a bi-wheel crowded on both rings.
 */
export function syntheticClusterSvg(i: number): string {
  const rand = seededRandom(0xc105 + i * 31337);
  const { cusps, angles } = randomHouses(rand);
  const ring = (salt: number) => {
    const n = 5 + Math.floor(rand() * 4);
    // Centre on a cusp, a sign boundary or anywhere.
    const pick = (i + salt) % 3;
    const centre = pick === 0 ? cusps[Math.floor(rand() * 12)]! : pick === 1 ? Math.floor(rand() * 12) * 30 : rand() * 360;
    const start = centre - rand() * 10;
    const lons = Array.from({ length: BODIES.length }, (_, k) => (k < n ? start + rand() * 10 : rand() * 360)).map(norm);
    return lons.map((lon, k) => ({ id: BODIES[k]!, name: NAMES[BODIES[k]!] ?? BODIES[k]!, lon, retrograde: rand() < 0.2 }));
  };
  const bi = i % 3 === 2;
  const d: ChartDrawing = {
    kind: bi ? 'transits' : 'natal',
    inner: { label: 'Inner', points: ring(0), cusps, angles },
    ...(bi ? { outer: { label: 'Outer', points: ring(1) } } : {}),
    aspects: [],
    metadata: { title: `Cluster ${i}`, lines: [] },
    options: { size: 700, theme: 'light', showMetadata: false, chartConfig: {} },
  };
  return renderChartSvg(d);
}

/** Where a random stellium is drawn: a single wheel, or a bi-wheel with it on its inner ring, its outer ring or both. */
export const STELLIUM_WHEELS = ['single', 'bi-inner', 'bi-outer', 'bi-both'] as const;

/**
 * The crowd at random: eight bodies anywhere within a 20° window placed anywhere on a
 * random wheel (the rest scattered), on the wheel or ring(s) `where` says.
 */
export function randomStelliumSvg(i: number, where: (typeof STELLIUM_WHEELS)[number]): string {
  const rand = seededRandom(0x57e1 + i * 7727 + STELLIUM_WHEELS.indexOf(where) * 104729);
  const houses = randomHouses(rand);
  const ring = (label: string, crowded: boolean) => {
    const start = rand() * 360;
    const points = BODIES.map((id, k) => ({
      id,
      name: NAMES[id] ?? id,
      lon: norm(crowded && k < 8 ? start + rand() * 20 : rand() * 360),
      retrograde: rand() < 0.2,
    }));
    return { label, points };
  };
  const d: ChartDrawing = {
    kind: where === 'single' ? 'natal' : 'transits',
    inner: { ...ring('Inner', where !== 'bi-outer'), ...houses },
    ...(where === 'single' ? {} : { outer: ring('Outer', where !== 'bi-inner') }),
    aspects: [],
    metadata: { title: `Stellium ${i}`, lines: [] },
    options: { size: 700, theme: 'light', showMetadata: false, chartConfig: {} },
  };
  return renderChartSvg(d);
}

/**
 * How far each glyph is drawn outside its own sector (between the sign boundaries, its ring's
 * cusps and the angle axes round its true longitude), degrees: 0 inside it. A point on a line (a
 * second chart's Midheaven on its own tenth cusp) stands in the sectors on both sides. Issue bar:
 * every glyph within 2° of its sector's edge.
 */
export function distancesOutsideSector(svg: string): { id: string; ring: string; lon: number; drawn: number; outside: number }[] {
  const pts = [...svg.matchAll(/<g data-point="([^"]+)" data-ring="(inner|outer)" data-lon="([\d.]+)" data-drawn="([\d.]+)"/g)].map((m) => ({
    id: m[1]!,
    ring: m[2]!,
    lon: num(m[3]!),
    drawn: num(m[4]!),
  }));
  const cusps: Record<string, number[]> = { inner: [], outer: [] };
  for (const m of svg.matchAll(/data-cusp="\d+" data-ring="\w+"( data-house-band="second")? data-lon="([\d.]+)"/g))
    (m[1] ? cusps.outer : cusps.inner)!.push(num(m[2]!));
  const axes = [...new Set([...svg.matchAll(/data-angle="\w+" data-lon="([\d.]+)"/g)].map((m) => num(m[1]!)))];
  return pts.map((p) => {
    const lines = [...Array.from({ length: 12 }, (_, i) => i * 30), ...cusps[p.ring]!, ...axes];
    const on = lines.some((l) => Math.abs(diff(p.lon, l)) < 1e-3);
    let lo = -Infinity;
    let hi = Infinity;
    for (const l of lines) {
      const d = diff(p.lon, l);
      if (on && Math.abs(d) < 1e-3) continue;
      if (d <= 0) lo = Math.max(lo, d);
      else hi = Math.min(hi, d);
    }
    const m = diff(p.lon, p.drawn);
    return { ...p, outside: m < lo ? lo - m : m > hi ? m - hi : 0 };
  });
}

/** A leader line's check (leaderReport): which glyph it joins, and what it gets wrong. */
export interface LeaderReport {
  /** Leader lines drawn, and glyphs on the second row of glyphs (each must have one). */
  leaders: number;
  secondRow: number;
  /** Second-row glyphs without a leader line. */
  missing: string[];
  /** Leaders not starting on the radius of their planet's true degree (more than 0.05° off), or not starting at its tick. */
  wrongDegree: string[];
  /** Leaders not ending at their own glyph (more than 2 px from its box). */
  offGlyph: string[];
  /** Leaders through another planet's glyph box (its ink, shrunk by 1 px). */
  throughGlyphs: string[];
  /**
   * Leaders crossing or touching another planet's glyph box: passing within LEADER_TOUCH_PX of it
   * (half the line's width and a little more), so that the line reads as pointing at that glyph.
   */
  touchingGlyphs: string[];
}

/** A leader line passing this close to a glyph's box, px, touches it (the line is 0.6 px wide). */
export const LEADER_TOUCH_PX = 0.5;

/**
 * Reads the leader lines back from the SVG and checks each against its planet's true degree,
 * measured on the picture: the screen direction of a longitude is the Ascendant axis's direction
 * turned counter-clockwise by the difference in longitude.
 */
export function leaderReport(svg: string): LeaderReport {
  const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1] ?? 700);
  const c = { x: height / 2, y: height / 2 };
  const asc = /<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" data-angle="asc" data-lon="([\d.]+)"/.exec(svg);
  const r: LeaderReport = { leaders: 0, secondRow: 0, missing: [], wrongDegree: [], offGlyph: [], throughGlyphs: [], touchingGlyphs: [] };
  if (!asc) return r;
  const ascAngle = (Math.atan2(-(num(asc[2]!) - c.y), num(asc[1]!) - c.x) * 180) / Math.PI;
  const ascLon = num(asc[5]!);
  const screenAngle = (p: { x: number; y: number }) => (Math.atan2(-(p.y - c.y), p.x - c.x) * 180) / Math.PI;
  const groups = [
    ...svg.matchAll(
      /<g data-point="([^"]+)" data-ring="(inner|outer)" data-lon="([\d.]+)" data-drawn="([\d.]+)" data-boxes="([^"]*)"([^>]*)><line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g,
    ),
  ].map((m) => ({
    key: `${m[2]}:${m[1]}`,
    lon: num(m[3]!),
    glyph: parseBox(m[5]!.split(' ')[0]!),
    secondRow: m[6]!.includes('data-tier="1"'),
    tickEnd: { x: num(m[9]!), y: num(m[10]!) },
  }));
  // A leader is a line, or a polyline where it is routed round glyphs: its points in order.
  const leaders = new Map<string, { x: number; y: number }[]>();
  for (const m of svg.matchAll(/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" data-leader="([^"]+)"/g))
    leaders.set(m[5]!, [
      { x: num(m[1]!), y: num(m[2]!) },
      { x: num(m[3]!), y: num(m[4]!) },
    ]);
  for (const m of svg.matchAll(/<polyline points="([^"]+)"[^>]* data-leader="([^"]+)"/g))
    leaders.set(
      m[2]!,
      m[1]!.split(' ').map((xy) => {
        const [x, y] = xy.split(',');
        return { x: num(x!), y: num(y!) };
      }),
    );
  r.leaders = leaders.size;
  for (const g of groups) {
    if (g.secondRow) r.secondRow++;
    const path = leaders.get(g.key);
    if (!path) {
      if (g.secondRow) r.missing.push(g.key);
      continue;
    }
    const l = { from: path[0]!, to: path[path.length - 1]! };
    const want = ascAngle + (g.lon - ascLon);
    if (Math.abs(diff(want, screenAngle(l.from))) > 0.05 || Math.hypot(l.from.x - g.tickEnd.x, l.from.y - g.tickEnd.y) > 0.05) r.wrongDegree.push(g.key);
    const b = g.glyph;
    const dx = Math.max(b.x - l.to.x, 0, l.to.x - (b.x + b.w));
    const dy = Math.max(b.y - l.to.y, 0, l.to.y - (b.y + b.h));
    if (Math.hypot(dx, dy) > 2) r.offGlyph.push(g.key);
    for (const o of groups) {
      if (o === g) continue;
      const along = (tol: number) => path.slice(1).some((q, k) => segmentHits(path[k]!, q, o.glyph, tol));
      if (along(1)) r.throughGlyphs.push(`${g.key} through ${o.key}`);
      if (along(-LEADER_TOUCH_PX)) r.touchingGlyphs.push(`${g.key} touching ${o.key}`);
    }
  }
  return r;
}
