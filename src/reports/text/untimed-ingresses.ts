/**
 * Untimed births on a day a body other than the Moon changed sign (the Sun on the day of an equinox
 * or a solstice, Mercury or Venus now and then): the report reads the body's noon sign, says for
 * which births that holds, and gives the reading of the other sign beside it (moon-day.ts finds
 * the hour). The balance of elements and modes counts the noon sign, and the guide says so.
 */
import { BALANCE_WEIGHTS, signElement, signModality } from '../../interpretations/chart-factors/balance.ts';
import type { SignId } from '../../interpretations/keys.ts';
import { nameOfSign } from './chart-facts.ts';
import type { ReportContext } from './context.ts';
import { pointInSentence } from './phrases.ts';
import { capitalize, joinAnd } from './report-markdown.ts';

export interface BodySignHours {
  /** The sign the report reads (noon's) and the other one, by name. */
  noon: string;
  other: string;
  otherId: string;
  /** Whether the noon sign came first (the other sign is for births after the change). */
  noonFirst: boolean;
  /** "before 11:31" or "after 11:31": the births the other sign is for. */
  otherBorn: string;
  at: string;
}

/** The body's two signs of the birth day, or undefined when it kept one (or the birth is timed). */
export function bodySignHours(ctx: ReportContext, id: string): BodySignHours | undefined {
  const change = ctx.timed ? undefined : ctx.sky.moonDay?.ingresses?.find((i) => i.body === id);
  const sign = ctx.factors.points.get(id)?.sign;
  if (!change || !sign) return undefined;
  const noonFirst = change.from === sign;
  const otherId = noonFirst ? change.to : change.from;
  return { noon: nameOfSign(sign), other: nameOfSign(otherId), otherId, noonFirst, otherBorn: `${noonFirst ? 'after' : 'before'} ${change.at}`, at: change.at };
}

/** The bodies other than the Moon that changed sign on an untimed birth day, with their two signs' hours. */
function changedBodies(ctx: ReportContext): { id: string; h: BodySignHours }[] {
  return (ctx.sky.moonDay?.ingresses ?? []).flatMap((i) => {
    const h = bodySignHours(ctx, i.body);
    return h ? [{ id: i.body, h }] : [];
  });
}

/** The guide's sentence on the bodies that changed sign that day, or undefined when none did. */
export function ingressesNote(ctx: ReportContext): string | undefined {
  const changed = changedBodies(ctx);
  if (changed.length === 0) return undefined;
  const each = changed.map(({ id, h }) => {
    const [first, second] = h.noonFirst ? [h.noon, h.other] : [h.other, h.noon];
    return `${changed.length === 1 ? 'it' : pointInSentence(id)} was in ${first} until ${h.at} local time and in ${second} from then on`;
  });
  const sun = changed.some((c) => c.id === 'sun');
  return `${capitalize(joinAnd(changed.map((c) => pointInSentence(c.id))))} also changed sign on your birth day: ${joinAnd(each)}. This report reads ${changed.length === 1 ? 'its' : 'their'} noon ${changed.length === 1 ? 'sign' : 'signs'}, and counts ${changed.length === 1 ? 'it' : 'them'} so in the balance of elements and modes${sun ? " and in what follows from the Sun's sign (its ruler, the example in the family chapter)" : ''}; where ${changed.length === 1 ? 'that sign is' : 'those signs are'} read, the reading of the other sign is given beside it.`;
}

/**
 * The temperament tables' note for the bodies other than the Moon that changed sign that day: the tables count the noon
 * sign, and on the other side of the hour each body's points move to another element and mode, so the verdicts read
 * below hold for the noon side only (the Moon's own note, in temperament.ts, says which hours its sign holds).
 */
export function ingressesTallyNote(ctx: ReportContext): string | undefined {
  const moved = changedBodies(ctx).flatMap(({ id, h }) => {
    const weight = BALANCE_WEIGHTS[id];
    return weight ? [{ id, h, weight }] : [];
  });
  if (moved.length === 0) return undefined;
  const each = moved.map(({ id, h, weight }) => {
    const [noon, other] = [ctx.factors.points.get(id)!.sign, h.otherId as SignId];
    const shift = [
      signElement(noon) !== signElement(other) ? `from ${signElement(noon)} to ${signElement(other)}` : undefined,
      signModality(noon) !== signModality(other) ? `from the ${signModality(noon)} to the ${signModality(other)} signs` : undefined,
    ].filter((x) => x !== undefined);
    return `${pointInSentence(id)} in ${h.noon}, its noon sign, whose ${weight} ${weight === 1 ? 'point moves' : 'points move'} ${shift.length ? joinAnd(shift) : 'nowhere'} if you were born ${h.otherBorn} local time`;
  });
  return `${capitalize(`the tables also count ${joinAnd(each)}`)}: the verdicts below are for the noon sign, and on the other side of the hour the shares shift by that much.`;
}
