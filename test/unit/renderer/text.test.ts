import { describe, expect, it } from 'vitest';
import { FONT } from '../../../renderer/stroke-font.ts';
import { textWidth } from '../../../renderer/text.ts';
import { SymbolRegistry } from '../../../renderer/glyphs/registry.ts';
import { SvgBuilder } from '../../../renderer/svg-builder.ts';
import { drawText } from '../../../renderer/text.ts';

describe('stroke font', () => {
  it('covers A–Z, a–z, 0–9 and the metadata punctuation', () => {
    const required = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789°′″.,:-/()+ ';
    for (const ch of required) expect(FONT[ch], ch).toBeDefined();
  });

  it('measures proportionally to the cap height', () => {
    expect(textWidth('12°34′', 20)).toBeCloseTo(textWidth('12°34′', 10) * 2, 6);
    expect(textWidth('', 10)).toBe(0);
  });

  it('draws accented letters as base + mark, other scripts as outlines, unknown characters as a box', () => {
    const reg = new SymbolRegistry();
    const b = new SvgBuilder();
    drawText(b, reg, 'Zürich 東 \u{10FFFD}', 0, 10, 10, 'start', { color: '#000' });
    const ids = reg.ids();
    expect(ids).toContain('ac-f75'); // u
    expect(ids).toContain('ac-m308'); // combining diaeresis
    expect(ids.some((i) => i.startsWith('ac-o'))).toBe(true); // 東 from the bundled CJK font
    expect(ids).toContain('ac-f25af'); // empty box
    expect(b.toString()).not.toContain('<text');
  });

  it('renders astrological characters inline as glyphs', () => {
    const reg = new SymbolRegistry();
    drawText(new SvgBuilder(), reg, '12°♌34′ ℞ ☉', 0, 10, 10, 'start', { color: '#000' });
    expect(reg.ids()).toEqual(expect.arrayContaining(['ac-z4', 'ac-rx', 'ac-p-sun']));
  });
});
