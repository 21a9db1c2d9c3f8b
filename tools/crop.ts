/** Dev aid: rasterises a region of an SVG at high zoom (args: in.svg out.png x y w [px]). */
import { readFileSync, writeFileSync } from 'node:fs';
import { svgToPng } from '../renderer/rasterize.ts';

const [inp, outp, x, y, w, px] = process.argv.slice(2);
const svg = readFileSync(inp!, 'utf8');
const out = Number(px ?? 700);
const cropped = svg.replace(/width="[\d.]+" height="[\d.]+" viewBox="[^"]+"/, `width="${out}" height="${out}" viewBox="${x} ${y} ${w} ${w}"`);
writeFileSync(outp!, svgToPng(cropped, 1));
