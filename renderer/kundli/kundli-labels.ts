/**
 * Fitting a sign's labels into its cell: rows of labels (one, two or three to a row), as large
 * as the cell holds them, each row within the cell's width at its height. The cells are convex
 * (kites, triangles, squares), so a row of cap height h at baseline y fits when it fits the
 * cell's horizontal chords at y − h and at y. Legible first: the largest cap height that fits
 * wins, whatever the number of columns.
 */
import { textWidth } from '../text.ts';

type Point = readonly [number, number];

export interface PlacedRow {
  texts: { text: string; x: number; index: number }[];
  baseline: number;
}

export interface FittedLabels {
  cap: number;
  rows: PlacedRow[];
}

/** The polygon's extent along the horizontal line at y, or undefined when the line misses it. */
function chord(poly: readonly Point[], y: number): [number, number] | undefined {
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    if ((y < Math.min(y1, y2) - 1e-9 || y > Math.max(y1, y2) + 1e-9) && !(y1 === y2 && Math.abs(y - y1) < 1e-9)) continue;
    if (Math.abs(y2 - y1) < 1e-9) {
      lo = Math.min(lo, x1, x2);
      hi = Math.max(hi, x1, x2);
    } else {
      const x = x1 + ((y - y1) / (y2 - y1)) * (x2 - x1);
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/** Space between labels of a row and around a row, in cap heights. */
const GAP = 0.9;
const PAD = 0.35;
const LINE = 1.5;

function tryFit(area: readonly Point[], widths: number[], cap: number, columns: number): PlacedRow[] | undefined {
  const ys = area.map((p) => p[1]);
  const top = Math.min(...ys) + PAD * cap,
    bottom = Math.max(...ys) - PAD * cap;
  const rows: number[][] = [];
  for (let i = 0; i < widths.length; i += columns) rows.push(widths.slice(i, i + columns).map((_, k) => i + k));
  const height = rows.length * LINE * cap - (LINE - 1) * cap;
  if (height > bottom - top) return undefined;
  // Try the block's top from the highest to the lowest place, in steps; the first that fits, nearest the middle, wins.
  const room = bottom - top - height;
  const steps = 12;
  const order = Array.from({ length: steps + 1 }, (_, k) => k).sort((a, b) => Math.abs(a - steps / 2) - Math.abs(b - steps / 2));
  for (const k of order) {
    const blockTop = top + (room * k) / steps;
    const placed: PlacedRow[] = [];
    let ok = true;
    for (let r = 0; r < rows.length && ok; r++) {
      const baseline = blockTop + cap + r * LINE * cap;
      const a = chord(area, baseline - cap),
        b = chord(area, baseline);
      if (!a || !b) {
        ok = false;
        break;
      }
      const lo = Math.max(a[0], b[0]) + PAD * cap,
        hi = Math.min(a[1], b[1]) - PAD * cap;
      const row = rows[r]!;
      const w = row.reduce((s, i) => s + widths[i]!, 0) + GAP * cap * (row.length - 1);
      if (w > hi - lo) {
        ok = false;
        break;
      }
      let x = (lo + hi) / 2 - w / 2;
      const texts = row.map((i) => {
        const t = { text: '', x, index: i };
        x += widths[i]! + GAP * cap;
        return t;
      });
      placed.push({ texts, baseline });
    }
    if (ok) return placed;
  }
  return undefined;
}

/**
 * The labels placed in `area`, at the largest cap height from `maxCap` down to `minCap` that fits
 * (at `minCap` they are placed anyway, one to a row from the top, when nothing fits).
 */
export function fitLabels(area: readonly Point[], labels: readonly string[], maxCap: number, minCap: number): FittedLabels {
  if (labels.length === 0) return { cap: maxCap, rows: [] };
  for (let cap = maxCap; cap >= minCap; cap *= 0.95) {
    const widths = labels.map((l) => textWidth(l, cap));
    for (const columns of [1, 2, 3]) {
      if (columns > labels.length) break;
      const rows = tryFit(area, widths, cap, columns);
      if (rows) return { cap, rows: rows.map((r) => ({ ...r, texts: r.texts.map((t) => ({ ...t, text: labels[t.index]! })) })) };
    }
  }
  const ys = area.map((p) => p[1]);
  const c = area.reduce((s, p) => s + p[0], 0) / area.length;
  const widths = labels.map((l) => textWidth(l, minCap));
  return {
    cap: minCap,
    rows: labels.map((text, index) => ({ texts: [{ text, x: c - widths[index]! / 2, index }], baseline: Math.min(...ys) + (index + 1) * LINE * minCap })),
  };
}
