/**
 * Makes an uploaded SVG logo safe to show anywhere (a PDF renderer, a browser tab): no scripts,
 * no event handlers, no external references. It is an allowlist of SVG drawing elements; every
 * other element (script, foreignObject, animation, iframe, a, feImage...) goes with its content.
 * References may only point inside the document (`#id`); an <image> may only embed PNG/JPEG
 * data. CSS (style elements and attributes) that imports or fetches anything is dropped.
 * DOCTYPEs are refused outright: entities are how XML bombs and external-entity reads work.
 *
 * The work is bounded before it is spent: characters XML forbids (NUL...) and more than
 * SVG_LIMITS.elements start tags are refused before parsing; nesting deeper than
 * SVG_LIMITS.depth, references that draw more than SVG_LIMITS.drawnElements elements or refer to
 * themselves, a declared size beyond the raster limits, and embedded rasters that are broken or
 * too large are refused after. Every walk of the tree is iterative. It still costs up to about a
 * second for a 1 MiB file, so the service runs it in the compute pool, not on the event loop.
 */
import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';
import { checkDeclaredSize, InvalidImageError, jpegSize, pngSize } from './raster-image.ts';
import { expandedElementCount, SvgExpansionError } from './svg-expansion.ts';

export const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

export class InvalidSvgError extends Error {}

export const SVG_LIMITS = {
  /** Start tags in the file (a detailed logo has a few thousand). */
  elements: 10_000,
  /** Elements inside each other. */
  depth: 64,
  /** Elements drawn once every <use> and url(#…) reference is followed. */
  drawnElements: 50_000,
};

/** Characters that XML 1.0 does not allow anywhere in a document. */
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const START_TAG = /<[A-Za-z_:]/g;

/** Whether the text has more than `limit` start tags (counted without building a list of them). */
function moreStartTagsThan(text: string, limit: number): boolean {
  START_TAG.lastIndex = 0;
  let count = 0;
  while (START_TAG.exec(text)) if (++count > limit) return true;
  return false;
}

/** An embedded PNG or JPEG must be complete and of a size a logo can have, like an uploaded one. */
function checkEmbeddedRaster(dataUrl: string): void {
  const [, type, base64] = /^data:image\/(png|jpeg);base64,([\s\S]*)$/.exec(dataUrl)!;
  const bytes = Buffer.from(base64!.replace(/\s+/g, ''), 'base64');
  try {
    if (type === 'png') pngSize(bytes);
    else jpegSize(bytes);
  } catch (error) {
    if (error instanceof InvalidImageError) throw new InvalidSvgError(`embedded image: ${error.message}`);
    throw error;
  }
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'marker',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

/** Values that could run code or load something, whatever attribute carries them. */
const DANGEROUS_VALUE = /(javascript|vbscript|livescript)\s*:|data\s*:|expression\s*\(|@import|-moz-binding|behavior\s*:|image-set\s*\(/i;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/;

/** CSS is kept only when every url() points inside the document and nothing else can fetch. */
export function isSafeCss(css: string): boolean {
  // Control characters and CSS escapes can spell any of the words below in disguise.
  const compact = css.replace(/[\u0000-\u001f\u007f]/g, '');
  if (compact.includes('\\') || DANGEROUS_VALUE.test(compact)) return false;
  const urls = compact.match(/url\s*\(\s*(['"]?)\s*([^)'"]*)/gi) ?? [];
  return urls.every((u) => /^url\s*\(\s*['"]?\s*#/i.test(u));
}

function isSafeAttribute(element: Element, name: string, namespace: string | null, value: string): boolean {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  if (namespace === XMLNS_NS) return value === SVG_NS || value === XLINK_NS;
  if (namespace !== null && namespace !== XLINK_NS && namespace !== XML_NS) return false;
  if (/^on/i.test(local)) return false;
  // xml:base would make relative references resolve against someone else's address.
  if (namespace === XML_NS && local === 'base') return false;
  if (local === 'href') {
    const target = value.trim();
    if (target.startsWith('#')) return true;
    if (element.localName !== 'image' || !EMBEDDED_RASTER.test(target)) return false;
    checkEmbeddedRaster(target);
    return true;
  }
  // Presentation attributes (fill="url(#g)") follow the same rules as CSS.
  return isSafeCss(value);
}

/** Removes what is not allowed below `root`, depth first without recursion; refuses nesting beyond SVG_LIMITS.depth. */
function clean(root: Node): void {
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE) continue;
      if (child.nodeType !== child.ELEMENT_NODE) {
        node.removeChild(child); // comments, processing instructions
        continue;
      }
      const element = child as Element;
      if (element.namespaceURI !== SVG_NS || !ALLOWED_ELEMENTS.has(element.localName ?? '')) {
        node.removeChild(element);
        continue;
      }
      if (element.localName === 'style' && !isSafeCss(element.textContent ?? '')) {
        node.removeChild(element);
        continue;
      }
      if (depth + 1 > SVG_LIMITS.depth) throw new InvalidSvgError(`elements nested more than ${SVG_LIMITS.depth} deep`);
      for (const attribute of Array.from(element.attributes)) {
        if (!isSafeAttribute(element, attribute.name, attribute.namespaceURI, attribute.value ?? '')) element.removeAttributeNode(attribute);
      }
      stack.push({ node: element, depth: depth + 1 });
    }
  }
}

/** A length in user units (px), or null for percentages and other units we cannot resolve. */
function length(value: string | null): number | null {
  const m = value ? /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value) : null;
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

export function sanitizeSvg(text: string): { svg: string; width: number | null; height: number | null } {
  if (FORBIDDEN_CHARACTERS.test(text)) throw new InvalidSvgError('characters that XML does not allow (NUL or another control character)');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new InvalidSvgError('SVG with a DOCTYPE or entity declarations is not accepted');
  if (moreStartTagsThan(text, SVG_LIMITS.elements)) throw new InvalidSvgError(`more than ${SVG_LIMITS.elements} elements`);
  let doc;
  let problem = 'parse error';
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        problem = message;
        throw new InvalidSvgError(message);
      },
      locator: false,
    }).parseFromString(text, 'image/svg+xml');
  } catch {
    throw new InvalidSvgError(`not well-formed XML: ${problem.slice(0, 200)}`);
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw new InvalidSvgError('the root element is not <svg>');
  for (const child of Array.from(doc.childNodes)) if (child !== root) doc.removeChild(child);
  for (const attribute of Array.from(root.attributes)) {
    if (!isSafeAttribute(root, attribute.name, attribute.namespaceURI, attribute.value ?? '')) root.removeAttributeNode(attribute);
  }
  clean(root);
  try {
    expandedElementCount(root, SVG_LIMITS.drawnElements);
  } catch (error) {
    if (error instanceof SvgExpansionError) throw new InvalidSvgError(error.message);
    throw error;
  }
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', SVG_NS);
  let width = length(root.getAttribute('width'));
  let height = length(root.getAttribute('height'));
  const viewBox = root
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if ((width === null || height === null) && viewBox?.length === 4 && viewBox.every(Number.isFinite)) {
    width ??= Math.round(viewBox[2]!) || null;
    height ??= Math.round(viewBox[3]!) || null;
  }
  if (width !== null || height !== null) {
    try {
      checkDeclaredSize('SVG', width ?? 1, height ?? 1);
    } catch (error) {
      if (error instanceof InvalidImageError) throw new InvalidSvgError(`${error.message}; declare width and height in px`);
      throw error;
    }
  }
  return { svg: new XMLSerializer().serializeToString(doc), width, height };
}
