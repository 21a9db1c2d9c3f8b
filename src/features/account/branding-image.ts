/**
 * Turning an uploaded file into a branding image: the type comes from the content (magic bytes,
 * or an <svg> root), never from the file name or the declared type. PNG and JPEG are checked for
 * a sound structure and a sensible size (raster-image.ts), cheaply enough for the event loop; SVG
 * is sanitised, which costs up to about a second for a large file and so runs in the compute pool
 * (`sanitizedSvgResponse`). Anything else is 415; a file that claims a type by its first bytes but
 * is broken, truncated or absurd is 422.
 */
import { poolTask } from '../../compute/pool-task.ts';
import { createHash } from 'node:crypto';
import type { BrandingImage } from '../../reports/store/report-branding.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { InvalidImageError, jpegSize, PNG_SIGNATURE, pngSize } from './raster-image.ts';
import { InvalidSvgError, sanitizeSvg } from './svg-sanitizer.ts';

export { InvalidImageError } from './raster-image.ts';

export const BRANDING_MAX_BYTES = 1024 * 1024;

export class UnsupportedImageError extends Error {}

export type BrandingImageType = BrandingImage['contentType'];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The first element of a text document, past the XML declaration, comments and whitespace. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // A DOCTYPE (possibly with an internal subset) is skipped here; the sanitiser refuses it.
  const head = text.replace(/^\uFEFF/, '').replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/.test(head);
}

/** The type of an upload from its content; UnsupportedImageError (415) or InvalidImageError (empty). */
export function sniffImageType(bytes: Buffer): BrandingImageType {
  if (!bytes.length) throw new InvalidImageError('the file is empty');
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  throw new UnsupportedImageError('only PNG, JPEG and SVG images are accepted');
}

/** A PNG or JPEG upload, checked (InvalidImageError when broken, truncated or of an absurd size). */
export function prepareRasterImage(bytes: Buffer, contentType: 'image/png' | 'image/jpeg'): BrandingImage {
  const size = contentType === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return { contentType, bytes, sha256: sha256(bytes), ...size };
}

/** An SVG upload, sanitised (InvalidImageError when it is not well-formed or exceeds the limits). */
export function prepareSvgImage(bytes: Uint8Array): BrandingImage {
  try {
    const { svg, width, height } = sanitizeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const clean = Buffer.from(svg, 'utf8');
    if (clean.length > BRANDING_MAX_BYTES) throw new InvalidImageError('SVG image too large');
    return { contentType: 'image/svg+xml', bytes: clean, sha256: sha256(clean), width, height };
  } catch (error) {
    if (error instanceof InvalidSvgError || error instanceof TypeError) throw new InvalidImageError(error.message);
    throw error;
  }
}

/** Every kind of upload in one call, on the calling thread. */
export function prepareBrandingImage(bytes: Buffer): BrandingImage {
  const type = sniffImageType(bytes);
  return type === 'image/svg+xml' ? prepareSvgImage(bytes) : prepareRasterImage(bytes, type);
}

/**
 * The compute task: an SVG upload sanitised, framed as a binary response whose headers carry the
 * size and digest. A refused file is a 422 on `file`.
 */
export function sanitizedSvgResponse(bytes: Uint8Array): BinaryResponse {
  let image: BrandingImage;
  try {
    image = prepareSvgImage(bytes);
  } catch (error) {
    if (error instanceof InvalidImageError) throw new RequestFieldError(['body', 'file'], error.message, 'value_error.image');
    throw error;
  }
  const headers: Record<string, string> = { 'x-sha256': image.sha256 };
  if (image.width !== null) headers['x-width'] = String(image.width);
  if (image.height !== null) headers['x-height'] = String(image.height);
  return { kind: 'binary', contentType: image.contentType, headers, body: image.bytes };
}

/** The branding image of a sanitised SVG that came back from the compute pool. */
export function svgImageFromResponse(response: { headers: Record<string, string>; body: Buffer }): BrandingImage {
  const dimension = (name: string) => (response.headers[name] === undefined ? null : Number(response.headers[name]));
  return {
    contentType: 'image/svg+xml',
    bytes: response.body,
    sha256: response.headers['x-sha256']!,
    width: dimension('x-width'),
    height: dimension('x-height'),
  };
}

/** An uploaded SVG's check and sanitising, in the pool (src/pool-tasks.ts lists it). */
export const brandingSvgTask = poolTask('branding_svg', (task: { bytes: Uint8Array }) => sanitizedSvgResponse(task.bytes));
