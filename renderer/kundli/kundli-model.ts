/**
 * What a Jyotish chart image (kundli) draws: the twelve signs with what stands in each (the grahas
 * and the lagna, already written as labels), the sign of the first house, and the style. Plain
 * data: the service builds it from the Vedic chart model (any varga), the renderer draws it.
 */
export const KUNDLI_STYLES = ['north_indian', 'south_indian', 'east_indian'] as const;
export type KundliStyle = (typeof KUNDLI_STYLES)[number];

/** One label in a sign: `Su 12°34′`, `Asc 5°02′`; `kind` chooses its colour. */
export interface KundliLabel {
  text: string;
  kind: 'graha' | 'lagna';
}

/** The colours of a kundli: the theme's, or a request's own (CSS colours). */
export interface KundliColors {
  background: string;
  frame: string;
  /** The sign numbers or names in the cells. */
  signMarker: string;
  graha: string;
  lagna: string;
  /** The header's title, and its line under it in `muted`. */
  text: string;
  muted: string;
}

export interface KundliDrawing {
  style: KundliStyle;
  /** Width of the image in px (the chart square; a header band above it when metadata is shown). */
  size: number;
  colors: KundliColors;
  /** The labels' largest size, times the default (they still fit their cells). */
  labelScale: number;
  /** The frame's line width, times the default. */
  lineScale: number;
  showSignMarkers: boolean;
  /** The sign (0 Aries … 11 Pisces) of the first house: the lagna's, or the Moon's for a chart without a birth time. */
  firstHouseSign: number;
  /** Whether the first house's sign holds the lagna (false for a Moon chart): the fixed-sign styles mark it. */
  lagnaKnown: boolean;
  /** The labels standing in each sign, Aries first. */
  bySign: KundliLabel[][];
  /** Header: a title and a line under it. */
  title: string;
  subtitle: string;
  showMetadata: boolean;
}

/** A region of the chart that holds one sign: a convex polygon (clockwise or not), its sign, and where its number or name goes. */
export interface KundliCell {
  sign: number;
  house: number;
  polygon: readonly (readonly [number, number])[];
  /** Where the sign's number (north) or short name (south, east) is written, and at what cap height. */
  marker: { x: number; y: number; text: string; cap: number; anchor: 'middle' | 'end' };
  /** The polygon the labels are fitted into (the cell without its marker's corner). */
  labelArea: readonly (readonly [number, number])[];
}
