/**
 * Fixed stars from the Swiss Ephemeris star catalogue (sefstars.txt), by traditional name, and
 * the named packs callers can ask for.
 */
import { calcFixedStar, type ZodiacSetting } from './ephemeris.ts';

export const FIXED_STAR_PACKS: Record<string, readonly string[]> = {
  /** The four royal stars (watchers of the heavens). */
  royal_4: ['Aldebaran', 'Regulus', 'Antares', 'Fomalhaut'],
  /** Agrippa's fifteen Behenian stars (the Pleiades by Alcyone). */
  behenian_15: ['Algol', 'Alcyone', 'Aldebaran', 'Capella', 'Sirius', 'Procyon', 'Regulus', 'Alkaid', 'Algorab', 'Spica', 'Arcturus', 'Alphecca', 'Antares', 'Vega', 'Deneb Algedi'],
};

const PACK_ALIASES: Record<string, string> = { royal: 'royal_4', royal_stars: 'royal_4', behenian: 'behenian_15' };

export function resolveStarPack(name: string): readonly string[] | undefined {
  const key = name.trim().toLowerCase();
  return FIXED_STAR_PACKS[PACK_ALIASES[key] ?? key];
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
