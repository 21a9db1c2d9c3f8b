import { describe, expect, it } from 'vitest';
import { computeLayout, spreadLongitudes, type Box } from '../../../renderer/index.ts';
import { ALL_KINDS, natal, stellium, untimedNatal } from '../../../tools/sample-charts.ts';
import type { ChartDrawing } from '../../../renderer/chart-model.ts';

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function circDist(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

describe('spreadLongitudes', () => {
  it('leaves well-separated points alone', () => {
    expect(spreadLongitudes([10, 50, 200], 5)).toEqual([10, 50, 200]);
  });

  it('enforces the minimum separation and keeps zodiacal order', () => {
    const lons = [100, 101, 101.5, 103, 104.5, 105];
    const out = spreadLongitudes(lons, 6);
    for (let i = 1; i < out.length; i++) {
      expect(out[i]! - out[i - 1]!).toBeGreaterThanOrEqual(6 - 1e-9);
    }
    // Centred on the cluster: the mean stays put.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(out)).toBeCloseTo(mean(lons), 6);
  });

  it('handles clusters across 0° Aries', () => {
    const lons = [358, 359.5, 0.5, 1, 2];
    const out = spreadLongitudes(lons, 5);
    const sorted = lons.map((l, i) => ({ l: (l + 180) % 360, o: out[i]! })).sort((a, b) => a.l - b.l);
    for (let i = 1; i < sorted.length; i++) expect(circDist(sorted[i]!.o, sorted[i - 1]!.o)).toBeGreaterThanOrEqual(5 - 1e-9);
    for (const o of out) expect(o).toBeGreaterThanOrEqual(0);
    for (const o of out) expect(o).toBeLessThan(360);
  });

  it('shrinks the spacing when the circle is too crowded', () => {
    const lons = Array.from({ length: 40 }, (_, i) => i * 0.5);
    const out = spreadLongitudes(lons, 20);
    const s = [...out].sort((a, b) => a - b);
    for (let i = 1; i < s.length; i++) expect(s[i]! - s[i - 1]!).toBeGreaterThan(8);
  });
});

function assertNoGlyphOverlap(d: ChartDrawing): void {
  const lay = computeLayout(d);
  const pts = lay.points;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      if (pts[i]!.ring !== pts[j]!.ring) continue;
      expect(overlaps(pts[i]!.bbox, pts[j]!.bbox), `${pts[i]!.id} vs ${pts[j]!.id}`).toBe(false);
    }
  }
}

describe('computeLayout', () => {
  it('spreads a five-planet stellium so that no glyph boxes overlap', () => {
    const d = stellium('light');
    const lay = computeLayout(d);
    const five = ['sun', 'mercury', 'venus', 'mars', 'jupiter'].map((id) => lay.points.find((p) => p.id === id)!);
    const lons = five.map((p) => p.lon);
    expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(6);
    assertNoGlyphOverlap(d);
    // Glyphs were actually moved and keep their zodiacal order on each tier.
    for (const tier of [0, 1]) {
      const disp = five.filter((p) => p.tier === tier).map((p) => p.displayLon);
      for (let i = 1; i < disp.length; i++) expect(disp[i]!).toBeGreaterThan(disp[i - 1]!);
    }
    expect(five.some((p) => p.leader !== null)).toBe(true);
  });

  it('keeps label boxes of neighbouring planets apart in a stellium', () => {
    const lay = computeLayout(stellium('light'));
    const boxes = lay.points.flatMap((p) => [{ id: p.id, b: p.bbox }, ...p.labels.map((l) => ({ id: p.id, b: l.box }))]);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (boxes[i]!.id === boxes[j]!.id) continue;
        expect(overlaps(boxes[i]!.b, boxes[j]!.b), `${boxes[i]!.id} vs ${boxes[j]!.id}`).toBe(false);
      }
    }
  });

  for (const [kind, make] of Object.entries(ALL_KINDS)) {
    it(`${kind}: no overlapping glyphs on either ring`, () => assertNoGlyphOverlap(make('light')));
  }

  it('puts the Ascendant at 9 o’clock', () => {
    const d = natal('light');
    const lay = computeLayout(d);
    const p = lay.frame.xy(d.inner.angles!.asc, 100);
    expect(p.x).toBeCloseTo(lay.geometry.cx - 100, 6);
    expect(p.y).toBeCloseTo(lay.geometry.cy, 6);
    // Counter-clockwise: 90° later in the zodiac is at 6 o'clock (the IC side).
    const q = lay.frame.xy(d.inner.angles!.asc + 90, 100);
    expect(q.y).toBeCloseTo(lay.geometry.cy + 100, 6);
  });

  it('puts 0° Aries at 9 o’clock when the birth time is unknown', () => {
    const lay = computeLayout(untimedNatal('mono'));
    const p = lay.frame.xy(0, 100);
    expect(p.x).toBeCloseTo(lay.geometry.cx - 100, 6);
    expect(p.y).toBeCloseTo(lay.geometry.cy, 6);
    expect(lay.geometry.houseBand).toBeNull();
  });

  it('places bi-wheel rings on separate tracks', () => {
    const lay = computeLayout(ALL_KINDS.transits('light'));
    const r = (p: { glyph: { x: number; y: number } }) => Math.hypot(p.glyph.x - lay.geometry.cx, p.glyph.y - lay.geometry.cy);
    const inner = lay.points.filter((p) => p.ring === 'inner').map(r);
    const outer = lay.points.filter((p) => p.ring === 'outer').map(r);
    expect(Math.min(...outer)).toBeGreaterThan(Math.max(...inner));
  });
});
