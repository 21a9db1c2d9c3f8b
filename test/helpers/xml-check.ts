/**
 * Tiny character-level XML well-formedness checker for the renderer tests: balanced tags,
 * quoted and unique attributes, valid entity references, nothing after the root element.
 * Returns the element count per tag name so tests can count what was drawn.
 */
export interface XmlSummary {
  root: string;
  rootAttrs: Record<string, string>;
  counts: Map<string, number>;
  /** Elements with their attributes, in document order. */
  elements: Array<{ name: string; attrs: Record<string, string> }>;
}

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[A-Za-z0-9_:.-]/;

function fail(msg: string, i: number, s: string): never {
  throw new Error(`XML error at ${i}: ${msg} near ${JSON.stringify(s.slice(Math.max(0, i - 40), i + 40))}`);
}

function checkEntities(v: string, at: number, s: string): void {
  for (let i = v.indexOf('&'); i >= 0; i = v.indexOf('&', i + 1)) {
    const end = v.indexOf(';', i);
    if (end < 0) fail('unterminated entity', at, s);
    const ent = v.slice(i + 1, end);
    const ok = ['amp', 'lt', 'gt', 'quot', 'apos'].includes(ent) || /^#(?:\d+|x[0-9a-fA-F]+)$/.test(ent);
    if (!ok) fail(`bad entity &${ent};`, at, s);
  }
}

export function checkXml(s: string): XmlSummary {
  for (let k = 0; k < s.length; k++) {
    const code = s.charCodeAt(k);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff) {
      fail(`character U+${code.toString(16)} is not allowed in XML`, k, s);
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = s.charCodeAt(k + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) fail('unpaired surrogate', k, s);
      k++;
    } else if (code >= 0xdc00 && code <= 0xdfff) fail('unpaired surrogate', k, s);
  }
  const stack: string[] = [];
  const counts = new Map<string, number>();
  const elements: XmlSummary['elements'] = [];
  let root = '';
  let rootAttrs: Record<string, string> = {};
  let rootClosed = false;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i]!;
    if (c !== '<') {
      const next = s.indexOf('<', i);
      const text = s.slice(i, next < 0 ? n : next);
      if (stack.length === 0 && text.trim() !== '') fail('text outside root', i, s);
      if (text.includes('>')) fail('bare > in text', i, s);
      checkEntities(text, i, s);
      i = next < 0 ? n : next;
      continue;
    }
    if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i);
      if (end < 0 || root) fail('bad processing instruction', i, s);
      i = end + 2;
      continue;
    }
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i);
      if (end < 0) fail('unterminated comment', i, s);
      i = end + 3;
      continue;
    }
    if (s.startsWith('</', i)) {
      let j = i + 2;
      while (j < n && NAME_CHAR.test(s[j]!)) j++;
      const name = s.slice(i + 2, j);
      while (j < n && /\s/.test(s[j]!)) j++;
      if (s[j] !== '>') fail('bad end tag', i, s);
      const open = stack.pop();
      if (open !== name) fail(`mismatched </${name}> for <${open}>`, i, s);
      if (stack.length === 0) rootClosed = true;
      i = j + 1;
      continue;
    }
    // Start tag.
    if (rootClosed) fail('content after root element', i, s);
    let j = i + 1;
    if (!NAME_START.test(s[j] ?? '')) fail('bad tag name', i, s);
    while (j < n && NAME_CHAR.test(s[j]!)) j++;
    const name = s.slice(i + 1, j);
    const attrs: Record<string, string> = {};
    for (;;) {
      const ws = j;
      while (j < n && /\s/.test(s[j]!)) j++;
      if (s[j] === '>' || s.startsWith('/>', j)) break;
      if (j === ws) fail('missing whitespace before attribute', j, s);
      const a0 = j;
      if (!NAME_START.test(s[j] ?? '')) fail('bad attribute name', j, s);
      while (j < n && NAME_CHAR.test(s[j]!)) j++;
      const an = s.slice(a0, j);
      if (s[j] !== '=') fail(`attribute ${an} without value`, j, s);
      const q = s[j + 1];
      if (q !== '"' && q !== "'") fail('unquoted attribute', j, s);
      const end = s.indexOf(q, j + 2);
      if (end < 0) fail('unterminated attribute', j, s);
      const v = s.slice(j + 2, end);
      if (v.includes('<')) fail('< in attribute value', j, s);
      checkEntities(v, j, s);
      if (an in attrs) fail(`duplicate attribute ${an}`, j, s);
      attrs[an] = v;
      j = end + 1;
    }
    const selfClose = s.startsWith('/>', j);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    elements.push({ name, attrs });
    if (!root) {
      root = name;
      rootAttrs = attrs;
    } else if (stack.length === 0) fail('second root element', i, s);
    if (selfClose) {
      if (stack.length === 0) rootClosed = true;
      i = j + 2;
    } else {
      stack.push(name);
      i = j + 1;
    }
  }
  if (stack.length) fail(`unclosed <${stack[stack.length - 1]}>`, n, s);
  if (!root) fail('no root element', 0, s);
  return { root, rootAttrs, counts, elements };
}
