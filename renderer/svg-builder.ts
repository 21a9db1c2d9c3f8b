/**
 * Minimal string-based SVG writer. Charts are built by concatenating strings because a DOM
 * would dominate the ~5 ms budget; every value that reaches an attribute goes through
 * `num` (finite, short) or `attr` (escaped), so the output is always well-formed XML.
 */

/**
 * Two decimals are sub-pixel at 2000 px and keep the document small. The text is that of
 * String(Math.round(v * 100) / 100), written from the whole hundredths: a natal wheel writes
 * thousands of coordinates, and String of a fraction costs several times as much as String of
 * an integer (about 220 against 50 ns measured here). The two agree while the hundredths have
 * at most 15 digits, where the double nearest to n / 100 reads back as that decimal; beyond,
 * String itself writes it.
 */
export function num(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const hundredths = Math.round(v * 100);
  if (hundredths === 0) return '0';
  const abs = Math.abs(hundredths);
  if (!(abs < 1e15)) return String(hundredths / 100);
  const whole = Math.floor(abs / 100);
  const cents = abs - whole * 100;
  const sign = hundredths < 0 ? '-' : '';
  if (cents === 0) return sign + whole;
  return sign + whole + (cents % 10 === 0 ? '.' + cents / 10 : cents < 10 ? '.0' + cents : '.' + cents);
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// Characters XML 1.0 forbids outright (C0 controls, U+FFFE/F) and unpaired surrogates.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A box as the layout checks read it back (`data-box`, `data-boxes`): "x,y,w,h". */
export function boxData(b: { x: number; y: number; w: number; h: number }): string {
  return `${num(b.x)},${num(b.y)},${num(b.w)},${num(b.h)}`;
}

export function attr(v: string): string {
  return v.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);
}

/** For element content (e.g. JSON inside <metadata>). */
export function textContent(v: string): string {
  return v.replace(INVALID_XML, '').replace(/[&<>]/g, (c) => ESC[c] ?? c);
}

export class SvgBuilder {
  private readonly parts: string[] = [];

  raw(s: string): this {
    this.parts.push(s);
    return this;
  }

  open(tag: string, attrs = ''): this {
    this.parts.push(attrs ? `<${tag} ${attrs}>` : `<${tag}>`);
    return this;
  }

  close(tag: string): this {
    this.parts.push(`</${tag}>`);
    return this;
  }

  /** Self-closing element; `attrs` must already be formatted with num/attr. */
  el(tag: string, attrs: string): this {
    this.parts.push(`<${tag} ${attrs}/>`);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, extra: string): this {
    this.parts.push(`<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" ${extra}/>`);
    return this;
  }

  circle(cx: number, cy: number, r: number, extra: string): this {
    this.parts.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" ${extra}/>`);
    return this;
  }

  path(d: string, extra: string): this {
    if (d) this.parts.push(`<path d="${d}" ${extra}/>`);
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** Stroke/fill attribute fragment; opacity omitted when 1 to keep output lean. */
export function strokeAttrs(color: string, width: number, opacity = 1): string {
  const op = opacity < 1 ? ` stroke-opacity="${num(opacity)}"` : '';
  return `stroke="${attr(color)}" stroke-width="${num(width)}"${op}`;
}

export function fillAttrs(color: string, opacity = 1): string {
  const op = opacity < 1 ? ` fill-opacity="${num(opacity)}"` : '';
  return `fill="${attr(color)}"${op}`;
}
