/**
 * The yod and the kite read for the planet each turns on. The library's entry says what a yod or a
 * kite is like in anyone's chart; this passage names the planet where it points, with its sign and
 * (timed) house, so that "its sign and house show where your gifts are meant to land" is said of a
 * planet the reader can find.
 *
 * The rules, as docs/api/reports.md gives them: a yod's apex, quincunx both planets of a sextile,
 * is where the figure asks for continual adjustment; a kite's tail, opposite one corner of a grand
 * trine and sextile the other two, is where the trine's ease is put to work. Two yods with one
 * apex and one base planet in common (Jupiter sextile Venus and Mars, conjunct, all quincunx
 * Uranus) are one figure, listed once.
 */
import { signedSeparation } from '../../astro/zodiac.ts';
import type { Configuration } from '../../interpretations/chart-factors/configurations.ts';
import type { ReportContext } from '../text/context.ts';
import { POINT_NAMES, POINT_PART, pointInSentence, pointsInSentence, sideFunctions } from '../text/phrases.ts';
import { countWord, joinAnd, ordinal } from '../text/report-markdown.ts';

export interface YodGroup {
  /** One planet of the sextile, and the planet or planets (conjunct) on its other side. */
  pivot: string;
  others: string[];
  apex: string;
  maxOrb: number;
}

/** Yods with one apex and one base planet in common, merged (their other base planets stand together). */
export function groupYods(list: Configuration[]): YodGroup[] {
  const groups: YodGroup[] = [];
  for (const c of list) {
    const [a, b, apex] = c.planets as [string, string, string];
    const same = groups.find((g) => g.apex === apex && (g.pivot === a || g.pivot === b || (g.others.length === 1 && (g.others[0] === a || g.others[0] === b))));
    if (!same) {
      groups.push({ pivot: a, others: [b], apex, maxOrb: c.maxOrb });
      continue;
    }
    // The planet both share becomes the pivot; the other two stand on the far side of the sextile.
    const shared = [a, b].find((x) => x === same.pivot || same.others.includes(x))!;
    const rest = [same.pivot, ...same.others, a, b].filter((x) => x !== shared);
    same.pivot = shared;
    same.others = [...new Set(rest)];
    same.maxOrb = Math.max(same.maxOrb, c.maxOrb);
  }
  return groups;
}

export function yodMembers(g: YodGroup): string {
  if (g.others.length === 1) return `${joinAnd([POINT_NAMES[g.pivot]!, POINT_NAMES[g.others[0]!]!])} in sextile, both quincunx ${POINT_NAMES[g.apex]}`;
  return `${POINT_NAMES[g.pivot]} in sextile with ${joinAnd(g.others.map((id) => POINT_NAMES[id]!))}, all ${countWord(g.others.length + 1)} quincunx ${POINT_NAMES[g.apex]}`;
}

/** "Uranus in Scorpio in your 7th house" (the house for a timed chart). */
function placedInSign(ctx: ReportContext, id: string): string {
  const house = ctx.timed ? ctx.houseOf(id) : undefined;
  return `${pointInSentence(id)} in ${ctx.signName(id)}${house ? ` in your ${ordinal(house)} house` : ''}`;
}

export function yodReading(ctx: ReportContext, g: YodGroup): string {
  const base = [g.pivot, ...g.others];
  return ctx.choose(
    [
      `In your chart the yod points at ${placedInSign(ctx, g.apex)}: ${pointsInSentence(base)}, easy with each other, ${base.length === 2 ? 'both' : `all ${countWord(base.length)}`} stand 150° from it, an angle with no natural give. By the usual reading of the figure, ${POINT_PART[g.apex]} is where your life keeps asking for adjustment; it rarely settles into habit, and it tends to become a calling once you stop treating it as a problem.`,
      `The apex of your yod is ${placedInSign(ctx, g.apex)}, quincunx ${pointsInSentence(base)}. ${base.length === 2 ? 'The two at the base cooperate, yet neither meets' : 'The planets at the base cooperate, yet none meets'} the apex on easy terms, so ${POINT_PART[g.apex]} is the part of you that has to be worked out again and again; read as the yod is usually read, that is where a sense of a particular task gathers.`,
    ],
    'focal-yod',
  );
}

export function kiteReading(ctx: ReportContext, c: Configuration): string {
  const [tail, trine] = [c.planets[3]!, c.planets.slice(0, 3)];
  const lon = (id: string) => ctx.factors.points.get(id)!.lon;
  // The corner of the trine the tail opposes: the one about 180° from it.
  const facing = trine.reduce((best, id) => (Math.abs(signedSeparation(lon(tail), lon(id))) > Math.abs(signedSeparation(lon(tail), lon(best))) ? id : best));
  const sides = trine.filter((id) => id !== facing);
  return ctx.choose(
    [
      `The tail of your kite is ${placedInSign(ctx, tail)}, opposite ${pointInSentence(facing)} and sextile ${pointsInSentence(sides)}. By the usual reading, the ease of the grand trine is put to work through it: ${POINT_PART[tail]} is where what comes easily to you is meant to land.`,
      `Your kite turns on ${placedInSign(ctx, tail)}, which opposes ${pointInSentence(facing)} and sextiles ${pointsInSentence(sides)}: the one point of the figure with some pull in it. Read as kites usually are, it gives the trine's talent a direction, so look to ${sideFunctions([tail])} for where that talent is used.`,
    ],
    'focal-kite',
  );
}
