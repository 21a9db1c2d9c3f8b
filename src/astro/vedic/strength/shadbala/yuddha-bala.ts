/**
 * Yuddha bala, the strength of planetary war (Parashara; Raman, chapter V): two of the five star
 * grahas (Mars, Mercury, Jupiter, Venus, Saturn) within 1° of longitude of each other are at war.
 * The winner is the one with the greater sum of sthana, dig and kala bala (before this part);
 * the difference of those sums is added to the winner's kala bala and taken from the loser's.
 * Parashara also divides the difference by the difference of the discs' diameters; Raman does
 * not, and neither does this.
 */
import type { SevenGraha } from '../../grahas.ts';
import { arcBetween } from '../strength-context.ts';

export const WAR_GRAHAS: readonly SevenGraha[] = ['mars', 'mercury', 'jupiter', 'venus', 'saturn'];
export const WAR_ORB = 1;

export interface PlanetaryWar {
  grahas: [SevenGraha, SevenGraha];
  /** Degrees between them. */
  separation: number;
  winner: SevenGraha;
  loser: SevenGraha;
  /** Virupas added to the winner and taken from the loser. */
  virupas: number;
}

/** The wars in a chart, given each graha's longitude and its sthana + dig + kala bala. */
export function planetaryWars(longitude: Readonly<Record<SevenGraha, number>>, strength: Readonly<Record<SevenGraha, number>>): PlanetaryWar[] {
  const wars: PlanetaryWar[] = [];
  for (let i = 0; i < WAR_GRAHAS.length; i++)
    for (let j = i + 1; j < WAR_GRAHAS.length; j++) {
      const a = WAR_GRAHAS[i]!,
        b = WAR_GRAHAS[j]!;
      const separation = arcBetween(longitude[a], longitude[b]);
      if (separation >= WAR_ORB) continue;
      const [winner, loser] = strength[a] >= strength[b] ? [a, b] : [b, a];
      wars.push({ grahas: [a, b], separation, winner, loser, virupas: strength[winner] - strength[loser] });
    }
  return wars;
}
