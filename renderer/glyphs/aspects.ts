/** Aspect glyphs, drawn at the middle of aspect lines when show_aspect_symbols is on. */
import { ring, type GlyphArt } from './types.ts';
import type { AspectType } from '../chart-model.ts';

export const ASPECT_GLYPHS: Readonly<Record<AspectType, GlyphArt>> = {
  conjunction: { d: ring(-10, 10, 16) + 'M1.3-1.3L35-35' },
  opposition: { d: ring(-22, 22, 11) + ring(22, -22, 11) + 'M-14.2 14.2L14.2-14.2' },
  trine: { d: 'M0-35L36 28H-36Z' },
  square: { d: 'M-29-29H29V29H-29Z' },
  sextile: { d: 'M0-37V37M-32-18.5L32 18.5M32-18.5L-32 18.5' },
  quincunx: { d: 'M-30-32H30M-27 35L0-24L27 35' },
  semi_sextile: { d: 'M-30 32H30M-27-35L0 24L27-35' },
  semi_square: { d: 'M32-32L-32 32H36' },
  sesquiquadrate: { d: 'M-36 36L14-14M-36 36H34M-8-38H32V2H-8Z' },
  quintile: { d: ring(0, -5, 28) + 'M9 13L31 37' },
};
