import { describe, expect, it } from 'vitest';
import { computeLayout } from '../../../renderer/index.ts';
import { cornerLines, layoutCorner, type CornerLine } from '../../../renderer/metadata.ts';
import { textWidth } from '../../../renderer/text.ts';
import { resolveStyle } from '../../../renderer/themes.ts';
import { ALL_KINDS, progressions } from '../../../tools/sample-charts.ts';

describe('chart headers', () => {
  for (const size of [700, 500, 400]) {
    it(`fit beside the wheel at ${size} px: wrapped at separators, inside the canvas, nothing lost`, () => {
      const d = progressions('light');
      d.options.size = size;
      const g = computeLayout(d).geometry;
      const title = 'Maria Fernanda Albuquerque de Souza – Secondary Progressions';
      const data = 'Progressed: Sun 17 Jun 1990, 05:52 (UTC+02:00) · Rio de Janeiro, BR 22°54′S 43°12′W';
      const lines: CornerLine[] = [
        { text: title, cap: size * 0.019, color: '#000', weight: 0.135 },
        { text: 'Natal: Sat 12 May 1990, 14:30 (UTC+02:00)', cap: size * 0.0148, color: '#333', weight: 0.11 },
        { text: data, cap: size * 0.0148, color: '#333', weight: 0.11 },
      ];
      const placed = layoutCorner(lines, 'tl', g, []);
      const joined = placed
        .map((l) => l.text)
        .join(' ')
        .replace(/\s+/g, ' ');
      for (const l of lines) expect(joined).toContain(l.text.split(' · ')[0]!.split(', ')[0]);
      expect(joined).not.toContain('...');
      for (const l of placed) {
        const w = textWidth(l.text, l.cap);
        const box = { x: l.x, y: l.baseline - l.cap, w, h: l.cap };
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w).toBeLessThanOrEqual(size);
        expect(box.y).toBeGreaterThanOrEqual(0);
        // Clear of the wheel: the box's nearest point is outside its outer circle.
        const nx = Math.min(Math.max(g.cx, box.x), box.x + box.w);
        const ny = Math.min(Math.max(g.cy, box.y), box.y + box.h);
        expect(Math.hypot(nx - g.cx, ny - g.cy), l.text).toBeGreaterThan(g.R);
      }
    });
  }

  for (const [kind, make] of Object.entries(ALL_KINDS)) {
    it(`${kind} below 500 px: the title and legend, larger and whole, without the data lines`, () => {
      for (const size of [300, 499, 500]) {
        const d = make('light');
        d.options.size = size;
        const st = resolveStyle(d);
        const g = computeLayout(d, st).geometry;
        const c = cornerLines(
          { title: d.metadata.title, lines: d.metadata.lines, legend: [{ label: 'Inner: Natal', color: '#000' }], shapeLabel: null },
          g,
          st,
        );
        expect(d.metadata.lines.length).toBeGreaterThan(0);
        if (size < 500) {
          expect(c.tl.map((l) => l.text)).toEqual([d.metadata.title]);
          expect(c.tr).toEqual([]);
          // At 300 px a title 7.7 px high and a legend 6.4 px high, where the full corner's lines were 4.4 px.
          expect(c.tl[0]!.cap).toBeGreaterThanOrEqual(size * 0.025);
          expect(c.bl[0]!.cap).toBeGreaterThanOrEqual(size * 0.021);
          const placed = layoutCorner(c.tl, 'tl', g, []);
          expect(placed.map((l) => l.text).join(' ')).toBe(d.metadata.title);
          expect(placed[0]!.cap).toBeGreaterThanOrEqual(size * 0.019);
        } else {
          expect([...c.tl, ...c.tr].length).toBe(1 + d.metadata.lines.length);
        }
      }
    });
  }
});
