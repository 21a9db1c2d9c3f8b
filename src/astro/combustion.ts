/**
 * Combustion, as traditional astrology counts it: a planet within COMBUST_ORB of the Sun is
 * combust (hidden in its rays, its significations hard to see apart from the Sun's), unless it is
 * within CAZIMI_ORB, in the heart of the Sun, which the tradition reads as strengthened instead.
 * The same orbs for every planet (Lilly's 8°30′ and 17′); the Moon has no cazimi (at the New Moon
 * it is unseen, and its light renews nothing). One convention for the electional rules and the
 * report's fact lines.
 */
export const COMBUST_ORB = 8.5;
export const CAZIMI_ORB = 17 / 60;

/** Whether a planet at `distance` degrees from the Sun is combust, cazimi or neither. */
export function combustionAt(planet: string, distance: number): 'combust' | 'cazimi' | null {
  if (planet === 'sun' || distance >= COMBUST_ORB) return null;
  if (planet !== 'moon' && distance <= CAZIMI_ORB) return 'cazimi';
  return 'combust';
}
