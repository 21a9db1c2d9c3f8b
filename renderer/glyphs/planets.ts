/** Planet and point glyphs keyed by ChartPoint id. */
import { dot, ring, type GlyphArt } from './types.ts';

const CROSS_LOW = 'M0 6V40M-13 24H13';
// Crescent from two circles: outer r=36 at (−7,0), inner r=30 at (−21,0); horns where they meet.
const MOON = 'M-28.1-29.1A36 36 0 1 1-28.1 29.1A30 30 0 1 0-28.1-29.1Z';
const NODE_N = 'M-19 22C-33 10-37-8-29-22C-21-36 21-36 29-22C37-8 33 10 19 22' + ring(-19, 30, 8) + ring(19, 30, 8);
const NODE_S = 'M-19-22C-33-10-37 8-29 22C-21 36 21 36 29 22C37 8 33-10 19-22' + ring(-19, -30, 8) + ring(19, -30, 8);
// Black Moon Lilith: the Moon's crescent at 62 % over a cross, its lowest point on the stem.
const LILITH_CRESCENT = 'M-13.1-34A22.3 22.3 0 1 1-13.1 2A18.6 18.6 0 1 0-13.1-34Z';

export const POINT_GLYPHS: Readonly<Record<string, GlyphArt>> = {
  sun: { d: ring(0, 0, 36), solid: dot(0, 0, 6) },
  moon: { d: MOON },
  mercury: { d: 'M-15-41C-15-32-8-27 0-27C8-27 15-32 15-41' + ring(0, -7, 14) + 'M0 7V41M-12 25H12' },
  venus: { d: ring(0, -14, 21) + 'M0 7V41M-14 25H14' },
  mars: { d: ring(-9, 9, 22) + 'M6.6-6.6L35-35M14-36H36V-14' },
  jupiter: { d: 'M-32-25C-30-35-22-41-12-41C-1-41 4-33 4-23C4-10-12 5-32 18H34M20-41V39' },
  saturn: { d: 'M-24-27H6M-13-41V28M-13-3C-7-15 19-17 19 1C19 14 7 20 7 30C7 38 15 41 22 35' },
  uranus: {
    d: 'M-27-40C-20-28-20-8-27 4M27-40C20-28 20-8 27 4M-22-18H22M0-40V14' + ring(0, 25, 10),
  },
  neptune: {
    d: 'M-30-30C-30-6-18 6 0 6C18 6 30-6 30-30M0-40V40M-14 26H14' + 'M-36-22L-30-33L-24-22M24-22L30-33L36-22M-6-31L0-42L6-31',
  },
  pluto: { d: 'M-25-31C-25-16-14-6 0-6C14-6 25-16 25-31' + ring(0, -30, 10) + 'M0-6V40M-14 22H14' },
  north_node: { d: NODE_N },
  true_node: { d: NODE_N },
  mean_node: { d: NODE_N },
  south_node: { d: NODE_S },
  chiron: { d: 'M-8-41V12M16-41L-8-20L16 1' + ring(-8, 24, 12) },
  lilith: { d: 'M0 6V41M-13 25H13', solid: LILITH_CRESCENT },
  true_lilith: { d: 'M0 6V41M-13 25H13' + LILITH_CRESCENT },
  pholus: { d: 'M-22-41C-20-26-11-19 0-19C11-19 20-26 22-41M0-19V14' + ring(0, 26, 12) },
  ceres: { d: 'M-17-29C-15-38-7-42 1-41C11-40 18-32 17-22C16-11 8-5-1-4H0' + CROSS_LOW.replace('M0 6', 'M0-4') },
  pallas: { d: 'M0-42L18-24L0-6L-18-24ZM0-6V40M-14 24H14' },
  juno: { d: 'M0-42V-8M-15-33L15-17M15-33L-15-17M0-8V40M-14 24H14' },
  vesta: { d: 'M-27-14L0 22L27-14M-31 35H31M0-42C-13-28-10-12 0-12C10-12 13-28 0-42Z' },
  part_of_fortune: { d: ring(0, 0, 33) + 'M-23.3-23.3L23.3 23.3M23.3-23.3L-23.3 23.3' },
  vertex: { d: 'M-37-22L-19 24L-1-22M8-4L35 24M35-4L8 24' },
};

/** ℞, also usable inline in text. */
export const RETROGRADE_GLYPH: GlyphArt = {
  d: 'M-20 32V-34H2C17-34 22-24 22-15C22-5 15 3 2 3H-20M-4 3L26 38M7 29L25 16',
};
