/**
 * Text as <use> references to stroke-font symbols (no <text>, so no fonts are needed to
 * rasterise). Astrological Unicode characters inside strings become the matching glyphs,
 * which lets labels such as "12°♌34′" mix digits and symbols.
 */
import { APPROXIMATIONS, FALLBACK_CHAR, FONT, MARKS, SUBSTITUTES } from './stroke-font.ts';
import { hasOutline, shapeOutlineRun } from './outline-font.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import { attr, num, type SvgBuilder } from './svg-builder.ts';
import type { AspectType } from './chart-model.ts';

type Item =
  | { k: 'char'; ch: string; x: number }
  | { k: 'glyph'; kind: 'sign' | 'point' | 'retro' | 'aspect'; key: string; x: number }
  | { k: 'mark'; ch: string; x: number; lift: boolean }
  | { k: 'outline'; key: string; d: string; x: number; y: number };

interface Layout {
  items: Item[];
  /** In font units (cap height = 100). */
  width: number;
}

/** Inline astrological symbols occupy a slightly wider cell than a digit. */
const GLYPH_ADV = 118;
const GLYPH_SCALE = 1.2;
/** Letter spacing added to every advance; the font is drawn narrow for compact labels. */
const TRACKING = 7;

const SIGN_CHARS = '♈♉♊♋♌♍♎♏♐♑♒♓';
const POINT_CHARS: Record<string, string> = {
  '☉': 'sun',
  '☽': 'moon',
  '☿': 'mercury',
  '♀': 'venus',
  '♂': 'mars',
  '♃': 'jupiter',
  '♄': 'saturn',
  '♅': 'uranus',
  '♆': 'neptune',
  '♇': 'pluto',
  '☊': 'north_node',
  '☋': 'south_node',
  '⚷': 'chiron',
  '⚸': 'lilith',
  '⚳': 'ceres',
  '⚴': 'pallas',
  '⚵': 'juno',
  '⚶': 'vesta',
  '⊗': 'part_of_fortune',
};
const ASPECT_CHARS: Record<string, AspectType> = {
  '☌': 'conjunction',
  '☍': 'opposition',
  '△': 'trine',
  '□': 'square',
  '⚹': 'sextile',
  '⚻': 'quincunx',
  '⚺': 'semi_sextile',
  '∠': 'semi_square',
  '⚼': 'sesquiquadrate',
};

/** Characters the stroke font draws itself (letters, digits, marks, astrological symbols). */
function strokeDrawn(ch: string): boolean {
  return FONT[ch] !== undefined || MARKS[ch] !== undefined || ch === '℞' || SIGN_CHARS.includes(ch) || !!POINT_CHARS[ch] || !!ASPECT_CHARS[ch];
}

// Variation selectors, joiners and skin-tone modifiers change how an emoji looks, not which
// character it is; on their own they would draw as empty boxes.
const INVISIBLE = /[\uFE00-\uFE0F]|\u200D|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]/u;

/**
 * Characters the stroke font draws as they are: no decomposition, no substitute, not a mark.
 * A string made of them alone is its own normal form (no two of them compose: a test checks
 * every pair), so it needs neither normalisation nor the per-character checks. Position
 * labels such as "25°♊17′" are such strings: new in almost every chart, they were normalised
 * whole and then character by character, for nothing.
 */
export const PLAIN_CHARS: ReadonlySet<string> = new Set(
  [...Object.keys(FONT), ...SIGN_CHARS, ...Object.keys(POINT_CHARS), ...Object.keys(ASPECT_CHARS), '℞']
    // One UTF-16 unit each, so that a plain string is split into its characters by its units.
    .filter((ch) => ch.length === 1 && !/[\uD800-\uDFFF]/.test(ch))
    .filter((ch) => ch.normalize('NFD') === ch && SUBSTITUTES[ch] === undefined && MARKS[ch] === undefined && !INVISIBLE.test(ch)),
);

function isPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!PLAIN_CHARS.has(s[i]!)) return false;
  return true;
}

interface Tokens {
  chars: string[];
  /** Whether each character is drawn from the outline fonts. */
  outline: boolean[];
}

/** A string's characters to draw: plain strings take the fast path. */
export function tokens(s: string): Tokens {
  return isPlain(s) ? { chars: s.split(''), outline: new Array<boolean>(s.length).fill(false) } : decomposedTokens(s);
}

/**
 * One entry per character to draw: stroke-font characters decomposed (base + marks), and
 * every other character whole, flagged for the outline fonts. The ASCII check keeps plain
 * Latin text on the fast path.
 */
export function decomposedTokens(s: string): Tokens {
  const chars: string[] = [];
  const outline: boolean[] = [];
  const ascii = /^[\x20-\x7e]*$/.test(s);
  for (const cp of ascii ? s : s.normalize('NFC')) {
    if (!ascii && INVISIBLE.test(cp)) continue;
    const parts: string[] = [];
    for (const raw of ascii ? cp : cp.normalize('NFD')) for (const ch of SUBSTITUTES[raw] ?? raw) parts.push(ch);
    if (parts.every(strokeDrawn)) {
      for (const ch of parts) {
        chars.push(ch);
        outline.push(false);
      }
    } else if (hasOutline(cp)) {
      chars.push(cp);
      outline.push(true);
    } else {
      // No bundled font has it: a close plain spelling, else the stroke font's empty box.
      for (const ch of APPROXIMATIONS[cp] ?? parts) {
        chars.push(ch);
        outline.push(false);
      }
    }
  }
  return { chars, outline };
}

