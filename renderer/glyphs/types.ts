/**
 * A glyph is stroke art in a 100×100 box centred on the origin (ink within about ±42), so
 * one stroke width and one scale place every symbol consistently.
 */
export interface GlyphArt {
  /** Stroked, never filled. */
  d: string;
  /** Optional solid parts (dots, filled crescents): filled and stroked in the ink colour. */
  solid?: string;
}

/**
 * Circle as path data. Glyphs are single paths so a <symbol> holds one or two elements;
 * used in `d` it is a stroked ring, in `solid` a filled dot.
 */
export function circle(x: number, y: number, r: number): string {
  return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

export const ring = circle;
export const dot = circle;
