/**
 * PNG and JPEG files checked for a sound structure before they are stored or drawn: the chunks
 * or segments must follow each other to the end marker, and the declared size must be one a
 * logo can have. A truncated file, or a header that promises a gigapixel image (a decompression
 * bomb for whatever renders it later), is refused with the reason.
 */

export class InvalidImageError extends Error {}

/** Largest width or height accepted, and largest pixel count (4096², 64 MiB once decoded to RGBA). */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 4096 * 4096;

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface ImageSize {
  width: number;
  height: number;
}

/** A declared size a logo can have, or InvalidImageError saying what is wrong with it. */
export function checkDeclaredSize(kind: string, width: number, height: number): ImageSize {
  if (!(width > 0 && height > 0)) throw new InvalidImageError(`${kind} image without a size`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new InvalidImageError(`${kind} image of ${width}×${height} pixels: at most ${MAX_IMAGE_SIDE} a side and ${MAX_IMAGE_PIXELS} pixels are accepted`);
  }
  return { width, height };
}

/** The size of a PNG whose chunks run from IHDR to IEND within the file. */
export function pngSize(bytes: Uint8Array): ImageSize {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 8 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) throw new InvalidImageError('not a PNG image');
  let at = 8;
  let size: ImageSize | undefined;
  // Each chunk: 4-byte length, 4-byte type, data, 4-byte CRC.
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > b.length) break;
    if (at === 8) {
      if (type !== 'IHDR' || length !== 13) break;
      size = { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
    }
    if (type === 'IEND') {
      if (!size) break;
      return checkDeclaredSize('PNG', size.width, size.height);
    }
    at = next;
  }
  throw new InvalidImageError('not a complete PNG image');
}

/** Start-of-frame markers carry the dimensions (every SOFn except DHT, JPG and DAC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const SOS = 0xda;
const EOI = 0xd9;
const EOI_MARKER = Buffer.from([0xff, EOI]);
/** Markers without a length field: TEM and the restart markers RST0-7. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * The size of a JPEG whose segments run from SOI to a frame header and on to the end of image:
 * after the first scan the entropy-coded data is not walked, but an EOI marker must follow it (a
 * download or upload cut short has none; FF D9 cannot occur inside scan data, where every FF byte
 * is stuffed). Bytes some cameras append after EOI are tolerated.
 */
export function jpegSize(bytes: Uint8Array): ImageSize {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) throw new InvalidImageError('not a JPEG image');
  let at = 2;
  let size: ImageSize | undefined;
  while (at + 2 <= b.length) {
    if (b[at] !== 0xff) break;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    } // fill byte
    if (marker === EOI) {
      if (!size || at + 2 !== b.length) break;
      return checkDeclaredSize('JPEG', size.width, size.height);
    }
    if (STANDALONE(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) break;
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) break;
    if (SOF.has(marker)) {
      if (length < 7) break;
      size = { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    if (marker === SOS) {
      if (!size || b.indexOf(EOI_MARKER, at + 2 + length) === -1) break;
      return checkDeclaredSize('JPEG', size.width, size.height);
    }
    at += 2 + length;
  }
  throw new InvalidImageError('not a complete JPEG image');
}
