/**
 * Where a PDF page draws its text: the origin (baseline start) of each text-showing run, in the
 * page's default user space. A small reader of content-stream operators that tracks the graphics
 * state's matrix (q, Q, cm) and the text matrix (BT, Tm, Td, TD, T*, TL); it skips everything else.
 * The report reads it on its contents page, to set each page number on the baseline of the
 * entry's title (contents-page-numbers.ts).
 */

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n (PDF's row-vector convention: a point is transformed by m, then by n). */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export interface TextRunOrigin {
  x: number;
  y: number;
}

const DELIMITERS = new Set([...'()<>[]{}/%']);
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/**
 * The operands and operators of a content stream, in order. Strings, names, arrays and
 * dictionaries are kept as opaque tokens (only numbers matter to the operators read here).
 */
function* tokens(stream: string): Generator<{ op: string } | { num: number } | { other: true }> {
  let i = 0;
  const n = stream.length;
  while (i < n) {
    const c = stream.charCodeAt(i);
    const ch = stream[i]!;
    if (isSpace(c)) {
      i++;
    } else if (ch === '%') {
      while (i < n && stream[i] !== '\n' && stream[i] !== '\r') i++;
    } else if (ch === '(') {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (; i < n; i++) {
        if (stream[i] === '\\') i++;
        else if (stream[i] === '(') depth++;
        else if (stream[i] === ')' && --depth === 0) break;
      }
      i++;
      yield { other: true };
    } else if (ch === '<' && stream[i + 1] === '<') {
      i += 2;
      yield { other: true };
    } else if (ch === '>' && stream[i + 1] === '>') {
      i += 2;
      yield { other: true };
    } else if (ch === '<') {
      i = stream.indexOf('>', i) + 1 || n;
      yield { other: true };
    } else if (ch === '[' || ch === ']' || ch === '{' || ch === '}' || ch === ')' || ch === '>') {
      i++;
      yield { other: true };
    } else if (ch === '/') {
      i++;
      while (i < n && !isSpace(stream.charCodeAt(i)) && !DELIMITERS.has(stream[i]!)) i++;
      yield { other: true };
    } else {
      const start = i;
      while (i < n && !isSpace(stream.charCodeAt(i)) && !DELIMITERS.has(stream[i]!)) i++;
      const word = stream.slice(start, i);
      const num = Number(word);
      if (word !== '' && Number.isFinite(num) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) yield { num };
      else if (word === 'BI') {
        // An inline image: its data runs to "EI"; nothing in it is an operator.
        const end = stream.indexOf('EI', stream.indexOf('ID', i));
        i = end < 0 ? n : end + 2;
        yield { other: true };
      } else yield { op: word };
    }
  }
}

const SHOW = new Set(['Tj', 'TJ', "'", '"']);

/** The origin of every text-showing operator of a page's content (its streams concatenated, latin1). */
export function textRunOrigins(content: string): TextRunOrigin[] {
  const out: TextRunOrigin[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let tm: Matrix = IDENTITY;
  let lineStart: Matrix = IDENTITY;
  let leading = 0;
  let operands: number[] = [];
  const nextLine = (tx: number, ty: number) => {
    lineStart = multiply([1, 0, 0, 1, tx, ty], lineStart);
    tm = lineStart;
  };
  for (const t of tokens(content)) {
    if ('num' in t) {
      operands.push(t.num);
      continue;
    }
    if ('other' in t) continue;
    const o = operands;
    operands = [];
    switch (t.op) {
      case 'q':
        stack.push(ctm);
        break;
      case 'Q':
        ctm = stack.pop() ?? IDENTITY;
        break;
      case 'cm':
        if (o.length >= 6) ctm = multiply(o.slice(-6) as Matrix, ctm);
        break;
      case 'BT':
        tm = lineStart = IDENTITY;
        break;
      case 'Tm':
        if (o.length >= 6) tm = lineStart = o.slice(-6) as Matrix;
        break;
      case 'Td':
        if (o.length >= 2) nextLine(o.at(-2)!, o.at(-1)!);
        break;
      case 'TD':
        if (o.length >= 2) {
          leading = -o.at(-1)!;
          nextLine(o.at(-2)!, o.at(-1)!);
        }
        break;
      case 'TL':
        if (o.length >= 1) leading = o.at(-1)!;
        break;
      case 'T*':
        nextLine(0, -leading);
        break;
      default:
        if (SHOW.has(t.op)) {
          if (t.op !== 'Tj' && t.op !== 'TJ') nextLine(0, -leading);
          const at = multiply(tm, ctm);
          out.push({ x: at[4], y: at[5] });
        }
    }
  }
  return out;
}
