/**
 * Uploaded logos that would crash or exhaust whatever reads them: nesting that overflowed the
 * recursive sanitiser, element floods, <use> expansion bombs and self-references, characters XML
 * forbids, absurd declared sizes (of the file or of a raster embedded in an SVG) and truncated
 * rasters. Each is refused with a reason; ordinary logos still pass.
 */
import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { InvalidImageError, prepareBrandingImage } from '../../../src/features/account/branding-image.ts';
import { SVG_LIMITS } from '../../../src/features/account/svg-sanitizer.ts';
import { MAX_IMAGE_SIDE } from '../../../src/features/account/raster-image.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attributes = 'width="120" height="60"') => Buffer.from(`<svg ${NS} ${attributes}>${body}</svg>`);
const refused = (bytes: Buffer, reason: RegExp) => {
  expect(() => prepareBrandingImage(bytes)).toThrow(InvalidImageError);
  expect(() => prepareBrandingImage(bytes)).toThrow(reason);
};

const png = (width = 40, height = 20) =>
  Buffer.from(
    new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#c33"/></svg>`)
      .render()
      .asPng(),
  );
/** A PNG whose header claims another size (the chunk CRC is not what the check reads). */
const pngClaiming = (width: number, height: number) => {
  const bytes = Buffer.from(png());
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
};
// SOI, APP0, SOF0 64×32, DHT-less SOS header with two bytes of scan data, then EOI.
const jpegWithScan = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080020004001011100ffda0008010100003f00d2cfffd9', 'hex');

describe('SVG logos', () => {
  it('an ordinary logo passes, with its size', () => {
    const image = prepareBrandingImage(svg('<defs><g id="dot"><circle r="4"/></g></defs><use href="#dot" x="10"/><use xlink:href="#dot" x="30"/>'));
    expect(image).toMatchObject({ contentType: 'image/svg+xml', width: 120, height: 60 });
  });

  it('thousands of nested groups: refused for their depth or number, not a stack overflow', () => {
    refused(svg(`${'<g>'.repeat(5_000)}${'</g>'.repeat(5_000)}`), /nested more than 64 deep/);
    refused(svg(`${'<g>'.repeat(12_000)}${'</g>'.repeat(12_000)}`), /more than 10000 elements/);
    expect(prepareBrandingImage(svg(`${'<g>'.repeat(SVG_LIMITS.depth - 1)}${'</g>'.repeat(SVG_LIMITS.depth - 1)}`)).contentType).toBe('image/svg+xml');
  });

  it('more elements than a logo has: refused before parsing', () => {
    refused(svg('<rect width="1" height="1"/>'.repeat(SVG_LIMITS.elements + 1)), /more than 10000 elements/);
  });

  it('a <use> expansion bomb: refused', () => {
    let body = '<defs><rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 8; level++) body += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    body += '</defs><use href="#l8"/>';
    refused(svg(body), /draws more than 50000 elements/);
  });

  it('references to themselves: refused', () => {
    refused(svg('<g id="a"><use href="#a"/></g>'), /refers to itself/);
    refused(svg('<g id="a"><g id="b"><use xlink:href="#c"/></g></g><g id="c"><use href="#b"/></g>'), /refers to itself/);
    refused(
      svg('<pattern id="p" width="2" height="2"><rect width="1" height="1" fill="url(#p)"/></pattern><rect width="9" height="9" fill="url(#p)"/>'),
      /refers to itself/,
    );
  });

  it('NUL and other characters XML forbids: refused', () => {
    refused(svg('<text>a\u0000b</text>'), /characters that XML does not allow/);
    refused(svg('<text>a\u0007b</text>'), /characters that XML does not allow/);
  });

  it('an absurd declared size, given or read from the viewBox: refused', () => {
    refused(svg('<rect width="1" height="1"/>', 'width="100000" height="60"'), /at most 8192 a side/);
    refused(svg('<rect width="1" height="1"/>', 'viewBox="0 0 50000 50000"'), /at most 8192 a side/);
    expect(prepareBrandingImage(svg('', `width="${MAX_IMAGE_SIDE}" height="10"`)).width).toBe(MAX_IMAGE_SIDE);
  });

  it('an embedded raster is checked like an uploaded one', () => {
    const ok = prepareBrandingImage(svg(`<image width="40" height="20" href="data:image/png;base64,${png().toString('base64')}"/>`));
    expect(ok.bytes.toString()).toContain('data:image/png;base64,');
    refused(
      svg(`<image width="40" height="20" href="data:image/png;base64,${pngClaiming(100_000, 100_000).toString('base64')}"/>`),
      /embedded image: PNG image of 100000×100000/,
    );
    refused(
      svg(`<image width="40" height="20" href="data:image/jpeg;base64,${jpegWithScan.subarray(0, -4).toString('base64')}"/>`),
      /embedded image: not a complete JPEG/,
    );
  });
});

describe('PNG and JPEG logos', () => {
  it('complete files pass with their size', () => {
    expect(prepareBrandingImage(png())).toMatchObject({ contentType: 'image/png', width: 40, height: 20 });
    expect(prepareBrandingImage(jpegWithScan)).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 32 });
  });

  it('bytes after the end of a JPEG are tolerated', () => {
    expect(prepareBrandingImage(Buffer.concat([jpegWithScan, Buffer.from('trailing data')]))).toMatchObject({ width: 64, height: 32 });
  });

  it('a truncated file is refused', () => {
    refused(jpegWithScan.subarray(0, jpegWithScan.length - 2), /not a complete JPEG/);
    refused(jpegWithScan.subarray(0, 30), /not a complete JPEG/);
    refused(png().subarray(0, png().length - 20), /not a complete PNG/);
  });

  it('an absurd declared size is refused', () => {
    refused(pngClaiming(100_000, 10), /PNG image of 100000×10 pixels/);
    refused(pngClaiming(5000, 5000), /16777216 pixels are accepted/);
    const wide = Buffer.from(jpegWithScan);
    wide.writeUInt16BE(60_000, 27); // the frame header's width
    refused(wide, /JPEG image of 60000×32/);
  });
});
