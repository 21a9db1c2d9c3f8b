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
const markupCache = new Map<string, string>();

function artMarkup(id: string, art: GlyphArt): string {
  const solid = art.solid ? `<path d="${art.solid}"/>` : '';
  const stroke = art.d ? `<path d="${art.d}" fill="none"/>` : '';
  return `<symbol id="${id}" overflow="visible">${stroke}${solid}</symbol>`;
}

function fontMarkup(id: string, d: string): string {
  return `<symbol id="${id}" overflow="visible"><path d="${d}" fill="none"/></symbol>`;
}

function charKey(ch: string): string {
  return ch.codePointAt(0)!.toString(16);
}

export class SymbolRegistry {
  private readonly used = new Map<string, string>();

  private take(id: string, build: () => string): string {
    if (!this.used.has(id)) {
      let m = markupCache.get(id);
      if (m === undefined) {
        m = build();
        markupCache.set(id, m);
      }
      this.used.set(id, m);
    }
    return id;
  }

  sign(index: number): string {
    const i = ((index % 12) + 12) % 12;
    return this.take(`${PREFIX}z${i}`, () => artMarkup(`${PREFIX}z${i}`, SIGN_GLYPHS[i]!));
  }

  /** Undefined for ids without a designed glyph; callers fall back to lettering. */
  point(pointId: string): string | undefined {
    const art = POINT_GLYPHS[pointId];
    if (!art) return undefined;
    const id = `${PREFIX}p-${pointId}`;
    return this.take(id, () => artMarkup(id, art));
  }

  aspect(type: AspectType): string {
    const id = `${PREFIX}a-${type}`;
    return this.take(id, () => artMarkup(id, ASPECT_GLYPHS[type]));
  }

  retrograde(): string {
    const id = `${PREFIX}rx`;
    return this.take(id, () => artMarkup(id, RETROGRADE_GLYPH));
  }

  /** Font character; the caller guarantees it exists in FONT. */
  char(ch: string): string {
    const id = `${PREFIX}f${charKey(ch)}`;
    return this.take(id, () => fontMarkup(id, FONT[ch]![1]));
  }

  /** Filled glyph outline from a bundled font; `d` is already in stroke-font units. */
  outline(key: string, d: string): string {
    const id = `${PREFIX}o${key}`;
    return this.take(id, () => `<symbol id="${id}" overflow="visible"><path d="${d}" stroke="none"/></symbol>`);
  }

  mark(ch: string): string {
    const id = `${PREFIX}m${charKey(ch)}`;
    return this.take(id, () => fontMarkup(id, MARKS[ch]!.d));
  }

  defs(): string {
    return `<defs>${[...this.used.values()].join('')}</defs>`;
  }

  /** Ids in use, for tests and diagnostics. */
  ids(): string[] {
    return [...this.used.keys()];
  }
}
