/**
 * Colour palettes per theme. Light and dark colour signs by element (fire red, earth green,
 * air amber, water blue) and aspects by nature (hard red/orange, soft blue, minor green and
 * violet); mono uses black, white and greys only.
 */
import type { AspectType, Theme } from './chart-model.ts';
import type { Element } from './glyphs/zodiac.ts';

export interface Palette {
  background: string;
  ringOuter: string;
  ringInner: string;
  signLine: string;
  tick: string;
  cusp: string;
  houseNumber: string;
  angle: string;
  signBg: Record<Element, string>;
  signGlyph: Record<Element, string>;
  planet: string;
  inner: string;
  outer: string;
  aspect: Record<AspectType, string>;
  aspectDisk: string;
  text: string;
  muted: string;
  shape: string;
}

const LIGHT: Palette = {
  background: '#FFFFFF',
  ringOuter: '#3A4150',
  ringInner: '#5A6274',
  signLine: '#8A93A3',
  tick: '#7D8696',
  cusp: '#8A93A3',
  houseNumber: '#5F687A',
  angle: '#1F2433',
  signBg: { fire: '#FCE9E4', earth: '#E9F2E2', air: '#FFF4D6', water: '#E2EDFA' },
  signGlyph: { fire: '#B3301C', earth: '#2C6E2C', air: '#835B00', water: '#2266C4' },
  planet: '#1E2A4A',
  inner: '#1565C0',
  outer: '#C62828',
  aspect: {
    conjunction: '#B08900',
    opposition: '#D32F2F',
    square: '#E0452B',
    trine: '#1E6FD9',
    sextile: '#1598B0',
    quincunx: '#2E9D4C',
    semi_sextile: '#5A8A2A',
    semi_square: '#C8620C',
    sesquiquadrate: '#D9621A',
    quintile: '#8E44AD',
  },
  aspectDisk: '#FAFBFD',
  text: '#1F2433',
  muted: '#5F687A',
  shape: '#7E57C2',
};

const DARK: Palette = {
  background: '#0F1522',
  ringOuter: '#AEB8CC',
  ringInner: '#8791A6',
  signLine: '#56617A',
  tick: '#6E7890',
  cusp: '#5F6A82',
  houseNumber: '#8E99AF',
  angle: '#EEF1F7',
  signBg: { fire: '#3A2020', earth: '#1C2D22', air: '#342D18', water: '#17263E' },
  signGlyph: { fire: '#FF7B61', earth: '#77C97A', air: '#F2C94C', water: '#5DADF5' },
  planet: '#E9EDF5',
  inner: '#64B5F6',
  outer: '#FF8A80',
  aspect: {
    conjunction: '#E7C24A',
    opposition: '#FF6B6B',
    square: '#FF7A59',
    trine: '#5AA9FF',
    sextile: '#4DD0E1',
    quincunx: '#66D17A',
    semi_sextile: '#A5D66B',
    semi_square: '#FFA94D',
    sesquiquadrate: '#FF9248',
    quintile: '#C58AF9',
  },
  aspectDisk: '#131A29',
  text: '#E6EAF2',
  muted: '#9AA5BA',
  shape: '#B39DDB',
};

const MONO: Palette = {
  background: '#FFFFFF',
  ringOuter: '#000000',
  ringInner: '#222222',
  signLine: '#555555',
  tick: '#444444',
  cusp: '#666666',
  houseNumber: '#333333',
  angle: '#000000',
  // Mono alternates masculine (fire/air) and feminine (earth/water) signs in two greys.
  signBg: { fire: '#FFFFFF', earth: '#EEEEEE', air: '#FFFFFF', water: '#EEEEEE' },
  signGlyph: { fire: '#000000', earth: '#000000', air: '#000000', water: '#000000' },
  planet: '#000000',
  inner: '#000000',
  outer: '#555555',
  aspect: {
    conjunction: '#000000',
    opposition: '#000000',
    square: '#000000',
    trine: '#666666',
    sextile: '#666666',
    quincunx: '#888888',
    semi_sextile: '#888888',
    semi_square: '#888888',
    sesquiquadrate: '#888888',
    quintile: '#888888',
  },
  aspectDisk: '#FFFFFF',
  text: '#000000',
  muted: '#444444',
  shape: '#555555',
};

export const PALETTES: Record<Theme, Palette> = { light: LIGHT, dark: DARK, mono: MONO };
