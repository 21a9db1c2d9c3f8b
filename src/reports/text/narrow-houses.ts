/**
 * Houses squeezed almost to a line. Inside the polar circles, and near them with the quadrant
 * systems, some houses span a degree or two of the zodiac (Murmansk 1996 in Porphyry houses: the
 * 4th, 5th and 6th and the 10th, 11th and 12th, 1°25′ each; its 4th runs from 29°55′ Taurus almost
 * wholly through Gemini). The chapters read a house by the sign on its cusp, as the tradition does;
 * for such a house that sign says little, and a reader at 69° N took the reading at its word. The
 * report says so once, at the first house it reads by its cusp that is this narrow.
 */
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { ReportContext } from './context.ts';
import { joinAnd, ordinal, zodiacPosition } from './report-markdown.ts';

/** A house narrower than this (a sixth of a sign) is said to be squeezed. */
export const NARROW_HOUSE_DEG = 5;

/** Degrees of the zodiac from a house's cusp to the next one's; undefined for an untimed chart. */
export function houseSpan(ctx: ReportContext, house: number): number | undefined {
  const houses = ctx.chart.houses;
  if (!houses) return undefined;
  const cusp = (n: number) => houses.find((h) => h.house === n)?.abs_pos;
  const [from, to] = [cusp(house), cusp((house % 12) + 1)];
  return from === undefined || to === undefined ? undefined : normalizeDegrees(to - from);
}

/** The chart's houses narrower than NARROW_HOUSE_DEG, in order. */
export function narrowHouses(ctx: ReportContext): number[] {
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((h) => (houseSpan(ctx, h) ?? 360) < NARROW_HOUSE_DEG);
}

/**
 * After a reading of a house by the sign on its cusp: for the first narrow house read so, the sentence that says which
 * houses are narrow and how narrow this one is; otherwise nothing.
 */
export function narrowHouseNote(ctx: ReportContext, house: number): string {
  const span = houseSpan(ctx, house);
  if (span === undefined || span >= NARROW_HOUSE_DEG || !ctx.once('narrow-houses')) return '';
  const cusps = ctx.chart.houses!;
  const [from, to] = [house, (house % 12) + 1].map((n) => cusps.find((h) => h.house === n)!.abs_pos) as [number, number];
  const others = narrowHouses(ctx).filter((h) => h !== house);
  const which = others.length ? `the ${joinAnd([house, ...others].sort((a, b) => a - b).map(ordinal))} houses each span` : `the ${ordinal(house)} house spans`;
  return ` At your latitude ${which} less than ${NARROW_HOUSE_DEG}° of the zodiac, this one from ${zodiacPosition(from)} to ${zodiacPosition(to)}: the sign on so narrow a cusp counts for little, and such a house is better read through its ruler and any planet inside it.`;
}
