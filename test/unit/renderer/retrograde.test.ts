import { describe, expect, it } from 'vitest';
import { computeLayout, type Box } from '../../../renderer/index.ts';
import { ALL_KINDS, natal, stellium } from '../../../tools/sample-charts.ts';
import type { ChartDrawing } from '../../../renderer/chart-model.ts';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const centre = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

function checkRetro(d: ChartDrawing): number {
  const lay = computeLayout(d);
  const g = lay.geometry;
  let seen = 0;
  for (const p of lay.points) {
    const rx = p.labels.find((l) => l.kind === 'retro');
    expect(Boolean(rx), `${p.id} retro mark`).toBe(p.retrograde);
    if (!rx) continue;
    seen++;
    // Attached: nearer its own glyph than any other glyph, and touching its glyph's box area.
    const c = centre(rx.box);
    const own = Math.hypot(c.x - p.glyph.x, c.y - p.glyph.y);
    expect(own).toBeLessThan(p.glyph.size * 0.9);
    for (const q of lay.points) {
      if (q === p || q.ring !== p.ring) continue;
      expect(Math.hypot(c.x - q.glyph.x, c.y - q.glyph.y), `${p.id} mark vs ${q.id}`).toBeGreaterThan(own);
      expect(overlaps(rx.box, q.bbox), `${p.id} mark on ${q.id} glyph`).toBe(false);
    }
    // Clear of every other label, its own included.
    for (const q of lay.points) {
      for (const l of q.labels) {
        if (l === rx) continue;
        expect(overlaps(rx.box, l.box), `${p.id} mark on ${q.id} ${l.kind}`).toBe(false);
      }
    }
    // Never inside the aspect disc.
    for (const [x, y] of [
      [rx.box.x, rx.box.y],
      [rx.box.x + rx.box.w, rx.box.y],
      [rx.box.x, rx.box.y + rx.box.h],
      [rx.box.x + rx.box.w, rx.box.y + rx.box.h],
    ] as const) {
      expect(Math.hypot(x - g.cx, y - g.cy)).toBeGreaterThan(g.aspectR);
    }
  }
  return seen;
}

describe('retrograde mark', () => {
  it('sits at its own glyph, clear of other glyphs, labels and the aspect disc, in a stellium', () => {
    expect(checkRetro(stellium('light'))).toBeGreaterThan(3);
  });

  it('stays clear of the aspect disc in french_style with houses outside the planets', () => {
    for (const make of [natal, stellium]) {
      const d = make('light');
      d.options.chartConfig = { french_style: true, houses_inside_planets: false };
      expect(checkRetro(d)).toBeGreaterThan(3);
    }
  });

  it('is attached to its glyph on every chart kind', () => {
    for (const make of Object.values(ALL_KINDS)) checkRetro(make('dark'));
  });
});

describe('the retrograde mark of Mars', () => {
  it('never sits at the upper right, on its arrowhead, wherever Mars stands', () => {
    for (let lon = 0; lon < 360; lon += 7.5) {
      const d = natal('light');
      d.inner.points = d.inner.points.map((p) => (p.id === 'mars' ? { ...p, lon, retrograde: true } : p));
      const mars = computeLayout(d).points.find((p) => p.id === 'mars')!;
      const mark = mars.labels.find((l) => l.kind === 'retro')!;
      expect(mark.x > mars.glyph.x && mark.y < mars.glyph.y, `Mars at ${lon}`).toBe(false);
    }
  });
});
