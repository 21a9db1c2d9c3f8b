import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg } from '../../../renderer/index.ts';
import { placeHouseNumbers } from '../../../renderer/houses-layer.ts';
import { norm360 } from '../../../renderer/geometry.ts';
import { natal } from '../../../tools/sample-charts.ts';

// Cusps as a high-latitude winter birth gives them: four houses squeezed into a few degrees.
const CROWDED = [200, 201.5, 203, 205, 290, 12, 20, 21.5, 23, 25, 110, 192];

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('house numbers', () => {
  for (const french of [false, true]) {
    it(`never overlap where cusps crowd${french ? ' (Roman numerals)' : ''}`, () => {
      const d = natal('light');
      d.inner = { ...d.inner, cusps: CROWDED };
      d.options.chartConfig = { french_style: french };
      const lay = computeLayout(d);
      const hb = lay.geometry.houseBand!;
      const r = (hb.outer + hb.inner) / 2;
      // The angle axes drawn hide the numbers they would cross.
      const a = d.inner.angles!;
      const placed = placeHouseNumbers(CROWDED, r, hb.cap, lay.frame, french, [a.asc, a.dc, a.mc, a.ic]);
      expect(placed.length).toBeGreaterThanOrEqual(8);
      for (let i = 0; i < placed.length; i++) {
        for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i]!.box, placed[j]!.box), `${placed[i]!.house}/${placed[j]!.house}`).toBe(false);
      }
      // Wide houses always keep their number.
      for (let i = 0; i < 12; i++) {
        const span = norm360(CROWDED[(i + 1) % 12]! - CROWDED[i]!);
        if (span > 30)
          expect(
            placed.some((p) => p.house === i + 1),
            `house ${i + 1}`,
          ).toBe(true);
      }
      const svg = renderChartSvg(d);
      expect(svg.match(/data-house="/g)).toHaveLength(placed.length);
    });
  }

  it('are all drawn, each in its own house, on an ordinary chart', () => {
    const d = natal('light');
    const lay = computeLayout(d);
    const hb = lay.geometry.houseBand!;
    const cusps = d.inner.cusps!;
    const placed = placeHouseNumbers(cusps, (hb.outer + hb.inner) / 2, hb.cap, lay.frame, false);
    expect(placed).toHaveLength(12);
    for (const p of placed) {
      const mid = norm360(cusps[p.house - 1]! + norm360(cusps[p.house % 12]! - cusps[p.house - 1]!) / 2);
      const m = lay.frame.xy(mid, (hb.outer + hb.inner) / 2);
      expect(Math.hypot(m.x - p.x, m.y - p.y)).toBeLessThan(0.5);
    }
  });
});
