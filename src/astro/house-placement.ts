/** Which house a longitude falls in, given the 12 cusps. */
import { normalizeDegrees } from './zodiac.ts';

/** The arcs from each cusp to the next, counter-clockwise, summed: 360° when the cusps run that way, 11 × 360° when they run clockwise. */
function forwardTotal(cusps: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < 12; i++) total += normalizeDegrees(cusps[(i + 1) % 12]! - cusps[i]!);
  return total;
}

/**
 * How the cusps go round, from one sum of their arcs: `forward` when they run counter-clockwise
 * (read once per chart and passed to `houseOf` for each point); `inOrder` when they go round the
 * zodiac once, in one direction or the other. Near the polar circles some systems that the
 * library computes without an error (Topocentric, Sunshine-Makransky) give cusps that turn back on
 * themselves (1st to 2nd clockwise, then on counter-clockwise): their houses overlap, and the
 * house of a point near them is uncertain.
 */
export function cuspOrder(cusps: readonly number[]): { forward: boolean; inOrder: boolean } {
  const total = forwardTotal(cusps);
  const forward = Math.abs(total - 360) < 1e-6;
  return { forward, inOrder: forward || Math.abs(total - 11 * 360) < 1e-6 };
}

/**
 * Houses normally run counter-clockwise (increasing longitude). Inside the polar circles some
 * systems run clockwise (the library adds 180° to the MC), so the direction is read from the
 * cusps themselves rather than assumed.
 */
export function houseOf(longitude: number, cusps: readonly number[], forward = cuspOrder(cusps).forward): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!;
    const end = cusps[(i + 1) % 12]!;
    const arc = forward ? normalizeDegrees(end - start) : normalizeDegrees(start - end);
    const offset = forward ? normalizeDegrees(longitude - start) : normalizeDegrees(start - longitude);
    if (offset < arc) return i + 1;
  }
  return 1;
}
