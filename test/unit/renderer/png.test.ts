import { inflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderChartSvg, svgToPng, svgToPngAsync } from '../../../renderer/index.ts';
import { natal, synastry } from '../../../tools/sample-charts.ts';

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  data: Buffer;
}

/** Minimal PNG reader: signature, chunk CRCs, IHDR, and inflated IDAT size. */
function readPng(buf: Buffer): Png {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8;
  let ihdr: Buffer | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const body = buf.subarray(off + 8, off + 8 + len);
    expect(buf.readUInt32BE(off + 8 + len)).toBe(crc32(buf.subarray(off + 4, off + 8 + len)) >>> 0);
    if (type === 'IHDR') ihdr = body;
    if (type === 'IDAT') idat.push(body);
    if (type === 'IEND') ended = true;
    off += 12 + len;
  }
  expect(ended).toBe(true);
  expect(ihdr).not.toBeNull();
  return {
    width: ihdr!.readUInt32BE(0),
    height: ihdr!.readUInt32BE(4),
    bitDepth: ihdr![8]!,
    colorType: ihdr![9]!,
    data: inflateSync(Buffer.concat(idat)),
  };
}

describe('svgToPng', () => {
  it.each([1, 2])('produces a decodable PNG at scale %d', (scale) => {
    const png = readPng(svgToPng(renderChartSvg(natal('light')), scale));
    expect(png.width).toBe(700 * scale);
    expect(png.height).toBe(700 * scale);
    expect(png.bitDepth).toBe(8);
    expect(png.colorType).toBe(6);
    expect(png.data.length).toBe((png.width * 4 + 1) * png.height);
  });

  it('async variant gives the same image', async () => {
    const svg = renderChartSvg(natal('dark', { size: 400 }));
    const a = await svgToPngAsync(svg, 1.5);
    expect(a.equals(svgToPng(svg, 1.5))).toBe(true);
    expect(readPng(a).width).toBe(600);
  });

  it('respects the chart size and draws something', () => {
    const png = readPng(svgToPng(renderChartSvg(synastry('dark')), 1));
    expect(png.width).toBe(700);
    // Not a blank image: the dark background and lighter ink must both appear.
    const stride = png.width * 4 + 1;
    const row = png.data.subarray(stride * 350 + 1, stride * 351);
    const lum = new Set<number>();
    for (let x = 0; x < png.width; x++) lum.add(row[x * 4]! >> 5);
    expect(lum.size).toBeGreaterThan(2);
  });

  it('keeps straight (non-premultiplied) alpha on transparent backgrounds', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#ff8000" fill-opacity="0.5"/></svg>';
    const png = readPng(svgToPng(svg, 1));
    expect([...png.data.subarray(1, 5)]).toEqual([255, 128, 0, 128]);
  });
});
