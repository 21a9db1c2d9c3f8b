/**
 * House systems by name, mapped to the Swiss Ephemeris letters. Gauquelin sectors (36 cusps) are
 * left out: they are not houses in the sense the chart responses describe.
 */

export const HOUSE_SYSTEMS = {
  placidus: 'P',
  koch: 'K',
  whole_sign: 'W',
  equal: 'E',
  equal_mc: 'D',
  equal_aries: 'N',
  campanus: 'C',
  regiomontanus: 'R',
  porphyry: 'O',
  morinus: 'M',
  alcabitius: 'B',
  topocentric: 'T',
  meridian: 'X',
  vehlow: 'V',
  horizontal: 'H',
  krusinski: 'U',
  sripati: 'S',
  carter: 'F',
  pullen_sd: 'L',
  pullen_sr: 'Q',
  sunshine: 'I',
  sunshine_makransky: 'i',
  apc: 'Y',
} as const;

export type HouseSystemName = keyof typeof HOUSE_SYSTEMS;
export const HOUSE_SYSTEM_NAMES = Object.keys(HOUSE_SYSTEMS) as HouseSystemName[];

const ALIASES: Record<string, HouseSystemName> = {
  wholesign: 'whole_sign',
  whole: 'whole_sign',
  equal_house: 'equal',
  polich_page: 'topocentric',
  axial_rotation: 'meridian',
  zariel: 'meridian',
  carter_poli_equatorial: 'carter',
};

export const HOUSE_SYSTEM_ACCEPTED_NAMES = [...HOUSE_SYSTEM_NAMES, ...Object.keys(ALIASES)];

export function resolveHouseSystem(name: string): HouseSystemName | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  // Own keys only: "constructor" or "__proto__" must not find what every object inherits.
  if (Object.hasOwn(HOUSE_SYSTEMS, key)) return key as HouseSystemName;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

/** Systems that the library cannot compute inside the polar circles (it then returns Porphyry). */
export const POLAR_FALLBACK_SYSTEM: HouseSystemName = 'porphyry';
