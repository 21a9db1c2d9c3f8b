/**
 * How many elements an SVG draws once every reference is followed: a `<use>` draws a copy of its
 * target, and a fill or marker that points at a pattern or marker (`url(#id)`) draws that one's
 * content again. A chain of uses that each repeat the previous one ten times is a few hundred
 * bytes and billions of elements to render; a reference to itself never ends. The count stops at
 * the first cycle, or as soon as it passes the limit, without recursion.
 */
import type { Element } from '@xmldom/xmldom';

export class SvgExpansionError extends Error {}

const XLINK_NS = 'http://www.w3.org/1999/xlink';
const URL_REFERENCE = /url\(\s*['"]?\s*#([^)'"\s]+)/g;
/** Targets whose content is drawn where they are referenced (gradients and filters draw none). */
const DRAWN_TARGETS = new Set([
  'g',
  'symbol',
  'svg',
  'use',
  'pattern',
  'marker',
  'mask',
  'clipPath',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'image',
]);

function childElements(element: Element): Element[] {
  const out: Element[] = [];
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.ELEMENT_NODE) out.push(child as Element);
  }
  return out;
}

/** The element's own references to other elements of the document. */
function referencesOf(element: Element, byId: Map<string, Element>): Element[] {
  const out: Element[] = [];
  const href = element.getAttribute('href') ?? element.getAttributeNS(XLINK_NS, 'href');
  if (element.localName === 'use' && href?.trim().startsWith('#')) {
    const target = byId.get(href.trim().slice(1));
    if (target) out.push(target);
  }
  for (const attribute of Array.from(element.attributes)) {
    for (const m of (attribute.value ?? '').matchAll(URL_REFERENCE)) {
      const target = byId.get(m[1]!);
      if (target && DRAWN_TARGETS.has(target.localName ?? '')) out.push(target);
    }
  }
  return out;
}

/** Elements drawn from `root` with every reference followed; SvgExpansionError on a cycle or past `limit`. */
export function expandedElementCount(root: Element, limit: number): number {
  const byId = new Map<string, Element>();
  const walk: Element[] = [root];
  while (walk.length) {
    const element = walk.pop()!;
    const id = element.getAttribute('id');
    if (id && !byId.has(id)) byId.set(id, element);
    for (const child of childElements(element)) walk.push(child);
  }

  const done = new Map<Element, number>();
  const inProgress = new Set<Element>([root]);
  const stack = [{ element: root, next: [...childElements(root), ...referencesOf(root, byId)], index: 0, total: 1 }];
  const add = (frame: { total: number }, count: number) => {
    frame.total += count;
    if (frame.total > limit)
      throw new SvgExpansionError(`the SVG draws more than ${limit} elements once its references (<use>, patterns, markers) are followed`);
  };
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index < frame.next.length) {
      const element = frame.next[frame.index++]!;
      if (inProgress.has(element)) throw new SvgExpansionError('the SVG refers to itself (a <use> or url(#…) inside its own target)');
      const known = done.get(element);
      if (known !== undefined) add(frame, known);
      else {
        inProgress.add(element);
        stack.push({ element, next: [...childElements(element), ...referencesOf(element, byId)], index: 0, total: 1 });
      }
      continue;
    }
    stack.pop();
    inProgress.delete(frame.element);
    done.set(frame.element, frame.total);
    const parent = stack[stack.length - 1];
    if (parent) add(parent, frame.total);
  }
  return done.get(root)!;
}
