/**
 * A planet conjunct the Ascendant inside the 1st house, or the Midheaven inside the 10th: the house's reading and the
 * conjunction's read alike, image, gift and shadow (a reader met Venus in the 1st house and Venus conjunct the
 * Ascendant a chapter apart). Once the house is read, the conjunction is read as that reading, not again.
 */
import { keys } from '../../interpretations/keys.ts';
import type { ReportContext } from './context.ts';

/** The house an angle opens. */
const HOUSE_OF_ANGLE: Readonly<Record<string, number>> = { asc: 1, mc: 10 };

/** The key of the house reading that has already read this aspect, if it is such a conjunction and the house was read. */
export function readAsItsHouse(ctx: ReportContext, a: { p1: string; type: string; p2: string }): string | undefined {
  if (a.type !== 'conjunction') return undefined;
  const [planet, angle] = HOUSE_OF_ANGLE[a.p2] ? [a.p1, a.p2] : [a.p2, a.p1];
  const house = HOUSE_OF_ANGLE[angle];
  if (!house || ctx.factors.points.get(planet)?.house !== house) return undefined;
  const key = keys.planetHouse(planet, house);
  return ctx.isShown(key) ? key : undefined;
}
