/**
 * Makes an uploaded SVG logo safe to show anywhere (a PDF renderer, a browser tab): no scripts,
 * no event handlers, no external references. It is an allowlist of SVG drawing elements; every
 * other element (script, foreignObject, animation, iframe, a, feImage...) goes with its content.
 * References may only point inside the document (`#id`); an <image> may only embed PNG/JPEG
 * data. CSS (style elements and attributes) that imports or fetches anything is dropped.
 * DOCTYPEs are refused outright: entities are how XML bombs and external-entity reads work.
 */
import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';

export const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

export class InvalidSvgError extends Error {}

const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'marker', 'image',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
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
    return element.localName === 'image' && EMBEDDED_RASTER.test(target);
  }
  // Presentation attributes (fill="url(#g)") follow the same rules as CSS.
  return isSafeCss(value);
}

function clean(node: Node): void {
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
    for (const attribute of Array.from(element.attributes)) {
      if (!isSafeAttribute(element, attribute.name, attribute.namespaceURI, attribute.value ?? '')) element.removeAttributeNode(attribute);
    }
    clean(element);
  }
}

/** A length in user units (px), or null for percentages and other units we cannot resolve. */
function length(value: string | null): number | null {
  const m = value ? /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value) : null;
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

export function sanitizeSvg(text: string): { svg: string; width: number | null; height: number | null } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new InvalidSvgError('SVG with a DOCTYPE or entity declarations is not accepted');
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
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', SVG_NS);
  let width = length(root.getAttribute('width'));
  let height = length(root.getAttribute('height'));
  const viewBox = root.getAttribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if ((width === null || height === null) && viewBox?.length === 4 && viewBox.every(Number.isFinite)) {
    width ??= Math.round(viewBox[2]!) || null;
    height ??= Math.round(viewBox[3]!) || null;
  }
  return { svg: new XMLSerializer().serializeToString(doc), width, height };
}
