/**
 * Fixed stars from the Swiss Ephemeris star catalogue (sefstars.txt), by traditional name, and
 * the named packs callers can ask for.
 */
import { calcFixedStar, type ZodiacSetting } from './ephemeris.ts';

export const FIXED_STAR_PACKS: Record<string, readonly string[]> = {
  /** The four royal stars (watchers of the heavens). */
  royal_4: ['Aldebaran', 'Regulus', 'Antares', 'Fomalhaut'],
  /** Agrippa's fifteen Behenian stars (the Pleiades by Alcyone). */
  behenian_15: [
    'Algol',
    'Alcyone',
    'Aldebaran',
    'Capella',
    'Sirius',
    'Procyon',
    'Regulus',
    'Alkaid',
    'Algorab',
    'Spica',
    'Arcturus',
    'Alphecca',
    'Antares',
    'Vega',
    'Deneb Algedi',
  ],
};

/**
 * Other names of the packs. The public service's clients send `behenian_20`; Agrippa's list,
 * which is what the Behenian stars are, has fifteen, and that is what the name resolves to.
 */
const PACK_ALIASES: Record<string, string> = { royal: 'royal_4', royal_stars: 'royal_4', behenian: 'behenian_15', behenian_20: 'behenian_15' };

export function resolveStarPack(name: string): readonly string[] | undefined {
  const key = name.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" must not find what every object inherits.
  const pack = Object.hasOwn(PACK_ALIASES, key) ? PACK_ALIASES[key]! : key;
  return Object.hasOwn(FIXED_STAR_PACKS, pack) ? FIXED_STAR_PACKS[pack] : undefined;
}

export const FIXED_STAR_PACK_NAMES = [...Object.keys(FIXED_STAR_PACKS), ...Object.keys(PACK_ALIASES)];

export interface FixedStarPosition {
  name: string;
  /** Bayer-style designation from the catalogue, e.g. alTau. */
  designation: string;
  lon: number;
  lat: number;
  magnitude: number | null;
}

/** Position of a star by name; undefined when the catalogue does not know it. */
export function fixedStarAt(jdUt: number, name: string, zodiac: ZodiacSetting): FixedStarPosition | undefined {
  return calcFixedStar(jdUt, name, zodiac);
}
