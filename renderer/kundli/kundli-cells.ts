/**
 * The twelve cells of each style, in a square of side S at (x0, y0):
 *
 * - North Indian (diamond): the houses are fixed and the signs move. The square's diagonals and
 *   the diamond joining its mid-sides make four kites (houses 1, 4, 7, 10: top, left, bottom,
 *   right) and eight triangles; house 1 is the top kite and the houses run counter-clockwise.
 *   Each house shows its sign's number (1 Aries … 12 Pisces) near the centre.
 * - South Indian: the signs are fixed in the twelve outer cells of a 4 × 4 grid, Pisces at the
 *   top left and Aries beside it, running clockwise; the lagna's cell is marked with a slanted
 *   line across its corner.
 * - East Indian: the signs are fixed in a 3 × 3 grid, Aries at the top middle, running
 *   counter-clockwise; each corner cell is cut along its diagonal from the chart's corner into
 *   two signs. The lagna's cell is marked as in the South Indian chart.
 */
import type { KundliCell, KundliStyle } from './kundli-model.ts';

type Point = readonly [number, number];

const SIGN_ABBR = ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'] as const;

const centroid = (poly: readonly Point[]): Point => [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
const toward = (from: Point, to: Point, k: number): Point => [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];

/**
 * The polygon with its corner at vertex `k` cut off by a line `reach` from the corner along both
 * edges: the corner holds the sign's number or name, and the rest of the cell, its widest part
 * included, stays for the labels (pulling the vertex inward lost the width along its edges).
 */
function cutCorner(poly: readonly Point[], k: number, reach: number): Point[] {
  const v = poly[k]!,
    before = poly[(k + poly.length - 1) % poly.length]!,
    after = poly[(k + 1) % poly.length]!;
  const along = (to: Point): Point => toward(v, to, Math.min(0.45, reach / Math.hypot(to[0] - v[0], to[1] - v[1])));
  return [...poly.slice(0, k), along(before), along(after), ...poly.slice(k + 1)];
}

/** The North Indian houses 1-12 as polygons, and the vertex of each nearest the centre (where its number goes). */
function northPolygons(x0: number, y0: number, s: number): { poly: Point[]; inner: number }[] {
  const p = (fx: number, fy: number): Point => [x0 + fx * s, y0 + fy * s];
  const TL = p(0, 0),
    TR = p(1, 0),
    BR = p(1, 1),
    BL = p(0, 1);
  const T = p(0.5, 0),
    R = p(1, 0.5),
    B = p(0.5, 1),
    L = p(0, 0.5),
    C = p(0.5, 0.5);
  const ptl = p(0.25, 0.25),
    ptr = p(0.75, 0.25),
    pbr = p(0.75, 0.75),
    pbl = p(0.25, 0.75);
  // `inner`: the index of the vertex the house's number sits by (the centre for the kites, the diamond's corner for the triangles).
  return [
    { poly: [T, ptr, C, ptl], inner: 2 },
    { poly: [TL, T, ptl], inner: 2 },
    { poly: [TL, ptl, L], inner: 1 },
    { poly: [L, ptl, C, pbl], inner: 2 },
    { poly: [L, pbl, BL], inner: 1 },
    { poly: [BL, pbl, B], inner: 1 },
    { poly: [B, pbl, C, pbr], inner: 2 },
    { poly: [B, pbr, BR], inner: 1 },
    { poly: [BR, pbr, R], inner: 1 },
    { poly: [R, pbr, C, ptr], inner: 2 },
    { poly: [R, ptr, TR], inner: 1 },
    { poly: [TR, ptr, T], inner: 1 },
  ];
}

function northCells(x0: number, y0: number, s: number, firstHouseSign: number): KundliCell[] {
  const cap = s * 0.03;
  return northPolygons(x0, y0, s).map(({ poly, inner }, i) => {
    const sign = (firstHouseSign + i) % 12;
    const c = centroid(poly);
    const corner = poly[inner]!;
    // The number a little inside the inner corner; the labels keep off that corner.
    // The number along the bisector of the (right-angled) inner corner, the labels beyond a cut across it.
    const at = toward(corner, c, Math.min(0.5, (cap * 1.9) / Math.hypot(c[0] - corner[0], c[1] - corner[1])));
    const labelArea = cutCorner(poly, inner, cap * 4.3);
    return { sign, house: i + 1, polygon: poly, marker: { x: at[0], y: at[1] + cap / 2, text: String(sign + 1), cap, anchor: 'middle' }, labelArea };
  });
}

/** A rectangular cell with the sign's short name in its top left corner; labels below the name's line. */
function boxCell(sign: number, firstHouseSign: number, poly: Point[], cap: number, namePoint: Point): KundliCell {
  return {
    sign,
    house: ((sign - firstHouseSign + 12) % 12) + 1,
    polygon: poly,
    marker: { x: namePoint[0], y: namePoint[1], text: SIGN_ABBR[sign]!, cap, anchor: 'end' },
    labelArea: poly,
  };
}

/** South Indian: the grid cell (column, row) of each sign, Aries first. */
const SOUTH_GRID: readonly Point[] = [
  [1, 0],
  [2, 0],
  [3, 0],
  [3, 1],
  [3, 2],
  [3, 3],
  [2, 3],
  [1, 3],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

function southCells(x0: number, y0: number, s: number, firstHouseSign: number): KundliCell[] {
  const w = s / 4;
  const cap = s * 0.022;
  return SOUTH_GRID.map(([col, row], sign) => {
    const x = x0 + col * w,
      y = y0 + row * w;
    // The labels below the name's line: the polygon starts under it.
    const top = y + cap * 2.1;
    const cell = boxCell(
      sign,
      firstHouseSign,
      [
        [x, y],
        [x + w, y],
        [x + w, y + w],
        [x, y + w],
      ],
      cap,
      [x + w - cap * 0.5, y + cap * 1.5],
    );
    return {
      ...cell,
      labelArea: [
        [x, top],
        [x + w, top],
        [x + w, y + w],
        [x, y + w],
      ],
    };
  });
}

function eastCells(x0: number, y0: number, s: number, firstHouseSign: number): KundliCell[] {
  const t = s / 3;
  const p = (fx: number, fy: number): Point => [x0 + fx * t, y0 + fy * t];
  const cap = s * 0.022;
  // Each sign's polygon; Aries top middle, then counter-clockwise.
  const polys: Point[][] = [
    [p(1, 0), p(2, 0), p(2, 1), p(1, 1)],
    [p(0, 0), p(1, 0), p(1, 1)],
    [p(0, 0), p(1, 1), p(0, 1)],
    [p(0, 1), p(1, 1), p(1, 2), p(0, 2)],
    [p(0, 2), p(1, 2), p(0, 3)],
    [p(1, 2), p(1, 3), p(0, 3)],
    [p(1, 2), p(2, 2), p(2, 3), p(1, 3)],
    [p(2, 2), p(2, 3), p(3, 3)],
    [p(2, 2), p(3, 2), p(3, 3)],
    [p(2, 1), p(3, 1), p(3, 2), p(2, 2)],
    [p(3, 0), p(3, 1), p(2, 1)],
    [p(2, 0), p(3, 0), p(2, 1)],
  ];
  return polys.map((poly, sign) => {
    const c = centroid(poly);
    if (poly.length === 3) {
      // A corner triangle: the name by its right angle (on the chart's edge), the labels off that corner.
      const right = rightAngleOf(poly);
      const at = toward(poly[right]!, c, Math.min(0.5, (cap * 1.7) / Math.hypot(c[0] - poly[right]![0], c[1] - poly[right]![1])));
      return {
        sign,
        house: ((sign - firstHouseSign + 12) % 12) + 1,
        polygon: poly,
        marker: { x: at[0], y: at[1] + cap / 2, text: SIGN_ABBR[sign]!, cap, anchor: 'middle' },
        labelArea: cutCorner(poly, right, cap * 3.4),
      };
    }
    // A middle cell: the name at the top right, the labels below its line.
    const xs = poly.map((v) => v[0]),
      ys = poly.map((v) => v[1]);
    const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const cell = boxCell(sign, firstHouseSign, poly, cap, [right - cap * 0.5, top + cap * 1.5]);
    const below = top + cap * 2.1;
    return {
      ...cell,
      labelArea: [
        [left, below],
        [right, below],
        [right, bottom],
        [left, bottom],
      ],
    };
  });
}

/** The index of a right triangle's right-angled vertex. */
function rightAngleOf(poly: readonly Point[]): number {
  let best = 0,
    bestCos = Infinity;
  poly.forEach((v, k) => {
    const a = poly[(k + 1) % 3]!,
      b = poly[(k + 2) % 3]!;
    const cos =
      Math.abs((a[0] - v[0]) * (b[0] - v[0]) + (a[1] - v[1]) * (b[1] - v[1])) / (Math.hypot(a[0] - v[0], a[1] - v[1]) * Math.hypot(b[0] - v[0], b[1] - v[1]));
    if (cos < bestCos) {
      bestCos = cos;
      best = k;
    }
  });
  return best;
}

export function kundliCells(style: KundliStyle, x0: number, y0: number, s: number, firstHouseSign: number): KundliCell[] {
  if (style === 'north_indian') return northCells(x0, y0, s, firstHouseSign);
  if (style === 'south_indian') return southCells(x0, y0, s, firstHouseSign);
  return eastCells(x0, y0, s, firstHouseSign);
}

/** The lines of each style's frame, as segments. */
export function kundliFrame(style: KundliStyle, x0: number, y0: number, s: number): [Point, Point][] {
  const p = (fx: number, fy: number): Point => [x0 + fx * s, y0 + fy * s];
  const square: [Point, Point][] = [
    [p(0, 0), p(1, 0)],
    [p(1, 0), p(1, 1)],
    [p(1, 1), p(0, 1)],
    [p(0, 1), p(0, 0)],
  ];
  if (style === 'north_indian')
    return [...square, [p(0, 0), p(1, 1)], [p(1, 0), p(0, 1)], [p(0.5, 0), p(1, 0.5)], [p(1, 0.5), p(0.5, 1)], [p(0.5, 1), p(0, 0.5)], [p(0, 0.5), p(0.5, 0)]];
  if (style === 'south_indian') {
    const q = 1 / 4;
    return [
      ...square,
      // The full lines at 1/4 and 3/4, and the middle lines only across the outer ring.
      [p(q, 0), p(q, 1)],
      [p(3 * q, 0), p(3 * q, 1)],
      [p(0, q), p(1, q)],
      [p(0, 3 * q), p(1, 3 * q)],
      [p(2 * q, 0), p(2 * q, q)],
      [p(2 * q, 3 * q), p(2 * q, 1)],
      [p(0, 2 * q), p(q, 2 * q)],
      [p(3 * q, 2 * q), p(1, 2 * q)],
    ];
  }
  const t = 1 / 3;
  return [
    ...square,
    [p(t, 0), p(t, 1)],
    [p(2 * t, 0), p(2 * t, 1)],
    [p(0, t), p(1, t)],
    [p(0, 2 * t), p(1, 2 * t)],
    [p(0, 0), p(t, t)],
    [p(1, 0), p(2 * t, t)],
    [p(0, 1), p(t, 2 * t)],
    [p(1, 1), p(2 * t, 2 * t)],
  ];
}
