/** The small part of fontkit's API the outline fallback uses (the package ships no types). */
declare module 'fontkit' {
  export interface FontPath {
    transform(m0: number, m1: number, m2: number, m3: number, m4: number, m5: number): FontPath;
    toSVG(): string;
  }
  export interface FontGlyph {
    id: number;
    path: FontPath;
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: FontGlyph[];
    positions: GlyphPosition[];
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    capHeight: number;
    hasGlyphForCodePoint(cp: number): boolean;
    getGlyph(id: number): FontGlyph;
    glyphForCodePoint(cp: number): FontGlyph;
    layout(text: string): GlyphRun;
  }
  export function create(buffer: Buffer): Font;
}
