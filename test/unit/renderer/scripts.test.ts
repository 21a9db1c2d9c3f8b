import { describe, expect, it } from 'vitest';
import { renderChartSvg, svgToPng } from '../../../renderer/index.ts';
import { SymbolRegistry } from '../../../renderer/glyphs/registry.ts';
import { SvgBuilder } from '../../../renderer/svg-builder.ts';
import { drawText } from '../../../renderer/text.ts';
import { natal } from '../../../tools/sample-charts.ts';
import { checkXml } from '../../helpers/xml-check.ts';

const QUESTION = 'f3f';
const BOX = 'f25af';

function titleUses(svg: string): string[] {
  const block = /<g data-layer="metadata-tl">(.*?)<\/g><\/g>/.exec(svg)?.[1] ?? '';
  // The title is the first text group of the corner.
  const first = /<g transform[^>]*>(.*?)<\/g>/.exec(block)?.[1] ?? '';
  return [...first.matchAll(/href="#ac-(?:[a-z0-9]+-)?([a-z0-9-]+)"/g)].map((m) => m[1]!);
}

describe('names in any script', () => {
  it('draws Cyrillic, Greek and CJK names with one outline glyph per character and no fallback', () => {
    const name = 'Анна Ελένη 山田花子';
    const d = natal('light');
    d.metadata = { title: name, lines: ['Москва, Россия', 'Αθήνα', '東京都'] };
    const svg = renderChartSvg(d);
    checkXml(svg);
    const uses = titleUses(svg);
    expect(uses.length).toBe([...name.replace(/ /g, '')].length);
    expect(uses.every((u) => u.startsWith('o'))).toBe(true);
    expect(svg).not.toContain(`-${QUESTION}"`);
    expect(svg).not.toContain(`-${BOX}"`);
    expect(svg).not.toContain('<text');
    // The rasteriser needs no font: the glyphs are paths in the document.
    expect(svgToPng(svg, 1).subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps Latin text on the stroke font and draws Icelandic and Polish letters whole', () => {
    const reg = new SymbolRegistry();
    drawText(new SvgBuilder(), reg, 'Þórður Łódź Ørsted', 0, 10, 10, 'start', { color: '#000' });
    const ids = reg.ids();
    expect(ids).toContain('ac-f72'); // r from the stroke font
    expect(ids.filter((i) => i.startsWith('ac-o')).length).toBe(4); // Þ, ð, Ł, Ø
    expect(ids).not.toContain(`ac-${QUESTION}`);
    expect(ids).not.toContain(`ac-${BOX}`);

    const latin = new SymbolRegistry();
    drawText(new SvgBuilder(), latin, 'Camille Durand – Natal Chart', 0, 10, 10, 'start', { color: '#000' });
    expect(latin.ids().some((i) => i.startsWith('ac-o'))).toBe(false);
  });

  it('shapes Arabic into joined letters and shows a box for an emoji no bundled font has', () => {
    const reg = new SymbolRegistry();
    const b = new SvgBuilder();
    drawText(b, reg, 'محمد 🦄', 0, 10, 10, 'start', { color: '#000' });
    const outlines = reg.ids().filter((i) => i.startsWith('ac-o'));
    expect(outlines.length).toBeGreaterThanOrEqual(4);
    expect(reg.ids()).toContain(`ac-${BOX}`);
  });
});
