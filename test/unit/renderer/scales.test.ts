import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg } from '../../../renderer/index.ts';
import { INK } from '../../../renderer/layout/rings.ts';
import { natal, synastry, transits } from '../../../tools/sample-charts.ts';
import type { ChartConfig } from '../../../renderer/chart-model.ts';

const EXTREMES: ChartConfig[] = [
  { planet_symbol_scale: 3 },
  { sign_symbol_scale: 3 },
  { house_number_scale: 3 },
  { font_size_fraction: 0.08 },
  { planet_symbol_scale: 3, sign_symbol_scale: 3, house_number_scale: 3, font_size_fraction: 0.08 },
  { planet_symbol_scale: 3, font_size_fraction: 0.08, houses_inside_planets: false },
  { planet_symbol_scale: 0.3, sign_symbol_scale: 0.3, house_number_scale: 0.3, font_size_fraction: 0.015 },
];

describe('extreme chart_config scales', () => {
  for (const [name, make] of Object.entries({ natal, transits, synastry })) {
    it(`${name}: every ring keeps its contents inside it`, () => {
      for (const cfg of EXTREMES) {
        const d = make('light');
        d.options.chartConfig = cfg;
        const lay = computeLayout(d);
        const g = lay.geometry;
        const what = `${name} ${JSON.stringify(cfg)}`;
        expect(g.signGlyphSize, what).toBeLessThanOrEqual(g.R - g.zodiacInner);
        for (const band of [g.houseBand, g.outerHouseBand]) if (band) expect(band.cap, what).toBeLessThan(band.outer - band.inner);
        expect(g.aspectR / g.R, what).toBeGreaterThan(0.24);
        for (const t of g.tracks) {
          // A bi-wheel's outer track drawn outside the zodiac (its crowd took that layout) lies between the zodiac and the image's edge.
          if (t.outward) {
            expect(t.inner, what).toBeGreaterThanOrEqual(g.R);
            expect(t.outer, what).toBeLessThanOrEqual(g.size / 2);
            continue;
          }
          expect(t.outer, what).toBeLessThanOrEqual(g.zodiacInner + 0.01);
          expect(t.inner, what).toBeGreaterThanOrEqual(g.aspectR - 0.01);
        }
        for (const p of lay.points) {
          // (A second row beyond an outer track outside the zodiac is that glyph's track.)
          const t = p.tier > 0 && p.ring === 'outer' && g.outerSecondRow ? g.outerSecondRow : g.tracks.find((tr) => tr.ring === p.ring)!;
          const r = Math.hypot(p.glyph.x - g.cx, p.glyph.y - g.cy);
          const ink = (p.glyph.size * INK) / 2;
          expect(r + ink, `${what} ${p.id}`).toBeLessThanOrEqual(t.outer + 0.5);
          expect(r - ink, `${what} ${p.id}`).toBeGreaterThanOrEqual(t.inner - 0.5);
          for (const l of p.labels) {
            // The label box's nearest corner to the centre stays outside the aspect disc.
            const nx = Math.min(Math.max(g.cx, l.box.x), l.box.x + l.box.w);
            const ny = Math.min(Math.max(g.cy, l.box.y), l.box.y + l.box.h);
            expect(Math.hypot(nx - g.cx, ny - g.cy), `${what} ${p.id} ${l.kind}`).toBeGreaterThan(g.aspectR - 1);
          }
        }
        expect(renderChartSvg(d)).toContain('</svg>');
      }
    });
  }
});
