/**
 * Where each line's label goes: on the line itself (a plate with the body's glyph and the angle,
 * centred on a point of the line, so that it cannot be read as another line's), at the first of
 * the line's candidate points whose plate overlaps no plate placed before and stays inside the
 * map. Meridians are labelled near the top (MC) or the bottom (IC), stepping toward the equator
 * when the place is taken; rising and setting curves at mid latitudes first. When every candidate
 * is taken, the one overlapping least is used: a line always has its label.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LabelRequest {
  id: string;
  /** Candidate centres on the line, best first. */
  candidates: readonly { x: number; y: number }[];
  w: number;
  h: number;
}

export interface PlacedLabel {
  id: string;
  box: Box;
  /** True when the label had to overlap another (every candidate was taken). */
  crowded: boolean;
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** Room kept between two plates, px. */
const GAP = 2;

export function placeLabels(requests: readonly LabelRequest[], frame: Box, obstacles: readonly Box[]): PlacedLabel[] {
  const taken: Box[] = [...obstacles];
  const placed: PlacedLabel[] = [];
  const inside = (b: Box) => b.x >= frame.x && b.y >= frame.y && b.x + b.w <= frame.x + frame.w && b.y + b.h <= frame.y + frame.h;
  for (const r of requests) {
    let best: Box | undefined;
    let bestCost = Infinity;
    for (const c of r.candidates) {
      const box = { x: c.x - r.w / 2, y: c.y - r.h / 2, w: r.w, h: r.h };
      if (!inside(box)) continue;
      const padded = { x: box.x - GAP, y: box.y - GAP, w: box.w + 2 * GAP, h: box.h + 2 * GAP };
      let cost = 0;
      for (const t of taken) cost += overlap(padded, t);
      if (cost < bestCost) {
        best = box;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    if (!best) continue;
    taken.push(best);
    placed.push({ id: r.id, box: best, crowded: bestCost > 0 });
  }
  return placed;
}
