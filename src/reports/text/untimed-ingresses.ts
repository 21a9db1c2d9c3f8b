/**
 * Untimed births on a day a body other than the Moon changed sign (the Sun on the day of an equinox
 * or a solstice, Mercury or Venus now and then): the report reads the body's noon sign, says for
 * which births that holds, and gives the reading of the other sign beside it (moon-day.ts finds
 * the hour). The balance of elements and modes counts the noon sign, and the guide says so. With
 * the Moon's own change, the day is cut into stretches (day-stretches.ts): what holds in which of
 * them (the balance's verdicts, a sign's stellium) is said here with the births it is for.
 */
import { BALANCE_WEIGHTS, signElement, signModality } from '../../interpretations/chart-factors/balance.ts';
import { TEN_PLANET_IDS, type SignId } from '../../interpretations/keys.ts';
import { nameOfSign } from './chart-facts.ts';
import type { ReportContext } from './context.ts';
import { POINT_NAMES, pointInSentence } from './phrases.ts';
import { capitalize, countWord, joinAnd } from './report-markdown.ts';
import { planetsInSign, type DayStretch } from './day-stretches.ts';

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
  return `${capitalize(joinAnd(changed.map((c) => pointInSentence(c.id))))} also changed sign on your birth day: ${joinAnd(each)}. This report reads ${changed.length === 1 ? 'its' : 'their'} noon ${changed.length === 1 ? 'sign' : 'signs'}, and counts ${changed.length === 1 ? 'it' : 'them'} so in the balance of elements and modes${sun ? " and in what follows from the Sun's sign (its ruler, the example in the family chapter)" : ''}; the chapter that reads ${changed.length === 1 ? 'its sign gives the other sign' : 'each sign gives the other one'}'s reading beside the noon sign's, and the rest of the report speaks of the noon ${changed.length === 1 ? 'sign' : 'signs'}.`;
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

/**
 * A sign's stellium over the birth day, when a body that changed sign that day decides it: for each run of stretches with
 * the same planets there, those planets and the stretches they are for (the Moon, Mercury and Venus between 13:25 and
 * 15:12); undefined when it holds all day with the same planets, or the chart is timed.
 */
export function stelliumByHour(ctx: ReportContext, sign: SignId, min: number): { bodies: string[]; stretches: DayStretch[] }[] | undefined {
  const stretches = ctx.dayStretches;
  if (!stretches) return undefined;
  const runs: { bodies: string[]; stretches: DayStretch[] }[] = [];
  for (const stretch of stretches) {
    const bodies = planetsInSign(ctx.factors.points, stretch, sign);
    if (bodies.length < min) continue;
    const last = runs.at(-1);
    if (last && last.bodies.join() === bodies.join() && last.stretches.at(-1)!.to === stretch.from) last.stretches.push(stretch);
    else runs.push({ bodies, stretches: [stretch] });
  }
  if (runs.length === 1 && runs[0]!.stretches.length === stretches.length) return undefined;
  return runs;
}

/** The sign stelliums the noon chart does not have that some hours of the birth day do, with their planets and hours. */
export function possibleStelliums(ctx: ReportContext, min: number): { sign: SignId; bodies: string[]; stretches: DayStretch[] }[] {
  const stretches = ctx.dayStretches;
  if (!stretches) return [];
  const atNoon = (sign: SignId) => TEN_PLANET_IDS.filter((id) => ctx.factors.points.get(id)?.sign === sign).length;
  const signs = [...new Set(stretches.flatMap((s) => [...s.signs.values()]))].filter((sign) => atNoon(sign) < min);
  return signs.flatMap((sign) => (stelliumByHour(ctx, sign, min) ?? []).map((run) => ({ sign, ...run })));
}

/**
 * The guide's sentence putting the sign changes together, when two or more bodies changed sign that day (the Moon and
 * the Sun, say): each stretch of the day with the signs it gave, so that the reader born in any of them finds their own
 * combination and knows which one the report reads (noon's).
 */
export function stretchesNote(ctx: ReportContext): string | undefined {
  const stretches = ctx.dayStretches;
  if (!stretches || stretches[0]!.signs.size < 2) return undefined;
  const bodies = TEN_PLANET_IDS.filter((id) => stretches[0]!.signs.has(id));
  const at = (s: DayStretch) => (s.from === '00:00' ? `before ${s.to}` : s.to === '24:00' ? `from ${s.from} on` : `from ${s.from} to ${s.to}`);
  const signsOf = (s: DayStretch) => {
    const bySign = new Map<string, string[]>();
    for (const id of bodies) bySign.set(s.signs.get(id)!, [...(bySign.get(s.signs.get(id)!) ?? []), id]);
    return joinAnd([...bySign].map(([sign, ids]) => `${joinAnd(ids.map(pointInSentence))} in ${nameOfSign(sign as SignId)}`));
  };
  const noon = stretches.find((s) => s.from <= '12:00' && '12:00' < s.to)!;
  const each = stretches.map((s) => `${at(s)}, ${signsOf(s)}${s === noon ? ' (the signs this report reads)' : ''}`);
  return `Put together, these changes cut your birth day into ${countWord(stretches.length)} stretches: ${each.join('; ')}.`;
}

/**
 * A chapter's note, when its text names the noon sign of a body other than the Moon that changed sign on the birth day
 * ("your Aries Sun", "the Sun, here in Aries"): for which births that sign holds, and that the chapter reads it. The
 * first chapter reads both signs; the Moon's sign has its own note (untimed-moon-sign.ts).
 */
export function ingressCaution(ctx: ReportContext, text: string): string | undefined {
  const named = changedBodies(ctx).filter(({ id, h }) => {
    const body = POINT_NAMES[id]!;
    return new RegExp(`\\b${body} in ${h.noon}\\b|\\b${h.noon} ${body}\\b|\\b${body}, here in ${h.noon}\\b`).test(text);
  });
  if (named.length === 0) return undefined;
  const noon = (p: (typeof named)[number]) => `${pointInSentence(p.id)} in ${p.h.noon}`;
  const until = (p: (typeof named)[number]) => `${p.h.noonFirst ? 'before' : 'after'} ${p.h.at}`;
  const signs = joinAnd(named.map(noon));
  const hours = joinAnd(named.map((p) => `${noon(p)} ${until(p)}, in ${p.h.other} ${p.h.otherBorn}`));
  // Said in turn, the last from then on: the same sentence at the head of four chapters read as a form.
  const phrasings = [
    `This chapter reads ${signs}, the noon ${named.length === 1 ? 'sign' : 'signs'}, which ${named.length === 1 ? 'holds' : 'hold'} for births ${joinAnd(named.map(until))} local time; born on the other side, read ${joinAnd(named.map((p) => p.h.other))}, and what follows from ${named.length === 1 ? 'that sign' : 'those signs'} changes with ${named.length === 1 ? 'it' : 'them'}.`,
    `As in the chapters before, ${signs} ${named.length === 1 ? 'is' : 'are'} read here for births ${joinAnd(named.map(until))}; the other side of the hour gives ${joinAnd(named.map((p) => p.h.other))}.`,
    `(Here too: ${hours}.)`,
  ];
  return ctx.eachOnceThenLast(phrasings, 'ingress-caution');
}
