import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg } from '../../../renderer/index.ts';
import { SymbolRegistry } from '../../../renderer/glyphs/registry.ts';
import { drawSidePanel, panelWidth } from '../../../renderer/side-panel.ts';
import { SvgBuilder } from '../../../renderer/svg-builder.ts';
import { natal, synastry } from '../../../tools/sample-charts.ts';
import { checkXml } from '../../helpers/xml-check.ts';

const EPS = 0.01;
const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;

describe('aspect grid and positions table', () => {
  it('are off by default: the image stays square', () => {
    const x = checkXml(renderChartSvg(natal('light')));
    expect(x.rootAttrs.width).toBe('700');
  });

  for (const [name, make] of Object.entries({ natal, synastry })) {
    for (const size of [700, 400]) {
      it(`${name} at ${size} px: a panel right of the wheel, every cell and row inside it, none overlapping`, () => {
        const d = make('light');
        d.options.size = size;
        d.options.chartConfig = { show_aspect_grid: true, show_positions_table: true };
        const svg = renderChartSvg(d);
        const x = checkXml(svg);
        const extra = panelWidth(size, { grid: true, table: true });
        expect(x.rootAttrs.width).toBe(String(size + extra));
        expect(x.rootAttrs.height).toBe(String(size));

        const lay = computeLayout(d);
        const boxes = drawSidePanel(new SvgBuilder(), new SymbolRegistry(), d, lay, size, { grid: true, table: true });
        for (const b of boxes) {
          expect(b.x).toBeGreaterThanOrEqual(size);
          expect(b.x + b.w).toBeLessThanOrEqual(size + extra);
          expect(b.y).toBeGreaterThanOrEqual(0);
          expect(b.y + b.h).toBeLessThanOrEqual(size);
        }
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `${i}/${j}`).toBe(false);

        // One grid entry per aspect between planets (angles are not in the grid).
        const ids = new Set(lay.points.map((p) => `${p.ring}:${p.id}`));
        const expected = d.aspects.filter((a) => ids.has(`${a.a.ring}:${a.a.id}`) && ids.has(`${a.b.ring}:${a.b.id}`)).length;
        expect(x.elements.filter((e) => e.attrs['data-grid-aspect']).length).toBe(expected);
        // A row per inner-ring planet and per cusp.
        expect(x.elements.filter((e) => e.attrs['data-position']).length).toBe(lay.points.filter((p) => p.ring === 'inner').length);
        expect(x.elements.filter((e) => e.attrs['data-cusp-position']).length).toBe(d.inner.cusps?.length ?? 0);
      });
    }
  }
});
