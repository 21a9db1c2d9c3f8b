/** Dev aid: renders every glyph and a font sample to a PNG for visual review. */
import { writeFileSync } from 'node:fs';
import { SymbolRegistry } from '../renderer/glyphs/registry.ts';
import { POINT_GLYPHS } from '../renderer/glyphs/planets.ts';
import { ASPECT_TYPES } from '../renderer/chart-config.ts';
import { SvgBuilder } from '../renderer/svg-builder.ts';
import { drawText } from '../renderer/text.ts';
import { svgToPng } from '../renderer/rasterize.ts';

const reg = new SymbolRegistry();
const b = new SvgBuilder();
const W = 1000;
const cell = 70;
let i = 0;
const put = (id: string | undefined, label: string) => {
  const col = i % 13;
  const row = Math.floor(i / 13);
  const x = 20 + col * 75 + cell / 2;
  const y = 20 + row * 95 + cell / 2;
  b.raw(`<rect x="${x - cell / 2}" y="${y - cell / 2}" width="${cell}" height="${cell}" fill="none" stroke="#ddd"/>`);
  if (id) b.raw(`<use xlink:href="#${id}" transform="translate(${x} ${y}) scale(${cell / 100})" stroke="#222" fill="#222" stroke-width="6.5"/>`);
  drawText(b, reg, label.slice(0, 11), x, y + cell / 2 + 13, 8, 'middle', { color: '#555' });
  i++;
};
for (let s = 0; s < 12; s++) put(reg.sign(s), `sign ${s}`);
i = 13;
for (const k of Object.keys(POINT_GLYPHS)) put(reg.point(k), k);
put(reg.retrograde(), 'rx');
i = 13 * 3;
for (const t of ASPECT_TYPES) put(reg.aspect(t), t);
const lines = [
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789',
  'abcdefghijklmnopqrstuvwxyz °′″ .,:;-/()+=!?%&#*',
  'Natal Chart – Zürich, São Paulo, Kraków, Ísafjörður',
  'Sun 12°♌34′ ℞  Moon 3°♋07′  ASC 28°♏59′',
  'Placidus · Tropical · 14:30 (UTC+02:00) 48°51′N 2°21′E',
];
let y = 430;
for (const [j, l] of lines.entries()) {
  drawText(b, reg, l, 20, y, j < 2 ? 30 : 22, 'start', { color: '#111', weight: 0.1 });
  y += j < 2 ? 55 : 42;
}
drawText(b, reg, 'small: 12°34′ 5°07′ Mercury ℞', 20, y, 9, 'start', { color: '#111' });
drawText(b, reg, 'tiny: 12°34′ 5°07′', 400, y, 6, 'start', { color: '#111' });
const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${y + 20}" viewBox="0 0 ${W} ${y + 20}" stroke-linecap="round" stroke-linejoin="round"><rect width="100%" height="100%" fill="#fff"/>${reg.defs()}${b.toString()}</svg>`;
writeFileSync(process.argv[2] ?? '/tmp/rt/specimen.png', svgToPng(svg, Number(process.argv[3] ?? 1)));
