import { describe, expect, it } from 'vitest';
import { PALETTES } from '../../../renderer/palettes.ts';
import { resolveStyle } from '../../../renderer/themes.ts';
import { natal } from '../../../tools/sample-charts.ts';

/** WCAG relative luminance and contrast ratio of two #RRGGBB colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('palette contrast', () => {
  for (const [theme, p] of Object.entries(PALETTES)) {
    it(`${theme}: glyphs and text reach 4.5:1 on their backgrounds, aspect lines 3:1`, () => {
      for (const el of ['fire', 'earth', 'air', 'water'] as const) {
        expect(contrast(p.signGlyph[el], p.signBg[el]), `${el} sign glyph`).toBeGreaterThanOrEqual(4.5);
      }
      for (const k of ['planet', 'inner', 'outer', 'text', 'muted', 'houseNumber', 'angle'] as const) {
        for (const bg of [p.background, p.aspectDisk]) expect(contrast(p[k], bg), `${k} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      for (const [type, c] of Object.entries(p.aspect)) expect(contrast(c, p.aspectDisk), type).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('mono aspect lines', () => {
  it('tell trine from sextile and square from opposition by their pattern', () => {
    const st = resolveStyle(natal('mono'));
    const look = (t: 'trine' | 'sextile' | 'square' | 'opposition') => `${st.aspect[t].color} ${st.aspect[t].dash}`;
    expect(look('trine')).not.toBe(look('sextile'));
    expect(look('square')).not.toBe(look('opposition'));
    expect(st.aspect.sextile.dash).not.toBeNull();
    expect(st.aspect.square.dash).not.toBeNull();
  });
});
