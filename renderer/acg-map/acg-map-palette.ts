/**
 * The astrocartography map's colours: each body its own hue (the same in both themes, lighter on
 * the dark one so that it keeps its contrast against the sea), and the basemap's quiet greys and
 * blues that leave the lines in front.
 */
export const ACG_MAP_THEMES = ['light', 'dark'] as const;
export type AcgMapTheme = (typeof ACG_MAP_THEMES)[number];

export interface AcgMapPalette {
  background: string;
  ocean: string;
  land: string;
  coast: string;
  border: string;
  graticule: string;
  outline: string;
  text: string;
  muted: string;
  /** Label plates behind the glyphs. */
  plate: string;
  crossing: string;
  city: string;
  cityRing: string;
}

export const ACG_MAP_PALETTES: Readonly<Record<AcgMapTheme, AcgMapPalette>> = {
  light: {
    background: '#FFFFFF',
    ocean: '#E6EEF6',
    land: '#FBFAF6',
    coast: '#98A4B3',
    border: '#C7CED8',
    graticule: '#D3DCE7',
    outline: '#7D8898',
    text: '#1F2433',
    muted: '#5F687A',
    plate: '#FFFFFF',
    crossing: '#1F2433',
    city: '#E53935',
    cityRing: '#FFFFFF',
  },
  dark: {
    background: '#10141C',
    ocean: '#101A27',
    land: '#2B3647',
    coast: '#71839B',
    border: '#4A586C',
    graticule: '#1E2A3A',
    outline: '#5A6A80',
    text: '#E6EAF0',
    muted: '#A3ADBB',
    plate: '#10141C',
    crossing: '#E6EAF0',
    city: '#FF5A52',
    cityRing: '#10141C',
  },
};

/** Each body's line colour: [light theme, dark theme]. */
const BODY_COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  sun: ['#D98300', '#FFB938'],
  moon: ['#5C6B7D', '#C3CEDA'],
  mercury: ['#1F8F45', '#5BD383'],
  venus: ['#D0307F', '#FF7AB6'],
  mars: ['#D32F2F', '#FF6A5F'],
  jupiter: ['#6F3CC3', '#B592FF'],
  saturn: ['#6B4A2E', '#D2A77A'],
  uranus: ['#00838F', '#45D6E6'],
  neptune: ['#1D4ED8', '#7EA6FF'],
  pluto: ['#8E1B4F', '#E2799F'],
  true_node: ['#5B7F1E', '#A9D363'],
  mean_node: ['#5B7F1E', '#A9D363'],
  chiron: ['#A36A00', '#E7BD5E'],
  lilith: ['#3E3E48', '#B9B9C8'],
  true_lilith: ['#3E3E48', '#B9B9C8'],
};

export function bodyColour(body: string, theme: AcgMapTheme): string {
  const c = BODY_COLOURS[body] ?? ['#444A55', '#C0C6D0'];
  return theme === 'dark' ? c[1] : c[0];
}

/** Each body's glyph, as the stroke font writes it. */
export const BODY_GLYPHS: Readonly<Record<string, string>> = {
  sun: '☉',
  moon: '☽',
  mercury: '☿',
  venus: '♀',
  mars: '♂',
  jupiter: '♃',
  saturn: '♄',
  uranus: '♅',
  neptune: '♆',
  pluto: '♇',
  true_node: '☊',
  mean_node: '☊',
  chiron: '⚷',
  lilith: '⚸',
  true_lilith: '⚸',
};

/** The angle as a label writes it (AC and DC, as astrocartography maps mark them). */
export const ANGLE_LABELS: Readonly<Record<string, string>> = { asc: 'AC', dsc: 'DC', mc: 'MC', ic: 'IC' };

/** Setting and anti-culminating lines are dashed: a body's two lines of a pair stay apart where they run close. */
export const dashedAngle = (angle: string) => angle === 'dsc' || angle === 'ic';
