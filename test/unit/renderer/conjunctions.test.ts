import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg } from '../../../renderer/index.ts';
import { stellium } from '../../../tools/sample-charts.ts';

interface Mark {
  x1: number;
  y1: number;
  r: number;
  x2: number;
  y2: number;
  /** Ticks across the arc (a group's members): their end points. */
  ticks: Array<[number, number, number, number]>;
  level: number;
  group: string[] | null;
}

function marks(svg: string): Mark[] {
  const re =
    /<path d="M([\d.-]+) ([\d.-]+)A([\d.]+) [\d.]+ 0 0 0 ([\d.-]+) ([\d.-]+)((?:M[\d.-]+ [\d.-]+L[\d.-]+ [\d.-]+)*)" data-aspect="conjunction" data-aspect-arc="(\d)"(?: data-conjunction-group="([^"]+)")?/g;
  return [...svg.matchAll(re)].map((m) => ({
    x1: +m[1]!,
    y1: +m[2]!,
    r: +m[3]!,
    x2: +m[4]!,
    y2: +m[5]!,
    ticks: [...m[6]!.matchAll(/M([\d.-]+) ([\d.-]+)L([\d.-]+) ([\d.-]+)/g)].map((t) => [+t[1]!, +t[2]!, +t[3]!, +t[4]!] as [number, number, number, number]),
    level: +m[7]!,
    group: m[8] ? m[8].split(' ') : null,
  }));
}

describe('conjunctions', () => {
  it('are drawn as visible arcs inside the aspect ring: one per pair, one for a group of three or more', () => {
    const d = stellium('light');
    const conj = d.aspects.filter((a) => a.type === 'conjunction');
    expect(conj.length).toBeGreaterThan(5);
    const lay = computeLayout(d);
    const g = lay.geometry;
    const found = marks(renderChartSvg(d));
    const groups = found.filter((m) => m.group);
    expect(groups.length).toBeGreaterThan(0);
    // Every conjunction is drawn once: by its own arc, or by the group holding both its points.
    const inGroup = (id: string) => groups.find((m) => m.group!.includes(`inner:${id}`));
    for (const c of conj) {
      const ga = inGroup(c.a.id);
      if (ga) expect(inGroup(c.b.id), `${c.a.id}-${c.b.id}`).toBe(ga);
    }
    expect(found.length - groups.length).toBe(conj.filter((c) => !inGroup(c.a.id)).length);
    for (const a of found) {
      // Visible: at least ~6 px long at 700 px.
      expect(Math.hypot(a.x2 - a.x1, a.y2 - a.y1)).toBeGreaterThan(6);
      // Inside the aspect disc, on the circle it claims to follow.
      expect(a.r).toBeLessThan(g.aspectR);
      // (the outer 60 % when a crowded wheel's inner tier of glyphs made the disc small)
      expect(a.r).toBeGreaterThan(g.aspectR * 0.4);
      for (const [x, y] of [
        [a.x1, a.y1],
        [a.x2, a.y2],
      ] as const)
        expect(Math.hypot(x - g.cx, y - g.cy)).toBeCloseTo(a.r, 0);
    }
  });

  it('of four points all joined: one arc from the first to the last, with a tick at each point', () => {
    const d = stellium('light');
    const four = new Set(['sun', 'mercury', 'venus', 'mars']);
    d.aspects = d.aspects.filter((a) => four.has(a.a.id) && four.has(a.b.id));
    expect(d.aspects.filter((a) => a.type === 'conjunction')).toHaveLength(6);
    const lay = computeLayout(d);
    const g = lay.geometry;
    const found = marks(renderChartSvg(d));
    expect(found).toHaveLength(1);
    const m = found[0]!;
    expect(new Set(m.group)).toEqual(new Set([...four].map((id) => `inner:${id}`)));
    const ang = (x: number, y: number) => Math.atan2(-(y - g.cy), x - g.cx);
    const close = (x: number, y: number) => Math.abs(Math.atan2(Math.sin(x - y), Math.cos(x - y))) < 0.004;
    const thetas = [...four].map((id) => lay.frame.theta(lay.points.find((p) => p.id === id)!.lon));
    // A tick across the arc at each point's true longitude.
    expect(m.ticks).toHaveLength(4);
    for (const t of thetas)
      expect(
        m.ticks.some(([x1, y1, x2, y2]) => close(ang(x1, y1), t) && close(ang(x2, y2), t)),
        `tick at ${t}`,
      ).toBe(true);
    // The arc runs from the first point to the last (or a little further, to be seen in a small disc).
    const from = ang(m.x1, m.y1);
    const span = (ang(m.x2, m.y2) - from + 4 * Math.PI) % (2 * Math.PI);
    for (const t of thetas) expect((t - from + 4 * Math.PI) % (2 * Math.PI)).toBeLessThanOrEqual(span + 1e-3);
  });

  it('of a lone pair: one arc between the two points', () => {
    const d = stellium('light');
    d.aspects = d.aspects.filter((a) => a.type === 'conjunction' && [a.a.id, a.b.id].sort().join() === 'mercury,sun');
    expect(d.aspects).toHaveLength(1);
    const found = marks(renderChartSvg(d));
    expect(found).toHaveLength(1);
    expect(found[0]!.group).toBeNull();
    expect(found[0]!.ticks).toHaveLength(0);
  });
});
