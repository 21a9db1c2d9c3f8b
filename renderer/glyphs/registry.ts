/**
 * Collects the symbols a drawing actually uses and emits them once in <defs>, so each glyph
 * is a cheap <use> and the document carries no unused art. Markup per symbol is cached at
 * module level because the same few dozen symbols appear in every chart.
 */
import { ASPECT_GLYPHS } from './aspects.ts';
import { POINT_GLYPHS, RETROGRADE_GLYPH } from './planets.ts';
import { SIGN_GLYPHS } from './zodiac.ts';
import type { GlyphArt } from './types.ts';
import { FONT, MARKS } from '../stroke-font.ts';
import type { AspectType } from '../chart-model.ts';

const PREFIX = 'ac-';
/** A symbol's markup after its id (`" overflow="visible">…</symbol>`), by its name. */
const markupCache = new Map<string, string>();

function artMarkup(art: GlyphArt): string {
  const solid = art.solid ? `<path d="${art.solid}"/>` : '';
  const stroke = art.d ? `<path d="${art.d}" fill="none"/>` : '';
  return `" overflow="visible">${stroke}${solid}</symbol>`;
}

function fontMarkup(d: string): string {
  return `" overflow="visible"><path d="${d}" fill="none"/></symbol>`;
}

/** A character's symbol name (`f` or `m` and its code point in hex), made once per character: a chart asks hundreds of times. */
const charNames = new Map<string, string>();

function charName(prefix: 'f' | 'm', ch: string): string {
  const key = prefix + ch;
  let name = charNames.get(key);
  if (name === undefined) {
    name = prefix + ch.codePointAt(0)!.toString(16);
    charNames.set(key, name);
  }
  return name;
}

const SIGN_NAMES = Array.from({ length: 12 }, (_, i) => `z${i}`);

export class SymbolRegistry {
  /** The id of each symbol used so far, by its name. */
  private readonly idByName = new Map<string, string>();
  /** The used symbols' markup, in the order of first use. */
  private readonly symbols: string[] = [];
  private readonly prefix: string;

  /**
   * A `chartKey` makes the ids one chart's own (`ac-<key>-z3`, see accessibility.ts), so that
   * several charts can share an HTML page: given here rather than rewritten in the finished
   * document, which cost a chart two passes over its 50 KB.
   */
  constructor(chartKey?: string) {
    this.prefix = chartKey === undefined ? PREFIX : `${PREFIX}${chartKey}-`;
  }

  private take(name: string, build: () => string): string {
    let id = this.idByName.get(name);
    if (id === undefined) {
      id = this.prefix + name;
      let m = markupCache.get(name);
      if (m === undefined) {
        m = build();
        markupCache.set(name, m);
      }
      this.idByName.set(name, id);
      this.symbols.push(`<symbol id="${id}${m}`);
    }
    return id;
  }

  sign(index: number): string {
    const i = ((index % 12) + 12) % 12;
    return this.take(SIGN_NAMES[i]!, () => artMarkup(SIGN_GLYPHS[i]!));
  }

  /** Undefined for ids without a designed glyph; callers fall back to lettering. */
  point(pointId: string): string | undefined {
    const art = POINT_GLYPHS[pointId];
    if (!art) return undefined;
    return this.take(`p-${pointId}`, () => artMarkup(art));
  }

  aspect(type: AspectType): string {
    return this.take(`a-${type}`, () => artMarkup(ASPECT_GLYPHS[type]));
  }

  retrograde(): string {
    return this.take('rx', () => artMarkup(RETROGRADE_GLYPH));
  }

  /** Font character; the caller guarantees it exists in FONT. */
  char(ch: string): string {
    return this.take(charName('f', ch), () => fontMarkup(FONT[ch]![1]));
  }

  /** Filled glyph outline from a bundled font; `d` is already in stroke-font units. */
  outline(key: string, d: string): string {
    return this.take(`o${key}`, () => `" overflow="visible"><path d="${d}" stroke="none"/></symbol>`);
  }

  mark(ch: string): string {
    return this.take(charName('m', ch), () => fontMarkup(MARKS[ch]!.d));
  }

  defs(): string {
    return `<defs>${this.symbols.join('')}</defs>`;
  }

  /** Ids in use, for tests and diagnostics. */
  ids(): string[] {
    return [...this.idByName.values()];
  }
}
