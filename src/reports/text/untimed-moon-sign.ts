/**
 * Untimed births on a day the Moon changed sign: the report reads the Moon's noon sign, and a
 * chapter that names it says for which hours that holds (the hour of the change from moon-day.ts).
 */
import { nameOfSign } from './chart-facts.ts';
import type { ReportContext } from './context.ts';
import type { PointPairAspect } from '../../interpretations/chart-factors/aspects.ts';
import type { SignId } from '../../interpretations/keys.ts';

/** The noon sign's hours, "if you were born before 14:20 local time", or undefined when the Moon kept one sign (or the birth is timed). */
export function moonSignHours(ctx: ReportContext): { noon: string; other: string; hours: string; at: string; noonFirst: boolean } | undefined {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day || day.signs.length < 2 || !day.ingressAt) return undefined;
  const [first, second] = day.signs.map(nameOfSign) as [string, string];
  const noon = ctx.signName('moon');
  const before = noon === first;
  return {
    noon,
    other: before ? second : first,
    hours: `if you were born ${before ? 'before' : 'after'} ${day.ingressAt} local time`,
    at: day.ingressAt,
    noonFirst: before,
  };
}

/**
 * On such a day, the Moon's other sign (`id`, `name`) and the hours it holds for ("after 22:35 local
 * time"), for a reading given for those hours beside the noon sign's; undefined on any other day.
 */
export function otherMoonSign(ctx: ReportContext): { id: SignId; name: string; hours: string } | undefined {
  const h = moonSignHours(ctx);
  const id = ctx.sky.moonDay?.signs.find((sign) => nameOfSign(sign) === h?.other);
  return h && id ? { id, name: h.other, hours: `${h.noonFirst ? 'after' : 'before'} ${h.at} local time` } : undefined;
}

/**
 * One sentence for a chapter that names the Moon's sign on such a day (undefined on any other):
 * the first chapter gets the full sentence, each later one a shorter phrasing of its own, so that
 * no sentence is printed twice.
 */
export function moonSignNote(ctx: ReportContext): string | undefined {
  const h = moonSignHours(ctx);
  if (!h) return undefined;
  const phrasings = [
    `The Moon changed sign on your birth day at ${h.at} local time: where this report names the Moon in ${h.noon}, its sign at noon, that holds ${h.hours}; born on the other side of ${h.at}, read the Moon in ${h.other} instead.`,
    `As before, the Moon in ${h.noon} holds ${h.hours}; otherwise it was in ${h.other}.`,
    `(Moon in ${h.noon} ${h.hours}, in ${h.other} otherwise.)`,
    `Here too the Moon's sign is its noon sign, ${h.noon}, true ${h.hours}.`,
    `Born on the far side of ${h.at}, put ${h.other} where this chapter says ${h.noon} for the Moon.`,
    `What is said here of a ${h.noon} Moon is for births ${h.hours.replace('if you were born ', '')}.`,
  ];
  return ctx.eachOnceThenLast(phrasings, 'moon-sign-note');
}

/**
 * On a day the Moon changed sign, which side of the change an aspect of the Moon held on: `noon`
 * when all its hours fall in the noon sign, `other` when all fall in the other sign, `both` when
 * the change came within them; undefined on any other day, or for an aspect without hours or without the Moon.
 */
export function moonSignOfAspect(ctx: ReportContext, a: PointPairAspect): 'noon' | 'other' | 'both' | undefined {
  const h = moonSignHours(ctx);
  const day = ctx.dayAspect(a);
  if (!h || !day || (a.p1 !== 'moon' && a.p2 !== 'moon')) return undefined;
  const beforeChange = day.to <= h.at;
  const afterChange = day.from >= h.at;
  if (!beforeChange && !afterChange) return 'both';
  return beforeChange === h.noonFirst ? 'noon' : 'other';
}
