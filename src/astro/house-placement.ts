/** Which house a longitude falls in, given the 12 cusps. */
import { normalizeDegrees } from './zodiac.ts';

/** Whether the cusps run counter-clockwise: read once per chart and passed to `houseOf` for each point. */
export function cuspsRunForward(cusps: readonly number[]): boolean {
  let forwardTotal = 0;
  for (let i = 0; i < 12; i++) forwardTotal += normalizeDegrees(cusps[(i + 1) % 12]! - cusps[i]!);
  return Math.abs(forwardTotal - 360) < 1e-6;
}

/**
 * Houses normally run counter-clockwise (increasing longitude). Inside the polar circles some
 * systems run clockwise (the library adds 180° to the MC), so the direction is read from the
 * cusps themselves rather than assumed.
 */
export function houseOf(longitude: number, cusps: readonly number[], forward = cuspsRunForward(cusps)): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!;
    const end = cusps[(i + 1) % 12]!;
    const arc = forward ? normalizeDegrees(end - start) : normalizeDegrees(start - end);
    const offset = forward ? normalizeDegrees(longitude - start) : normalizeDegrees(start - longitude);
    if (offset < arc) return i + 1;
  }
  return 1;
}
