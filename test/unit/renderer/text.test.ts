import { describe, expect, it } from 'vitest';
import { FONT } from '../../../renderer/stroke-font.ts';
import { decomposedTokens, PLAIN_CHARS, textWidth, tokens } from '../../../renderer/text.ts';
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

  it('reads a string of plain characters as its characters, exactly as the full decomposition reads it', () => {
    const plain = [...PLAIN_CHARS];
    expect(plain).toEqual(expect.arrayContaining(['A', 'z', '7', '°', '′', '♊', '☉', '℞', ' ']));
    // No two plain characters compose (NFC) into another, so no string of them does.
    for (const a of plain) for (const b of plain) expect(tokens(a + b), a + b).toEqual(decomposedTokens(a + b));
    for (const s of ['25°♊17′', 'UT 16:19:00 · LST 17:39:29', '12°34′N 0°07′W']) expect(tokens(s)).toEqual(decomposedTokens(s));
  });

  it('decomposes a string with one character that is not plain', () => {
    for (const s of ['Zu\u0308rich', 'Zürich', 'a’b', 'x\u00A0y', 'Tōkyō ♋']) {
      expect([...s].some((ch) => !PLAIN_CHARS.has(ch))).toBe(true);
      expect(tokens(s)).toEqual(decomposedTokens(s));
    }
    expect(tokens('Zürich').chars).toEqual(['Z', 'u', '\u0308', 'r', 'i', 'c', 'h']);
  });
});
