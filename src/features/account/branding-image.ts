/**
 * Turning an uploaded file into a branding image: the type comes from the content (magic bytes,
 * or an <svg> root), never from the file name or the declared type. PNG and JPEG are checked for
 * a sound structure and their size read; SVG is sanitised. Anything else is 415; a file that
 * claims a type by its first bytes but is broken is 422.
 */
import { createHash } from 'node:crypto';
import type { BrandingImage } from '../../db/report-branding.ts';
import { InvalidSvgError, sanitizeSvg } from './svg-sanitizer.ts';

export const BRANDING_MAX_BYTES = 1024 * 1024;

export class UnsupportedImageError extends Error {}
export class InvalidImageError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(bytes: Buffer): { width: number; height: number } {
  // Signature, then the IHDR chunk first (length 13), and the IEND chunk last.
  if (bytes.length < 57 || bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND') {
    throw new InvalidImageError('not a complete PNG image');
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (!width || !height || width > 100_000 || height > 100_000) throw new InvalidImageError('PNG image with impossible dimensions');
  return { width, height };
}

/** Start-of-frame markers carry the dimensions (every SOFn except DHT, JPG and DAC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at++; continue; }
    const length = bytes.readUInt16BE(at + 2);
    if (SOF.has(marker)) {
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      if (!width || !height) break;
      return { width, height };
    }
    if (length < 2) break;
    at += 2 + length;
  }
  throw new InvalidImageError('not a complete JPEG image');
}

/** The first element of a text document, past the XML declaration, comments and whitespace. */
function looksLikeSvg(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // A DOCTYPE (possibly with an internal subset) is skipped here; the sanitiser refuses it.
  const head = text.replace(/^\uFEFF/, '').replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/.test(head) ? text : null;
}

export function prepareBrandingImage(bytes: Buffer): BrandingImage {
  if (!bytes.length) throw new InvalidImageError('the file is empty');
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { contentType: 'image/png', bytes, sha256: sha(bytes), ...png(bytes) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', bytes, sha256: sha(bytes), ...jpeg(bytes) };
  }
  const text = looksLikeSvg(bytes);
  if (text === null) throw new UnsupportedImageError('only PNG, JPEG and SVG images are accepted');
  try {
    const { svg, width, height } = sanitizeSvg(text);
    const clean = Buffer.from(svg, 'utf8');
    if (clean.length > BRANDING_MAX_BYTES) throw new InvalidImageError('SVG image too large');
    return { contentType: 'image/svg+xml', bytes: clean, sha256: sha(clean), width, height };
  } catch (error) {
    if (error instanceof InvalidSvgError) throw new InvalidImageError(error.message);
    throw error;
  }
}
