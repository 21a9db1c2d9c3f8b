/**
 * Minimal PNG writer for resvg's pixel buffer. resvg-js's own encoder uses adaptive filters
 * and strong compression and takes ~3× longer than rasterising at 2× zoom; chart images are
 * large flat areas, so unfiltered rows with fast zlib give smaller files in a fraction of
 * the time.
 */
import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';

const deflateAsync = promisify(deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * resvg (tiny-skia) pixels are premultiplied; PNG wants straight alpha. Done in place: the pixel
 * buffer is the encoder's to consume, and a copy of a 4000² image is another 64 MB of a worker's
 * memory at its peak.
 */
function unpremultiplyInPlace(px: Buffer): Buffer {
  const words = new Uint32Array(px.buffer, px.byteOffset, px.length >>> 2);
  for (let i = 0; i < words.length; i++) {
    const a = words[i]! >>> 24;
    if (a === 255 || a === 0) continue;
    const o = i * 4;
    const k = 255 / a;
    px[o] = Math.min(255, Math.round(px[o]! * k));
    px[o + 1] = Math.min(255, Math.round(px[o + 1]! * k));
    px[o + 2] = Math.min(255, Math.round(px[o + 2]! * k));
  }
  return px;
}

/** Raw scanlines (filter byte 0 + straight RGBA) ready for deflate; consumes (overwrites) its input. */
function scanlines(premultipliedRgba: Buffer, width: number, height: number): Buffer {
  const px = unpremultiplyInPlace(premultipliedRgba);
  const stride = width * 4;
  const raw = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    raw[o] = 0; // filter: none
    px.copy(raw, o + 1, y * stride, y * stride + stride);
  }
  return raw;
}

function assemble(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const LEVEL = 3;

/** PNG bytes of resvg's pixels; the pixel buffer is overwritten on the way. */
export function encodePng(premultipliedRgba: Buffer, width: number, height: number): Buffer {
  return assemble(width, height, deflateSync(scanlines(premultipliedRgba, width, height), { level: LEVEL }));
}

/** Same output; compression runs on the libuv thread pool instead of the event loop. */
export async function encodePngAsync(premultipliedRgba: Buffer, width: number, height: number): Promise<Buffer> {
  return assemble(width, height, await deflateAsync(scanlines(premultipliedRgba, width, height), { level: LEVEL }));
}
