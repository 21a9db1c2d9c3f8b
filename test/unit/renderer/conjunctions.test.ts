import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg } from '../../../renderer/index.ts';
import { stellium } from '../../../renderer/tools/sample-charts.ts';

interface Arc {
  x1: number;
  y1: number;
  r: number;
  x2: number;
  y2: number;
  level: number;
}

function arcs(svg: string): Arc[] {
  const re = /<path d="M([\d.-]+) ([\d.-]+)A([\d.]+) [\d.]+ 0 0 0 ([\d.-]+) ([\d.-]+)" data-aspect="conjunction" data-aspect-arc="(\d)"/g;
  return [...svg.matchAll(re)].map((m) => ({ x1: +m[1]!, y1: +m[2]!, r: +m[3]!, x2: +m[4]!, y2: +m[5]!, level: +m[6]! }));
}

describe('conjunctions', () => {
  it('are drawn as visible arcs inside the aspect ring, one per conjunction, never on top of each other', () => {
    const d = stellium('light');
    const conj = d.aspects.filter((a) => a.type === 'conjunction');
    expect(conj.length).toBeGreaterThan(5);
    const lay = computeLayout(d);
    const g = lay.geometry;
    const found = arcs(renderChartSvg(d));
    expect(found).toHaveLength(conj.length);
    for (const a of found) {
      // Visible: at least ~6 px long at 700 px.
      expect(Math.hypot(a.x2 - a.x1, a.y2 - a.y1)).toBeGreaterThan(6);
      // Inside the aspect disc, on the circle it claims to follow.
      expect(a.r).toBeLessThan(g.aspectR);
      // (the outer 60 % when a crowded wheel's inner tier of glyphs made the disc small)
      expect(a.r).toBeGreaterThan(g.aspectR * 0.4);
      for (const [x, y] of [[a.x1, a.y1], [a.x2, a.y2]] as const) expect(Math.hypot(x - g.cx, y - g.cy)).toBeCloseTo(a.r, 0);
    }
  });

  it('step inwards so that the arcs of a small cluster never lie on top of each other', () => {
    const d = stellium('light');
    const four = new Set(['sun', 'mercury', 'venus', 'mars']);
    d.aspects = d.aspects.filter((a) => four.has(a.a.id) && four.has(a.b.id));
    expect(d.aspects.filter((a) => a.type === 'conjunction')).toHaveLength(6);
    const g = computeLayout(d).geometry;
    const found = arcs(renderChartSvg(d));
    expect(found).toHaveLength(6);
    // Arcs on one circle do not overlap: compare their angular intervals.
    const ang = (x: number, y: number) => Math.atan2(-(y - g.cy), x - g.cx);
    // Each conjunction has an arc centred between its two points' true longitudes.
    const lay = computeLayout(d);
    const mid = (a: Arc) => {
      const s = ang(a.x1, a.y1);
      const span = (ang(a.x2, a.y2) - s + 4 * Math.PI) % (2 * Math.PI);
      return s + span / 2;
    };
    const close = (x: number, y: number) => Math.abs(Math.atan2(Math.sin(x - y), Math.cos(x - y))) < 0.004;
    for (const c of d.aspects) {
      const ta = lay.frame.theta(lay.points.find((p) => p.id === c.a.id)!.lon);
      const tb = lay.frame.theta(lay.points.find((p) => p.id === c.b.id)!.lon);
      const between = ta + Math.atan2(Math.sin(tb - ta), Math.cos(tb - ta)) / 2;
      expect(found.some((a) => close(mid(a), between)), `${c.a.id}-${c.b.id}`).toBe(true);
    }
    for (let i = 0; i < found.length; i++) {
      for (let j = i + 1; j < found.length; j++) {
        const a = found[i]!;
        const b = found[j]!;
        if (a.level !== b.level) continue;
        const [a1, a2, b1, b2] = [ang(a.x1, a.y1), ang(a.x2, a.y2), ang(b.x1, b.y1), ang(b.x2, b.y2)];
        const inside = (t: number, s: number, e: number) => {
          const span = (e - s + 2 * Math.PI) % (2 * Math.PI);
          return (t - s + 2 * Math.PI) % (2 * Math.PI) < span;
        };
        expect(inside(b1, a1, a2) || inside(a1, b1, b2), `arcs ${i} and ${j}`).toBe(false);
      }
    }
  });
});