const cache = new Map<string, Layout>();
const CACHE_MAX = 2000;

function layout(s: string, remember = true): Layout {
  const hit = cache.get(s);
  if (hit) return hit;
  const items: Item[] = [];
  let x = 0;
  let prevCenter = 0;
  let prevTall = false;
  const { chars, outline } = tokens(s);
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i]!;
    if (outline[i]) {
      // A run of characters from the bundled fonts (spaces between them belong to the run,
      // so a right-to-left phrase is shaped as one piece).
      let j = i;
      while (j + 1 < chars.length && (outline[j + 1] || (chars[j + 1] === ' ' && outline[j + 2]))) j++;
      const run = shapeOutlineRun(chars.slice(i, j + 1).join(''));
      for (const g of run.glyphs) items.push({ k: 'outline', key: g.key, d: g.d, x: x + g.x, y: g.y });
      prevCenter = x + run.width / 2;
      prevTall = true;
      x += run.width + TRACKING;
      i = j;
      continue;
    }
    const mark = MARKS[ch];
    if (mark) {
      items.push({ k: 'mark', ch, x: prevCenter, lift: prevTall });
      continue;
    }
    const signIdx = SIGN_CHARS.indexOf(ch);
    const pointKey = POINT_CHARS[ch];
    const aspectKey = ASPECT_CHARS[ch];
    if (signIdx >= 0 || pointKey || aspectKey || ch === '℞') {
      const kind = signIdx >= 0 ? 'sign' : pointKey ? 'point' : aspectKey ? 'aspect' : 'retro';
      const key = signIdx >= 0 ? String(signIdx) : (pointKey ?? aspectKey ?? 'rx');
      items.push({ k: 'glyph', kind, key, x: x + GLYPH_ADV / 2 });
      prevCenter = x + GLYPH_ADV / 2;
      prevTall = true;
      x += GLYPH_ADV + TRACKING;
      continue;
    }
    if (!FONT[ch]) ch = FALLBACK_CHAR;
    // An accented i must lose its dot or the accent lands on top of it.
    const next = chars[i + 1];
    if (ch === 'i' && next !== undefined && MARKS[next] && !MARKS[next].below) ch = 'ı';
    const [adv, d] = FONT[ch]!;
    if (d) items.push({ k: 'char', ch, x });
    prevCenter = x + adv / 2;
    prevTall = (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || 'bdfhklt'.includes(ch);
    x += adv + TRACKING;
  }
  const out = { items, width: Math.max(0, x - TRACKING) };
  if (remember) {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(s, out);
  }
  return out;
}

export function textWidth(s: string, capHeight: number): number {
  return (layout(s).width * capHeight) / 100;
}

/** Longest prefix of `s` (by code points) that fits `room` with `suffix` appended. */
export function fittingPrefix(s: string, suffix: string, capHeight: number, room: number): string {
  const cps = [...s];
  let lo = 0;
  let hi = cps.length;
  // Widths grow with length, so binary search; probes are not cached to keep the cache clean.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const w = (layout(cps.slice(0, mid).join('') + suffix, false).width * capHeight) / 100;
    if (w <= room) lo = mid;
    else hi = mid - 1;
  }
  return cps.slice(0, lo).join('');
}

export type Anchor = 'start' | 'middle' | 'end';

export interface TextStyle {
  color: string;
  /** Stroke width as a fraction of the cap height (0.1 ≈ regular, 0.13 ≈ bold). */
  weight?: number;
}

/** Draws `s` with its baseline at y. */
export function drawText(
  b: SvgBuilder,
  reg: SymbolRegistry,
  s: string,
  x: number,
  baseline: number,
  capHeight: number,
  anchor: Anchor,
  style: TextStyle,
  extraAttrs = '',
): void {
  const lay = layout(s);
  if (lay.items.length === 0) return;
  const k = capHeight / 100;
  const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - (lay.width * k) / 2 : x - lay.width * k;
  const sw = (style.weight ?? 0.1) * 100;
  const c = attr(style.color);
  b.raw(`<g transform="translate(${num(x0)} ${num(baseline)}) scale(${num4(k)})" stroke="${c}" fill="${c}" stroke-width="${num(sw)}"${extraAttrs}>`);
  const parts: string[] = [];
  for (const it of lay.items) {
    if (it.k === 'char') {
      parts.push(`<use xlink:href="#${reg.char(it.ch)}" x="${num(it.x)}"/>`);
    } else if (it.k === 'outline') {
      const y = it.y ? ` y="${num(it.y)}"` : '';
      parts.push(`<use xlink:href="#${reg.outline(it.key, it.d)}" x="${num(it.x)}"${y}/>`);
    } else if (it.k === 'mark') {
      const y = it.lift && !MARKS[it.ch]!.below ? -30 : 0;
      parts.push(`<use xlink:href="#${reg.mark(it.ch)}" x="${num(it.x)}"${y ? ` y="${y}"` : ''}/>`);
    } else {
      const id =
        it.kind === 'sign'
          ? reg.sign(Number(it.key))
          : it.kind === 'point'
            ? reg.point(it.key)
            : it.kind === 'aspect'
              ? reg.aspect(it.key as AspectType)
              : reg.retrograde();
      if (id) parts.push(`<use xlink:href="#${id}" transform="translate(${num(it.x)} -50) scale(${GLYPH_SCALE})"/>`);
    }
  }
  b.raw(parts.join('') + '</g>');
}

/** Scale factors need more precision than coordinates. */
function num4(v: number): string {
  return String(Math.round(v * 10000) / 10000);
}
